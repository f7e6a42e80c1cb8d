#pragma once

#include <QImage>
#include <QWidget>

namespace opsinfo {

class GraphCanvas;

// A small overview of the whole graph with the visible area framed; click or drag to move there.
class GraphMiniMap : public QWidget
{
    Q_OBJECT
public:
    explicit GraphMiniMap(GraphCanvas *view);

    void invalidate(); // the scene or the styles changed: render the overview again

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    QRectF overviewRect() const; // where the scene bounds land inside this widget
    void moveViewTo(const QPointF &point);

    GraphCanvas *m_view;
    QImage m_overview;
    bool m_dirty = true;
};

} // namespace opsinfo
