#include "canvaspainter.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>

#include <array>
#include <cmath>
#include <optional>

namespace opsinfo {

namespace {

constexpr double kLabelPixelSize = 11.0; // scene units; node height is 28 by default
constexpr double kScopeLabelPixelSize = 15.0; // collapsed scopes are 1.5 times as tall
constexpr double kMinLabelPixels = 6.0; // below this on screen a label is unreadable: skip it
const QColor kEdgeColor(0x78, 0x86, 0x8f);
const QColor kSelectionColor(0x00, 0x96, 0x88);
const QColor kMarkColor(0xff, 0xc1, 0x07);

QPolygonF diamond(const QPointF &c, double r)
{
    return QPolygonF(
        {c + QPointF(0, -r), c + QPointF(r, 0), c + QPointF(0, r), c + QPointF(-r, 0)});
}

// Liang-Barsky: the part of a segment inside `clip`. Edges can be far longer than the screen
// (a mask feeding every layer) and the rasterizer's cost grows with the length it strokes.
bool clipSegment(QPointF &a, QPointF &b, const QRectF &clip)
{
    double t0 = 0.0, t1 = 1.0;
    const double dx = b.x() - a.x(), dy = b.y() - a.y();
    const double p[4] = {-dx, dx, -dy, dy};
    const double q[4]
        = {a.x() - clip.left(), clip.right() - a.x(), a.y() - clip.top(), clip.bottom() - a.y()};
    for (int i = 0; i < 4; ++i) {
        if (p[i] == 0.0) {
            if (q[i] < 0.0)
                return false;
            continue;
        }
        const double t = q[i] / p[i];
        if (p[i] < 0.0)
            t0 = std::max(t0, t);
        else
            t1 = std::min(t1, t);
        if (t0 > t1)
            return false;
    }
    const QPointF start = a;
    a = start + QPointF(dx, dy) * t0;
    b = start + QPointF(dx, dy) * t1;
    return true;
}

} // namespace

std::vector<NodeStyle> visibleStyles(const CanvasScene &scene, const NodeStyles &styles)
{
    const int count = scene.visibleCount();
    std::vector<NodeStyle> result(static_cast<std::size_t>(count));
    std::vector<std::array<int, NodeStyle::kindCount>> votes;
    std::vector<std::array<int, NodeStyle::engineCount>> engineVotes;
    std::vector<int> voteSlot(std::size_t(count), -1);
    for (int node = 0; node < scene.graphNodeCount() && node < int(styles.size()); ++node) {
        const int v = scene.visibleOf(node);
        const NodeStyle &style = styles[std::size_t(node)];
        if (scene.graphNodeOf(v) == node) {
            result[std::size_t(v)] = style;
            continue;
        }
        int &slot = voteSlot[std::size_t(v)];
        if (slot < 0) {
            slot = int(votes.size());
            votes.push_back({});
            engineVotes.push_back({});
        }
        ++votes[std::size_t(slot)][std::size_t(style.kind)];
        ++engineVotes[std::size_t(slot)][std::size_t(style.engine)];
        result[std::size_t(v)].ambiguous |= style.ambiguous;
        result[std::size_t(v)].castOnInput |= style.castOnInput;
        result[std::size_t(v)].changed |= style.changed;
        result[std::size_t(v)].badge = worseBadge(result[std::size_t(v)].badge, style.badge);
    }
    for (int v = 0; v < count; ++v) {
        const int slot = voteSlot[std::size_t(v)];
        if (slot < 0)
            continue;
        const auto &tally = votes[std::size_t(slot)];
        // The engine most members run on; "none" only when no member has one.
        const auto &engines = engineVotes[std::size_t(slot)];
        int engine = NodeStyle::NoEngine;
        for (int e = 0; e < NodeStyle::NoEngine; ++e)
            if (engines[std::size_t(e)] > 0
                && (engine == NodeStyle::NoEngine
                    || engines[std::size_t(e)] > engines[std::size_t(engine)]))
                engine = e;
        result[std::size_t(v)].engine = NodeStyle::Engine(engine);
        // Errors win outright: a collapsed block hiding an error must still show it.
        if (tally[NodeStyle::Error] > 0) {
            result[std::size_t(v)].kind = result[std::size_t(v)].before = NodeStyle::Error;
            continue;
        }
        int best = NodeStyle::Undecided;
        for (int k = 0; k < NodeStyle::kindCount; ++k)
            if (k != NodeStyle::NotFe && k != NodeStyle::Undecided && tally[std::size_t(k)] > 0
                && (best == NodeStyle::Undecided
                    || tally[std::size_t(k)] > tally[std::size_t(best)]))
                best = k;
        if (best == NodeStyle::Undecided && tally[NodeStyle::NotFe] > 0)
            best = NodeStyle::NotFe;
        // A scope is not split: its members changed in different ways.
        result[std::size_t(v)].kind = result[std::size_t(v)].before = NodeStyle::Kind(best);
    }
    return result;
}

namespace {

// One paint of the graph: what every pass reads, and the figures they add up.
struct PaintPass
{
    QPainter &painter;
    const CanvasScene &scene;
    const std::vector<NodeStyle> &styles;
    const RenderRequest &request;
    QTransform base; // the painter's transform before the scene's
    double scale; // device pixels per scene unit
    PaintStats stats;

