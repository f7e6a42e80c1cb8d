#pragma once

#include <QObject>
#include <QString>

#include <array>
#include <exception>
#include <functional>
#include <memory>
#include <optional>

class QThread;

namespace opsinfo {

// Graph work that must not freeze the window: each job runs on a thread of its own and hands its
// result back on the owner's thread. Jobs are grouped in lanes; a new job in a lane supersedes the
// one running there (its result is dropped), so a burst of re-resolves only shows the last one.
// The core has no cancel hook: Cancel drops the result and the thread runs to its end; work must
// therefore own its data (capture shared pointers by value). The destructor waits for stragglers.
class BackgroundJobs : public QObject
{
    Q_OBJECT

public:
    enum Lane { Load, Resolve, Modes, Diff, Advice, Evidence, LaneCount };

    explicit BackgroundJobs(QObject *parent = nullptr);
    ~BackgroundJobs() override;

    // `work` runs on a worker thread and may call `progress` (0-100, stage text) from there; `done`
    // runs on this object's thread unless the job was superseded or cancelled. When `inlineRun` is
    // set both run right here, before start() returns (small inputs: no thread, no flicker).
    template<typename T>
    void start(Lane lane, const QString &description, bool inlineRun,
               std::function<T(const std::function<void(int, const QString &)> &progress)> work,
               std::function<void(T)> done)
    {
        const quint64 generation = ++m_generation[lane];
        if (inlineRun) {
            std::optional<T> result;
            try {
                result = work([](int, const QString &) {});
            } catch (const std::exception &e) {
                emit failed(description, QString::fromLocal8Bit(e.what()));
            }
            if (result && generation == m_generation[lane])
                done(std::move(*result));
            return;
        }
        auto result = std::make_shared<std::optional<T>>();
        auto error = std::make_shared<QString>();
        auto progress = [this, lane, generation](int percent, const QString &stage) {
            reportProgress(lane, generation, percent, stage);
        };
        launch(
            lane, generation, description,
            [result, error, progress, work = std::move(work)] {
                try {
                    *result = work(progress);
                } catch (const std::exception &e) {
                    *error = QString::fromLocal8Bit(e.what());
                }
            },
            [this, lane, generation, result, error, description, done = std::move(done)] {
                if (generation != m_generation[lane])
                    return;
                if (*result)
                    done(std::move(**result));
                else
                    emit failed(description, *error);
            });
    }

    bool isBusy() const;
    bool isBusy(Lane lane) const { return m_running[lane] > 0 && m_active[lane]; }
    // Drops the running job of every lane (its thread finishes on its own).
    void cancelAll();
    void cancel(Lane lane);
    // Blocks until every thread has finished (tests; the destructor).
    void waitForAll();

signals:
    // The first job started or the last one finished (or was cancelled).
    void busyChanged(bool busy);
    // Progress of the newest running job: 0-100 and what it does now.
    void progressChanged(int percent, const QString &stage);
    void failed(const QString &description, const QString &message);

private:
    void launch(Lane lane, quint64 generation, const QString &description,
                std::function<void()> work, std::function<void()> finished);
    void reportProgress(Lane lane, quint64 generation, int percent, const QString &stage);
    void updateBusy();

    std::array<quint64, LaneCount> m_generation {};
    std::array<int, LaneCount> m_running {}; // threads still running in the lane
    std::array<bool, LaneCount> m_active {}; // the newest job of the lane still counts
    QList<QThread *> m_threads;
    bool m_busy = false;
};

} // namespace opsinfo
