#include "common/coretext.h"

namespace opsinfo {

std::string CoreText::fill(std::string_view templ, const std::string *values, std::size_t count)
{
    std::string out;
    out.reserve(templ.size() + 16 * count);
    for (std::size_t i = 0; i < templ.size(); ++i) {
        const char c = templ[i];
        if (c == '%' && i + 1 < templ.size() && templ[i + 1] >= '1' && templ[i + 1] <= '9') {
            const std::size_t n = std::size_t(templ[i + 1] - '1');
            if (n < count) {
                out += values[n];
                ++i;
                continue;
            }
        }
        out += c;
    }
    return out;
}

void CoreText::keepOneStep(std::string &value)
{
    for (std::size_t at = value.find("; "); at != std::string::npos; at = value.find("; ", at + 2))
        value[at] = ',';
}

} // namespace opsinfo
