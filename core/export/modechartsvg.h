#pragma once

#include "resolver/modesweep.h"

#include <string>
#include <vector>

namespace opsinfo {

// The per-mode chart of `opsinfo resolve --all-modes --plot` as a self-contained SVG: per mode a
// stacked bar of fp16/bf16/fp32 nodes, a bar of AI CPU nodes and a bar of inserted Casts, on one
// node-count axis, with a legend; refused modes say so. Hand-written (the engine has no Qt); every
// figure is also in a <title> so viewers show it on hover.
std::string modeChartSvg(const std::vector<ModeSummary> &modes, const std::string &title);

} // namespace opsinfo
