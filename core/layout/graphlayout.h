#pragma once

#include "layout/collapsedgraph.h"
#include "layout/layeredlayout.h"
#include "layout/layouttypes.h"
#include "layout/scopetree.h"

namespace opsinfo {

class Graph;

// Lays out every node of `graph`; result.nodes[i] is graph node i. Missing producers are not
// edges; cycles are broken and reported.
GraphLayout layoutGraph(const Graph &graph, const LayoutOptions &options = {});

// Lays out what `view` shows (see collapseScopes); result.nodes[i] is visible node i. Collapsed
// scopes are drawn taller than op nodes so they read as groups.
GraphLayout layoutGraph(const Graph &graph, const ScopeTree &tree, const CollapsedGraph &view,
                        const LayoutOptions &options = {});

// The size a label of `characters` glyphs needs under `options`.
LayoutSize labelSize(std::size_t characters, const LayoutOptions &options);

} // namespace opsinfo
