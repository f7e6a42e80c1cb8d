#include "graph/apimap.h"

#include "common/coretext.h"
#include "common/inputfile.h"
#include "common/resources.h"
#include "common/text.h"

#include <cctype>

namespace opsinfo {

namespace {

bool isName(std::string_view s)
{
    if (s.empty())
        return false;
    for (char c : s)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.'))
            return false;
    return true;
}

} // namespace

const ApiMap &ApiMap::defaults()
{
    static const ApiMap map = [] {
        ApiMap m;
        const char *name = "apimap/msprobe_to_ascend.tsv";
        m.loadText(embeddedResource(name).value_or(""), std::string("<embedded>/") + name);
        return m;
    }();
    return map;
}

std::vector<Diagnostic> ApiMap::loadText(std::string_view text, const std::string &file)
{
    std::vector<Diagnostic> diagnostics;
    int section = -1;
    int lineNumber = 0;
    auto report = [&](int column, std::string message, std::string hint) {
        diagnostics.push_back({Severity::Error,
                               {file, lineNumber, column},
                               "apimap-syntax",
                               std::move(message),
                               std::move(hint)});
    };
    std::size_t pos = 0;
    while (pos <= text.size()) {
        std::size_t end = text.find('\n', pos);
        if (end == std::string_view::npos)
            end = text.size();
        const std::string_view line = trimmed(text.substr(pos, end - pos));
        pos = end + 1;
        ++lineNumber;
        if (line.empty() || line.front() == '#')
            continue;
        if (line.front() == '[') {
            section = line == "[common]"          ? Common
                : line == "[pytorch]"             ? PyTorch
                : line == "[mindspore]"           ? MindSpore
                : line == "[mindspore-primitive]" ? Primitive
                : line == "[module]"              ? Module
                                                  : -1;
            if (section < 0)
                report(
                    1, CoreText::tr("unknown section '%1'", line),
                    CoreText::tr(
                        "use [common], [pytorch], [mindspore], [mindspore-primitive] or [module]"));
            continue;
        }
        if (section < 0) {
            report(
                1, CoreText::tr("row outside a section"),
                CoreText::tr(
                    "put a line [common], [pytorch], [mindspore], [mindspore-primitive] or [module] above the rows"));
            continue;
        }
        const std::size_t tab = line.find('\t');
        const std::string_view api = trimmed(line.substr(0, tab));
        const std::string_view types
            = tab == std::string_view::npos ? std::string_view() : trimmed(line.substr(tab + 1));
        if (tab == std::string_view::npos || types.empty()
            || types.find('\t') != std::string_view::npos) {
            report(1, CoreText::tr("expected 2 tab-separated columns"),
                   CoreText::tr("write api<TAB>ir_type[|ir_type...]"));
            continue;
        }
        if (!isName(api)) {
            report(1, CoreText::tr("invalid API name '%1'", api),
                   CoreText::tr("API names are words without spaces"));
            continue;
        }
        Row row;
        if (types == "-") {
            row.notAnOp = true;
        } else {
            std::size_t at = 0;
            bool bad = false;
            while (at <= types.size()) {
                std::size_t bar = types.find('|', at);
                if (bar == std::string_view::npos)
                    bar = types.size();
                const std::string_view type = trimmed(types.substr(at, bar - at));
                if (!isName(type)) {
                    report(
                        int(tab) + 2 + int(at), CoreText::tr("invalid IR type '%1'", type),
                        CoreText::tr(
                            "IR types are names such as MatMulV2, and '-' marks an API without an op"));
                    bad = true;
                    break;
                }
                row.irTypes.emplace_back(type);
                at = bar + 1;
            }
            if (bad)
                continue;
        }
        const std::string key
            = section == Primitive || section == Module ? std::string(api) : normalisedApi(api);
        m_rows[std::size_t(section)][key] = std::move(row);
    }
    return diagnostics;
}

std::vector<Diagnostic> ApiMap::loadOverride(const std::string &path)
{
    // Opened once and checked on the descriptor (regular file, within its limit), like every input.
    std::string text;
    if (const auto refused = readInputFile(path, InputLimits::ApiMap, text))
        return {refused->diagnostic()};
    return loadText(text, path);
}

const ApiMap::Row *ApiMap::find(Section section, const std::string &key) const
{
    const auto &rows = m_rows[std::size_t(section)];
    const auto it = rows.find(key);
    return it == rows.end() ? nullptr : &it->second;
}

ApiLookup ApiMap::lookup(EvidenceFramework framework, const ApiName &name) const
{
    ApiLookup result;
    const Row *row = nullptr;
    if (name.module) {
        row = find(Module, name.api);
    } else if (name.prefix == "Primitive") {
        // "Primitive.MatMul", or "Primitive.<cell>.<Class>": a capitalised last part is the
        // primitive class; a lower-case one is an API-like name.
        const std::string last = name.api.substr(
            name.api.rfind('.') == std::string::npos ? 0 : name.api.rfind('.') + 1);
        if (!last.empty() && std::isupper(static_cast<unsigned char>(last[0]))) {
            row = find(Primitive, last);
            if (!row) {
                // MindSpore primitives mostly carry the IR type's own name.
                result.irTypes = {last};
                result.mapped = true;
                result.fromPrimitiveName = true;
                return result;
            }
        } else {
            row = find(MindSpore, normalisedApi(last));
            if (!row)
                row = find(Common, normalisedApi(last));
        }
    } else {
        const std::string key = normalisedApi(name.api);
        if (framework == EvidenceFramework::MindSpore || name.prefix == "Mint"
            || name.prefix == "MintFunctional")
            row = find(MindSpore, key);
        else if (framework == EvidenceFramework::PyTorch)
            row = find(PyTorch, key);
        if (!row)
            row = find(Common, key);
    }
    if (!row)
        return result;
    result.mapped = true;
    result.notAnOp = row->notAnOp;
    result.irTypes = row->irTypes;
    return result;
}

std::size_t ApiMap::size() const
{
    std::size_t n = 0;
    for (const auto &rows : m_rows)
        n += rows.size();
    return n;
}

} // namespace opsinfo
