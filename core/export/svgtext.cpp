#include "export/svgtext.h"

#include "common/textescape.h"

#include <cstdio>

namespace opsinfo {

std::string svgNumber(double value)
{
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.1f", value);
    return buffer;
}

std::string svgHeader(double width, double height)
{
    return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" "
           "width=\""
        + svgNumber(width) + "\" height=\"" + svgNumber(height) + "\" viewBox=\"0 0 "
        + svgNumber(width) + " " + svgNumber(height)
        + "\" font-family=\"DejaVu Sans, sans-serif\" font-size=\"11\">\n"
        + "  <rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n";
}

std::string svgRect(double x, double y, double w, double h, const std::string &fill,
                    const std::string &extra, const std::string &tip)
{
    std::string out = "  <rect x=\"" + svgNumber(x) + "\" y=\"" + svgNumber(y) + "\" width=\""
        + svgNumber(w) + "\" height=\"" + svgNumber(h) + "\" fill=\"" + fill + "\""
        + (extra.empty() ? "" : " " + extra);
    if (tip.empty())
        return out + "/>\n";
    return out + "><title>" + xmlEscape(tip) + "</title></rect>\n";
}

std::string svgText(double x, double y, const std::string &content, const std::string &extra)
{
    return "  <text x=\"" + svgNumber(x) + "\" y=\"" + svgNumber(y) + "\""
        + (extra.empty() ? "" : " " + extra) + ">" + xmlEscape(content) + "</text>\n";
}

} // namespace opsinfo
