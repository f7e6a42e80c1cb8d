// C1 (casts) and C2 (summary) once every node is decided.

#include "graph/graph.h"
#include "resolver/resolution.h"
#include "resolver/resolverplan.h"

#include <algorithm>
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

void finishResolution(const ResolverPlan &plan, const std::vector<DType> &inputDtypes,
                      const std::vector<DType> &outputDtypes, Resolution &resolution)
{
    ResolutionSummary &s = resolution.summary;
    s.nodes = plan.nodes.size();
    std::vector<Edge> edges;
    for (std::size_t i = 0; i < plan.nodes.size(); ++i) {
        const PlanNode &p = plan.nodes[i];
        const NodeResolution &r = resolution.nodes[i];
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
        for (std::uint32_t k = 0; k < p.inCount; ++k) {
            const int producer = plan.inputProducer[p.inBegin + k];
            if (producer < 0)
                continue;
            const std::uint32_t out = plan.inputProducerOutput[p.inBegin + k];
            const DType from = outputDtypes[out];
            const DType to = inputDtypes[p.inBegin + k];
            if (from != to && isFloat(from) && isFloat(to))
                edges.push_back({producer, out,
                                 int(out - plan.nodes[std::size_t(producer)].outBegin), to, int(i),
                                 int(k)});
        }
        for (std::uint32_t k = 0; k < p.outCount; ++k) {
            const auto &shape = p.node->outputs[k].shape;
            if (shape.empty())
                continue;
            std::uint64_t elements = 1;
            bool known = true;
            for (std::int64_t d : shape) {
                if (d < 0) {
                    known = false;
                    break;
                }
                elements *= std::uint64_t(d);
            }
            const int bytes = dtypeBytes(outputDtypes[p.outBegin + k]);
            if (known && bytes > 0) {
                s.activationBytes += elements * std::uint64_t(bytes);
                ++s.outputsWithShape;
            }
        }
    }
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
        if (plan.nodes[std::size_t(e.producer)].flags & FlagConstant)
            cast.kind = CastKind::Weights;
        else
            cast.kind
                = precisionRank(cast.to) < precisionRank(cast.from) ? CastKind::Down : CastKind::Up;
        for (; i < edges.size() && edges[i].producer == e.producer && edges[i].output == e.output
             && edges[i].to == e.to;
             ++i)
            cast.consumers.emplace_back(edges[i].consumer, edges[i].input);
        switch (cast.kind) {
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
        resolution.casts.push_back(std::move(cast));
    }
    s.castsTotal = resolution.casts.size();
}

} // namespace opsinfo
