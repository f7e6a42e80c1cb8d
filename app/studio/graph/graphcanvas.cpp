#include "graphcanvas.h"

#include "graphminimap.h"
#include "studio/tasks/backgroundrelease.h"

#include <QKeyEvent>
#include <QPainter>
#include <QScrollBar>
#include <QToolTip>

#include <algorithm>
#include <cmath>
#include <utility>

namespace opsinfo {

namespace {
constexpr double kMaxScale = 8.0;
constexpr double kZoomStep = 1.25;
const QColor kBackground(0xf4, 0xf6, 0xf7);
} // namespace

GraphCanvas::GraphCanvas(QWidget *parent)
    : QAbstractScrollArea(parent)
    , m_miniMap(new GraphMiniMap(this))
{
    setFocusPolicy(Qt::StrongFocus);
    viewport()->setMouseTracking(false);
    viewport()->setAttribute(Qt::WA_OpaquePaintEvent);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    m_miniMap->hide();
}

GraphCanvas::~GraphCanvas() = default;

void GraphCanvas::setGraph(const Graph &graph, const LayoutOptions &options)
{
    setScene(std::make_shared<CanvasScene>(graph, options));
}

void GraphCanvas::setScene(std::shared_ptr<CanvasScene> scene)
{
    const int oldCount = m_scene ? m_scene->graphNodeCount() : -1;
    std::shared_ptr<CanvasScene> old = std::exchange(m_scene, std::move(scene));
    releaseInBackground(std::move(old));
    if (!m_scene || m_scene->graphNodeCount() != oldCount)
        m_styles.clear();
    m_selectedNode = m_selectedScope = -1;
    m_matches.clear();
    m_searchText.clear();
    m_matchIndex = -1;
    m_miniMap->setVisible(m_miniMapWanted && m_scene && m_scene->visibleCount() > 0);
    sceneRelaidOut();
    fitToView();
}

void GraphCanvas::clear()
{
    setScene(nullptr);
}

void GraphCanvas::setNodeStyles(NodeStyles styles)
{
    m_styles = std::move(styles);
    m_visibleStyles = m_scene ? visibleStyles(*m_scene, m_styles) : std::vector<NodeStyle> {};
    m_miniMap->invalidate();
    viewport()->update();
}

void GraphCanvas::setDiffMarks(EdgeMarks marks, bool diff)
{
    m_edgeMarks = std::move(marks);
    m_diff = diff;
    m_miniMap->invalidate();
    viewport()->update();
}

void GraphCanvas::sceneRelaidOut()
{
    m_visibleStyles = m_scene ? visibleStyles(*m_scene, m_styles) : std::vector<NodeStyle> {};
    updateScrollBars();
    m_miniMap->invalidate();
    placeMiniMap();
    viewport()->update();
    emit sceneChanged();
}

int GraphCanvas::selectedVisible() const
{
    if (!m_scene)
        return -1;
    if (m_selectedNode >= 0 && m_selectedNode < m_scene->graphNodeCount())
        return m_scene->visibleOf(m_selectedNode);
    if (m_selectedScope >= 0)
        for (int v = 0; v < m_scene->visibleCount(); ++v) // only on paint of a selected scope
            if (m_scene->scopeOf(v) == m_selectedScope)
                return v;
    return -1;
}

void GraphCanvas::emitSelection()
{
    viewport()->update();
    m_miniMap->update();
    emit nodeSelected(m_selectedNode);
    if (m_selectedScope >= 0)
        emit scopeSelected(m_selectedScope);
}

void GraphCanvas::selectNode(int graphNode, bool center)
{
    if (!m_scene || graphNode < 0 || graphNode >= m_scene->graphNodeCount()) {
        clearSelection();
        return;
    }
    const auto before = m_scene->collapsedScopes();
    const int visible = m_scene->reveal(graphNode);
    if (m_scene->collapsedScopes() != before)
        sceneRelaidOut();
    m_selectedNode = graphNode;
    m_selectedScope = -1;
    if (center && visible >= 0) {
        // Zoom in far enough to read the label before centering.
        if (m_scale * m_scene->options().nodeHeight < 16.0) {
            m_scale = 1.0;
            emit zoomChanged(m_scale);
        }
        centerOn(m_scene->rect(visible).center());
    }
    emitSelection();
}

void GraphCanvas::selectScope(int scope)
{
    if (!m_scene || scope <= ScopeTree::root || scope >= m_scene->scopes().size()) {
        clearSelection();
        return;
    }
    m_selectedNode = -1;
    m_selectedScope = scope;
    emitSelection();
}

void GraphCanvas::clearSelection()
{
    if (m_selectedNode < 0 && m_selectedScope < 0)
        return;
    m_selectedNode = m_selectedScope = -1;
    emitSelection();
}

bool GraphCanvas::search(const QString &text)
{
    if (!m_scene)
        return false;
    if (text != m_searchText) {
        m_searchText = text;
        m_matches = m_scene->find(text);
        m_matchIndex = -1;
    }
    if (m_matches.empty())
        return false;
    m_matchIndex = (m_matchIndex + 1) % int(m_matches.size());
    selectNode(m_matches[std::size_t(m_matchIndex)], true);
    return true;
}

void GraphCanvas::setScopeCollapsed(int scope, bool collapsed)
{
    if (!m_scene || scope <= ScopeTree::root || scope >= m_scene->scopes().size())
        return;
    // Keep the scope where the user is looking: anchor on the first node inside it.
    const Scope &info = m_scene->scopes().scope(scope);
    int member = info.nodes.empty() ? -1 : info.nodes.front();
    for (int child = 0; member < 0 && child < int(info.children.size()); ++child) {
        const Scope &sub = m_scene->scopes().scope(info.children[std::size_t(child)]);
        member = sub.nodes.empty() ? -1 : sub.nodes.front();
    }
    const QPointF before = member >= 0
        ? mapFromScene(m_scene->rect(m_scene->visibleOf(member)).center())
        : QPointF();
    m_scene->setCollapsed(scope, collapsed);
    if (collapsed && m_selectedNode >= 0
        && m_scene->scopes().contains(scope, m_scene->scopes().scopeOf(m_selectedNode))) {
        m_selectedNode = -1;
        m_selectedScope = scope;
    } else if (!collapsed && m_selectedScope == scope) {
        m_selectedScope = -1;
    }
    sceneRelaidOut();
    if (member >= 0) {
        const QPointF after = m_scene->rect(m_scene->visibleOf(member)).center();
        m_origin = after - before / m_scale;
        updateScrollBars();
    }
}

void GraphCanvas::collapseToDepth(int depth)
{
    if (!m_scene)
        return;
    m_scene->collapseDepth(depth);
    sceneRelaidOut();
    fitToView();
}

double GraphCanvas::fitScale(const QSizeF &size) const
{
    if (!m_scene || m_scene->bounds().isEmpty())
        return 1.0;
    const QRectF b = m_scene->bounds();
    const double margin = 24.0;
    const double sx = std::max(1.0, size.width() - 2 * margin) / std::max(1.0, b.width());
    const double sy = std::max(1.0, size.height() - 2 * margin) / std::max(1.0, b.height());
    return std::min({sx, sy, 1.5});
}

void GraphCanvas::fitToView()
{
    if (!m_scene) {
        m_scale = 1.0;
        m_origin = {};
        updateScrollBars();
        viewport()->update();
        return;
    }
    m_scale = fitScale(viewport()->size());
    centerOn(m_scene->bounds().center());
    m_autoFit = true;
    emit zoomChanged(m_scale);
}

void GraphCanvas::setZoom(double scale)
{
    zoomAt(scale, QRectF(viewport()->rect()).center());
}

void GraphCanvas::zoomIn()
{
    setZoom(m_scale * kZoomStep);
}

void GraphCanvas::zoomOut()
{
    setZoom(m_scale / kZoomStep);
}

void GraphCanvas::zoomAt(double scale, const QPointF &anchor)
{
    const double minScale = std::min(0.5 * fitScale(viewport()->size()), 0.05);
    scale = std::clamp(scale, minScale, kMaxScale);
    const QPointF fixed = mapToScene(anchor);
    m_scale = scale;
    m_origin = fixed - anchor / m_scale;
    m_autoFit = false;
    updateScrollBars();
    viewport()->update();
    m_miniMap->update();
    emit zoomChanged(m_scale);
}

void GraphCanvas::centerOn(const QPointF &scenePoint)
{
    m_autoFit = false;
    m_origin = scenePoint - QPointF(viewport()->width(), viewport()->height()) / (2.0 * m_scale);
    updateScrollBars();
    viewport()->update();
    m_miniMap->update();
}

QPointF GraphCanvas::mapToScene(const QPointF &viewportPoint) const
{
    return m_origin + viewportPoint / m_scale;
}

QPointF GraphCanvas::mapFromScene(const QPointF &scenePoint) const
{
    return (scenePoint - m_origin) * m_scale;
}

QRectF GraphCanvas::visibleSceneRect() const
{
    return QRectF(m_origin, QSizeF(viewport()->width(), viewport()->height()) / m_scale);
}

void GraphCanvas::updateScrollBars()
{
    m_syncingScrollBars = true;
    const QRectF b = m_scene ? m_scene->bounds() : QRectF();
    const QSize vs = viewport()->size();
    // Pixel ranges that let any part of the graph reach the middle of the viewport.
    auto setup = [&](QScrollBar *bar, double lo, double hi, double origin, int page) {
        const double clampedLo = std::clamp(lo * m_scale - page / 2.0, -1e9, 1e9);
        const double clampedHi = std::clamp(hi * m_scale - page / 2.0, -1e9, 1e9);
        bar->setRange(int(std::floor(clampedLo)), int(std::ceil(std::max(clampedLo, clampedHi))));
        bar->setPageStep(page);
        bar->setSingleStep(std::max(1, page / 20));
        bar->setValue(int(std::lround(std::clamp(origin * m_scale, -1e9, 1e9))));
    };
    setup(horizontalScrollBar(), b.left(), b.right(), m_origin.x(), vs.width());
    setup(verticalScrollBar(), b.top(), b.bottom(), m_origin.y(), vs.height());
    m_syncingScrollBars = false;
}

void GraphCanvas::scrollContentsBy(int, int)
{
    if (m_syncingScrollBars)
        return;
    m_origin = QPointF(horizontalScrollBar()->value(), verticalScrollBar()->value()) / m_scale;
    m_autoFit = false;
    viewport()->update();
    m_miniMap->update();
}

void GraphCanvas::paintOver(QPainter &painter, const QRectF &area, const QTransform &toDevice,
                            const QRect &device, bool interactive) const
{
    RenderRequest request;
    request.edgeMarks = m_diff ? &m_edgeMarks : nullptr;
    request.area = area;
    request.toDevice = toDevice;
    request.deviceRect = device;
    if (interactive) {
        request.selected = selectedVisible();
        if (m_matchIndex >= 0 && m_matchIndex < int(m_matches.size()))
            request.marked.push_back(m_scene->visibleOf(m_matches[std::size_t(m_matchIndex)]));
    }
    const PaintStats stats = paintGraph(painter, *m_scene, m_visibleStyles, request);
    if (interactive)
        m_stats = stats;
}

void GraphCanvas::paintEvent(QPaintEvent *)
{
    QPainter painter(viewport());
    painter.fillRect(viewport()->rect(), kBackground);
    if (!m_scene || m_scene->visibleCount() == 0) {
        m_stats = {};
        painter.setPen(QColor(0x78, 0x90, 0x9c));
        painter.drawText(viewport()->rect(), Qt::AlignCenter, tr("No graph loaded"));
        return;
    }
    const QTransform toDevice
        = QTransform::fromScale(m_scale, m_scale).translate(-m_origin.x(), -m_origin.y());
    paintOver(painter, visibleSceneRect(), toDevice, viewport()->rect(), true);
    if (m_legendVisible)
        paintLegend(painter, QPointF(10, 10), m_diff ? LegendKind::Diff : LegendKind::Dtypes);
}

void GraphCanvas::resizeEvent(QResizeEvent *event)
{
    QAbstractScrollArea::resizeEvent(event);
    if (m_autoFit) // still showing the whole graph: keep doing so as the widget settles
        fitToView();
    updateScrollBars();
    placeMiniMap();
}

void GraphCanvas::placeMiniMap()
{
    const QRect area = viewport()->geometry();
    const int side = std::clamp(std::min(area.width(), area.height()) / 4, 80, 200);
    m_miniMap->setGeometry(area.right() - side - 8, area.bottom() - side - 8, side, side);
    m_miniMap->raise();
}

void GraphCanvas::setLegendVisible(bool visible)
{
    m_legendVisible = visible;
    viewport()->update();
}

void GraphCanvas::setMiniMapVisible(bool visible)
{
    m_miniMapWanted = visible;
    m_miniMap->setVisible(visible && m_scene && m_scene->visibleCount() > 0);
}

bool GraphCanvas::isMiniMapVisible() const
{
    return m_miniMap->isVisibleTo(this);
}

void GraphCanvas::wheelEvent(QWheelEvent *event)
{
    if (!m_scene)
        return;
    const double steps = event->angleDelta().y() / 120.0;
    if (steps == 0.0) {
        QAbstractScrollArea::wheelEvent(event);
        return;
    }
    zoomAt(m_scale * std::pow(kZoomStep, steps), event->position());
    event->accept();
}

void GraphCanvas::keyPressEvent(QKeyEvent *event)
{
    const int panX = viewport()->width() / 10, panY = viewport()->height() / 10;
    switch (event->key()) {
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        zoomIn();
        break;
    case Qt::Key_Minus:
        zoomOut();
        break;
    case Qt::Key_0:
    case Qt::Key_F:
        fitToView();
        break;
    case Qt::Key_Left:
        horizontalScrollBar()->setValue(horizontalScrollBar()->value() - panX);
        break;
    case Qt::Key_Right:
        horizontalScrollBar()->setValue(horizontalScrollBar()->value() + panX);
        break;
    case Qt::Key_Up:
        verticalScrollBar()->setValue(verticalScrollBar()->value() - panY);
        break;
    case Qt::Key_Down:
        verticalScrollBar()->setValue(verticalScrollBar()->value() + panY);
        break;
    case Qt::Key_Escape:
        clearSelection();
        break;
    case Qt::Key_Return:
    case Qt::Key_Enter:
        if (m_selectedScope >= 0)
            setScopeCollapsed(m_selectedScope, false);
        else if (m_selectedNode >= 0 && m_scene)
            setScopeCollapsed(m_scene->scopes().scopeOf(m_selectedNode), true);
        break;
    default:
        QAbstractScrollArea::keyPressEvent(event);
        return;
    }
    event->accept();
}

void GraphCanvas::mousePressEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton || !m_scene)
        return;
    const int v = m_scene->visibleAt(mapToScene(event->position()));
    if (v >= 0) {
        if (m_scene->graphNodeOf(v) >= 0)
            selectNode(m_scene->graphNodeOf(v), false);
        else
            selectScope(m_scene->scopeOf(v));
        return;
    }
    m_dragging = true;
    m_dragStart = m_lastDrag = event->position().toPoint();
    viewport()->setCursor(Qt::ClosedHandCursor);
}

