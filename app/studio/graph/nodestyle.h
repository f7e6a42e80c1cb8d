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

    Kind kind = Undecided;
    bool ambiguous = false; // gray op whose dtype the rules could not pin down: marked
    bool castOnInput
        = false; // a Cast is inserted on (some of) its inputs: edges into it are marked
    // A diff of two predictions: the node's decision changed; painted split in two halves, `before`
    // (side A) on the left and `kind` (side B) on the right, with a highlight.
    bool changed = false;
    Kind before = Undecided;
};

using NodeStyles = std::vector<NodeStyle>; // indexed by graph node

QColor nodeStyleColor(NodeStyle::Kind kind);
QColor nodeStyleTextColor(NodeStyle::Kind kind);
QString nodeStyleName(NodeStyle::Kind kind);
QColor castMarkColor();
QColor changedNodeColor(); // the highlight around a node a diff changes

} // namespace opsinfo
