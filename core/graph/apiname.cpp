#include "graph/apiname.h"

#include "common/text.h"

#include <cctype>
#include <vector>

namespace opsinfo {

const char *evidenceFrameworkName(EvidenceFramework framework)
{
    switch (framework) {
    case EvidenceFramework::Ge:
        return "ge";
    case EvidenceFramework::PyTorch:
        return "pytorch";
    case EvidenceFramework::MindSpore:
        return "mindspore";
    case EvidenceFramework::Unknown:
        break;
    }
    return "unknown";
}

namespace {

bool isDigits(std::string_view s)
{
    if (s.empty())
        return false;
    for (char c : s)
        if (!std::isdigit(static_cast<unsigned char>(c)))
            return false;
    return true;
}

std::string join(const std::vector<std::string_view> &parts, std::size_t from, std::size_t to)
{
    std::string out;
    for (std::size_t i = from; i < to && i < parts.size(); ++i)
        out += (out.empty() ? "" : ".") + std::string(parts[i]);
    return out;
}

bool isModulePrefix(std::string_view p)
{
    return p == "Module" || p == "Cell";
}

// "Functional_linear_0_forward_input.0" -> "Functional.linear.0.forward.input.0": the
// direction word, with the call index before it and the tensor after it, anchors the split.
std::optional<std::string> legacyToDotted(std::string_view text)
{
    for (std::string_view word : {"_forward", "_backward"}) {
        const std::size_t at = text.rfind(word);
        if (at == std::string_view::npos)
            continue;
        const std::size_t afterWord = at + word.size();
        if (afterWord < text.size() && text[afterWord] != '_')
            continue;
        std::size_t digits = at;
        while (digits > 0 && std::isdigit(static_cast<unsigned char>(text[digits - 1])))
            --digits;
        if (digits == at || digits == 0 || text[digits - 1] != '_')
            continue;
        const std::size_t prefixEnd = text.find('_');
        if (prefixEnd == std::string_view::npos || prefixEnd >= digits - 1)
            continue;
        std::string out(text.substr(0, prefixEnd));
        out += '.';
        out += text.substr(prefixEnd + 1, digits - 1 - (prefixEnd + 1));
        out += '.';
        out += text.substr(digits, at - digits);
        out += '.';
        out += word.substr(1);
        if (afterWord < text.size()) {
            out += '.';
            out += text.substr(afterWord + 1);
        }
        return out;
    }
    return std::nullopt;
}

} // namespace

std::optional<ApiName> parseApiName(std::string_view text)
{
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t'))
        text.remove_suffix(1);
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t'))
        text.remove_prefix(1);
    std::string dotted(text);
    if (text.find(".forward") == std::string_view::npos
        && text.find(".backward") == std::string_view::npos)
        if (auto legacy = legacyToDotted(text))
            dotted = *legacy;
    // For the older files, whose separators are '_' outside the tensor suffix, the caller passes
    // the name with those turned into '.'.
    const std::vector<std::string_view> parts = splitAt(dotted, '.');
    if (parts.size() < 2 || parts[0].empty() || parts[1].empty())
        return std::nullopt;
    ApiName name;
    name.prefix = std::string(parts[0]);
    std::size_t direction = parts.size();
    for (std::size_t i = 1; i < parts.size(); ++i)
        if (parts[i] == "forward" || parts[i] == "backward") {
            direction = i;
            break;
        }
    if (isModulePrefix(parts[0])) {
        // Module.<path>.<Class>.forward.<n>: the class names the layer.
        name.module = true;
        name.api = std::string(parts[direction == parts.size() ? parts.size() - 1 : direction - 1]);
        if (direction < parts.size())
            name.direction = std::string(parts[direction]);
        return name;
    }
    std::size_t apiEnd = direction;
    if (apiEnd == parts.size() && parts.size() > 2 && isDigits(parts.back()))
        apiEnd = parts.size(); // "Functional.conv2d.1": call index last, no direction
    if (apiEnd > 2 && isDigits(parts[apiEnd - 1]))
        --apiEnd; // the call index
    if (apiEnd < 2)
        return std::nullopt;
    name.api = join(parts, 1, apiEnd);
    if (direction < parts.size()) {
        name.direction = std::string(parts[direction]);
        name.tensor = join(parts, direction + 1, parts.size());
    }
    return name;
}

std::string normalisedApi(std::string_view api)
{
    std::string key;
    for (char c : api.substr(0, api.find('.')))
        key += char(std::tolower(static_cast<unsigned char>(c)));
    if (key.size() > 4 && key.rfind("__", 0) == 0 && key.compare(key.size() - 2, 2, "__") == 0)
        key = key.substr(2, key.size() - 4);
    if (key.size() > 1 && key.back() == '_')
        key.pop_back();
    return key;
}

} // namespace opsinfo
