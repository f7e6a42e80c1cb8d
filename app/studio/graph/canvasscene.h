#pragma once

#include "graph/graph.h"
#include "layout/graphlayout.h"
#include "spatialindex.h"

#include <QPolygonF>
#include <QRectF>
#include <QString>

#include <memory>
#include <vector>

namespace opsinfo {

// What the canvas shows, without any widget: a skeleton copy of the graph (names, types,
// edges), its scope tree, the collapsed scopes, the layout of what is visible and spatial
// indexes over it. Building one lays the graph out, so for large graphs build it off the UI
// thread and hand it to GraphCanvas::setScene().
class CanvasScene
{
public:
    struct Edge
    {
        int from = -1; // visible nodes
        int to = -1;
        QPolygonF points;
        QRectF box;
        bool reversed = false;
    };

    // `collapseDepth` > 0 lays out only what is visible with the scopes at that depth collapsed
    // (collapseDepth() afterwards would lay the whole graph out first, then again).
    explicit CanvasScene(const Graph &graph, const LayoutOptions &options = {},
                         int collapseDepth = 0);
    // The scene a newly opened graph starts from: kOverviewDepth collapsed above kOverviewAbove
    // nodes.
    static std::shared_ptr<CanvasScene> overview(const Graph &graph);

    const Graph &graph() const { return m_graph; } // the skeleton: no attributes, shapes, subgraphs
    const ScopeTree &scopes() const { return m_scopes; }
    int graphNodeCount() const { return int(m_graph.nodes().size()); }

    int visibleCount() const { return m_view.size(); }
    int visibleOf(int graphNode) const { return m_view.visibleOf[std::size_t(graphNode)]; }
    int graphNodeOf(int visible) const
    {
        return m_view.graphNode[std::size_t(visible)];
    } // -1: a scope
    int scopeOf(int visible) const { return m_view.scope[std::size_t(visible)]; } // -1: a node
    const QRectF &rect(int visible) const { return m_rects[std::size_t(visible)]; }
    const QString &label(int visible) const { return m_labels[std::size_t(visible)]; }
    QString toolTip(int visible) const;
    const std::vector<Edge> &edges() const { return m_edges; }
    QRectF bounds() const { return m_bounds; }
    const LayoutOptions &options() const { return m_options; }
    const std::vector<Diagnostic> &diagnostics() const { return m_layout.diagnostics; }

    // Collapsing changes the visible nodes and lays them out again.
    bool isCollapsed(int scope) const;
    const std::vector<int> &collapsedScopes() const { return m_collapsed; }
    void setCollapsedScopes(std::vector<int> scopes);
    void setCollapsed(int scope, bool collapsed);
    void collapseDepth(int depth); // every scope at that depth; 0 expands everything
    // Expands the collapsed scopes hiding `graphNode`; returns its visible index.
    int reveal(int graphNode);

    int visibleAt(const QPointF &point) const; // -1 when nothing is there
    void visibleIn(const QRectF &area, std::vector<int> &out) const;
    void edgesIn(const QRectF &area, std::vector<int> &out) const;

    // Graph nodes whose name or op type contains `text` (case-insensitive), in graph order.
    std::vector<int> find(const QString &text) const;

private:
    void relayout();
    // Sorted, unique, without the root and ids out of range.
    std::vector<int> validScopes(std::vector<int> scopes) const;

    Graph m_graph;
    ScopeTree m_scopes;
    LayoutOptions m_options;
    std::vector<int> m_collapsed; // sorted
    CollapsedGraph m_view;
    GraphLayout m_layout;
    std::vector<QRectF> m_rects;
    std::vector<QString> m_labels;
    std::vector<Edge> m_edges;
    QRectF m_bounds;
    SpatialIndex m_nodeIndex;
    SpatialIndex m_edgeIndex;
};

} // namespace opsinfo
