#include "library/editcanonicaljson.h"

#include <cstdint>

namespace opsinfo {

namespace {

constexpr char hexDigits[] = "0123456789abcdef";

void appendUnicodeEscape(std::string &out, std::uint32_t unit)
{
    out += "\\u";
    out += hexDigits[(unit >> 12) & 0xf];
    out += hexDigits[(unit >> 8) & 0xf];
    out += hexDigits[(unit >> 4) & 0xf];
    out += hexDigits[unit & 0xf];
}

// Decodes one UTF-8 sequence at `i`; returns its length, or 0 when the bytes are not valid UTF-8
// (overlong forms, surrogates and values above U+10FFFF included, as Python's strict decoder does).
std::size_t decodeUtf8(std::string_view s, std::size_t i, std::uint32_t &cp)
{
    const auto b0 = static_cast<unsigned char>(s[i]);
    std::size_t len = 0;
    std::uint32_t min = 0;
    if (b0 >= 0xc2 && b0 <= 0xdf) {
        len = 2;
        cp = b0 & 0x1f;
        min = 0x80;
    } else if (b0 >= 0xe0 && b0 <= 0xef) {
        len = 3;
        cp = b0 & 0x0f;
        min = 0x800;
    } else if (b0 >= 0xf0 && b0 <= 0xf4) {
        len = 4;
        cp = b0 & 0x07;
        min = 0x10000;
    } else {
        return 0;
    }
    if (i + len > s.size())
        return 0;
    for (std::size_t k = 1; k < len; ++k) {
        const auto b = static_cast<unsigned char>(s[i + k]);
        if ((b & 0xc0) != 0x80)
            return 0;
        cp = (cp << 6) | (b & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
        return 0;
    return len;
}

void appendIndent(std::string &out, int level)
{
    out += '\n';
    out.append(std::size_t(level) * 4, ' ');
}

} // namespace

bool appendPythonJsonString(std::string &out, std::string_view utf8)
{
    bool valid = true;
    out += '"';
    for (std::size_t i = 0; i < utf8.size();) {
        const auto c = static_cast<unsigned char>(utf8[i]);
        if (c >= 0x20 && c <= 0x7e) {
            if (c == '"')
                out += "\\\"";
            else if (c == '\\')
                out += "\\\\";
            else
                out += char(c);
            ++i;
            continue;
        }
        switch (c) {
        case '\n':
            out += "\\n";
            ++i;
            continue;
        case '\r':
            out += "\\r";
            ++i;
            continue;
        case '\t':
            out += "\\t";
            ++i;
            continue;
        case '\b':
            out += "\\b";
            ++i;
            continue;
        case '\f':
            out += "\\f";
            ++i;
            continue;
        default:
            break;
        }
        if (c < 0x80) { // other control characters and DEL
            appendUnicodeEscape(out, c);
            ++i;
            continue;
        }
        std::uint32_t cp = 0;
        const std::size_t len = decodeUtf8(utf8, i, cp);
        if (len == 0) {
            valid = false;
            appendUnicodeEscape(out, 0xfffd);
            ++i;
            continue;
        }
        if (cp > 0xffff) {
            cp -= 0x10000;
            appendUnicodeEscape(out, 0xd800 | (cp >> 10));
            appendUnicodeEscape(out, 0xdc00 | (cp & 0x3ff));
        } else {
            appendUnicodeEscape(out, cp);
        }
        i += len;
    }
    out += '"';
    return valid;
}

std::string writeCanonicalJson(const OpsInfoObject &object, const CanonicalJsonOptions &options)
{
    std::string out;
    out.reserve(object.size() * 2048);
    // Python writes an empty dict as "{}" at every level, with no line break inside.
    out += '{';
    bool firstOp = true;
    for (const auto &[opType, items] : object) {
        if (!firstOp)
            out += ',';
        firstOp = false;
        appendIndent(out, 1);
        appendPythonJsonString(out, opType);
        out += ":{";
        bool firstItem = true;
        for (const auto &[itemName, fields] : items) {
            if (!firstItem)
                out += ',';
            firstItem = false;
            appendIndent(out, 2);
            appendPythonJsonString(out, itemName);
            out += ":{";
            bool firstField = true;
            for (const auto &[key, value] : fields) {
                if (!firstField)
                    out += ',';
                firstField = false;
                appendIndent(out, 3);
                appendPythonJsonString(out, key);
                out += ':';
                appendPythonJsonString(out, value);
            }
            if (!fields.empty())
                appendIndent(out, 2);
            out += '}';
        }
        if (!items.empty())
            appendIndent(out, 1);
        out += '}';
    }
    if (!object.empty())
        out += '\n';
    out += '}';
    if (options.trailingNewline)
        out += '\n';
    return out;
}

} // namespace opsinfo
