#include "resolver/resolver.h"

#include "graph/graph.h"
#include "library/oplibrary.h"
#include "resolver/nodedecider.h"
#include "resolver/resolverplan.h"

#include <algorithm>
#include <atomic>
#include <thread>

namespace opsinfo {

const char *engineName(Engine engine)
{
    switch (engine) {
    case Engine::None:
        return "none";
    case Engine::AICore:
        return "AICore";
    case Engine::AICPU:
        return "AICPU";
    case Engine::GE:
        return "GE";
    }
    return "none";
}

const char *statusName(ResolutionStatus status)
{
    switch (status) {
    case ResolutionStatus::Ok:
        return "ok";
    case ResolutionStatus::Warning:
        return "warning";
    case ResolutionStatus::Error:
        return "error";
    }
    return "ok";
}

const char *castKindName(CastKind kind)
{
    switch (kind) {
    case CastKind::Down:
        return "down";
    case CastKind::Up:
        return "up";
    case CastKind::Weights:
        return "weights";
    }
    return "up";
}

std::string RuleList::joined(std::string_view separator) const
{
    std::string text;
    for (std::size_t i = 0; i < m_size; ++i) {
        if (i)
            text += separator;
        text += m_ids[i];
    }
    return text;
}

DType nodeDtype(const std::vector<DType> &inputs, const std::vector<DType> &outputs)
{
    auto isFloat = [](DType d) { return isDecidedFloat(d) || d == DType::HiFloat8; };
    for (DType d : outputs)
        if (isFloat(d))
            return d;
    for (DType d : inputs)
        if (isFloat(d))
            return d;
    return DType::Undefined;
}

namespace {

void resetKeepingCapacity(NodeResolution &node)
{
    // Copied from a default record: every field is reset, and assigning empty vectors and an
    // empty string keeps the capacity the record's lists already have.
    static const NodeResolution fresh;
    node = fresh;
}

// Where the node of a record stands: what a decision does not set.
void placeRecord(const PlanNode &p, NodeResolution &r)
{
    r.graphIndex = p.graphIndex;
    r.parent = p.parent;
    r.subgraph = p.subgraph;
    r.node = p.node;
}

} // namespace

Resolver::Resolver(const Graph &graph, const OpLibrary &library)
    : m_plan(std::make_unique<ResolverPlan>(graph, library))
{
}

Resolver::~Resolver() = default;
Resolver::Resolver(Resolver &&) noexcept = default;
Resolver &Resolver::operator=(Resolver &&) noexcept = default;

const std::vector<Diagnostic> &Resolver::diagnostics() const
{
    return m_plan->diagnostics;
}
std::size_t Resolver::nodeCount() const
{
    return m_plan->nodes.size();
}

Resolution Resolver::resolve(PrecisionMode mode, const PolicySource &policies,
                             const ResolveOptions &options) const
{
    const ResolverPlan &plan = *m_plan;
    Resolution resolution;
    resolution.mode = mode;
    resolution.nodes.resize(plan.nodes.size());
    for (std::size_t i = 0; i < plan.nodes.size(); ++i)
        placeRecord(plan.nodes[i], resolution.nodes[i]);
    NodeDecider decider(plan, mode, policies, options);
    for (int index : plan.order)
        decider.decide(index, resolution.nodes[std::size_t(index)]);
    finishResolution(plan, decider.inputDtypes, decider.outputDtypes, resolution);
    return resolution;
}

ResolutionSummary Resolver::summarize(PrecisionMode mode, const PolicySource &policies,
                                      const ResolveOptions &options) const
{
    const ResolverPlan &plan = *m_plan;
    ResolutionSummary summary;
    summary.nodes = plan.nodes.size();
    NodeDecider decider(plan, mode, policies, options);
    // A decision reads its producers through the decider's flat dtype arrays, never through
    // their records, so one record serves every node: no memory per node and mode.
    NodeResolution scratch;
    for (int index : plan.order) {
        resetKeepingCapacity(scratch);
        placeRecord(plan.nodes[std::size_t(index)], scratch);
        decider.decide(index, scratch);
        countDecidedNode(plan, index, scratch, decider.outputDtypes, summary);
    }
    countCasts(plan, decider.inputDtypes, decider.outputDtypes, summary);
    return summary;
}

std::vector<Resolution> Resolver::resolveModes(const std::vector<PrecisionMode> &modes,
                                               const PolicySource &policies,
                                               const ResolveOptions &options,
                                               unsigned threads) const
{
    std::vector<Resolution> results(modes.size());
    if (threads == 0)
        threads = std::max(1u, std::thread::hardware_concurrency());
    threads = std::min<unsigned>(threads, unsigned(modes.size()));
    std::atomic<std::size_t> next {0};
    auto work = [&] {
        for (std::size_t i = next++; i < modes.size(); i = next++)
            results[i] = resolve(modes[i], policies, options);
    };
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < threads; ++t)
        pool.emplace_back(work);
    work();
    for (std::thread &t : pool)
        t.join();
    return results;
}

Resolution resolvePrecision(const Graph &graph, const OpLibrary &library, PrecisionMode mode,
                            const PolicySource &policies, const ResolveOptions &options)
{
    return Resolver(graph, library).resolve(mode, policies, options);
}

} // namespace opsinfo
