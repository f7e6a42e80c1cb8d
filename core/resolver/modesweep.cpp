#include "resolver/modesweep.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <thread>

namespace opsinfo {

namespace {

ModeSummary summaryOf(const Resolver &resolver, PrecisionMode mode, const PolicySource &policies,
                      const ResolveOptions &options, SweepSoc soc)
{
    ModeSummary s;
    s.mode = mode;
    s.summary = resolver.summarize(mode, policies, options);
    if (!soc.soc.empty())
        if (const auto problem = checkModeForSoc(mode, soc.soc, soc.platformIni);
            problem && problem->severity == Severity::Error)
            s.refused = problem->message;
    return s;
}

// The modes shared out to worker threads; the calling thread only reports progress, so a
// progress callback (the Python API's, which may raise to cancel) always runs on the caller's
// thread, and throwing from it stops the sweep after the modes under way.
class ParallelSweep
{
public:
    ParallelSweep(const Resolver &resolver, const PolicySource &policies,
                  const ResolveOptions &options, SweepSoc soc)
        : m_resolver(resolver)
        , m_policies(policies)
        , m_options(options)
        , m_soc(soc)
    {
        m_summaries.resize(kAllPrecisionModes.size());
    }

    std::vector<ModeSummary> run(unsigned threads, const SweepProgress &progress)
    {
        std::vector<std::thread> pool;
        for (unsigned t = 0; t < threads; ++t)
            pool.emplace_back([this] { work(); });
        try {
            report(progress);
        } catch (...) {
            m_next = kAllPrecisionModes.size(); // no new mode starts
            for (std::thread &t : pool)
                t.join();
            throw;
        }
        for (std::thread &t : pool)
            t.join();
        if (m_failure)
            std::rethrow_exception(m_failure);
        return std::move(m_summaries);
    }

private:
    void work()
    {
        for (std::size_t i = m_next++; i < kAllPrecisionModes.size(); i = m_next++) {
            try {
                m_summaries[i]
                    = summaryOf(m_resolver, kAllPrecisionModes[i], m_policies, m_options, m_soc);
            } catch (...) {
                const std::lock_guard lock(m_mutex);
                if (!m_failure)
                    m_failure = std::current_exception();
                m_next = kAllPrecisionModes.size();
            }
            const std::lock_guard lock(m_mutex);
            ++m_done;
            m_changed.notify_one();
        }
    }

    // Every count from 0 to the last mode in turn, however many modes finish at once, so a
    // caller sees the same steps as from one thread; `next` is a mode still to come.
    void report(const SweepProgress &progress)
    {
        const std::size_t total = kAllPrecisionModes.size();
        std::size_t seen = 0;
        if (progress)
            progress(0, kAllPrecisionModes[0]);
        std::unique_lock lock(m_mutex);
        while (!m_failure && seen < total) {
            m_changed.wait(lock, [&] { return m_done != seen || m_failure; });
            const std::size_t done = m_done;
            lock.unlock();
            for (++seen; seen <= done && seen < total; ++seen)
                if (progress)
                    progress(seen, kAllPrecisionModes[seen]);
            seen = done;
            lock.lock();
        }
    }

    const Resolver &m_resolver;
    const PolicySource &m_policies;
    const ResolveOptions &m_options;
    SweepSoc m_soc;
    std::vector<ModeSummary> m_summaries;
    std::atomic<std::size_t> m_next {0};
    std::mutex m_mutex;
    std::condition_variable m_changed;
    std::size_t m_done = 0;
    std::exception_ptr m_failure;
};

} // namespace

std::vector<ModeSummary> summarizeModes(const Resolver &resolver, const PolicySource &policies,
                                        ResolveOptions options, SweepSoc soc, unsigned threads,
                                        const SweepProgress &progress)
{
    options.explanations = false;
    if (threads == 0)
        threads = std::max(1u, std::thread::hardware_concurrency());
    threads = std::min<unsigned>(threads, unsigned(kAllPrecisionModes.size()));
    if (threads > 1)
        return ParallelSweep(resolver, policies, options, soc).run(threads, progress);
    std::vector<ModeSummary> summaries;
    for (std::size_t i = 0; i < kAllPrecisionModes.size(); ++i) {
        if (progress)
            progress(i, kAllPrecisionModes[i]);
        summaries.push_back(summaryOf(resolver, kAllPrecisionModes[i], policies, options, soc));
    }
    return summaries;
}

} // namespace opsinfo
