#pragma once

#include "canvaspainter.h"
#include "canvasscene.h"
#include "nodestyle.h"

#include <QAbstractScrollArea>

#include <memory>

namespace opsinfo {

class GraphMiniMap;

// The zoomable canvas a graph is drawn on: its CanvasScene painted directly (no item per node, see
// canvaspainter.h), culled through spatial indexes and drawn with level of detail, so it stays
// fluid at 100,000 nodes.
// Mouse: click selects, drag pans, wheel zooms at the cursor, double-click expands a collapsed
// scope or collapses the scope of a node. Keys: + / - zoom, 0 or F fits, arrows pan,
// Enter toggles the selected scope, Esc clears the selection.
class GraphCanvas : public QAbstractScrollArea
{
    Q_OBJECT
public:
    explicit GraphCanvas(QWidget *parent = nullptr);
    ~GraphCanvas() override;

    // Lays the graph out on this thread; for large graphs build a CanvasScene on a worker thread
    // and call setScene(). Keeps node styles when the node count is unchanged.
    void setGraph(const Graph &graph, const LayoutOptions &options = {});
    void setScene(std::shared_ptr<CanvasScene> scene);
    const CanvasScene *scene() const { return m_scene.get(); }
    void clear();

    void setNodeStyles(NodeStyles styles); // indexed by graph node; missing entries are undecided
    const NodeStyles &nodeStyles() const { return m_styles; }
    // A diff of two predictions: the Casts per edge (added, removed, kept) replace the nodes'
    // castOnInput marks, and the legend explains split nodes. Empty marks and false: no diff.
    void setDiffMarks(EdgeMarks marks, bool diff);
    const EdgeMarks &edgeMarks() const { return m_edgeMarks; }
    bool showsDiff() const { return m_diff; }

    int selectedNode() const { return m_selectedNode; } // graph node, -1 when none
    int selectedScope() const { return m_selectedScope; } // collapsed scope, -1 when none
    void selectNode(int graphNode, bool center = true); // expands scopes hiding it
    void selectScope(int scope);
    void clearSelection();

    // Selects and centers the next node whose name or type contains `text` (case-insensitive),
    // cycling through the matches on repeated calls; false when nothing matches.
    bool search(const QString &text);
    int searchMatchCount() const { return int(m_matches.size()); }

    void setScopeCollapsed(int scope, bool collapsed);
    void collapseToDepth(int depth); // 0 expands everything

    double zoom() const { return m_scale; } // device pixels per layout unit
    void setZoom(double scale); // keeps the viewport center
    void zoomIn();
    void zoomOut();
    void fitToView();
    void centerOn(const QPointF &scenePoint);
    QPointF mapToScene(const QPointF &viewportPoint) const;
    QPointF mapFromScene(const QPointF &scenePoint) const;
    QRectF visibleSceneRect() const;

    void setLegendVisible(bool visible);
    bool isLegendVisible() const { return m_legendVisible; }
    void setMiniMapVisible(bool visible);
    bool isMiniMapVisible() const;

    // The whole graph with its legend, as the bytes of an SVG or PNG file (the caller writes them
    // with the one writer, DocumentIo). Empty, saying why in *error, when there is nothing to draw
    // or the image does not fit in memory.
    QByteArray renderSvg(QString *error = nullptr) const;
    QByteArray renderPng(QString *error = nullptr, int maxSide = 8000) const;
    // The whole graph scaled to fit `size` (the minimap uses this too).
    QImage renderOverview(const QSize &size, bool withLegend = false) const;

    PaintStats lastPaintStats() const { return m_stats; }
    const std::vector<NodeStyle> &visibleNodeStyles() const { return m_visibleStyles; }

signals:
    void nodeSelected(int graphNode); // -1 when the selection is cleared or is a scope
    void scopeSelected(int scope); // a collapsed scope was selected
    void nodeActivated(int graphNode); // double-click on a node
    void sceneChanged(); // new scene or new layout after collapse/expand
    void zoomChanged(double scale);

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void scrollContentsBy(int dx, int dy) override;
    void wheelEvent(QWheelEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    bool viewportEvent(QEvent *event) override;

private:
    void sceneRelaidOut();
    void zoomAt(double scale, const QPointF &viewportAnchor);
    void updateScrollBars();
    void placeMiniMap();
    int selectedVisible() const;
    void emitSelection();
    void paintOver(QPainter &painter, const QRectF &area, const QTransform &toDevice,
                   const QRect &device, bool interactive) const;
    double fitScale(const QSizeF &size) const;

    std::shared_ptr<CanvasScene> m_scene;
    NodeStyles m_styles;
    EdgeMarks m_edgeMarks;
    bool m_diff = false;
    std::vector<NodeStyle> m_visibleStyles;
    double m_scale = 1.0;
    QPointF m_origin; // scene point at the viewport's top-left corner
    bool m_syncingScrollBars = false;
    bool m_autoFit = true; // refit on resize until the user zooms or pans
    int m_selectedNode = -1;
    int m_selectedScope = -1;
    QString m_searchText;
    std::vector<int> m_matches;
    int m_matchIndex = -1;
    bool m_legendVisible = true;
    bool m_dragging = false;
    QPoint m_dragStart;
    QPoint m_lastDrag;
    mutable PaintStats m_stats;
    GraphMiniMap *m_miniMap = nullptr;
    bool m_miniMapWanted = true;
};

} // namespace opsinfo
