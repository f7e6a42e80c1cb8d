#include "resolver/modesweep.h"

namespace opsinfo {

std::vector<ModeSummary> summarizeModes(const Resolver &resolver, const PolicySource &policies,
                                        ResolveOptions options, SweepSoc soc, unsigned threads,
                                        const SweepProgress &progress)
{
    options.explanations = false;
    const std::vector<PrecisionMode> modes(kAllPrecisionModes.begin(), kAllPrecisionModes.end());
    std::vector<Resolution> results;
    if (threads == 1) {
        for (std::size_t i = 0; i < modes.size(); ++i) {
            if (progress)
                progress(i, modes[i]);
            results.push_back(resolver.resolve(modes[i], policies, options));
        }
    } else {
        results = resolver.resolveModes(modes, policies, options, threads);
    }
    std::vector<ModeSummary> summaries;
    for (std::size_t i = 0; i < modes.size(); ++i) {
        ModeSummary s;
        s.mode = modes[i];
        s.approximate = isApproximateMode(modes[i]);
        s.summary = results[i].summary;
        if (!soc.soc.empty())
            if (const auto problem = checkModeForSoc(modes[i], soc.soc, soc.platformIni);
                problem && problem->severity == Severity::Error)
                s.refused = problem->message;
        summaries.push_back(std::move(s));
    }
    return summaries;
}

} // namespace opsinfo
