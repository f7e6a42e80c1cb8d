#include "common/jsonstring.h"

#include "common/utf8.h"

namespace opsinfo {

namespace {

int hexValue(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

// The four hex digits of a \u escape whose backslash is at `at`; false with the problem set.
bool readUnit(std::string_view text, std::size_t at, std::uint32_t &unit, JsonEscape &escape)
{
    const std::size_t digits = at + 2;
    if (digits + 4 > text.size()) {
        escape.problem = JsonEscape::Truncated;
        escape.problemAt = digits;
        return false;
    }
    unit = 0;
    for (std::size_t k = digits; k < digits + 4; ++k) {
        const int h = hexValue(text[k]);
        if (h < 0) {
            escape.problem = JsonEscape::BadHexDigit;
            escape.problemAt = k;
            return false;
        }
        unit = unit * 16 + std::uint32_t(h);
    }
    return true;
}

JsonEscape loneSurrogate(std::size_t at)
{
    JsonEscape escape;
    escape.problem = JsonEscape::LoneSurrogate;
    escape.problemAt = at;
    return escape;
}

} // namespace

JsonEscape readJsonEscape(std::string_view text, std::size_t at)
{
    JsonEscape escape;
    escape.length = 2;
    const char e = at + 1 < text.size() ? text[at + 1] : '\0';
    switch (e) {
    case '"':
        escape.codePoint = '"';
        return escape;
    case '\\':
        escape.codePoint = '\\';
        return escape;
    case '/':
        escape.codePoint = '/';
        return escape;
    case 'b':
        escape.codePoint = '\b';
        return escape;
    case 'f':
        escape.codePoint = '\f';
        return escape;
    case 'n':
        escape.codePoint = '\n';
        return escape;
    case 'r':
        escape.codePoint = '\r';
        return escape;
    case 't':
        escape.codePoint = '\t';
        return escape;
    case 'u':
        break;
    default:
        escape.problem = JsonEscape::UnknownEscape;
        escape.problemAt = at;
        return escape;
    }
    std::uint32_t unit = 0;
    if (!readUnit(text, at, unit, escape))
        return escape;
    escape.length = 6;
    if (unit >= 0xDC00 && unit < 0xE000)
        return loneSurrogate(at);
    if (unit >= 0xD800 && unit < 0xDC00) {
        const std::size_t low = at + 6;
        if (text.substr(low, 2) != "\\u")
            return loneSurrogate(at);
        std::uint32_t lowUnit = 0;
        if (!readUnit(text, low, lowUnit, escape))
            return escape;
        if (lowUnit < 0xDC00 || lowUnit >= 0xE000)
            return loneSurrogate(at);
        escape.length = 12;
        unit = 0x10000 + ((unit - 0xD800) << 10) + (lowUnit - 0xDC00);
    }
    escape.codePoint = unit;
    return escape;
}

std::optional<std::string> decodeJsonString(std::string_view content, JsonEscape *problem)
{
    std::string out;
    out.reserve(content.size());
    for (std::size_t i = 0; i < content.size();) {
        if (content[i] != '\\') {
            const std::size_t next = content.find('\\', i);
            const std::size_t end = next == std::string_view::npos ? content.size() : next;
            out.append(content.substr(i, end - i));
            i = end;
            continue;
        }
        const JsonEscape escape = readJsonEscape(content, i);
        if (escape.problem != JsonEscape::None) {
            if (problem)
                *problem = escape;
            return std::nullopt;
        }
        appendUtf8(out, escape.codePoint);
        i += escape.length;
    }
    return out;
}

} // namespace opsinfo
