#include "layout/graphlayout.h"

#include "graph/graph.h"

#include <algorithm>

namespace opsinfo {

LayoutSize labelSize(std::size_t characters, const LayoutOptions &options)
{
    const double width = options.labelPadding + double(characters) * options.charWidth;
    return {std::clamp(width, options.minNodeWidth,
                       std::max(options.minNodeWidth, options.maxNodeWidth)),
            options.nodeHeight};
}

GraphLayout layoutGraph(const Graph &graph, const LayoutOptions &options)
{
    LayeredInput input;
    const auto &nodes = graph.nodes();
    input.sizes.reserve(nodes.size());
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        if (options.nodeSize) {
            input.sizes.push_back(options.nodeSize(int(i)));
        } else {
            const Node &node = nodes[i];
            input.sizes.push_back(
                labelSize(node.opType.empty() ? node.name.size() : node.opType.size(), options));
        }
    }
    input.edges = graphEdges(graph, options.includeControlEdges);
    return layoutLayered(input, options);
}

GraphLayout layoutGraph(const Graph &graph, const ScopeTree &tree, const CollapsedGraph &view,
                        const LayoutOptions &options)
{
    LayeredInput input;
    input.sizes.reserve(std::size_t(view.size()));
    for (int v = 0; v < view.size(); ++v) {
        if (options.nodeSize) {
            input.sizes.push_back(options.nodeSize(v));
            continue;
        }
        const std::size_t characters = visibleLabel(graph, tree, view, v).size();
        if (view.scope[std::size_t(v)] < 0) {
            input.sizes.push_back(labelSize(characters, options));
            continue;
        }
        // A collapsed scope is a bigger box with a bigger label, so groups stand out from ops.
        LayoutSize size = labelSize(characters * 3 / 2, options);
        size.height *= 1.5;
        input.sizes.push_back(size);
    }
    input.edges = view.edges;
    return layoutLayered(input, options);
}

} // namespace opsinfo
