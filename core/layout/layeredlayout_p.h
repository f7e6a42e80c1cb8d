#pragma once

// Internals of the layered layout shared by its translation units; not part of the API.

#include "layout/layouttypes.h"

#include <span>
#include <utility>
#include <vector>

namespace opsinfo::layout_p {

// Compressed adjacency (CSR): neighbours of v are targets[start[v] .. start[v + 1]).
struct Adjacency
{
    std::vector<int> start;
    std::vector<int> targets;

    std::span<const int> of(int v) const
    {
        return {targets.data() + start[std::size_t(v)],
                std::size_t(start[std::size_t(v) + 1] - start[std::size_t(v)])};
    }
};

// Counting sort, O(n + e). `reverse` indexes by the edge's target (giving its sources).
Adjacency buildAdjacency(int nodeCount, const std::vector<std::pair<int, int>> &edges,
                         bool reverse);

// The layered graph after virtual nodes were inserted: every edge spans exactly one layer.
// Nodes [0, realCount) are the input's, the rest are virtual routing points.
struct ProperLayers
{
    int realCount = 0;
    std::vector<int> layer;
    std::vector<double> width;
    Adjacency up; // neighbours in the layer above
    Adjacency down; // neighbours in the layer below
    std::vector<std::vector<int>> layers; // left-to-right order per layer
    std::vector<int> position; // index of a node within its layer

    int nodeCount() const { return int(layer.size()); }
    bool isVirtual(int v) const { return v >= realCount; }
};

// Crossing reduction: a few barycenter sweeps, each O(e + n log n).
void reduceCrossings(ProperLayers &graph, int sweeps);

// x of every node's center: aligns each node with its neighbours (weighted least squares under
// the layer's spacing constraints, solved exactly per layer by pool-adjacent-violators), so
// chains come out straight. O(n + e) per sweep.
std::vector<double> placeHorizontally(const ProperLayers &graph, const LayoutOptions &options);

} // namespace opsinfo::layout_p
