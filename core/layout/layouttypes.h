#pragma once

#include "common/diagnostic.h"

#include <functional>
#include <utility>
#include <vector>

namespace opsinfo {

struct LayoutPoint
{
    double x = 0.0;
    double y = 0.0;
};

struct LayoutSize
{
    double width = 0.0;
    double height = 0.0;
};

struct LayoutRect
{
    double x = 0.0;
    double y = 0.0;
    double width = 0.0;
    double height = 0.0;

    double right() const { return x + width; }
    double bottom() const { return y + height; }
    LayoutPoint center() const { return {x + width / 2.0, y + height / 2.0}; }
    bool intersects(const LayoutRect &o) const
    {
        return x < o.right() && o.x < right() && y < o.bottom() && o.y < bottom();
    }
};

// Units are abstract "pixels at 100 % zoom"; the defaults suit a 9-10 pt label font.
struct LayoutOptions
{
    double nodeHeight = 28.0;
    double charWidth = 7.0; // average advance of a label glyph
    double labelPadding = 20.0; // left + right inside a node
    double minNodeWidth = 48.0;
    double maxNodeWidth = 280.0;
    double nodeGap = 24.0; // horizontal space between neighbours in a layer
    double layerGap = 36.0; // vertical space between layers
    int crossingSweeps = 3; // barycenter down+up pairs
    int placementSweeps = 3; // x alignment down+up pairs (one more down pass ends it)
    // Edges spanning more layers than this get no virtual nodes: they are drawn straight, which
    // keeps the work linear when one tensor (a mask, a position id) feeds the whole network.
    int maxDummySpan = 48;
    bool includeControlEdges = true;
    // Overrides the label-based size; called with the index of a node of the laid-out graph.
    std::function<LayoutSize(int node)> nodeSize;
};

struct NodeBox
{
    LayoutRect rect; // top-left origin, y grows downwards
    int layer = 0;
};

struct EdgeRoute
{
    int from = -1; // laid-out node indices
    int to = -1;
    std::vector<LayoutPoint> points; // polyline from the producer's bottom to the consumer's top
    bool reversed = false; // closes a cycle: drawn upwards
};

struct GraphLayout
{
    std::vector<NodeBox> nodes; // same order as the laid-out graph's nodes
    std::vector<EdgeRoute> edges; // one per distinct producer -> consumer pair
    LayoutRect bounds;
    int layerCount = 0;
    int virtualNodes = 0; // routing points inserted for edges spanning layers
    std::vector<Diagnostic> diagnostics;
};

// The abstract input of the layered layout: sizes and directed edges between node indices.
struct LayeredInput
{
    std::vector<LayoutSize> sizes;
    std::vector<std::pair<int, int>> edges;
};

} // namespace opsinfo
