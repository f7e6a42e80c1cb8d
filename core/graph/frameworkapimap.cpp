#include "graph/frameworkapimap.h"

#include "common/resources.h"

#include <algorithm>
#include <array>
#include <cctype>

namespace opsinfo {

namespace {

std::string lowerNoUnderscore(std::string_view s)
{
    std::string out;
    for (char c : s)
        if (c != '_')
            out += char(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

// Components of an API path that name no operation: framework and msprobe prefixes, and the
// tails msprobe appends (call index, direction, tensor role, aten overload).
bool isNoise(const std::string &component)
{
    static constexpr std::array<std::string_view, 27> words {
        "torch", "nn",          "functional", "f",       "tensor",  "aten",           "npu",
        "vf",    "module",      "cell",       "ops",     "mint",    "mintfunctional", "primitive",
        "jit",   "distributed", "tf",         "math",    "linalg",  "forward",        "backward",
        "input", "output",      "inputs",     "outputs", "default", "parameters"};
    if (component.empty())
        return true;
    if (std::all_of(component.begin(), component.end(),
                    [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
        return true;
    return std::find(words.begin(), words.end(), component) != words.end();
}

} // namespace

std::string FrameworkApiMap::key(std::string_view apiName)
{
    std::vector<std::string> parts;
    std::size_t start = 0;
    while (start <= apiName.size()) {
        const std::size_t dot = apiName.find('.', start);
        const std::string_view part
            = apiName.substr(start, dot == std::string_view::npos ? apiName.npos : dot - start);
        parts.push_back(lowerNoUnderscore(part));
        if (dot == std::string_view::npos)
            break;
        start = dot + 1;
    }
    // The last component that is not noise names the operation (or the module's class).
    for (auto it = parts.rbegin(); it != parts.rend(); ++it)
        if (!isNoise(*it))
            return *it;
    return {};
}

void FrameworkApiMap::loadText(std::string_view text)
{
    bool inSection = false;
    std::size_t pos = 0;
    while (pos < text.size()) {
        std::size_t end = text.find('\n', pos);
        if (end == std::string_view::npos)
            end = text.size();
        std::string_view line = text.substr(pos, end - pos);
        pos = end + 1;
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        if (line.empty() || line.front() == '#')
            continue;
        if (line.front() == '[') {
            inSection = line == "[api]";
            continue;
        }
        const std::size_t tab = line.find('\t');
        if (!inSection || tab == std::string_view::npos)
            continue;
        std::vector<std::string> types;
        std::string_view rest = line.substr(tab + 1);
        if (const std::size_t next = rest.find('\t'); next != std::string_view::npos)
            rest = rest.substr(0, next);
        std::size_t from = 0;
        while (from <= rest.size()) {
            const std::size_t bar = rest.find('|', from);
            const std::string_view type
                = rest.substr(from, bar == std::string_view::npos ? rest.npos : bar - from);
            if (!type.empty())
                types.emplace_back(type);
            if (bar == std::string_view::npos)
                break;
            from = bar + 1;
        }
        if (!types.empty())
            m_table[key(line.substr(0, tab))] = std::move(types);
    }
}

const FrameworkApiMap &FrameworkApiMap::defaults()
{
    static const FrameworkApiMap map = [] {
        FrameworkApiMap m;
        m.loadText(embeddedResource("opmap/framework_api_to_ascend.tsv").value_or(""));
        return m;
    }();
    return map;
}

const std::vector<std::string> &FrameworkApiMap::lookup(std::string_view apiName) const
{
    static const std::vector<std::string> none;
    const auto it = m_table.find(key(apiName));
    return it == m_table.end() ? none : it->second;
}

} // namespace opsinfo
