#include "resolver/modesweep.h"

#include <algorithm>
#include <thread>

namespace opsinfo {

std::vector<ModeSummary> summarizeModes(const Resolver &resolver, const PolicySource &policies,
                                        ResolveOptions options, SweepSoc soc, unsigned threads,
                                        const SweepProgress &progress)
{
    options.explanations = false;
    const std::vector<PrecisionMode> modes(kAllPrecisionModes.begin(), kAllPrecisionModes.end());
    // Only each mode's summary is kept: a resolution holds a record per node, so keeping all nine
    // of an LLM graph's (186,000 nodes) until the end took more memory than the graph (issue 15).
    // At most `threads` resolutions are alive at once.
    if (threads == 0)
        threads = std::max(1u, std::thread::hardware_concurrency());
    const std::size_t batch = threads;
    std::vector<ModeSummary> summaries;
    for (std::size_t first = 0; first < modes.size(); first += batch) {
        const std::size_t last = std::min(modes.size(), first + batch);
        std::vector<Resolution> results;
        if (batch == 1) {
            if (progress)
                progress(first, modes[first]);
            results.push_back(resolver.resolve(modes[first], policies, options));
        } else {
            results
                = resolver.resolveModes({modes.begin() + long(first), modes.begin() + long(last)},
                                        policies, options, threads);
        }
        for (std::size_t i = first; i < last; ++i) {
            ModeSummary s;
            s.mode = modes[i];
            s.summary = results[i - first].summary;
            if (!soc.soc.empty())
                if (const auto problem = checkModeForSoc(modes[i], soc.soc, soc.platformIni);
                    problem && problem->severity == Severity::Error)
                    s.refused = problem->message;
            summaries.push_back(std::move(s));
        }
    }
    return summaries;
}

} // namespace opsinfo
