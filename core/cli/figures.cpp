#include "cli/figures.h"

#include <cstdio>

namespace opsinfo {

std::string figure(double value, int decimals)
{
    char text[48];
    std::snprintf(text, sizeof text, "%.*f", decimals, value);
    return text;
}

std::string percentOrDash(std::size_t part, std::size_t whole)
{
    return whole ? figure(100.0 * double(part) / double(whole)) + "%" : std::string("-");
}

} // namespace opsinfo
