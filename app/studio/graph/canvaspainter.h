#pragma once

#include "canvasscene.h"
#include "edgemarks.h"
#include "nodestyle.h"

#include <QRectF>
#include <QTransform>

#include <vector>

class QPainter;

// The canvas's painter: GraphCanvas, its exports (SVG, PNG) and the minimap draw a CanvasScene
// through these functions, so what is on screen and what is written are the same drawing.

namespace opsinfo {

// What the last paint drew: the level of detail made visible to tests and to a status line.
struct PaintStats
{
    int nodes = 0; // visible nodes painted (tiny ones merged per pixel count once)
    int tinyNodes = 0; // nodes too small for a box, drawn as a pixel
    int labels = 0;
    int edges = 0; // edges painted; sub-pixel ones are skipped
    int castMarks = 0;
    int castsAdded = 0; // diff marks (RenderRequest::edgeMarks)
    int castsRemoved = 0;
    int changedNodes = 0; // nodes painted split in two halves
    int ambiguousMarks = 0;
    int badges = 0; // measured-evidence badges drawn
    int engineStripes[NodeStyle::engineCount] = {}; // per NodeStyle::Engine
};

// Per visible node: its graph node's style, or for a collapsed scope the most common kind and
// engine of its members (ambiguous / cast when any member is).
std::vector<NodeStyle> visibleStyles(const CanvasScene &scene, const NodeStyles &styles);

struct RenderRequest
{
    QRectF area; // scene rectangle to paint
    QTransform toDevice; // scene -> painter device, a scale and a translation
    QRect deviceRect; // the device pixels covered (for per-pixel merging of tiny nodes)
    int selected = -1; // visible node drawn highlighted
    std::vector<int> marked; // visible nodes drawn with a search-hit ring
    // A diff: Casts per edge instead of the nodes' castOnInput marks (null: none).
    const EdgeMarks *edgeMarks = nullptr;
};

// Paints edges, nodes, labels and marks with level of detail: labels only where readable,
// nodes smaller than a pixel merged per pixel, sub-pixel edges skipped, curves only when few.
PaintStats paintGraph(QPainter &painter, const CanvasScene &scene,
                      const std::vector<NodeStyle> &styles, const RenderRequest &request);

enum class LegendKind { Dtypes, Diff };

// The colour key, drawn at `topLeft` in device coordinates; returns the rectangle used: the fills,
// the engine stripes with their reasons, the marks. A diff's key adds the split node (A | B) and
// the Casts added and removed.
QRectF paintLegend(QPainter &painter, const QPointF &topLeft, LegendKind kind = LegendKind::Dtypes);

} // namespace opsinfo
