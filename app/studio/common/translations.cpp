#include "studio/common/translations.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QPointer>
#include <QSettings>
#include <QTranslator>

namespace opsinfo {

namespace {

const QString kSettingsKey = QStringLiteral("language");
const QString kEnglish = QStringLiteral("en");
const QString kChinese = QStringLiteral("zh_CN");

struct Installed
{
    QPointer<QTranslator> app;
    QPointer<QTranslator> qt;
    QString language = kEnglish;
};

Installed &installed()
{
    static Installed state;
    return state;
}

void remove(QPointer<QTranslator> &translator)
{
    if (!translator)
        return;
    QCoreApplication::removeTranslator(translator);
    delete translator;
}

} // namespace

Translations::Choice Translations::savedChoice()
{
    const QString value = QSettings().value(kSettingsKey).toString();
    if (value == kEnglish)
        return Choice::English;
    if (value == kChinese)
        return Choice::SimplifiedChinese;
    return Choice::System;
}

void Translations::saveChoice(Choice choice)
{
    QSettings settings;
    switch (choice) {
    case Choice::English:
        settings.setValue(kSettingsKey, kEnglish);
        break;
    case Choice::SimplifiedChinese:
        settings.setValue(kSettingsKey, kChinese);
        break;
    case Choice::System:
        settings.remove(kSettingsKey);
        break;
    }
}

QLocale Translations::localeFor(Choice choice)
{
    switch (choice) {
    case Choice::English:
        return QLocale(QLocale::English, QLocale::UnitedStates);
    case Choice::SimplifiedChinese:
        return QLocale(QLocale::Chinese, QLocale::SimplifiedHanScript, QLocale::China);
    case Choice::System:
        break;
    }
    return QLocale::system();
}

QString Translations::languageFor(const QLocale &locale)
{
    // uiLanguages() honours LANGUAGE=zh_CN:en and the like, most wanted first.
    for (const QString &name : locale.uiLanguages()) {
        if (name.startsWith(QLatin1String("en")))
            return kEnglish;
        if (!name.startsWith(QLatin1String("zh")))
            continue;
        const bool traditional = name.contains(QLatin1String("Hant"))
            || name.endsWith(QLatin1String("TW")) || name.endsWith(QLatin1String("HK"))
            || name.endsWith(QLatin1String("MO"));
        if (!traditional)
            return kChinese;
    }
    return kEnglish;
}

QString Translations::install(const QLocale &locale)
{
    Installed &state = installed();
    remove(state.app);
    remove(state.qt);
    state.language = kEnglish;

    const QString language = languageFor(locale);
    if (language == kEnglish)
        return state.language;

    auto *app = new QTranslator(QCoreApplication::instance());
    if (!app->load(QStringLiteral("opsinfo-studio_") + language, QStringLiteral(":/i18n"))) {
        delete app;
        return state.language;
    }
    QCoreApplication::installTranslator(app);
    state.app = app;
    state.language = language;

    auto *qt = new QTranslator(QCoreApplication::instance());
    if (qt->load(QStringLiteral("qtbase_") + language,
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        QCoreApplication::installTranslator(qt);
        state.qt = qt;
    } else {
        delete qt;
    }
    return state.language;
}

QString Translations::current()
{
    return installed().language;
}

bool Translations::qtCatalogLoaded()
{
    return !installed().qt.isNull();
}

} // namespace opsinfo
