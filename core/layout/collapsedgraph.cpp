#include "layout/collapsedgraph.h"

#include "graph/graph.h"
#include "layout/scopetree.h"

#include <algorithm>

namespace opsinfo {

std::vector<std::pair<int, int>> graphEdges(const Graph &graph, bool includeControl)
{
    const auto &nodes = graph.nodes();
    const int n = int(nodes.size());
    std::vector<std::pair<int, int>> edges;
    for (int i = 0; i < n; ++i) {
        const Node &node = nodes[std::size_t(i)];
        for (const NodeInput &input : node.inputs)
            if (input.producer >= 0 && input.producer < n && input.producer != i)
                edges.push_back({input.producer, i});
        if (includeControl) {
            for (std::string_view control : node.controlInputs) {
                const int p = graph.indexOf(control);
                if (p >= 0 && p != i)
                    edges.push_back({p, i});
            }
        }
    }
    std::sort(edges.begin(), edges.end());
    edges.erase(std::unique(edges.begin(), edges.end()), edges.end());
    return edges;
}

CollapsedGraph expandedGraph(const Graph &graph, bool includeControl)
{
    CollapsedGraph view;
    const int n = int(graph.nodes().size());
    view.graphNode.resize(std::size_t(n));
    view.scope.assign(std::size_t(n), -1);
    view.visibleOf.resize(std::size_t(n));
    for (int i = 0; i < n; ++i)
        view.graphNode[std::size_t(i)] = view.visibleOf[std::size_t(i)] = i;
    view.edges = graphEdges(graph, includeControl);
    return view;
}

CollapsedGraph collapseScopes(const Graph &graph, const ScopeTree &tree,
                              const std::vector<int> &collapsed, bool includeControl)
{
    // The outermost collapsed scope above each scope; parents precede children, so one pass works.
    std::vector<char> isCollapsed(std::size_t(tree.size()), 0);
    for (int s : collapsed)
        if (s > ScopeTree::root && s < tree.size())
            isCollapsed[std::size_t(s)] = 1;
    std::vector<int> hiddenBy(std::size_t(tree.size()), -1);
    for (int s = 1; s < tree.size(); ++s) {
        const int parentHider = hiddenBy[std::size_t(tree.scope(s).parent)];
        hiddenBy[std::size_t(s)] = parentHider >= 0 ? parentHider
            : isCollapsed[std::size_t(s)]           ? s
                                                    : -1;
    }

    CollapsedGraph view;
    const int n = int(graph.nodes().size());
    view.visibleOf.assign(std::size_t(n), -1);
    std::vector<int> visibleOfScope(std::size_t(tree.size()), -1);
    for (int i = 0; i < n; ++i) {
        const int hider = hiddenBy[std::size_t(tree.scopeOf(i))];
        if (hider < 0) {
            view.visibleOf[std::size_t(i)] = view.size();
            view.graphNode.push_back(i);
            view.scope.push_back(-1);
            continue;
        }
        int &visible = visibleOfScope[std::size_t(hider)];
        if (visible < 0) { // placed where its first node was, which keeps file order meaningful
            visible = view.size();
            view.graphNode.push_back(-1);
            view.scope.push_back(hider);
        }
        view.visibleOf[std::size_t(i)] = visible;
    }
    for (const auto &[from, to] : graphEdges(graph, includeControl)) {
        const int a = view.visibleOf[std::size_t(from)];
        const int b = view.visibleOf[std::size_t(to)];
        if (a != b)
            view.edges.push_back({a, b});
    }
    std::sort(view.edges.begin(), view.edges.end());
    view.edges.erase(std::unique(view.edges.begin(), view.edges.end()), view.edges.end());
    return view;
}

std::string visibleLabel(const Graph &graph, const ScopeTree &tree, const CollapsedGraph &view,
                         int visible)
{
    const int node = view.graphNode[std::size_t(visible)];
    if (node >= 0) {
        const Node &n = graph.nodes()[std::size_t(node)];
        return std::string(n.opType.empty() ? n.name : n.opType);
    }
    const Scope &scope = tree.scope(view.scope[std::size_t(visible)]);
    return scope.label + " (" + std::to_string(scope.totalNodes) + ")";
}

} // namespace opsinfo