void GraphCanvas::mouseMoveEvent(QMouseEvent *event)
{
    if (!m_dragging)
        return;
    const QPoint delta = event->position().toPoint() - m_lastDrag;
    m_lastDrag = event->position().toPoint();
    m_origin -= QPointF(delta) / m_scale;
    m_autoFit = false;
    updateScrollBars();
    viewport()->update();
    m_miniMap->update();
}

void GraphCanvas::mouseReleaseEvent(QMouseEvent *event)
{
    if (m_dragging && (event->position().toPoint() - m_dragStart).manhattanLength() < 3)
        clearSelection(); // a click on the background
    m_dragging = false;
    viewport()->unsetCursor();
}

void GraphCanvas::mouseDoubleClickEvent(QMouseEvent *event)
{
    if (!m_scene || event->button() != Qt::LeftButton)
        return;
    const int v = m_scene->visibleAt(mapToScene(event->position()));
    if (v < 0)
        return;
    const int node = m_scene->graphNodeOf(v);
    if (node < 0) {
        setScopeCollapsed(m_scene->scopeOf(v), false);
        return;
    }
    emit nodeActivated(node);
    const int scope = m_scene->scopes().scopeOf(node);
    if (scope != ScopeTree::root)
        setScopeCollapsed(scope, true);
}

bool GraphCanvas::viewportEvent(QEvent *event)
{
    if (event->type() == QEvent::ToolTip && m_scene) {
        auto *help = static_cast<QHelpEvent *>(event);
        const int v = m_scene->visibleAt(mapToScene(help->pos()));
        if (v >= 0)
            QToolTip::showText(help->globalPos(), m_scene->toolTip(v), viewport());
        else
            QToolTip::hideText();
        return true;
    }
    return QAbstractScrollArea::viewportEvent(event);
}

} // namespace opsinfo
