#include "studio/tasks/taskprogress.h"

#include "studio/tasks/taskrunner.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QMainWindow>
#include <QMenuBar>
#include <QProgressBar>
#include <QStatusBar>
#include <QToolButton>

namespace opsinfo {

TaskProgress::TaskProgress(TaskRunner *runner, QMainWindow *window)
    : QWidget(window)
    , m_runner(runner)
    , m_window(window)
    , m_label(new QLabel(this))
    , m_bar(new QProgressBar(this))
    , m_cancel(new QToolButton(this))
{
    setObjectName(QStringLiteral("taskProgress"));
    m_label->setObjectName(QStringLiteral("taskLabel"));
    m_bar->setObjectName(QStringLiteral("taskProgressBar"));
    m_bar->setRange(0, 0); // busy indicator: the loader has no progress callback
    m_bar->setMaximumWidth(fontMetrics().horizontalAdvance(QLatin1Char('m')) * 12);
    m_bar->setTextVisible(false);
    m_cancel->setObjectName(QStringLiteral("taskCancel"));
    m_cancel->setText(tr("Cancel"));
    m_cancel->setShortcut(QKeySequence(Qt::Key_Escape));
    m_cancel->setAutoRaise(true);

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_label);
    layout->addWidget(m_bar);
    layout->addWidget(m_cancel);
    hide();

    connect(m_cancel, &QToolButton::clicked, runner, &TaskRunner::cancel);
    connect(runner, &TaskRunner::busyChanged, this, &TaskProgress::setBusy);
    connect(runner, &TaskRunner::cancelled, this, [this](const QString &what) {
        m_window->statusBar()->showMessage(tr("Cancelled: %1 (nothing was changed)").arg(what),
                                           8000);
    });
    window->installEventFilter(this);
}

void TaskProgress::setBusy(bool busy)
{
    if (busy == m_busy)
        return;
    m_busy = busy;
    if (busy) {
        m_label->setText(m_runner->description());
        m_cancel->setEnabled(m_runner->isCancellable());
        m_cancel->setToolTip(m_runner->isCancellable()
                                 ? tr("Stop waiting and keep what is open now (Esc)")
                                 : tr("A save cannot be interrupted: the file is replaced in one "
                                      "step at its end"));
        // What the task reads or replaces must not change under it; Cancel stays usable.
        m_disabledActions.clear();
        for (QAction *action : m_window->actions())
            if (action->isEnabled()) {
                m_disabledActions.append(action);
                action->setEnabled(false);
            }
        if (QWidget *central = m_window->centralWidget())
            central->setEnabled(false);
        m_window->menuBar()->setEnabled(false);
        QApplication::setOverrideCursor(Qt::BusyCursor);
        show();
    } else {
        hide();
        QApplication::restoreOverrideCursor();
        m_window->menuBar()->setEnabled(true);
        if (QWidget *central = m_window->centralWidget())
            central->setEnabled(true);
        for (const QPointer<QAction> &action : std::as_const(m_disabledActions))
            if (action)
                action->setEnabled(true);
        m_disabledActions.clear();
    }
}

bool TaskProgress::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_window && event->type() == QEvent::Close && m_busy) {
        // Closing now would tear the documents down under the task: stop a load, let a save end.
        m_runner->cancel();
        event->ignore();
        m_window->statusBar()->showMessage(
            m_runner->isCancellable()
                ? tr("Load cancelled; close again to quit.")
                : tr("Saving: the window closes when you ask again after it."),
            8000);
        return true;
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace opsinfo
