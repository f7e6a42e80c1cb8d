#pragma once

#include "resolver/precisionmode.h"
#include "resolver/resolution.h"
#include "resolver/resolver.h"

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace opsinfo {

// What one precision mode does to a graph (C2): the figures of the "all modes" table and chart of
// `opsinfo resolve --all-modes` and of the app's modes view.
struct ModeSummary
{
    PrecisionMode mode = PrecisionMode::ForceFp16;
    std::string refused; // the compiler refuses the mode on the SoC (bf16 modes): why; else empty
    ResolutionSummary summary;
};

// The SoC the sweep checks each mode against (bf16 modes are refused where it has no fp32->bf16).
struct SweepSoc
{
    std::string_view soc; // empty: no SoC given, nothing is refused
    std::string_view platformIni; // its platform ini text, if given
};

// Called on the calling thread as modes finish: `done` of them are, `next` is one still to come.
// An exception thrown from it (a cancel) ends the sweep once the modes under way are done.
using SweepProgress = std::function<void(std::size_t done, PrecisionMode next)>;

// Every mode of kAllPrecisionModes, in that order, over one resolver and policy source, without
// explanations (nobody reads them here). Refused modes are resolved too (their figures say what
// the compiler would have done) and carry the refusal. Each mode keeps its figures only, never
// a record per node. More than one thread (0: one per core) runs the modes in parallel over the
// shared resolver plan; `policies.effective` must then be safe to call from several threads.
std::vector<ModeSummary> summarizeModes(const Resolver &resolver, const PolicySource &policies,
                                        ResolveOptions options, SweepSoc soc, unsigned threads = 1,
                                        const SweepProgress &progress = {});

} // namespace opsinfo
