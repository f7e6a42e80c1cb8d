#pragma once

#include "studio/common/translations.h"

#include <QMenu>

class QActionGroup;
class QMainWindow;

namespace opsinfo {

// View > Language: System / English / 简体中文, saved in QSettings. The choice applies when the app
// starts again (the menu says so, and so does the status bar when the user picks one).
// Object names: menuLanguage, actionLanguageSystem, actionLanguageEnglish, actionLanguageChinese.
class LanguageMenu : public QMenu
{
    Q_OBJECT

public:
    explicit LanguageMenu(QMainWindow *window);

signals:
    void languageChosen(opsinfo::Translations::Choice choice);

private:
    void choose(Translations::Choice choice);

    QMainWindow *m_window;
    QActionGroup *m_group;
};

} // namespace opsinfo
