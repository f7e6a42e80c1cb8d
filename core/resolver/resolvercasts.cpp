// C1 (casts) and C2 (summary) once every node is decided.

#include "graph/graph.h"
#include "resolver/resolution.h"
#include "resolver/resolverplan.h"

#include <algorithm>
#include <bit>
#include <tuple>

namespace opsinfo {

namespace {

// Precision order for the cast direction; hifloat8 is below fp16.
int precisionRank(DType d)
{
    return d == DType::HiFloat8 ? -1 : floatRank(d);
}

// §8.6-8.7: the float dtypes a precision mode moves between; casts are counted among these only.
bool isFloat(DType d)
{
    return isDecidedFloat(d) || d == DType::HiFloat8;
}

struct Edge
{
    int producer;
    std::uint32_t output; // flat output slot
    int outputIndex;
    DType to;
    int consumer;
    int input;
};

} // namespace

namespace {

CastKind castKind(const ResolverPlan &plan, int producer, DType from, DType to)
{
    if (plan.nodes[std::size_t(producer)].flags & FlagConstant)
        return CastKind::Weights;
    return precisionRank(to) < precisionRank(from) ? CastKind::Down : CastKind::Up;
}

void countCast(CastKind kind, ResolutionSummary &s)
{
    switch (kind) {
    case CastKind::Down:
        ++s.castsDown;
        break;
    case CastKind::Up:
        ++s.castsUp;
        break;
    case CastKind::Weights:
        ++s.castsWeights;
        break;
    }
    ++s.castsTotal;
}

// The inputs that need a Cast: their producer's decided output dtype differs, both floats.
template<typename Visit>
void forEachCastEdge(const ResolverPlan &plan, const std::vector<DType> &inputDtypes,
                     const std::vector<DType> &outputDtypes, Visit visit)
{
    for (std::size_t i = 0; i < plan.nodes.size(); ++i) {
        const PlanNode &p = plan.nodes[i];
        for (std::uint32_t k = 0; k < p.inCount; ++k) {
            const int producer = plan.inputProducer[p.inBegin + k];
            if (producer < 0)
                continue;
            const std::uint32_t out = plan.inputProducerOutput[p.inBegin + k];
            const DType from = outputDtypes[out];
            const DType to = inputDtypes[p.inBegin + k];
            if (from != to && isFloat(from) && isFloat(to))
                visit(Edge {producer, out, int(out - plan.nodes[std::size_t(producer)].outBegin),
                            to, int(i), int(k)});
        }
    }
}

} // namespace

void countDecidedNode(const ResolverPlan &plan, int index, const NodeResolution &r,
                      const std::vector<DType> &outputDtypes, ResolutionSummary &s)
{
    if (r.decided) {
        ++s.decidedNodes;
        switch (r.dtype) {
        case DType::Float16:
            ++s.fp16Nodes;
            ++s.floatNodes;
            break;
        case DType::BFloat16:
            ++s.bf16Nodes;
            ++s.floatNodes;
            break;
        case DType::Float32:
            ++s.fp32Nodes;
            ++s.floatNodes;
            break;
        case DType::HiFloat8:
            ++s.otherFloatNodes;
            ++s.floatNodes;
            break;
        default:
            break;
        }
    }
    s.aicpuNodes += r.engine == Engine::AICPU ? 1 : 0;
    s.geNodes += r.engine == Engine::GE ? 1 : 0;
    s.errors += r.status == ResolutionStatus::Error ? 1 : 0;
    s.warnings += r.status == ResolutionStatus::Warning ? 1 : 0;
    s.ambiguous += r.ambiguous ? 1 : 0;
    s.approximate += r.approximate ? 1 : 0;
    const PlanNode &p = plan.nodes[std::size_t(index)];
    for (std::uint32_t k = 0; k < p.outCount; ++k) {
        const std::uint64_t elements = plan.outputElements[p.outBegin + k];
        const int bytes = dtypeBytes(outputDtypes[p.outBegin + k]);
        if (elements != kUnknownElements && bytes > 0) {
            s.activationBytes += elements * std::uint64_t(bytes);
            ++s.outputsWithShape;
        }
    }
}

void countCasts(const ResolverPlan &plan, const std::vector<DType> &inputDtypes,
                const std::vector<DType> &outputDtypes, ResolutionSummary &summary)
{
    // One bit per target dtype and producer output: a Cast is shared by every consumer wanting
    // that dtype, so counting distinct bits counts the casts without sorting the edges.
    static_assert(int(DType::Other) < 32);
    std::vector<std::uint32_t> targets(outputDtypes.size(), 0);
    std::vector<int> producers(outputDtypes.size(), -1);
    forEachCastEdge(plan, inputDtypes, outputDtypes, [&](const Edge &e) {
        targets[e.output] |= 1u << unsigned(e.to);
        producers[e.output] = e.producer;
    });
    for (std::size_t out = 0; out < targets.size(); ++out)
        for (std::uint32_t bits = targets[out]; bits; bits &= bits - 1)
            countCast(
                castKind(plan, producers[out], outputDtypes[out], DType(std::countr_zero(bits))),
                summary);
}

void finishResolution(const ResolverPlan &plan, const std::vector<DType> &inputDtypes,
                      const std::vector<DType> &outputDtypes, Resolution &resolution)
{
    ResolutionSummary &s = resolution.summary;
    s.nodes = plan.nodes.size();
    for (std::size_t i = 0; i < plan.nodes.size(); ++i)
        countDecidedNode(plan, int(i), resolution.nodes[i], outputDtypes, s);
    std::vector<Edge> edges;
    forEachCastEdge(plan, inputDtypes, outputDtypes,
                    [&edges](const Edge &e) { edges.push_back(e); });
    // C1: one cast per (producer, output, target dtype), shared by its consumers.
    std::sort(edges.begin(), edges.end(), [](const Edge &a, const Edge &b) {
        return std::tie(a.producer, a.output, a.to, a.consumer, a.input)
            < std::tie(b.producer, b.output, b.to, b.consumer, b.input);
    });
    for (std::size_t i = 0; i < edges.size();) {
        const Edge &e = edges[i];
        CastInsertion cast;
        cast.producer = e.producer;
        cast.output = e.outputIndex;
        cast.from = outputDtypes[e.output];
        cast.to = e.to;
        cast.kind = castKind(plan, e.producer, cast.from, cast.to);
        for (; i < edges.size() && edges[i].producer == e.producer && edges[i].output == e.output
             && edges[i].to == e.to;
             ++i)
            cast.consumers.emplace_back(edges[i].consumer, edges[i].input);
        countCast(cast.kind, s);
        resolution.casts.push_back(std::move(cast));
    }
}

} // namespace opsinfo
