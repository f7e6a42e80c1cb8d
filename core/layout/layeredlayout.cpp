#include "layout/layeredlayout.h"

#include "common/coretext.h"

#include "layout/layeredlayout_p.h"

#include <algorithm>
#include <climits>
#include <string>

namespace opsinfo {

using layout_p::Adjacency;
using layout_p::ProperLayers;

namespace layout_p {

Adjacency buildAdjacency(int nodeCount, const std::vector<std::pair<int, int>> &edges, bool reverse)
{
    Adjacency adjacency;
    adjacency.start.assign(std::size_t(nodeCount) + 1, 0);
    for (const auto &[from, to] : edges)
        ++adjacency.start[std::size_t(reverse ? to : from) + 1];
    for (int v = 0; v < nodeCount; ++v)
        adjacency.start[std::size_t(v) + 1] += adjacency.start[std::size_t(v)];
    adjacency.targets.resize(edges.size());
    std::vector<int> fill(adjacency.start.begin(), adjacency.start.end() - 1);
    for (const auto &[from, to] : edges)
        adjacency.targets[std::size_t(fill[std::size_t(reverse ? to : from)]++)]
            = reverse ? from : to;
    return adjacency;
}

} // namespace layout_p

namespace {

// Kahn's order that never stalls: when only cycles remain, the lowest-index waiting node is
// taken anyway, so every node gets a position and edges pointing backwards close cycles.
std::vector<int> acyclicOrder(int n, const Adjacency &out, const Adjacency &in)
{
    std::vector<int> pending(static_cast<std::size_t>(n));
    for (int v = 0; v < n; ++v)
        pending[std::size_t(v)] = int(in.of(v).size());
    std::vector<char> placed(std::size_t(n), 0);
    std::vector<int> order;
    order.reserve(std::size_t(n));
    std::vector<int> queue;
    queue.reserve(std::size_t(n));
    for (int v = 0; v < n; ++v)
        if (pending[std::size_t(v)] == 0)
            queue.push_back(v);
    std::size_t head = 0;
    int forceFrom = 0;
    while (int(order.size()) < n) {
        if (head == queue.size()) {
            while (placed[std::size_t(forceFrom)] || pending[std::size_t(forceFrom)] == 0)
                ++forceFrom; // a pending-0 node not placed would already be queued
            pending[std::size_t(forceFrom)] = 0;
            queue.push_back(forceFrom);
        }
        const int v = queue[head++];
        if (placed[std::size_t(v)])
            continue;
        placed[std::size_t(v)] = 1;
        order.push_back(v);
        for (int w : out.of(v))
            if (!placed[std::size_t(w)] && pending[std::size_t(w)] > 0
                && --pending[std::size_t(w)] == 0)
                queue.push_back(w);
    }
    return order;
}

std::vector<int> assignLayers(int n, const std::vector<int> &order, const std::vector<int> &pos,
                              const Adjacency &out, const Adjacency &in)
{
    std::vector<int> layer(std::size_t(n), 0);
    for (int v : order)
        for (int u : in.of(v))
            if (pos[std::size_t(u)] < pos[std::size_t(v)])
                layer[std::size_t(v)] = std::max(layer[std::size_t(v)], layer[std::size_t(u)] + 1);
    // Longest path puts every weight and graph input on the top layer; pulling nodes down to
    // just above their first consumer keeps those edges one layer long.
    for (auto it = order.rbegin(); it != order.rend(); ++it) {
        const int v = *it;
        int firstConsumer = INT_MAX;
        for (int w : out.of(v))
            if (pos[std::size_t(w)] > pos[std::size_t(v)])
                firstConsumer = std::min(firstConsumer, layer[std::size_t(w)]);
        if (firstConsumer != INT_MAX && firstConsumer - 1 > layer[std::size_t(v)])
            layer[std::size_t(v)] = firstConsumer - 1;
    }
    return layer;
}

// Depth-first preorder from the sources: the first path found (the main chain) goes left and
// each branch stays together, which is a good start for the barycenter sweeps.
std::vector<int> depthFirstRank(const ProperLayers &g, const std::vector<int> &roots)
{
    const int total = g.nodeCount();
    std::vector<int> rank(std::size_t(total), -1);
    std::vector<std::pair<int, int>> stack; // node, next child slot
    int next = 0;
    auto visit = [&](int root) {
        if (rank[std::size_t(root)] >= 0)
            return;
        rank[std::size_t(root)] = next++;
        stack.push_back({root, 0});
        while (!stack.empty()) {
            auto &[v, slot] = stack.back();
            const auto children = g.down.of(v);
            if (slot == int(children.size())) {
                stack.pop_back();
                continue;
            }
            const int w = children[std::size_t(slot++)];
            if (rank[std::size_t(w)] < 0) {
                rank[std::size_t(w)] = next++;
                stack.push_back({w, 0});
            }
        }
    };
    for (int v : roots)
        visit(v);
    for (int v = 0; v < total;
         ++v) // virtual nodes are reached from their producer; this is a guard
        visit(v);
    return rank;
}

struct Bands
{
    std::vector<double> top;
    std::vector<double> height;
};

Bands layerBands(const ProperLayers &g, const std::vector<LayoutSize> &sizes,
                 const LayoutOptions &options)
{
    Bands bands;
    const std::size_t count = g.layers.size();
    bands.top.assign(count, 0.0);
    bands.height.assign(count, 0.0);
    for (int v = 0; v < g.realCount; ++v) {
        auto &h = bands.height[std::size_t(g.layer[std::size_t(v)])];
        h = std::max(h, sizes[std::size_t(v)].height);
    }
    double y = 0.0;
    for (std::size_t l = 0; l < count; ++l) {
        bands.top[l] = y;
        y += bands.height[l] + options.layerGap;
    }
    return bands;
}

// Several inputs of one node arrive side by side, ordered like their producers, instead of all
// meeting in one point.
void spreadInputPorts(GraphLayout &layout, int n)
{
    std::vector<std::pair<int, int>> byTarget;
    byTarget.reserve(layout.edges.size());
    for (int e = 0; e < int(layout.edges.size()); ++e)
        if (!layout.edges[std::size_t(e)].reversed)
            byTarget.push_back({layout.edges[std::size_t(e)].to, e});
    const Adjacency incoming = layout_p::buildAdjacency(n, byTarget, false);
    std::vector<int> edges;
    for (int v = 0; v < n; ++v) {
        const auto list = incoming.of(v);
        if (list.size() < 2)
            continue;
        edges.assign(list.begin(), list.end());
        auto approachX = [&](int e) {
            const auto &points = layout.edges[std::size_t(e)].points;
            return points[points.size() - 2].x;
        };
        std::sort(edges.begin(), edges.end(),
                  [&](int a, int b) { return approachX(a) < approachX(b); });
        const LayoutRect &rect = layout.nodes[std::size_t(v)].rect;
        const double step = std::min(14.0, rect.width * 0.7 / double(edges.size() - 1));
        const double first = rect.center().x - step * double(edges.size() - 1) / 2.0;
        for (std::size_t i = 0; i < edges.size(); ++i)
            layout.edges[std::size_t(edges[i])].points.back().x = first + step * double(i);
    }
}

using EdgeList = std::vector<std::pair<int, int>>;

// The edges between two distinct nodes of the graph, sorted, each once; a warning counts those
// that name no node.
EdgeList validEdges(const LayeredInput &input, int n, std::vector<Diagnostic> &diagnostics)
{
    EdgeList edges;
    edges.reserve(input.edges.size());
    std::size_t invalid = 0;
    for (const auto &[from, to] : input.edges) {
        if (from < 0 || to < 0 || from >= n || to >= n) {
            ++invalid;
            continue;
        }
        if (from != to)
            edges.push_back({from, to});
    }
    std::sort(edges.begin(), edges.end());
    edges.erase(std::unique(edges.begin(), edges.end()), edges.end());
    if (invalid > 0)
        diagnostics.push_back({Severity::Warning,
                               {},
                               "layout-edge",
                               CoreText::tr("%1 edges name nodes that do not exist", invalid) + "; "
                                   + CoreText::tr("they are not drawn"),
                               CoreText::tr("this is a bug in the caller of the layout") + "; "
                                   + CoreText::tr("please report it")});
    return edges;
}

// How an edge is drawn: upwards beside its nodes when it closes a cycle, else down through the
// virtual nodes from `firstVirtual` on (one per layer crossed), or straight when it has none.
struct Route
{
    int firstVirtual = -1;
    bool reversed = false;
};

// Virtual nodes for moderately long edges, within a budget that keeps the total linear, added to
// `g`; the edges between adjacent layers (virtual nodes included) go to `proper`.
std::vector<Route> routeThroughLayers(const EdgeList &edges, const std::vector<int> &pos,
                                      const LayoutOptions &options, ProperLayers &g,
                                      EdgeList &proper, GraphLayout &result)
{
    const int n = g.realCount;
    std::vector<Route> routes(edges.size());
    proper.reserve(edges.size() * 2);
    const long long budget = 3LL * n + 64;
    std::size_t backEdges = 0;
    for (std::size_t e = 0; e < edges.size(); ++e) {
        const auto [u, v] = edges[e];
        if (pos[std::size_t(u)] > pos[std::size_t(v)]) {
            routes[e].reversed = true;
            ++backEdges;
            continue;
        }
        const int span = g.layer[std::size_t(v)] - g.layer[std::size_t(u)];
        if (span == 1) {
            proper.push_back({u, v});
        } else if (span <= options.maxDummySpan && result.virtualNodes + span - 1 <= budget) {
            int previous = u;
            routes[e].firstVirtual = g.nodeCount();
            for (int l = g.layer[std::size_t(u)] + 1; l < g.layer[std::size_t(v)]; ++l) {
                const int d = g.nodeCount();
                g.layer.push_back(l);
                g.width.push_back(0.0);
                proper.push_back({previous, d});
                previous = d;
                ++result.virtualNodes;
            }
            proper.push_back({previous, v});
        }
    }
    if (backEdges > 0)
        result.diagnostics.push_back(
            {Severity::Warning,
             {},
             "layout-cycle",
             CoreText::tr("%1 edges close a cycle", backEdges) + "; "
                 + CoreText::tr("they are drawn upwards"),
             CoreText::tr("a dataflow graph should be acyclic") + "; "
                 + CoreText::tr("check the inputs of the nodes they point to")});
    return routes;
}

// The layers' first order, before crossings are reduced: depth-first from `order`.
void fillLayers(ProperLayers &g, const EdgeList &proper, const std::vector<int> &order,
                GraphLayout &result)
{
    const int total = g.nodeCount();
    g.up = layout_p::buildAdjacency(total, proper, true);
    g.down = layout_p::buildAdjacency(total, proper, false);
    for (int v = 0; v < total; ++v)
        result.layerCount = std::max(result.layerCount, g.layer[std::size_t(v)] + 1);
    g.layers.assign(std::size_t(result.layerCount), {});
    g.position.assign(std::size_t(total), 0);
    const std::vector<int> rank = depthFirstRank(g, order);
    std::vector<int> byRank(static_cast<std::size_t>(total));
    for (int v = 0; v < total; ++v)
        byRank[std::size_t(rank[std::size_t(v)])] = v;
    for (int v : byRank) {
        auto &row = g.layers[std::size_t(g.layer[std::size_t(v)])];
        g.position[std::size_t(v)] = int(row.size());
        row.push_back(v);
    }
}

// Where the layout reaches left and right, before it is shifted to start at 0.
struct Extent
{
    double minX = 0.0;
    double maxX = 0.0;
};

// The boxes of the real nodes, centred in their layer's band, shifted so the leftmost starts at 0.
Extent placeNodes(const ProperLayers &g, const std::vector<LayoutSize> &sizes,
                  const std::vector<double> &x, const Bands &bands, GraphLayout &result)
{
    const int n = g.realCount;
    const int total = g.nodeCount();
    Extent extent;
    result.nodes.resize(std::size_t(n));
    for (int v = 0; v < n; ++v) {
        const auto &size = sizes[std::size_t(v)];
        const int l = g.layer[std::size_t(v)];
        NodeBox &box = result.nodes[std::size_t(v)];
        box.layer = l;
        box.rect = {x[std::size_t(v)] - size.width / 2.0,
                    bands.top[std::size_t(l)] + (bands.height[std::size_t(l)] - size.height) / 2.0,
                    size.width, size.height};
        extent.minX = v == 0 ? box.rect.x : std::min(extent.minX, box.rect.x);
        extent.maxX = v == 0 ? box.rect.right() : std::max(extent.maxX, box.rect.right());
    }
    for (int v = n; v < total; ++v) {
        extent.minX = std::min(extent.minX, x[std::size_t(v)]);
        extent.maxX = std::max(extent.maxX, x[std::size_t(v)]);
    }
    for (NodeBox &box : result.nodes)
        box.rect.x -= extent.minX;
    return extent;
}

// Each edge's points: from the bottom of its source through its virtual nodes' bands to the top
// of its target, or (closing a cycle) out to the right and back; `extent` grows to hold them.
void drawEdges(const EdgeList &edges, const std::vector<Route> &routes, const ProperLayers &g,
               const std::vector<double> &x, const Bands &bands, const LayoutOptions &options,
               Extent &extent, GraphLayout &result)
{
    result.edges.resize(edges.size());
    for (std::size_t e = 0; e < edges.size(); ++e) {
        const auto [u, v] = edges[e];
        const LayoutRect &a = result.nodes[std::size_t(u)].rect;
        const LayoutRect &b = result.nodes[std::size_t(v)].rect;
        EdgeRoute &route = result.edges[e];
        route.from = u;
        route.to = v;
        route.reversed = routes[e].reversed;
        if (route.reversed) {
            const double side = std::max(a.right(), b.right()) + options.nodeGap;
            route.points = {{a.right(), a.center().y},
                            {side, (a.center().y + b.center().y) / 2.0},
                            {b.right(), b.center().y}};
            extent.maxX = std::max(extent.maxX, side + extent.minX);
            continue;
        }
        route.points.push_back({a.center().x, a.bottom()});
        if (routes[e].firstVirtual >= 0) {
            const int span = g.layer[std::size_t(v)] - g.layer[std::size_t(u)];
            for (int d = routes[e].firstVirtual; d < routes[e].firstVirtual + span - 1; ++d) {
                const int l = g.layer[std::size_t(d)];
                const double dx = x[std::size_t(d)] - extent.minX;
                route.points.push_back({dx, bands.top[std::size_t(l)]});
                route.points.push_back(
                    {dx, bands.top[std::size_t(l)] + bands.height[std::size_t(l)]});
            }
        }
        route.points.push_back({b.center().x, b.y});
    }
}

} // namespace

GraphLayout layoutLayered(const LayeredInput &input, const LayoutOptions &options)
{
    GraphLayout result;
    const int n = int(input.sizes.size());
    const EdgeList edges = validEdges(input, n, result.diagnostics);

    const Adjacency out = layout_p::buildAdjacency(n, edges, false);
    const Adjacency in = layout_p::buildAdjacency(n, edges, true);
    const std::vector<int> order = acyclicOrder(n, out, in);
    std::vector<int> pos(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i)
        pos[std::size_t(order[std::size_t(i)])] = i;

    ProperLayers g;
    g.realCount = n;
    g.layer = assignLayers(n, order, pos, out, in);
    g.width.resize(std::size_t(n));
    std::vector<LayoutSize> sizes = input.sizes;
    for (int v = 0; v < n; ++v) {
        auto &size = sizes[std::size_t(v)];
        size.width = std::max(size.width, 1.0);
        size.height = std::max(size.height, 1.0);
        g.width[std::size_t(v)] = size.width;
    }

    EdgeList proper;
    const std::vector<Route> routes = routeThroughLayers(edges, pos, options, g, proper, result);
    fillLayers(g, proper, order, result);
    layout_p::reduceCrossings(g, options.crossingSweeps);
    const std::vector<double> x = layout_p::placeHorizontally(g, options);
    const Bands bands = layerBands(g, sizes, options);

    Extent extent = placeNodes(g, sizes, x, bands, result);
    drawEdges(edges, routes, g, x, bands, options, extent, result);
    spreadInputPorts(result, n);

    const double height = bands.top.empty() ? 0.0 : bands.top.back() + bands.height.back();
    result.bounds = {0.0, 0.0, n > 0 ? extent.maxX - extent.minX : 0.0, height};
    return result;
}

} // namespace opsinfo
