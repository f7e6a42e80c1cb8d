#pragma once

#include "common/diagnostic.h"
#include "resolver/policysource.h"
#include "resolver/precisionmode.h"
#include "resolver/resolution.h"

#include <memory>
#include <vector>

namespace opsinfo {

class Graph;
class OpLibrary;
struct KeepDtype;
struct CustomizeDtypes;
class ResolverPlan;

// How gray ops read their producers (G1-G6).
enum class GrayRule {
    FE, // G1-G5: every input narrows in turn, the first non-constant one decides (default)
    Previous, // G6: the seed's "same as the previous op": the first non-constant producer decides
              // every float tensor of the op, outputs included
};

// Copies share the keep_dtype and customize_dtypes contents: options are passed around by value
// (moved into results, copied per mode) and must never point into a caller's temporary.
struct ResolveOptions
{
    GrayRule grayRule = GrayRule::FE;
    std::shared_ptr<const KeepDtype> keepDtype; // M8, may be null
    std::shared_ptr<const CustomizeDtypes> customizeDtypes; // M8, may be null
    // Per-node explanation text. Off only for batch figures where nobody reads them.
    bool explanations = true;
    // false: judge every node in the library as FE's unit tests do (they call the dtype judge
    // directly, without check-support, M11); the engine is then AICore or GE for every judged node.
    bool checkSupport = true;
};

// Predicts FE's dtype choice for every node of a graph (SEMANTICS §4-§8, §8 being the exact
// reading). Construction does the per-graph work once (flattening subgraphs, topological order,
// library lookups, parsed columns per ops-info entry); resolve() can then be called per mode.
// The graph and library must outlive the resolver and stay unchanged.
class Resolver
{
public:
    Resolver(const Graph &graph, const OpLibrary &library);
    ~Resolver();
    Resolver(Resolver &&) noexcept;
    Resolver &operator=(Resolver &&) noexcept;

    Resolution resolve(PrecisionMode mode, const PolicySource &policies,
                       const ResolveOptions &options = {}) const;
    // resolve(mode).summary without the per-node records and the list of casts: the figures of
    // one mode at the memory cost of the decider's dtype arrays (the all-modes sweep).
    ResolutionSummary summarize(PrecisionMode mode, const PolicySource &policies,
                                const ResolveOptions &options = {}) const;
    // Several modes at once (the 9-mode comparison view), on up to `threads` threads (0: hardware
    // concurrency). resolve() only reads the shared plan, so modes run independently; results are
    // in the order of `modes`. `policies.effective` must be safe to call from several threads.
    std::vector<Resolution> resolveModes(const std::vector<PrecisionMode> &modes,
                                         const PolicySource &policies,
                                         const ResolveOptions &options = {},
                                         unsigned threads = 0) const;

    // Problems found while preparing (cycles: their nodes are decided last, in file order).
    const std::vector<Diagnostic> &diagnostics() const;
    std::size_t nodeCount() const; // including subgraph nodes

private:
    std::unique_ptr<ResolverPlan> m_plan;
};

// One-shot convenience.
Resolution resolvePrecision(const Graph &graph, const OpLibrary &library, PrecisionMode mode,
                            const PolicySource &policies, const ResolveOptions &options = {});

} // namespace opsinfo
