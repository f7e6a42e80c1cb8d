#pragma once

#include <QList>
#include <QObject>
#include <QString>

#include <functional>
#include <memory>
#include <optional>

class QThread;

namespace opsinfo {

// Runs long work (library loads, saves) on a worker thread while the UI thread keeps serving
// events, so callers keep a synchronous API: run() returns once the work is done or cancelled.
//
// For the first quietPeriod() ms user input stays queued and nothing changes on screen (a small
// file loads without flicker); after that busyChanged(true) tells the window to show progress and
// refuse edits until busyChanged(false), which comes before run() returns.
//
// The core loader has no cancel hook: Cancel stops waiting and discards the result, and the thread
// runs to its end on its own. So cancellable work must own its data (capture by value); it is
// joined at the latest when the runner is destroyed.
class TaskRunner : public QObject
{
    Q_OBJECT

public:
    enum class Outcome { Done, Cancelled, Busy };

    explicit TaskRunner(QObject *parent = nullptr);
    ~TaskRunner() override;

    Outcome run(const QString &description, bool cancellable, std::function<void()> work);

    // `work` runs on the worker thread; nullopt when cancelled or when another task is running
    // (see lastOutcome()).
    template<typename T>
    std::optional<T> compute(const QString &description, bool cancellable, std::function<T()> work)
    {
        auto result = std::make_shared<std::optional<T>>();
        const Outcome outcome
            = run(description, cancellable, [result, work = std::move(work)] { *result = work(); });
        if (outcome != Outcome::Done)
            return std::nullopt;
        return std::move(*result);
    }

    bool isBusy() const { return m_running; }
    bool isCancellable() const { return m_cancellable; }
    QString description() const { return m_description; }
    Outcome lastOutcome() const { return m_lastOutcome; }

    int quietPeriod() const { return m_quietMs; }
    void setQuietPeriod(int ms) { m_quietMs = ms; }

public slots:
    // Stops waiting for a cancellable task; ignored otherwise.
    void cancel();

signals:
    void busyChanged(bool busy);
    void cancelled(const QString &description);
    void cancelRequested();

private:
    QList<QThread *> m_threads; // still running (a cancelled task's thread may outlive its run())
    QString m_description;
    Outcome m_lastOutcome = Outcome::Done;
    int m_quietMs = 250;
    bool m_running = false;
    bool m_cancellable = false;
    bool m_cancelled = false;
};

} // namespace opsinfo
