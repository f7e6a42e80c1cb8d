#include "backgroundjobs.h"

#include <QCoreApplication>
#include <QPointer>
#include <QThread>

namespace opsinfo {

BackgroundJobs::BackgroundJobs(QObject *parent)
    : QObject(parent)
{
}

BackgroundJobs::~BackgroundJobs()
{
    // The finished() handlers hold `this`: cut them before waiting so none runs half-destroyed.
    for (QThread *thread : std::as_const(m_threads)) {
        thread->disconnect(this);
        thread->wait();
    }
    qDeleteAll(m_threads);
}

void BackgroundJobs::launch(Lane lane, quint64 generation, const QString &description,
                            std::function<void()> work, std::function<void()> finished)
{
    Q_UNUSED(description);
    QThread *thread = QThread::create(std::move(work));
    thread->setObjectName(QStringLiteral("previewJob"));
    m_threads.append(thread);
    ++m_running[lane];
    m_active[lane] = true;
    connect(thread, &QThread::finished, this,
            [this, thread, lane, generation, finished = std::move(finished)] {
                m_threads.removeOne(thread);
                --m_running[lane];
                if (generation == m_generation[lane])
                    m_active[lane] = false;
                finished();
                thread->deleteLater();
                updateBusy();
            });
    thread->start(QThread::LowPriority);
    updateBusy();
}

void BackgroundJobs::reportProgress(Lane lane, quint64 generation, int percent,
                                    const QString &stage)
{
    // Called on the worker: hop to our thread, and drop reports of superseded jobs there.
    QPointer<BackgroundJobs> self(this);
    QMetaObject::invokeMethod(
        this,
        [self, lane, generation, percent, stage] {
            if (self && generation == self->m_generation[lane] && self->m_active[lane])
                emit self->progressChanged(percent, stage);
        },
        Qt::QueuedConnection);
}

bool BackgroundJobs::isBusy() const
{
    for (int lane = 0; lane < LaneCount; ++lane)
        if (isBusy(Lane(lane)))
            return true;
    return false;
}

void BackgroundJobs::cancel(Lane lane)
{
    ++m_generation[lane];
    m_active[lane] = false;
    updateBusy();
}

void BackgroundJobs::cancelAll()
{
    for (int lane = 0; lane < LaneCount; ++lane)
        cancel(Lane(lane));
}

void BackgroundJobs::waitForAll()
{
    // A finished job's handler may start the next one (load, then resolve): loop until all is
    // quiet.
    while (!m_threads.isEmpty()) {
        const QList<QThread *> threads = m_threads;
        for (QThread *thread : threads)
            thread->wait();
        QCoreApplication::sendPostedEvents(this, QEvent::MetaCall);
    }
    QCoreApplication::sendPostedEvents(this, QEvent::MetaCall); // progress reports
}

void BackgroundJobs::updateBusy()
{
    const bool busy = isBusy();
    if (busy == m_busy)
        return;
    m_busy = busy;
    emit busyChanged(busy);
}

} // namespace opsinfo
