#pragma once

#include <string>

namespace opsinfo {

// Small pieces of hand-written SVG (the engine has no Qt): numbers with one decimal, escaped text.
std::string svgNumber(double value);
std::string svgHeader(double width, double height);
// A rectangle; `extra` are more attributes, `tip` a <title> that viewers show on hover.
std::string svgRect(double x, double y, double w, double h, const std::string &fill,
                    const std::string &extra = {}, const std::string &tip = {});
std::string svgText(double x, double y, const std::string &content, const std::string &extra = {});

} // namespace opsinfo
