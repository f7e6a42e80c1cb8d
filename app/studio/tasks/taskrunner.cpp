#include "studio/tasks/taskrunner.h"

#include <QEventLoop>
#include <QThread>
#include <QTimer>

#include <atomic>

#ifdef Q_OS_LINUX
#include <sys/resource.h>
#endif

namespace opsinfo {

TaskRunner::TaskRunner(QObject *parent)
    : QObject(parent)
{
}

TaskRunner::~TaskRunner()
{
    // A cancelled load may still be running: its data is its own, but the thread object must not
    // die before the thread does.
    for (QThread *thread : std::as_const(m_threads)) {
        thread->wait();
        delete thread;
    }
}

void TaskRunner::cancel()
{
    if (!m_running || !m_cancellable || m_cancelled)
        return;
    m_cancelled = true;
    emit cancelRequested();
}

TaskRunner::Outcome TaskRunner::run(const QString &description, bool cancellable,
                                    std::function<void()> work)
{
    if (m_running) {
        m_lastOutcome = Outcome::Busy;
        return m_lastOutcome;
    }
    m_running = true;
    m_cancellable = cancellable;
    m_cancelled = false;
    m_description = description;

    auto done = std::make_shared<std::atomic_bool>(false);
    QThread *thread = QThread::create([work = std::move(work), done] {
#ifdef Q_OS_LINUX
        // Nice is per thread on Linux (and inherited by the loader's own helper threads): when
        // the CPU is short, the UI thread of the same process runs first.
        setpriority(PRIO_PROCESS, 0, 5);
#endif
        work();
        done->store(true);
    });
    thread->setObjectName(QStringLiteral("opsinfo-task"));
    m_threads.append(thread);
    connect(thread, &QThread::finished, this, [this, thread] {
        m_threads.removeOne(thread);
        thread->deleteLater();
    });

    QEventLoop loop;
    connect(thread, &QThread::finished, &loop, &QEventLoop::quit);
    connect(this, &TaskRunner::cancelRequested, &loop, &QEventLoop::quit);
    QTimer quiet;
    quiet.setSingleShot(true);
    connect(&quiet, &QTimer::timeout, &loop, &QEventLoop::quit);
    thread->start();

    // Short work: keep clicks and keys queued until it is over, show nothing.
    quiet.start(m_quietMs);
    if (!done->load())
        loop.exec(QEventLoop::ExcludeUserInputEvents);
    quiet.stop();

    if (!done->load() && !m_cancelled) {
        emit busyChanged(true);
        while (!done->load() && !m_cancelled) {
            loop.exec();
            // Leaving the loop otherwise (the application quits): work that cannot be
            // cancelled, such as a save, still ends before its caller goes on.
            if (!done->load() && !m_cancelled && !m_cancellable)
                thread->wait();
            else if (!done->load() && !m_cancelled)
                m_cancelled = true;
        }
        emit busyChanged(false);
    }
    if (!done->load() && !m_cancellable)
        thread->wait();

    // Cancelled means discarded, even when the work happened to end meanwhile.
    const bool finished = done->load() && !m_cancelled;
    m_running = false;
    m_lastOutcome = finished ? Outcome::Done : Outcome::Cancelled;
    if (!finished)
        emit cancelled(m_description);
    return m_lastOutcome;
}

} // namespace opsinfo
