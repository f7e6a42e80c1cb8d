#pragma once

#include <QList>
#include <QPointer>
#include <QWidget>

class QAction;
class QLabel;
class QMainWindow;
class QProgressBar;
class QToolButton;

namespace opsinfo {

class TaskRunner;

// The status-bar side of a TaskRunner: while a task is busy it shows what is running, an
// indeterminate progress bar (the core loader reports no progress) and Cancel, and keeps the user
// from editing what the task reads or replaces: the central widget, the menus and the window's
// actions are disabled, and closing the window cancels a load (a save always ends first).
class TaskProgress : public QWidget
{
    Q_OBJECT

public:
    TaskProgress(TaskRunner *runner, QMainWindow *window);

    QToolButton *cancelButton() const { return m_cancel; }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void setBusy(bool busy);

    TaskRunner *m_runner;
    QMainWindow *m_window;
    QLabel *m_label;
    QProgressBar *m_bar;
    QToolButton *m_cancel;
    QList<QPointer<QAction>> m_disabledActions;
    bool m_busy = false;
};

} // namespace opsinfo
