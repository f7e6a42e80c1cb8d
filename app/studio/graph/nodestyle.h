#pragma once

#include <QColor>
#include <QString>

#include <vector>

namespace opsinfo {

// How the graph view paints one graph node. Deliberately independent of the resolver's types:
// the application maps its decisions onto this.
struct NodeStyle
{
    enum Kind { Fp16, Bf16, Fp32, AiCpu, Error, NotFe, Undecided };
    static constexpr int kindCount = Undecided + 1;
    // Where the compiler runs the node (SEMANTICS M9, M11): a stripe on the box's left edge.
    enum Engine { AiCoreEngine, AiCpuEngine, GeEngine, NoEngine };
    static constexpr int engineCount = NoEngine + 1;

    // What measured evidence says about the node (a badge at its bottom-left corner), by the
    // measure the Graph tab shows: accuracy (ok / warning / flagged) or time (share of all time).
    enum Badge { NoBadge, Measured, Warning, Flagged, TimeLow, TimeMedium, TimeHigh };

    Kind kind = Undecided;
    bool ambiguous = false; // gray op whose dtype the rules could not pin down: marked
    bool castOnInput
        = false; // a Cast is inserted on (some of) its inputs: edges into it are marked
    // A diff of two predictions: the node's decision changed; painted split in two halves, `before`
    // (side A) on the left and `kind` (side B) on the right, with a highlight.
    bool changed = false;
    Kind before = Undecided;
    Badge badge = NoBadge;
    Engine engine = NoEngine;
};

using NodeStyles = std::vector<NodeStyle>; // indexed by graph node

QColor nodeStyleColor(NodeStyle::Kind kind);
QColor nodeStyleTextColor(NodeStyle::Kind kind);
QString nodeStyleName(NodeStyle::Kind kind);
QColor castMarkColor();
QColor changedNodeColor(); // the highlight around a node a diff changes
QColor nodeBadgeColor(NodeStyle::Badge badge);
// The more alarming of two badges (a collapsed block shows its worst member's).
NodeStyle::Badge worseBadge(NodeStyle::Badge a, NodeStyle::Badge b);
QColor nodeEngineColor(NodeStyle::Engine engine);
// "AI Core", "AI CPU", "GE op", "none"
QString nodeEngineName(NodeStyle::Engine engine);
// The engine with the reason a node has it, for the legend.
QString nodeEngineLegend(NodeStyle::Engine engine);

} // namespace opsinfo
