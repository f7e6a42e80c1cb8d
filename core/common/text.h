#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace opsinfo {

// The one definition of white space in the engine: ASCII space, tab, line feed, carriage return,
// vertical tab and form feed (C's isspace in the "C" locale). Nothing outside ASCII counts.
constexpr bool isAsciiSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

// `text` without leading and trailing white space (isAsciiSpace).
std::string_view trimmed(std::string_view text);

// ASCII letters lower-cased, every other byte as it is.
std::string asciiLower(std::string_view text);

// Calls `f(line)` for each line of `text` ('\n'-separated, trimmed, blank ones left out) until
// it returns false.
template<class F> void forEachTrimmedLine(std::string_view text, F &&f)
{
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos)
            end = text.size();
        const std::string_view line = trimmed(text.substr(start, end - start));
        start = end + 1;
        if (!line.empty() && !f(line))
            return;
    }
}

// `text` cut at every `separator`: n separators give n + 1 parts (empty ones too).
std::vector<std::string_view> splitAt(std::string_view text, char separator);

// Levenshtein distance (bytes), for "did you mean" suggestions.
std::size_t typoDistance(std::string_view a, std::string_view b);

} // namespace opsinfo
