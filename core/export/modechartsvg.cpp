#include "export/modechartsvg.h"

#include "common/textescape.h"
#include "export/svgtext.h"

#include <algorithm>

namespace opsinfo {

namespace {

struct Series
{
    const char *name;
    const char *colour;
};

// Colour-blind-safe (Okabe-Ito) colours, the same meaning in every chart.
constexpr Series kFp16 {"fp16", "#0072B2"};
constexpr Series kBf16 {"bf16", "#CC79A7"};
constexpr Series kFp32 {"fp32", "#E69F00"};
constexpr Series kAicpu {"AI CPU", "#999999"};
constexpr Series kGe {"GE op", "#009E73"};
constexpr Series kCasts {"casts", "#D55E00"};

// A round gridline step (1, 2, 5 x 10^n) giving at most five steps up to `maximum`.
std::size_t niceStep(std::size_t maximum)
{
    for (std::size_t power = 1;; power *= 10)
        for (std::size_t m : {1, 2, 5})
            if (m * power * 5 >= maximum)
                return m * power;
}

// One mode's figures as the chart draws them.
struct Bar
{
    std::string mode;
    bool refused = false;
    std::size_t fp16 = 0;
    std::size_t bf16 = 0;
    std::size_t fp32 = 0;
    std::size_t aicpu = 0;
    std::size_t ge = 0;
    std::size_t casts = 0;
};

Bar barOf(const ModeSummary &m)
{
    if (!m.refused.empty()) // no bars, so they do not stretch the axis either
        return {precisionModeName(m.mode), true};
    const ResolutionSummary &s = m.summary;
    return {precisionModeName(m.mode),
            false,
            s.fp16Nodes,
            s.bf16Nodes,
            s.fp32Nodes,
            s.aicpuNodes,
            s.geNodes,
            s.castsTotal};
}

} // namespace

std::string modeChartSvg(const std::vector<ModeSummary> &modes, const std::string &title)
{
    std::vector<Bar> bars;
    for (const ModeSummary &m : modes)
        bars.push_back(barOf(m));
    constexpr double left = 70, top = 50, plotHeight = 300, groupWidth = 96, barWidth = 24,
                     bottom = 120;
    const double plotWidth = groupWidth * double(std::max<std::size_t>(bars.size(), 1));
    const double width = left + plotWidth + 20, height = top + plotHeight + bottom;
    std::size_t maximum = 1;
    for (const Bar &b : bars)
        maximum = std::max({maximum, b.fp16 + b.bf16 + b.fp32, b.aicpu + b.ge, b.casts});
    const std::size_t step = niceStep(maximum);
    const std::size_t steps = (maximum + step - 1) / step;
    const std::size_t axisMax = step * steps;
    const double scale = plotHeight / double(axisMax);
    const double base = top + plotHeight;

    std::string svg = svgHeader(width, height)
        + svgText(left, 22, title, "font-size=\"14\" font-weight=\"bold\"");

    for (std::size_t i = 0; i <= steps; ++i) {
        const std::size_t value = i * step;
        const double y = base - double(value) * scale;
        svg += "  <line x1=\"" + svgNumber(left) + "\" y1=\"" + svgNumber(y) + "\" x2=\""
            + svgNumber(left + plotWidth) + "\" y2=\"" + svgNumber(y) + "\" stroke=\"#dddddd\"/>\n";
        svg += svgText(left - 6, y + 4, std::to_string(value), "text-anchor=\"end\"");
    }
    svg += svgText(14, top + plotHeight / 2, "nodes / casts",
                   "transform=\"rotate(-90 14 " + svgNumber(top + plotHeight / 2)
                       + ")\" text-anchor=\"middle\"");

    for (std::size_t i = 0; i < bars.size(); ++i) {
        const Bar &b = bars[i];
        const double x = left + groupWidth * double(i) + 10;
        svg += "  <g class=\"mode\" id=\"mode-" + xmlEscape(b.mode) + "\">\n";
        if (b.refused) {
            svg += svgText(x + barWidth, base - 8, "refused", "fill=\"#b00020\"");
        } else {
            double y = base;
            const std::pair<Series, std::size_t> stack[]
                = {{kFp16, b.fp16}, {kBf16, b.bf16}, {kFp32, b.fp32}};
            for (const auto &[series, count] : stack) {
                const double h = double(count) * scale;
                y -= h;
                if (count > 0)
                    svg += svgRect(x, y, barWidth, h, series.colour, {},
                                   b.mode + ": " + std::to_string(count) + " " + series.name
                                       + " nodes");
            }
            // Not on AI Core (C2): AI CPU nodes (rejected by check-support) under GE ops.
            const double aicpuHeight = double(b.aicpu) * scale, geHeight = double(b.ge) * scale,
                         castHeight = double(b.casts) * scale;
            svg += svgRect(x + barWidth + 2, base - aicpuHeight, barWidth - 6, aicpuHeight,
                           kAicpu.colour, {},
                           b.mode + ": " + std::to_string(b.aicpu) + " AI CPU nodes");
            svg += svgRect(x + barWidth + 2, base - aicpuHeight - geHeight, barWidth - 6, geHeight,
                           kGe.colour, {}, b.mode + ": " + std::to_string(b.ge) + " GE ops");
            svg += svgRect(x + 2 * barWidth - 2, base - castHeight, barWidth - 6, castHeight,
                           kCasts.colour, {}, b.mode + ": " + std::to_string(b.casts) + " casts");
            svg += svgText(x + barWidth / 2, y - 4, std::to_string(b.fp16 + b.bf16 + b.fp32),
                           "text-anchor=\"middle\" font-size=\"9\"");
            svg += svgText(x + 2 * barWidth + 7, base - castHeight - 4, std::to_string(b.casts),
                           "text-anchor=\"middle\" font-size=\"9\" fill=\""
                               + std::string(kCasts.colour) + "\"");
        }
        const double labelX = x + barWidth, labelY = base + 12;
        svg += svgText(labelX, labelY, b.mode,
                       "text-anchor=\"end\" transform=\"rotate(-40 " + svgNumber(labelX) + " "
                           + svgNumber(labelY) + ")\"");
        svg += "  </g>\n";
    }
    svg += "  <line x1=\"" + svgNumber(left) + "\" y1=\"" + svgNumber(base) + "\" x2=\""
        + svgNumber(left + plotWidth) + "\" y2=\"" + svgNumber(base) + "\" stroke=\"#333333\"/>\n";

    double legendX = left;
    for (const Series &s : {kFp16, kBf16, kFp32, kAicpu, kGe, kCasts}) {
        svg += "  <rect x=\"" + svgNumber(legendX)
            + "\" y=\"30\" width=\"10\" height=\"10\" fill=\"" + s.colour + "\"/>\n";
        svg += svgText(legendX + 14, 39, s.name);
        legendX += 70;
    }
    return svg + "</svg>\n";
}

} // namespace opsinfo
