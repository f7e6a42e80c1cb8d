#include "export/snippetquote.h"

#include <cstdio>

namespace opsinfo {

namespace {

bool isControl(char c)
{
    const auto u = static_cast<unsigned char>(c);
    return u < 0x20 || u == 0x7f;
}

} // namespace

std::string pythonLiteral(std::string_view text)
{
    std::string out = "'";
    for (char c : text) {
        switch (c) {
        case '\\':
            out += "\\\\";
            break;
        case '\'':
            out += "\\'";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        default:
            if (isControl(c)) {
                char buffer[8];
                std::snprintf(buffer, sizeof buffer, "\\x%02x",
                              unsigned(static_cast<unsigned char>(c)));
                out += buffer;
            } else {
                out += c; // UTF-8 bytes stay as they are: Python 3 sources are UTF-8
            }
        }
    }
    return out + "'";
}

std::string shellWord(std::string_view text)
{
    static constexpr std::string_view safe
        = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./:=,+@%";
    if (!text.empty() && text.find_first_not_of(safe) == std::string_view::npos)
        return std::string(text);
    std::string out = "'";
    for (char c : text)
        out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

std::string cppLiteral(std::string_view text)
{
    std::string out = "\"";
    for (char c : text) {
        switch (c) {
        case '\\':
            out += "\\\\";
            break;
        case '"':
            out += "\\\"";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        case '?':
            out += "\\?";
            break; // no trigraphs
        default:
            if (isControl(c)) {
                char buffer[8];
                std::snprintf(buffer, sizeof buffer, "\\%03o",
                              unsigned(static_cast<unsigned char>(c)));
                out += buffer;
            } else {
                out += c;
            }
        }
    }
    return out + "\"";
}

} // namespace opsinfo
