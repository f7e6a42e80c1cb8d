#include "graphminimap.h"

#include "graphcanvas.h"

#include <QMouseEvent>
#include <QPainter>

namespace opsinfo {

GraphMiniMap::GraphMiniMap(GraphCanvas *view)
    : QWidget(view)
    , m_view(view)
{
    setCursor(Qt::PointingHandCursor);
    setToolTip(tr("Overview: click or drag to move the view"));
}

void GraphMiniMap::invalidate()
{
    m_dirty = true;
    update();
}

void GraphMiniMap::resizeEvent(QResizeEvent *)
{
    m_dirty = true;
}

QRectF GraphMiniMap::overviewRect() const
{
    const CanvasScene *scene = m_view->scene();
    if (!scene)
        return {};
    const QRectF b = scene->bounds();
    const double scale = std::min(double(width()) / std::max(1.0, b.width()),
                                  double(height()) / std::max(1.0, b.height()));
    const QSizeF size = b.size() * scale;
    return QRectF(QPointF((width() - size.width()) / 2.0, (height() - size.height()) / 2.0), size);
}

void GraphMiniMap::paintEvent(QPaintEvent *)
{
    // Rendered once per scene or style change; painting the frame over it is cheap.
    if (m_dirty || m_overview.size() != size()) {
        m_overview = m_view->renderOverview(size());
        m_dirty = false;
    }
    QPainter painter(this);
    painter.drawImage(0, 0, m_overview);
    painter.setPen(QColor(0x90, 0xa4, 0xae));
    painter.setBrush(Qt::NoBrush);
    painter.drawRect(rect().adjusted(0, 0, -1, -1));
    const CanvasScene *scene = m_view->scene();
    if (!scene || scene->bounds().isEmpty())
        return;
    const QRectF target = overviewRect();
    const QRectF b = scene->bounds();
    const QRectF visible = m_view->visibleSceneRect();
    auto map = [&](const QPointF &p) {
        return QPointF(
            target.left() + (p.x() - b.left()) / std::max(1e-9, b.width()) * target.width(),
            target.top() + (p.y() - b.top()) / std::max(1e-9, b.height()) * target.height());
    };
    QRectF frame(map(visible.topLeft()), map(visible.bottomRight()));
    frame = frame.intersected(QRectF(rect()));
    if (frame.width() < 3 || frame.height() < 3) // a point would be lost: keep it findable
        frame = QRectF(frame.center() - QPointF(2, 2), QSizeF(4, 4));
    painter.setPen(QPen(QColor(0x00, 0x96, 0x88), 1.5));
    painter.setBrush(QColor(0x00, 0x96, 0x88, 40));
    painter.drawRect(frame);
}

void GraphMiniMap::moveViewTo(const QPointF &point)
{
    const CanvasScene *scene = m_view->scene();
    if (!scene)
        return;
    const QRectF target = overviewRect();
    const QRectF b = scene->bounds();
    if (target.isEmpty())
        return;
    m_view->centerOn(QPointF(b.left() + (point.x() - target.left()) / target.width() * b.width(),
                             b.top() + (point.y() - target.top()) / target.height() * b.height()));
}

void GraphMiniMap::mousePressEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton)
        moveViewTo(event->position());
}

void GraphMiniMap::mouseMoveEvent(QMouseEvent *event)
{
    if (event->buttons() & Qt::LeftButton)
        moveViewTo(event->position());
}

} // namespace opsinfo
