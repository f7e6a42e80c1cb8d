#include "export/transitionmatrixexport.h"

#include "common/policy.h"
#include "export/svgtext.h"

namespace opsinfo {

namespace {

constexpr const char *kAbsentFill = "#ffffff";

} // namespace

nlohmann::json transitionMatrixJson(const TransitionMatrix &matrix)
{
    nlohmann::json json = nlohmann::json::object();
    for (Policy a : TransitionMatrix::order)
        for (Policy b : TransitionMatrix::order)
            json[policyName(a)][policyName(b)] = matrix.count(a, b);
    return json;
}

nlohmann::json onlyOneSideJson(const TransitionMatrix &matrix, bool sideA)
{
    nlohmann::json json = nlohmann::json::object();
    for (Policy p : TransitionMatrix::order)
        json[policyName(p)] = sideA ? matrix.onlyA(p) : matrix.onlyB(p);
    return json;
}

std::string transitionMatrixSvg(const TransitionMatrix &matrix, const std::string &nameA,
                                const std::string &nameB, const std::string &title)
{
    // An absent row (types only B has) and column (types only A has) when either side lacks types.
    const bool absentRow = matrix.onlyACount() + matrix.onlyBCount() > 0;
    const bool absentColumn = absentRow;
    constexpr double left = 150, top = 96, cellW = 110, cellH = 64, bar = 10;
    const int rows = 3 + (absentRow ? 1 : 0), columns = 3 + (absentColumn ? 1 : 0);
    const double width = left + cellW * columns + 20, height = top + cellH * rows + 40;
    std::string svg = svgHeader(width, height)
        + svgText(12, 22, title, "font-size=\"14\" font-weight=\"bold\"")
        + svgText(left, 50, "B: " + nameB, "font-weight=\"bold\"")
        + svgText(12, top - 8, "A: " + nameA, "font-weight=\"bold\"");

    // Headers: a chip of the list colour and its name.
    auto header = [&svg](double x, double y, const char *fill, const std::string &name) {
        svg += svgRect(x, y - 10, 12, 12, fill, "stroke=\"#757575\"");
        svg += svgText(x + 18, y, name);
    };
    for (int c = 0; c < columns; ++c) {
        const double x = left + cellW * c + 8;
        if (c < 3)
            header(x, top - 14, policyFillColour(TransitionMatrix::order[std::size_t(c)]),
                   policyName(TransitionMatrix::order[std::size_t(c)]));
        else
            header(x, top - 14, kAbsentFill, "absent");
    }
    for (int r = 0; r < rows; ++r) {
        const double y = top + cellH * r + cellH / 2 + 4;
        if (r < 3)
            header(12, y, policyFillColour(TransitionMatrix::order[std::size_t(r)]),
                   policyName(TransitionMatrix::order[std::size_t(r)]));
        else
            header(12, y, kAbsentFill, "absent");
    }

    // Cells: the bar split into A's colour (left) and B's (right), the count below; the diagonal
    // (unchanged) in gray text, the changes in bold.
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < columns; ++c) {
            if (r == 3 && c == 3)
                continue; // absent on both sides: not a type of either
            const double x = left + cellW * c, y = top + cellH * r;
            const std::string nameR
                = r < 3 ? policyName(TransitionMatrix::order[std::size_t(r)]) : "absent";
            const std::string nameC
                = c < 3 ? policyName(TransitionMatrix::order[std::size_t(c)]) : "absent";
            const std::size_t count = r < 3 && c < 3
                ? matrix.count(TransitionMatrix::order[std::size_t(r)],
                               TransitionMatrix::order[std::size_t(c)])
                : r < 3 ? matrix.onlyA(TransitionMatrix::order[std::size_t(r)])
                        : matrix.onlyB(TransitionMatrix::order[std::size_t(c)]);
            const bool diagonal = r == c;
            svg += "  <g class=\"cell\" id=\"" + nameR + "-" + nameC + "\">\n";
            svg += svgRect(x + 2, y + 2, cellW - 4, cellH - 4, diagonal ? "#f5f5f5" : "#ffffff",
                           "stroke=\"#cfd8dc\"",
                           nameR + " -> " + nameC + ": " + std::to_string(count) + " op types");
            svg += svgRect(x + 8, y + 8, (cellW - 16) / 2, bar,
                           r < 3 ? policyFillColour(TransitionMatrix::order[std::size_t(r)])
                                 : kAbsentFill,
                           "stroke=\"#757575\"");
            svg += svgRect(x + cellW / 2, y + 8, (cellW - 16) / 2, bar,
                           c < 3 ? policyFillColour(TransitionMatrix::order[std::size_t(c)])
                                 : kAbsentFill,
                           "stroke=\"#757575\"");
            svg += svgText(x + cellW / 2, y + cellH - 14, std::to_string(count),
                           std::string("text-anchor=\"middle\" font-size=\"18\"")
                               + (diagonal || count == 0
                                      ? " fill=\"#9e9e9e\""
                                      : " font-weight=\"bold\" fill=\"#212121\""));
            svg += "  </g>\n";
        }
    svg += svgText(12, height - 14,
                   std::to_string(matrix.changed()) + " op types change colour, "
                       + std::to_string(matrix.common() - matrix.changed()) + " keep it"
                       + (absentRow || absentColumn
                              ? ", " + std::to_string(matrix.onlyACount()) + " only in A, "
                                  + std::to_string(matrix.onlyBCount()) + " only in B"
                              : std::string()),
                   "fill=\"#455a64\"");
    return svg + "</svg>\n";
}

} // namespace opsinfo
