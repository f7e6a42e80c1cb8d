#include "export/policyatlasexport.h"

#include "common/policy.h"
#include "common/textescape.h"
#include "export/svgtext.h"

#include <algorithm>

namespace opsinfo {

namespace {

std::string listName(const AtlasCell &cell)
{
    return cell.present() ? policyName(*cell.policy) : "absent";
}

// "no bf16, no fp32" for the float columns a listed entry lacks; "" when it has all three.
std::string lackingText(const AtlasCell &cell)
{
    std::string text;
    const std::pair<FloatColumn, const char *> names[]
        = {{Fp16Column, "fp16"}, {Bf16Column, "bf16"}, {Fp32Column, "fp32"}};
    for (const auto &[column, name] : names)
        if (cell.lacks(column))
            text += (text.empty() ? "no " : ", no ") + std::string(name);
    return text;
}

} // namespace

nlohmann::json policyAtlasJson(const PolicyAtlas &atlas)
{
    nlohmann::json rows = nlohmann::json::array();
    for (const AtlasRow &row : atlas.rows) {
        nlohmann::json cells = nlohmann::json::array();
        for (const AtlasCell &cell : row.cells)
            cells.push_back({{"list", listName(cell)}, {"floats", atlasFloatsText(cell)}});
        rows.push_back({{"op_type", row.type},
                        {"difference", atlasDifferenceName(row.difference)},
                        {"cells", std::move(cells)}});
    }
    return {{"sources", atlas.sources},
            {"summary",
             {{"op_types", atlas.rows.size()},
              {"colour_differs", atlas.colourDiffers},
              {"presence_differs", atlas.presenceDiffers},
              {"same", atlas.same}}},
            {"rows", std::move(rows)}};
}

std::string policyAtlasCsv(const PolicyAtlas &atlas)
{
    std::string out = "op_type,difference";
    for (const std::string &source : atlas.sources)
        out += ',' + csvField(source);
    for (const std::string &source : atlas.sources)
        out += ',' + csvField(source + " floats");
    out += '\n';
    for (const AtlasRow &row : atlas.rows) {
        out += csvField(row.type) + ',' + atlasDifferenceName(row.difference);
        for (const AtlasCell &cell : row.cells)
            out += ',' + listName(cell);
        for (const AtlasCell &cell : row.cells)
            out += ',' + csvField(atlasFloatsText(cell));
        out += '\n';
    }
    return out;
}

std::string policyAtlasSvg(const PolicyAtlas &atlas, const std::string &title)
{
    constexpr double cellW = 26, cellH = 15, charW = 6.6, mark = 6;
    std::size_t longest = 8;
    for (const AtlasRow &row : atlas.rows)
        longest = std::max(longest, row.type.size());
    std::size_t longestSource = 4;
    for (const std::string &source : atlas.sources)
        longestSource = std::max(longestSource, source.size());
    // Source names slant at 50 degrees over their columns: room for the longest above the rows.
    const double top = 84 + charW * 0.77 * double(longestSource);
    const double left = 16 + charW * double(longest) + 90; // type, then the difference
    const double width = std::max(left + cellW * double(atlas.sources.size()) + 40, 700.0);
    const double height = top + cellH * double(atlas.rows.size()) + 30;
    std::string svg = svgHeader(width, height)
        + svgText(12, 22, title, "font-size=\"14\" font-weight=\"bold\"")
        + svgText(12, 40,
                  std::to_string(atlas.rows.size()) + " op types, "
                      + std::to_string(atlas.colourDiffers) + " differ in colour, "
                      + std::to_string(atlas.presenceDiffers) + " present in some sources only",
                  "fill=\"#455a64\"");
    // Legend.
    double x = 12;
    for (Policy p : {Policy::White, Policy::Black, Policy::Gray}) {
        svg += svgRect(x, 50, 12, 12, policyFillColour(p), "stroke=\"#757575\"");
        svg += svgText(x + 16, 60, policyName(p));
        x += 70;
    }
    svg += svgRect(x, 50, 12, 12, "#ffffff", "stroke=\"#bdbdbd\" stroke-dasharray=\"2,2\"");
    svg += svgText(x + 16, 60, "absent");
    x += 70;
    svg += "  <path d=\"M" + svgNumber(x + 12 - mark) + " 50 H" + svgNumber(x + 12) + " V"
        + svgNumber(50 + mark) + " Z\" fill=\"#d55e00\"/>\n";
    svg += svgRect(x, 50, 12, 12, "none", "stroke=\"#757575\"");
    svg += svgText(x + 16, 60, "no fp16, bf16 or fp32 column (hover for which)");

    // Source names, slanted over their columns.
    for (std::size_t c = 0; c < atlas.sources.size(); ++c) {
        const double cx = left + cellW * double(c) + cellW / 2, cy = top - 6;
        svg += svgText(cx, cy, atlas.sources[c],
                       "transform=\"rotate(-50 " + svgNumber(cx) + " " + svgNumber(cy) + ")\"");
    }
    for (std::size_t r = 0; r < atlas.rows.size(); ++r) {
        const AtlasRow &row = atlas.rows[r];
        const double y = top + cellH * double(r);
        svg += "  <g class=\"row\" id=\"" + xmlEscape(row.type) + "\">\n";
        svg += svgText(16, y + cellH - 4, row.type,
                       row.difference == AtlasDifference::None ? "fill=\"#757575\""
                                                               : "font-weight=\"bold\"");
        if (row.difference != AtlasDifference::None)
            svg += svgText(left - 8, y + cellH - 4, atlasDifferenceName(row.difference),
                           "text-anchor=\"end\" font-size=\"9\" fill=\"#455a64\"");
        for (std::size_t c = 0; c < row.cells.size(); ++c) {
            const AtlasCell &cell = row.cells[c];
            const double cx = left + cellW * double(c);
            const std::string tip = atlas.sources[c] + ": " + row.type + " " + listName(cell)
                + (cell.present() ? " (" + atlasFloatsText(cell) + ")" : std::string());
            if (!cell.present()) {
                svg += svgRect(cx + 1, y + 1, cellW - 2, cellH - 2, "#ffffff",
                               "stroke=\"#bdbdbd\" stroke-dasharray=\"2,2\"", tip);
                svg += "  <path d=\"M" + svgNumber(cx + 8) + " " + svgNumber(y + 4) + " L"
                    + svgNumber(cx + cellW - 8) + " " + svgNumber(y + cellH - 4) + " M"
                    + svgNumber(cx + cellW - 8) + " " + svgNumber(y + 4) + " L" + svgNumber(cx + 8)
                    + " " + svgNumber(y + cellH - 4) + "\" stroke=\"#bdbdbd\"/>\n";
                continue;
            }
            const std::string lacking = lackingText(cell);
            svg += svgRect(cx + 1, y + 1, cellW - 2, cellH - 2, policyFillColour(*cell.policy),
                           "stroke=\"#9e9e9e\"", lacking.empty() ? tip : tip + ": " + lacking);
            if (!lacking.empty())
                svg += "  <path d=\"M" + svgNumber(cx + cellW - 1 - mark) + " " + svgNumber(y + 1)
                    + " H" + svgNumber(cx + cellW - 1) + " V" + svgNumber(y + 1 + mark)
                    + " Z\" fill=\"#d55e00\"/>\n";
        }
        svg += "  </g>\n";
    }
    return svg + "</svg>\n";
}

} // namespace opsinfo
