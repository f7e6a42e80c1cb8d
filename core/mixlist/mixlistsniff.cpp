#include "mixlist/mixlistsniff.h"

#include <array>
#include <cctype>
#include <string>

namespace opsinfo {

namespace {

// Whitespace and the comments the lenient import accepts (// line, /* block */).
std::size_t skipSpace(std::string_view text, std::size_t at)
{
    while (at < text.size()) {
        if (std::isspace(static_cast<unsigned char>(text[at]))) {
            ++at;
        } else if (text.substr(at, 2) == "//") {
            const std::size_t end = text.find('\n', at);
            at = end == std::string_view::npos ? text.size() : end + 1;
        } else if (text.substr(at, 2) == "/*") {
            const std::size_t end = text.find("*/", at + 2);
            at = end == std::string_view::npos ? text.size() : end + 2;
        } else {
            break;
        }
    }
    return at;
}

} // namespace

bool looksLikeMixlistJson(std::string_view head)
{
    if (head.substr(0, 3) == "\xEF\xBB\xBF")
        head.remove_prefix(3);
    std::size_t at = skipSpace(head, 0);
    if (at >= head.size() || head[at] != '{')
        return false;
    at = skipSpace(head, at + 1);
    if (at < head.size() && head[at] == '}')
        return true; // "{}": an empty mixlist (an empty library changes nothing either)
    if (at >= head.size() || head[at] != '"')
        return false;
    const std::size_t end = head.find('"', at + 1);
    if (end == std::string_view::npos || end - at > 32)
        return false;
    std::string key;
    for (char c : head.substr(at + 1, end - at - 1))
        key += c == '_' ? '-' : char(std::tolower(static_cast<unsigned char>(c)));
    static const std::array<std::string_view, 8> kListKeys = {
        "black-list", "white-list", "gray-list", "grey-list",
        "blacklist",  "whitelist",  "graylist",  "greylist",
    };
    for (std::string_view name : kListKeys)
        if (key == name)
            return true;
    return false;
}

} // namespace opsinfo
