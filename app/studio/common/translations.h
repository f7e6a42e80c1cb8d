#pragma once

#include <QLocale>
#include <QString>
#include <QStringList>

namespace opsinfo {

// The UI language. The app's catalogs are embedded (:/i18n/opsinfo-studio_<lang>.qm, built from
// app/studio/translations/*.ts); Qt's own qtbase_<lang>.qm comes from the Qt installation, so the
// standard dialogs (file dialog, message box buttons) speak the same language when it is installed.
// main() installs the saved choice before the first widget exists; a change applies on restart,
// because the widgets set their texts once when they are built.
class Translations
{
public:
    enum class Choice { System, English, SimplifiedChinese };

    // QSettings key "language": "system", "en" or "zh_CN"; System when unset or unknown.
    static Choice savedChoice();
    static void saveChoice(Choice choice);
    static QLocale localeFor(Choice choice);

    // The UI language shown for a locale: "zh_CN" for Simplified Chinese, else "en" (the source
    // language). Traditional Chinese locales fall through to their next UI language.
    static QString languageFor(const QLocale &locale);

    // Installs the catalogs for locale into the application, replacing earlier ones, and returns
    // the language now shown ("en" needs no catalog). Falls back to "en" when the app's catalog
    // cannot be loaded; a missing qtbase catalog only leaves the standard dialogs in English.
    static QString install(const QLocale &locale);
    // What install() chose last; "en" before any call.
    static QString current();
    // true when the last install() also loaded Qt's qtbase catalog.
    static bool qtCatalogLoaded();
};

} // namespace opsinfo
