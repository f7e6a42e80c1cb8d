#pragma once

#include "resolver/resolution.h"

#include <cstddef>
#include <vector>

namespace opsinfo {

class Graph;

// A node whose decision differs between two predictions of the same graph: another dtype or
// another engine.
struct NodeChange
{
    int index = -1; // Resolution index (top-level nodes: the graph index)
    bool topLevel = true; // not inside a subgraph
    const NodeResolution *a = nullptr;
    const NodeResolution *b = nullptr;
    int castsA = 0; // Casts inserted on this node's inputs, in A and in B
    int castsB = 0;
};

// What changes from one prediction to another (`opsinfo resolve diff`, the app's diff panel).
// Points into both resolutions, which must outlive it.
struct ResolutionDiff
{
    std::vector<NodeChange> changed; // in outputOrder() of A
    std::size_t castsA = 0;
    std::size_t castsB = 0;
    long castDelta() const { return long(castsB) - long(castsA); }
};

// Both resolutions are of `graph`. Resolutions of different sizes (not of the same graph) compare
// as no node changed.
ResolutionDiff diffResolutions(const Graph &graph, const Resolution &a, const Resolution &b);

} // namespace opsinfo
