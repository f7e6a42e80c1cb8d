#include "graph/shapeinference.h"

#include "graph/graph.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <string_view>

namespace opsinfo {

namespace {

using K = ShapeKnowledge;

K fromShape(std::span<const std::int64_t> shape)
{
    if (shape.empty())
        return K::Unknown; // also a scalar: the importers do not tell the two apart
    return std::any_of(shape.begin(), shape.end(), [](std::int64_t d) { return d < 0; })
        ? K::Dynamic
        : K::Static;
}

bool isOneOf(std::string_view type, std::initializer_list<std::string_view> types)
{
    return std::find(types.begin(), types.end(), type) != types.end();
}

// Output dimensions that depend on the data itself.
bool alwaysDynamicOutput(std::string_view type)
{
    return isOneOf(type,
                   {"NonZero", "Unique", "UniqueV2", "UniqueWithCounts", "UniqueConsecutive",
                    "NonMaxSuppression", "NonMaxSuppressionV3", "NonMaxSuppressionV4",
                    "NonMaxSuppressionV5", "NonMaxSuppressionV6", "NonMaxSuppressionV7", "Where"});
}

// Output dimensions that depend on the values of an input after the first (a shape, multiples,
// bounds, sizes, k): static when those inputs are weights, unknown-shape otherwise.
bool valueDependentOutput(std::string_view type)
{
    return isOneOf(type,
                   {"Reshape",
                    "Expand",
                    "BroadcastTo",
                    "Tile",
                    "Range",
                    "Fill",
                    "ConstantOfShape",
                    "OneHot",
                    "Pad",
                    "PadV2",
                    "PadV3",
                    "MirrorPad",
                    "Slice",
                    "StridedSlice",
                    "StridedSliceV2",
                    "TopK",
                    "TopKV2",
                    "Resize",
                    "ResizeBilinearV2",
                    "ResizeNearestNeighborV2",
                    "Upsample",
                    "UnsqueezeV3",
                    "SqueezeV3",
                    "ReduceSum",
                    "ReduceMean",
                    "ReduceMax",
                    "ReduceMin",
                    "ReduceProd",
                    "SplitV",
                    "Split"});
}

// A 1-D output whose length is the input's rank (or a scalar).
bool shapeLikeOutput(std::string_view type)
{
    return isOneOf(type, {"Shape", "ShapeN", "Size", "Rank"});
}

} // namespace

std::vector<ShapeKnowledge> shapeKnowledgeOf(const Graph &graph)
{
    const auto &nodes = graph.nodes();
    std::vector<K> nodeKnowledge(nodes.size(), K::Unknown);
    std::vector<std::vector<K>> outputs(nodes.size());
    // Whether a node's output values are known when GE infers shapes: weights, the Shape of a
    // static tensor, and what GE's constant folding computes from such values only (the
    // Shape -> Gather -> Concat chains exporters put in front of Reshape).
    std::vector<char> valueKnown(nodes.size(), 0);
    std::vector<char> done(nodes.size(), 0);
    std::vector<int> order = graph.topologicalOrder();
    // nodes on a cycle: last, in file order (marked, not searched for: a search per node was
    // quadratic, seconds for a 186,000-node graph)
    std::vector<char> ordered(nodes.size(), 0);
    for (int index : order)
        if (index >= 0 && std::size_t(index) < nodes.size())
            ordered[std::size_t(index)] = 1;
    for (std::size_t i = 0; i < nodes.size(); ++i)
        if (!ordered[i])
            order.push_back(int(i));

    for (int index : order) {
        const Node &node = nodes[std::size_t(index)];
        std::vector<K> &out = outputs[std::size_t(index)];
        out.assign(node.outputs.size(), K::Unknown);
        if (isConstantOpType(node.opType)) {
            std::fill(out.begin(), out.end(), K::Static);
            nodeKnowledge[std::size_t(index)] = K::Static;
            valueKnown[std::size_t(index)] = 1;
            done[std::size_t(index)] = 1;
            continue;
        }
        bool anyDynamic = false, allStatic = true, valueInputsKnown = true,
             allValuesKnown = !node.inputs.empty();
        for (std::size_t k = 0; k < node.inputs.size(); ++k) {
            const NodeInput &input = node.inputs[k];
            K knowledge = fromShape(input.shape);
            const int p = input.producer;
            const bool fromProducer
                = p >= 0 && std::size_t(p) < nodes.size() && done[std::size_t(p)];
            if (knowledge == K::Unknown && fromProducer && input.outputIndex >= 0
                && std::size_t(input.outputIndex) < outputs[std::size_t(p)].size())
                knowledge = outputs[std::size_t(p)][std::size_t(input.outputIndex)];
            const bool known = fromProducer && valueKnown[std::size_t(p)];
            allValuesKnown = allValuesKnown && known;
            if (k > 0 && !known)
                valueInputsKnown = false;
            anyDynamic = anyDynamic || knowledge == K::Dynamic;
            allStatic = allStatic && knowledge == K::Static;
        }
        bool statedAll = !node.outputs.empty();
        for (std::size_t k = 0; k < node.outputs.size(); ++k) {
            out[k] = fromShape(node.outputs[k].shape);
            anyDynamic = anyDynamic || out[k] == K::Dynamic;
            statedAll = statedAll && out[k] != K::Unknown;
        }
        // What GE's inference would give the outputs the file leaves unstated.
        K inferred = K::Unknown;
        if (anyDynamic)
            inferred = K::Dynamic;
        else if (allStatic && !node.inputs.empty()) // a source node (Data) has only what it states
            inferred = alwaysDynamicOutput(node.opType)
                    || (valueDependentOutput(node.opType) && !valueInputsKnown)
                ? K::Dynamic
                : K::Static;
        if (shapeLikeOutput(node.opType))
            inferred = K::Static;
        for (K &k : out)
            if (k == K::Unknown)
                k = inferred;
        K knowledge = anyDynamic ? K::Dynamic : K::Unknown;
        if (!anyDynamic) {
            const bool outputsStatic
                = std::all_of(out.begin(), out.end(), [](K k) { return k == K::Static; });
            const bool outputsDynamic
                = std::any_of(out.begin(), out.end(), [](K k) { return k == K::Dynamic; });
            if (outputsDynamic)
                knowledge = K::Dynamic;
            else if (allStatic && outputsStatic)
                knowledge = K::Static;
            else if (statedAll && node.inputs.empty())
                knowledge = K::Static;
        }
        nodeKnowledge[std::size_t(index)] = knowledge;
        valueKnown[std::size_t(index)] = shapeLikeOutput(node.opType)
            ? knowledge == K::Static || (allStatic && !node.inputs.empty())
            : allValuesKnown && !alwaysDynamicOutput(node.opType);
        done[std::size_t(index)] = 1;
    }
    return nodeKnowledge;
}

} // namespace opsinfo
