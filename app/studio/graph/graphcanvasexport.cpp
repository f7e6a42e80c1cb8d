// GraphCanvas's rendering of the whole graph: the PNG and SVG export bytes and the minimap's
// overview.
#include "graphcanvas.h"

#include <QBuffer>
#include <QImageWriter>
#include <QPainter>
#include <QSvgGenerator>

#include <algorithm>
#include <cmath>

namespace opsinfo {

namespace {
constexpr int kExportMargin = 24;
} // namespace

QImage GraphCanvas::renderOverview(const QSize &size, bool withLegend) const
{
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    if (!m_scene || m_scene->visibleCount() == 0 || size.isEmpty())
        return image;
    const QRectF b = m_scene->bounds();
    const double scale = std::min(double(size.width()) / std::max(1.0, b.width()),
                                  double(size.height()) / std::max(1.0, b.height()));
    const QPointF offset((size.width() - b.width() * scale) / 2.0,
                         (size.height() - b.height() * scale) / 2.0);
    QPainter painter(&image);
    const QTransform toDevice = QTransform::fromTranslate(offset.x(), offset.y())
                                    .scale(scale, scale)
                                    .translate(-b.left(), -b.top());
    paintOver(painter, b, toDevice, image.rect(), false);
    if (withLegend)
        paintLegend(painter, QPointF(8, 8), m_diff ? LegendKind::Diff : LegendKind::Dtypes);
    return image;
}

QByteArray GraphCanvas::renderPng(QString *error, int maxSide) const
{
    if (!m_scene) {
        if (error)
            *error = tr("There is no graph to export.");
        return {};
    }
    const QRectF b = m_scene->bounds();
    const double side = std::max(b.width(), b.height()) + 2 * kExportMargin;
    const double scale = std::min(1.0, double(maxSide) / std::max(1.0, side));
    const int legendWidth = 200; // beside the graph, unscaled, as in the SVG
    const QSize size(std::max(1, int(std::ceil((b.width() + 2 * kExportMargin) * scale)))
                         + legendWidth,
                     std::max(220, int(std::ceil((b.height() + 2 * kExportMargin) * scale))));
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    if (image.isNull()) {
        if (error)
            *error = tr("The image (%1 x %2 pixels) does not fit in memory; export SVG instead.")
                         .arg(size.width())
                         .arg(size.height());
        return {};
    }
    image.fill(Qt::white);
    {
        QPainter painter(&image);
        const QTransform toDevice
            = QTransform::fromScale(scale, scale)
                  .translate(kExportMargin - b.left(), kExportMargin - b.top());
        paintOver(painter, b.adjusted(-1, -1, 1, 1), toDevice, image.rect(), false);
        paintLegend(painter, QPointF(size.width() - legendWidth + 8, 8),
                    m_diff ? LegendKind::Diff : LegendKind::Dtypes);
    }
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QImageWriter writer(&buffer, "png");
    if (!writer.write(image)) {
        if (error)
            *error = tr("Cannot encode the image: %1.").arg(writer.errorString());
        return {};
    }
    return buffer.data();
}

QByteArray GraphCanvas::renderSvg(QString *error) const
{
    if (!m_scene) {
        if (error)
            *error = tr("There is no graph to export.");
        return {};
    }
    const QRectF b = m_scene->bounds();
    const QSize size(int(std::ceil(b.width())) + 2 * kExportMargin + 200,
                     int(std::ceil(b.height())) + 2 * kExportMargin);
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    generator.setSize(size);
    generator.setViewBox(QRect(QPoint(0, 0), size));
    generator.setTitle(QString::fromUtf8(m_scene->graph().name));
    generator.setDescription(tr("Graph exported by OpsInfo Studio"));
    QPainter painter;
    if (!painter.begin(&generator)) {
        if (error)
            *error = tr("Cannot draw the SVG image.");
        return {};
    }
    painter.fillRect(QRect(QPoint(0, 0), size), Qt::white);
    const QTransform toDevice
        = QTransform::fromTranslate(kExportMargin - b.left(), kExportMargin - b.top());
    paintOver(painter, b.adjusted(-1, -1, 1, 1), toDevice, QRect(), false);
    paintLegend(painter, QPointF(b.width() + 2 * kExportMargin, kExportMargin),
                m_diff ? LegendKind::Diff : LegendKind::Dtypes);
    painter.end();
    if (buffer.data().isEmpty() && error)
        *error = tr("Cannot draw the SVG image.");
    return buffer.data();
}

} // namespace opsinfo
