#pragma once

#include "layout/layouttypes.h"

#include <string>
#include <utility>
#include <vector>

namespace opsinfo {

class Graph;
class ScopeTree;

// What is on screen when some scopes are collapsed: graph nodes outside collapsed scopes, plus
// one node per outermost collapsed scope. Edges between the same pair of visible nodes are merged
// and edges inside a collapsed scope disappear.
struct CollapsedGraph
{
    std::vector<int> graphNode; // per visible node: the graph node, or -1 for a collapsed scope
    std::vector<int> scope; // per visible node: the collapsed scope, or -1 for a graph node
    std::vector<int> visibleOf; // per graph node: the visible node showing it
    std::vector<std::pair<int, int>> edges; // distinct producer -> consumer pairs of visible nodes

    int size() const { return int(graphNode.size()); }
};

// Graph edges (data inputs with a resolved producer, and control inputs if asked) as distinct
// producer -> consumer pairs. Unresolved producers are skipped: they have nothing to draw.
std::vector<std::pair<int, int>> graphEdges(const Graph &graph, bool includeControl = true);

// The identity view: every graph node visible, nothing collapsed.
CollapsedGraph expandedGraph(const Graph &graph, bool includeControl = true);

// `collapsed` lists scope ids; one inside another collapsed scope is hidden by its ancestor. The
// root cannot collapse; unknown ids are ignored.
CollapsedGraph collapseScopes(const Graph &graph, const ScopeTree &tree,
                              const std::vector<int> &collapsed, bool includeControl = true);

// The text a visible node shows: the op type of a graph node (its name when it has none),
// "label (N)" for a collapsed scope of N nodes.
std::string visibleLabel(const Graph &graph, const ScopeTree &tree, const CollapsedGraph &view,
                         int visible);

} // namespace opsinfo
