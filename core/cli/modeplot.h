#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace opsinfo {

// One precision mode's figures for the per-mode chart of `opsinfo resolve --all-modes --plot`.
struct ModePlotBar
{
    std::string mode;
    bool approximate = false;
    bool refused = false; // the SoC cannot run this mode (bf16 on a SoC without fp32->bf16)
    std::size_t fp16 = 0;
    std::size_t bf16 = 0;
    std::size_t fp32 = 0;
    std::size_t aicpu = 0;
    std::size_t casts = 0;
};

// A self-contained SVG: per mode a stacked bar of fp16/bf16/fp32 nodes, a bar of AI CPU nodes and
// a bar of inserted Casts, on one node-count axis, with a legend. Hand-written (the engine has no
// Qt); every figure is also in a <title> so viewers show it on hover.
std::string modeChartSvg(const std::vector<ModePlotBar> &bars, const std::string &title);

} // namespace opsinfo