    NodeStyle styleOf(int v) const
    {
        return std::size_t(v) < styles.size() ? styles[std::size_t(v)] : NodeStyle {};
    }
};

struct CastDiamond
{
    QPolygonF shape;
    EdgeMark mark = EdgeMark::CastKept;
};

// The Cast an edge carries: from the diff's marks when there are any, else from the consumer's
// castOnInput.
std::optional<EdgeMark> castOn(const PaintPass &pass, const CanvasScene::Edge &edge)
{
    if (!pass.request.edgeMarks) {
        if (pass.styleOf(edge.to).castOnInput)
            return EdgeMark::CastKept;
        return std::nullopt;
    }
    const int producer = pass.scene.graphNodeOf(edge.from),
              consumer = pass.scene.graphNodeOf(edge.to);
    if (producer < 0 || consumer < 0)
        return std::nullopt;
    const auto it = pass.request.edgeMarks->find(edgeKey(producer, consumer));
    if (it == pass.request.edgeMarks->end())
        return std::nullopt;
    return it->second;
}

// Edges, under the nodes: short ones curved when few, long ones without antialiasing, reversed
// (cycle-breaking) ones dashed red, arrowheads when readable. Returns the cast diamonds of the
// edges' heads, drawn last so that no node hides one.
std::vector<CastDiamond> paintEdges(PaintPass &pass)
{
    QPainter &painter = pass.painter;
    const RenderRequest &request = pass.request;
    const double s = pass.scale;
    std::vector<int> ids;
    pass.scene.edgesIn(request.area, ids);
    QVector<QLineF> lines;
    QPainterPath curves, arrows;
    std::vector<CastDiamond> casts;
    const bool fewEdges = ids.size() < 4000 && s > 0.15;
    const QRectF clip = request.area.adjusted(-request.area.width(), -request.area.height(),
                                              request.area.width(), request.area.height());
    // Antialiasing a line costs per pixel; lines crossing the screen go without it.
    QVector<QLineF> longLines;
    const double longLine = 300.0 / s;
    auto addClipped = [&](QVector<QLineF> &out, const QPolygonF &p) {
        for (qsizetype i = 1; i < p.size(); ++i) {
            QPointF a = p[i - 1], b = p[i];
            if (!clipSegment(a, b, clip))
                continue;
            const QLineF line(a, b);
            (&out == &lines && std::abs(line.dy()) + std::abs(line.dx()) > longLine ? longLines
                                                                                    : out)
                .append(line);
        }
    };
    QVector<QLineF> reversedLines;
    const bool detailed = s * 6.0 >= 3.0; // arrowheads and cast diamonds readable
    for (int e : ids) {
        const CanvasScene::Edge &edge = pass.scene.edges()[std::size_t(e)];
        if (edge.box.width() * s < 1.0 && edge.box.height() * s < 1.0)
            continue; // sub-pixel
        ++pass.stats.edges;
        const QPolygonF &p = edge.points;
        if (edge.reversed) {
            addClipped(reversedLines, p);
        } else if (p.size() == 2 && fewEdges && clip.contains(edge.box)) {
            const double midY = (p[0].y() + p[1].y()) / 2.0;
            curves.moveTo(p[0]);
            curves.cubicTo(QPointF(p[0].x(), midY), QPointF(p[1].x(), midY), p[1]);
        } else {
            addClipped(lines, p);
        }
        const QPointF end = p.back();
        if (detailed && !edge.reversed)
            arrows.addPolygon(
                QPolygonF({end, end + QPointF(-3.5, -7), end + QPointF(3.5, -7), end}));
        if (const std::optional<EdgeMark> mark
            = edge.reversed ? std::nullopt : castOn(pass, edge)) {
            const double r = std::max(4.5, 2.5 / s); // at least a few pixels wide
            casts.push_back({diamond(end - QPointF(0, std::max(10.0, r + 8.0)), r), *mark});
            ++pass.stats.castMarks;
            pass.stats.castsAdded += *mark == EdgeMark::CastAdded ? 1 : 0;
            pass.stats.castsRemoved += *mark == EdgeMark::CastRemoved ? 1 : 0;
        }
    }
    QPen edgePen(kEdgeColor, 1.2);
    edgePen.setCosmetic(true);
    painter.setPen(edgePen);
    painter.setBrush(Qt::NoBrush);
    painter.drawLines(lines);
    painter.drawPath(curves);
    painter.setRenderHint(QPainter::Antialiasing, false);
    painter.drawLines(longLines);
    painter.setRenderHint(QPainter::Antialiasing, s > 0.2);
    edgePen.setStyle(Qt::DashLine);
    edgePen.setColor(QColor(0xc6, 0x28, 0x28));
    painter.setPen(edgePen);
    painter.drawLines(reversedLines);
    painter.setPen(Qt::NoPen);
    painter.setBrush(kEdgeColor);
    painter.drawPath(arrows);
    return casts;
}

// Node boxes in scene units when at least a couple of pixels, else one device pixel per pixel
// (the first node there wins). Returns the nodes tall enough for marks and labels.
std::vector<int> paintNodes(PaintPass &pass)
{
    QPainter &painter = pass.painter;
    const RenderRequest &request = pass.request;
    const double s = pass.scale;
    std::vector<int> ids;
    pass.scene.visibleIn(request.area, ids);
    std::array<QVector<QRectF>, NodeStyle::kindCount> boxes, tiny, leftHalves;
    std::array<QVector<QRectF>, NodeStyle::engineCount> stripes;
    QVector<QRectF> changed;
    std::vector<unsigned char> occupied;
    const QRect device = request.deviceRect;
    std::vector<int> big;
    for (int v : ids) {
        const QRectF &r = pass.scene.rect(v);
        const auto kind = std::size_t(pass.styleOf(v).kind);
        ++pass.stats.nodes;
        if (std::max(r.width(), r.height()) * s >= 2.5) {
            boxes[kind].append(r);
            const NodeStyle style = pass.styleOf(v);
            if (style.changed) {
                changed.append(r);
                ++pass.stats.changedNodes;
                if (style.before != style.kind)
                    leftHalves[std::size_t(style.before)].append(
                        QRectF(r.left(), r.top(), r.width() / 2, r.height()));
            }
            if (r.width() * s >= 12.0) { // a stripe a few pixels wide, never hiding the fill
                const auto engine = std::size_t(style.engine);
                stripes[engine].append(
                    QRectF(r.left(), r.top(), std::min(6.0, r.width() / 5.0), r.height()));
                ++pass.stats.engineStripes[engine];
            }
            if (r.height() * s >= 10.0)
                big.push_back(v);
            continue;
        }
        ++pass.stats.tinyNodes;
        const QPointF c = request.toDevice.map(r.center());
        const int px = int(std::floor(c.x())) - device.left(),
                  py = int(std::floor(c.y())) - device.top();
        if (device.isValid() && px >= 0 && py >= 0 && px < device.width() && py < device.height()) {
            if (occupied.empty())
                occupied.assign(std::size_t(device.width()) * std::size_t(device.height()), 0);
            unsigned char &cell
                = occupied[std::size_t(py) * std::size_t(device.width()) + std::size_t(px)];
            if (cell)
                continue;
            cell = 1;
        }
        tiny[kind].append(QRectF(c.x() - 1.0, c.y() - 1.0, 2.0, 2.0));
    }
    QPen outline(QColor(0x45, 0x5a, 0x64), 1.0);
    outline.setCosmetic(true);
    for (int k = 0; k < NodeStyle::kindCount; ++k) {
        if (boxes[std::size_t(k)].isEmpty())
            continue;
        painter.setBrush(nodeStyleColor(NodeStyle::Kind(k)));
        painter.setPen(s >= 0.25 ? outline : QPen(Qt::NoPen));
        painter.drawRects(boxes[std::size_t(k)]);
    }
    // A diff: side A's colour over the left half, and a highlight around every changed node.
    painter.setPen(Qt::NoPen);
    for (int k = 0; k < NodeStyle::kindCount; ++k) {
        if (leftHalves[std::size_t(k)].isEmpty())
            continue;
        painter.setBrush(nodeStyleColor(NodeStyle::Kind(k)));
        painter.drawRects(leftHalves[std::size_t(k)]);
    }
    for (int e = 0; e < NodeStyle::engineCount; ++e) {
        if (stripes[std::size_t(e)].isEmpty())
            continue;
        painter.setBrush(nodeEngineColor(NodeStyle::Engine(e)));
        painter.drawRects(stripes[std::size_t(e)]);
    }
    if (!changed.isEmpty()) {
        QPen highlight(changedNodeColor(), 2.5);
        highlight.setCosmetic(true);
        painter.setPen(highlight);
        painter.setBrush(Qt::NoBrush);
        painter.drawRects(changed);
    }
    painter.setTransform(pass.base);
    painter.setPen(Qt::NoPen);
    for (int k = 0; k < NodeStyle::kindCount; ++k) {
        if (tiny[std::size_t(k)].isEmpty())
            continue;
        // Undecided white would vanish on the background: a tiny node is at least gray.
        painter.setBrush(k == NodeStyle::Undecided ? QColor(0x9e, 0x9e, 0x9e)
                                                   : nodeStyleColor(NodeStyle::Kind(k)));
        painter.drawRects(tiny[std::size_t(k)]);
    }
    painter.setTransform(request.toDevice, true);
    return big;
}

// On the readable nodes `big`: the stack of a collapsed scope, the ambiguity mark, the label.
void paintNodeMarks(PaintPass &pass, const std::vector<int> &big)
{
    QPainter &painter = pass.painter;
    const double s = pass.scale;
    QFont font = painter.font();
    font.setPixelSize(int(kLabelPixelSize));
    QFont scopeFont = font;
    scopeFont.setPixelSize(int(kScopeLabelPixelSize));
    scopeFont.setBold(true);
    painter.setFont(font);
    const QFontMetricsF metrics(font), scopeMetrics(scopeFont);
    const bool labels = kLabelPixelSize * s >= kMinLabelPixels;
    const bool scopeLabels = kScopeLabelPixelSize * s >= kMinLabelPixels;
    for (int v : big) {
        const QRectF &r = pass.scene.rect(v);
        const NodeStyle style = pass.styleOf(v);
        if (pass.scene.scopeOf(v) >= 0) { // a stack: the group has more inside
            QPen stack(QColor(0x45, 0x5a, 0x64), 1.0);
            stack.setCosmetic(true);
            painter.setPen(stack);
            painter.setBrush(Qt::NoBrush);
            painter.drawRect(r.adjusted(3, 3, 3, 3));
            painter.drawRect(r.adjusted(-1.5, -1.5, 1.5, 1.5));
        }
        if (style.ambiguous) {
            QPen dashed(Qt::black, 2.0, Qt::DashLine);
            dashed.setCosmetic(true);
            painter.setPen(dashed);
            painter.setBrush(Qt::NoBrush);
            painter.drawRect(r);
            painter.setBrush(kMarkColor);
            painter.setPen(Qt::NoPen);
            painter.drawEllipse(QPointF(r.right(), r.top()), 7, 7);
            if (labels) {
                painter.setPen(Qt::black);
                painter.drawText(QRectF(r.right() - 7, r.top() - 7, 14, 14), Qt::AlignCenter,
                                 QStringLiteral("?"));
            }
            ++pass.stats.ambiguousMarks;
        }
        if (style.badge != NodeStyle::NoBadge) { // measured evidence: bottom-left corner
            painter.setPen(QPen(Qt::white, 1.5));
            painter.setBrush(nodeBadgeColor(style.badge));
            painter.drawEllipse(QPointF(r.left(), r.bottom()), 6, 6);
            if (labels && style.badge == NodeStyle::Flagged) {
                painter.setPen(Qt::white);
                painter.drawText(QRectF(r.left() - 6, r.bottom() - 6, 12, 12), Qt::AlignCenter,
                                 QStringLiteral("!"));
            }
            ++pass.stats.badges;
        }
        const bool isScope = pass.scene.scopeOf(v) >= 0;
        if (isScope ? scopeLabels : labels) {
            const bool split = style.changed && style.before != style.kind && !isScope;
            if (split) { // two colours under the text: a light plate keeps it readable
                const double w = std::min(r.width() - 4.0,
                                          metrics.horizontalAdvance(pass.scene.label(v)) + 6.0);
                painter.setPen(Qt::NoPen);
                painter.setBrush(QColor(255, 255, 255, 200));
                painter.drawRoundedRect(QRectF(r.center().x() - w / 2, r.center().y() - 7, w, 14),
                                        3, 3);
            }
            painter.setPen(split ? QColor(0x21, 0x21, 0x21) : nodeStyleTextColor(style.kind));
            painter.setFont(isScope ? scopeFont : font);
            const QString text
                = (isScope ? scopeMetrics : metrics)
                      .elidedText(pass.scene.label(v), Qt::ElideMiddle, r.width() - 6.0);
            painter.drawText(r, Qt::AlignCenter, text);
            ++pass.stats.labels;
        }
    }
}

// Rings around the search hits and the selected node.
void paintRings(PaintPass &pass)
{
    QPainter &painter = pass.painter;
    const RenderRequest &request = pass.request;
    for (int v : request.marked) {
        if (v < 0 || v >= pass.scene.visibleCount())
            continue;
        QPen ring(kMarkColor, 3.0);
        ring.setCosmetic(true);
        painter.setPen(ring);
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(pass.scene.rect(v).adjusted(-4, -4, 4, 4));
    }
    if (request.selected >= 0 && request.selected < pass.scene.visibleCount()) {
        QPen ring(kSelectionColor, 3.0);
        ring.setCosmetic(true);
        painter.setPen(ring);
        painter.setBrush(Qt::NoBrush);
        const double grow = std::max(3.0, 3.0 / pass.scale);
        painter.drawRect(pass.scene.rect(request.selected).adjusted(-grow, -grow, grow, grow));
    }
}

// A Cast: filled where both sides (or the only prediction) insert it, with "+" where only B
// does, hollow with "−" where only A does.
void paintCastDiamond(QPainter &painter, const QPolygonF &shape, EdgeMark mark)
{
    if (mark == EdgeMark::CastRemoved) {
        QPen outline(castMarkColor(), 1.5);
        outline.setCosmetic(true);
        painter.setPen(outline);
        painter.setBrush(Qt::white);
    } else {
        painter.setPen(QPen(Qt::white, 0));
        painter.setBrush(castMarkColor());
    }
    painter.drawPolygon(shape);
    if (mark == EdgeMark::CastKept)
        return;
    const QRectF box = shape.boundingRect();
    const double arm = box.width() * 0.22;
    QPen sign(mark == EdgeMark::CastAdded ? QColor(Qt::white) : castMarkColor(), 1.5);
    sign.setCosmetic(true);
    painter.setPen(sign);
    painter.drawLine(QPointF(box.center().x() - arm, box.center().y()),
                     QPointF(box.center().x() + arm, box.center().y()));
    if (mark == EdgeMark::CastAdded)
        painter.drawLine(QPointF(box.center().x(), box.center().y() - arm),
                         QPointF(box.center().x(), box.center().y() + arm));
}

} // namespace

PaintStats paintGraph(QPainter &painter, const CanvasScene &scene,
                      const std::vector<NodeStyle> &styles, const RenderRequest &request)
{
    PaintPass pass {painter, scene, styles, request, painter.transform(), request.toDevice.m11(),
                    {}};
    painter.setTransform(request.toDevice, true);
    painter.setRenderHint(QPainter::Antialiasing, pass.scale > 0.2);

    const std::vector<CastDiamond> casts = paintEdges(pass);
    const std::vector<int> big = paintNodes(pass);
    paintNodeMarks(pass, big);
    paintRings(pass);
    // Cast diamonds go last so a node never hides one.
    for (const CastDiamond &d : casts)
        paintCastDiamond(painter, d.shape, d.mark);
    painter.setTransform(pass.base);
    return pass.stats;
}

QRectF paintLegend(QPainter &painter, const QPointF &topLeft, LegendKind kind)
{
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    QFont font = painter.font();
    font.setPixelSize(11);
    painter.setFont(font);
    const QFontMetricsF metrics(font);
    const double row = 17.0, chip = 11.0, pad = 8.0;
    enum class Entry { Kind, Engine, Cast, Ambiguous, Split, Added, Removed };
    QList<std::pair<Entry, QString>> entries;
    for (int k = 0; k < NodeStyle::kindCount; ++k)
        entries.append({Entry::Kind, nodeStyleName(NodeStyle::Kind(k))});
    for (int e = 0; e < NodeStyle::engineCount; ++e)
        entries.append({Entry::Engine, nodeEngineLegend(NodeStyle::Engine(e))});
    if (kind == LegendKind::Diff) {
        entries.append(
            {Entry::Split, QCoreApplication::translate("GraphCanvas", "changed: A | B")});
        entries.append(
            {Entry::Cast, QCoreApplication::translate("GraphCanvas", "Cast on both sides")});
        entries.append(
            {Entry::Added, QCoreApplication::translate("GraphCanvas", "Cast added in B")});
        entries.append(
            {Entry::Removed, QCoreApplication::translate("GraphCanvas", "Cast removed in B")});
    } else {
        entries.append({Entry::Cast, QCoreApplication::translate("GraphCanvas", "Cast inserted")});
    }
    entries.append(
        {Entry::Ambiguous, QCoreApplication::translate("GraphCanvas", "ambiguous (gray)")});
    double textWidth = 0.0;
    for (const auto &entry : entries)
        textWidth = std::max(textWidth, metrics.horizontalAdvance(entry.second));
    const QRectF frame(topLeft,
                       QSizeF(pad * 3 + chip + textWidth, pad * 2 + row * double(entries.size())));
    painter.setPen(QColor(0xb0, 0xbe, 0xc5));
    painter.setBrush(QColor(255, 255, 255, 225));
    painter.drawRoundedRect(frame, 4, 4);
    for (int i = 0; i < int(entries.size()); ++i) {
        const QRectF chipRect(frame.left() + pad, frame.top() + pad + row * i + (row - chip) / 2,
                              chip, chip);
        switch (entries[i].first) {
        case Entry::Kind:
            painter.setPen(QColor(0x45, 0x5a, 0x64));
            painter.setBrush(nodeStyleColor(NodeStyle::Kind(i)));
            painter.drawRect(chipRect);
            break;
        case Entry::Engine: // a white box with its engine stripe
            painter.setPen(QColor(0x45, 0x5a, 0x64));
            painter.setBrush(Qt::white);
            painter.drawRect(chipRect);
            painter.setPen(Qt::NoPen);
            painter.setBrush(nodeEngineColor(NodeStyle::Engine(i - NodeStyle::kindCount)));
            painter.drawRect(QRectF(chipRect.topLeft(), QSizeF(chip / 3, chip)));
            break;
        case Entry::Split:
            painter.setPen(Qt::NoPen);
            painter.setBrush(nodeStyleColor(NodeStyle::Fp32));
            painter.drawRect(QRectF(chipRect.topLeft(), QSizeF(chip / 2, chip)));
            painter.setBrush(nodeStyleColor(NodeStyle::Fp16));
            painter.drawRect(QRectF(chipRect.center().x(), chipRect.top(), chip / 2, chip));
            painter.setPen(QPen(changedNodeColor(), 1.5));
            painter.setBrush(Qt::NoBrush);
            painter.drawRect(chipRect);
            break;
        case Entry::Cast:
            painter.setPen(Qt::NoPen);
            painter.setBrush(castMarkColor());
            painter.drawPolygon(diamond(chipRect.center(), chip / 2));
            break;
        case Entry::Added:
            paintCastDiamond(painter, diamond(chipRect.center(), chip / 2 + 1),
                             EdgeMark::CastAdded);
            break;
        case Entry::Removed:
            paintCastDiamond(painter, diamond(chipRect.center(), chip / 2 + 1),
                             EdgeMark::CastRemoved);
            break;
        case Entry::Ambiguous:
            painter.setPen(QPen(Qt::black, 1.5, Qt::DashLine));
            painter.setBrush(Qt::NoBrush);
            painter.drawRect(chipRect);
            break;
        }
        painter.setPen(QColor(0x21, 0x21, 0x21));
        painter.drawText(
            QRectF(chipRect.right() + pad, frame.top() + pad + row * i, textWidth + 2, row),
            Qt::AlignVCenter | Qt::AlignLeft, entries[i].second);
    }
    painter.restore();
    return frame;
}

} // namespace opsinfo
