#include "common/textescape.h"

#include <cstdio>

namespace opsinfo {

namespace {

std::string hexByte(unsigned char c)
{
    char buf[8];
    std::snprintf(buf, sizeof buf, "\\x%02x", c);
    return buf;
}

bool isBidiControl(char32_t cp)
{
    return (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069) || cp == 0x200e
        || cp == 0x200f || cp == 0x061c;
}

// Appends text[at..] made terminal-safe up to one sequence; returns the bytes consumed.
std::size_t appendSafe(std::string &out, std::string_view text, std::size_t at, bool keepLineBreaks)
{
    const auto c = static_cast<unsigned char>(text[at]);
    if (c < 0x80) {
        if ((c >= 0x20 && c != 0x7f) || (keepLineBreaks && (c == '\n' || c == '\t')))
            out += char(c);
        else if (c == 0x1b)
            out += "\\e";
        else if (c == '\n')
            out += "\\n";
        else if (c == '\r')
            out += "\\r";
        else if (c == '\t')
            out += "\\t";
        else
            out += hexByte(c);
        return 1;
    }
    char32_t cp = 0;
    const std::size_t length = utf8SequenceAt(text, at, &cp);
    if (length == 0) {
        out += hexByte(c);
        return 1;
    }
    if ((cp >= 0x80 && cp <= 0x9f) || isBidiControl(cp)) {
        char buf[16];
        std::snprintf(buf, sizeof buf, "\\u{%04X}", unsigned(cp));
        out += buf;
    } else {
        out.append(text.substr(at, length));
    }
    return length;
}

} // namespace

std::size_t utf8SequenceAt(std::string_view text, std::size_t at, char32_t *codePoint)
{
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
    const unsigned char c = byte(at);
    std::size_t length = 0;
    char32_t cp = 0;
    if (c < 0x80) {
        length = 1;
        cp = c;
    } else if (c >= 0xc2 && c <= 0xdf) {
        length = 2;
        cp = c & 0x1f;
    } else if (c >= 0xe0 && c <= 0xef) {
        length = 3;
        cp = c & 0x0f;
    } else if (c >= 0xf0 && c <= 0xf4) {
        length = 4;
        cp = c & 0x07;
    } else {
        return 0;
    }
    if (at + length > text.size())
        return 0;
    for (std::size_t i = 1; i < length; ++i) {
        const unsigned char next = byte(at + i);
        if ((next & 0xc0) != 0x80)
            return 0;
        cp = (cp << 6) | (next & 0x3f);
    }
    // Overlong forms, surrogates and code points past U+10FFFF are not UTF-8.
    if ((length == 3 && cp < 0x800) || (length == 4 && (cp < 0x10000 || cp > 0x10ffff))
        || (cp >= 0xd800 && cp <= 0xdfff))
        return 0;
    if (codePoint)
        *codePoint = cp;
    return length;
}

std::string csvField(std::string_view value)
{
    if (value.find_first_of(",\"\n\r") == std::string_view::npos)
        return std::string(value);
    std::string out = "\"";
    for (char c : value)
        out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

std::string xmlEscape(std::string_view text)
{
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        const auto c = static_cast<unsigned char>(text[i]);
        switch (c) {
        case '&':
            out += "&amp;";
            ++i;
            continue;
        case '<':
            out += "&lt;";
            ++i;
            continue;
        case '>':
            out += "&gt;";
            ++i;
            continue;
        case '"':
            out += "&quot;";
            ++i;
            continue;
        case '\t':
            out += "&#9;";
            ++i;
            continue;
        case '\n':
            out += "&#10;";
            ++i;
            continue;
        case '\r':
            out += "&#13;";
            ++i;
            continue;
        default:
            break;
        }
        if (c < 0x20) {
            out += hexByte(c);
            ++i;
            continue;
        }
        char32_t cp = 0;
        const std::size_t length = utf8SequenceAt(text, i, &cp);
        if (length == 0 || cp == 0xfffe || cp == 0xffff) {
            for (std::size_t k = 0; k < std::max<std::size_t>(length, 1); ++k)
                out += hexByte(static_cast<unsigned char>(text[i + k]));
            i += std::max<std::size_t>(length, 1);
            continue;
        }
        out.append(text.substr(i, length));
        i += length;
    }
    return out;
}

std::string terminalSafe(std::string_view text, bool keepLineBreaks)
{
    if (isTerminalSafe(text, keepLineBreaks))
        return std::string(text);
    std::string out;
    out.reserve(text.size() + 16);
    for (std::size_t i = 0; i < text.size();)
        i += appendSafe(out, text, i, keepLineBreaks);
    return out;
}

bool isTerminalSafe(std::string_view text, bool keepLineBreaks)
{
    for (std::size_t i = 0; i < text.size();) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c < 0x80) {
            if ((c < 0x20 || c == 0x7f) && !(keepLineBreaks && (c == '\n' || c == '\t')))
                return false;
            ++i;
            continue;
        }
        char32_t cp = 0;
        const std::size_t length = utf8SequenceAt(text, i, &cp);
        if (length == 0 || (cp >= 0x80 && cp <= 0x9f) || isBidiControl(cp))
            return false;
        i += length;
    }
    return true;
}

std::string githubEscape(std::string_view text, bool property)
{
    std::string out;
    for (std::size_t i = 0; i < text.size();) {
        const char c = text[i];
        switch (c) {
        case '%':
            out += "%25";
            ++i;
            continue;
        case '\r':
            out += "%0D";
            ++i;
            continue;
        case '\n':
            out += "%0A";
            ++i;
            continue;
        case ':':
            out += property ? "%3A" : ":";
            ++i;
            continue;
        case ',':
            out += property ? "%2C" : ",";
            ++i;
            continue;
        default:
            break;
        }
        i += appendSafe(out, text, i, false);
    }
    return out;
}

std::string validUtf8(std::string_view text, std::size_t *replaced)
{
    std::string out;
    out.reserve(text.size());
    std::size_t count = 0;
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t length = utf8SequenceAt(text, i);
        if (length == 0) {
            out += "\xef\xbf\xbd";
            ++count;
            ++i;
        } else {
            out.append(text.substr(i, length));
            i += length;
        }
    }
    if (replaced)
        *replaced = count;
    return out;
}

} // namespace opsinfo
