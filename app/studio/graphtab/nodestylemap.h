#pragma once

#include "resolver/resolution.h"
#include "studio/graph/nodestyle.h"

#include <QString>

namespace opsinfo {

// How the graph view paints a decision (SEMANTICS §8): errors and AI CPU first, then nodes FE does
// not decide (Data/Const/NetOutput and types the library lacks, §8.1) as "not an FE op", then the
// decided float dtype; decided nodes without a float tensor stay "undecided".
NodeStyle::Kind nodeStyleKind(const NodeResolution &node);
NodeStyle nodeStyleFor(const NodeResolution &node);
// The engine (M11: AI Core, AI CPU, GE op or none), painted as the node's stripe.
NodeStyle::Engine nodeEngine(Engine engine);

// Styles for the top-level graph nodes (the ones the view shows), with castOnInput set on every
// node that consumes a Cast the compiler inserts (C1).
NodeStyles nodeStylesFor(const Resolution &resolution, int graphNodes);

// "float16", "float32 (AICPU)", "float16 (GE)", "error" ... for the diff (core's decisionLabel).
QString decisionText(const NodeResolution &node);

} // namespace opsinfo
