#pragma once

namespace opsinfo {

// What a picture of a graph shows a node as: its decided float dtype, or why it has none.
enum class NodeFill { Float16, BFloat16, Float32, AiCpu, Error, NotJudged, Other };

// The fill of each ("#rrggbb"), the same in the app's graph view and mode chart and in the HTML
// report, so a user reads both alike.
const char *nodeFillColour(NodeFill fill);

} // namespace opsinfo
