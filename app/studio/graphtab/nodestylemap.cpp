#include "nodestylemap.h"

#include "diff/resolutiondiff.h"
#include "graph/graph.h"

#include <algorithm>

namespace opsinfo {

NodeStyle::Kind nodeStyleKind(const NodeResolution &node)
{
    if (node.status == ResolutionStatus::Error)
        return NodeStyle::Error;
    if (node.engine == Engine::AICPU)
        return NodeStyle::AiCpu;
    if (!node.node || !node.inLibrary || isBoundaryOpType(node.node->opType) || !node.decided)
        return NodeStyle::NotFe;
    switch (node.dtype) {
    case DType::Float16:
        return NodeStyle::Fp16;
    case DType::BFloat16:
        return NodeStyle::Bf16;
    case DType::Float32:
        return NodeStyle::Fp32;
    default:
        return NodeStyle::Undecided;
    }
}

NodeStyle::Engine nodeEngine(Engine engine)
{
    switch (engine) {
    case Engine::AICore:
        return NodeStyle::AiCoreEngine;
    case Engine::AICPU:
        return NodeStyle::AiCpuEngine;
    case Engine::GE:
        return NodeStyle::GeEngine;
    case Engine::None:
        break;
    }
    return NodeStyle::NoEngine;
}

NodeStyle nodeStyleFor(const NodeResolution &node)
{
    NodeStyle style;
    style.kind = nodeStyleKind(node);
    style.ambiguous = node.ambiguous;
    style.engine = nodeEngine(node.engine);
    return style;
}

NodeStyles nodeStylesFor(const Resolution &resolution, int graphNodes)
{
    NodeStyles styles(std::size_t(std::max(graphNodes, 0)));
    for (const NodeResolution &n : resolution.nodes) {
        if (n.parent >= 0 || n.graphIndex < 0 || n.graphIndex >= graphNodes)
            continue; // subgraph nodes are not drawn
        styles[std::size_t(n.graphIndex)] = nodeStyleFor(n);
    }
    for (const CastInsertion &cast : resolution.casts)
        for (const auto &[consumer, input] : cast.consumers) {
            Q_UNUSED(input);
            if (consumer < 0 || std::size_t(consumer) >= resolution.nodes.size())
                continue;
            const NodeResolution &n = resolution.nodes[std::size_t(consumer)];
            if (n.parent < 0 && n.graphIndex >= 0 && n.graphIndex < graphNodes)
                styles[std::size_t(n.graphIndex)].castOnInput = true;
        }
    return styles;
}

QString decisionText(const NodeResolution &node)
{
    if (node.status == ResolutionStatus::Error)
        return QStringLiteral("error");
    // The CLI's words, so a row reads as `opsinfo resolve diff` prints it and as the transition
    // counts above the table name it; "-" stands for the dtype the CLI leaves empty.
    const QString label = QString::fromStdString(decisionLabel(Decision::of(node)));
    return node.dtype == DType::Undefined ? QStringLiteral("-") + label : label;
}

} // namespace opsinfo
