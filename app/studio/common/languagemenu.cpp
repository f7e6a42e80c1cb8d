#include "studio/common/languagemenu.h"

#include <QActionGroup>
#include <QMainWindow>
#include <QStatusBar>

namespace opsinfo {

LanguageMenu::LanguageMenu(QMainWindow *window)
    : QMenu(tr("&Language"), window)
    , m_window(window)
    , m_group(new QActionGroup(this))
{
    setObjectName(QStringLiteral("menuLanguage"));
    struct Item
    {
        const char *objectName;
        QString text;
        Translations::Choice choice;
    };
    // Each language is named in itself, so a user lost in a foreign UI still finds their own.
    const Item items[] = {
        {"actionLanguageSystem", tr("&System Language"), Translations::Choice::System},
        {"actionLanguageEnglish", QStringLiteral("English"), Translations::Choice::English},
        {"actionLanguageChinese", QStringLiteral("简体中文"),
         Translations::Choice::SimplifiedChinese},
    };
    const Translations::Choice saved = Translations::savedChoice();
    for (const Item &item : items) {
        QAction *action = addAction(item.text);
        action->setObjectName(QString::fromLatin1(item.objectName));
        action->setCheckable(true);
        action->setChecked(item.choice == saved);
        m_group->addAction(action);
        const Translations::Choice choice = item.choice;
        connect(action, &QAction::triggered, this, [this, choice] { choose(choice); });
    }
    addSeparator();
    QAction *note = addAction(tr("Applies when OpsInfo Studio restarts"));
    note->setObjectName(QStringLiteral("actionLanguageNote"));
    note->setEnabled(false);
}

void LanguageMenu::choose(Translations::Choice choice)
{
    Translations::saveChoice(choice);
    const QString language = Translations::languageFor(Translations::localeFor(choice));
    if (language == Translations::current())
        m_window->statusBar()->showMessage(tr("Language saved."), 5000);
    else
        m_window->statusBar()->showMessage(
            tr("Language saved: restart OpsInfo Studio to switch the interface language."), 10000);
    emit languageChosen(choice);
}

} // namespace opsinfo
