#include "graph/opmap.h"

#include "common/coretext.h"
#include "common/inputfile.h"
#include "common/resources.h"
#include "common/text.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <fstream>
#include <sstream>
#include <unordered_set>

namespace opsinfo {

namespace {

constexpr std::string_view kDefaultDomain = "ai.onnx";

std::string onnxKey(std::string_view domain, std::string_view op)
{
    if (domain.empty() || domain == "ai.onnx")
        domain = kDefaultDomain;
    std::string key(domain);
    key += '\x1f';
    key += op;
    return key;
}

// Tabs separate the columns, so only spaces and carriage returns around a line are padding.
std::string_view withoutPadding(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\r'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\r'))
        s.remove_suffix(1);
    return s;
}

bool parseInt(std::string_view s, int &value)
{
    auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
    return ec == std::errc() && ptr == s.data() + s.size() && value >= 0;
}

bool isIdentifier(std::string_view s)
{
    if (s.empty())
        return false;
    return std::all_of(s.begin(), s.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == ':'
            || c == '-' || c == '/';
    });
}

Diagnostic syntaxError(const std::string &file, int line, int column, std::string message,
                       std::string hint)
{
    return {
        Severity::Error, {file, line, column}, "opmap-syntax", std::move(message), std::move(hint)};
}

// The IR column: '=' (the op's own name), an IR type, or alternatives A|B (A+B); false when
// its first type is no name.
bool parseIrColumn(std::string_view ir, std::string_view op, std::string &irType,
                   std::vector<std::string> &alternatives)
{
    if (ir == "=") {
        irType = std::string(op);
        return true;
    }
    std::string_view first = ir.substr(0, ir.find_first_of("|+"));
    if (!isIdentifier(first))
        return false;
    irType = std::string(first);
    std::string_view rest = ir.substr(first.size());
    while (!rest.empty()) {
        rest.remove_prefix(1);
        const std::string_view alt = rest.substr(0, rest.find_first_of("|+"));
        if (!alt.empty())
            alternatives.emplace_back(alt);
        rest.remove_prefix(alt.size());
    }
    return true;
}

} // namespace

const OpMap &OpMap::defaults()
{
    static const OpMap map = [] {
        OpMap m;
        for (const char *name : {"opmap/onnx_to_ascend.tsv", "opmap/tf_to_ascend.tsv"})
            m.loadText(embeddedResource(name).value_or(""), std::string("<embedded>/") + name,
                       false);
        return m;
    }();
    return map;
}

bool OpMap::parseOpsets(std::string_view opsets, std::vector<Range> &ranges)
{
    bool ok = !opsets.empty();
    if (ok && opsets != "*") {
        for (std::string_view part : splitAt(opsets, ',')) {
            Range range;
            const std::size_t dash = part.find('-');
            if (dash == std::string_view::npos) {
                ok = ok && parseInt(part, range.low);
                range.high = range.low;
            } else {
                ok = ok && parseInt(part.substr(0, dash), range.low)
                    && parseInt(part.substr(dash + 1), range.high) && range.low <= range.high;
            }
            ranges.push_back(range);
        }
    }
    return ok;
}

std::optional<Diagnostic> OpMap::parseRow(std::string_view line, bool onnx, const std::string &file,
                                          int lineNumber, std::string &key, Row &row)
{
    const auto cells = splitAt(line, '\t');
    const std::size_t maxCells = onnx ? 4 : 2;
    if (cells.size() < 2 || cells.size() > maxCells) {
        if (onnx)
            return syntaxError(
                file, lineNumber, 1,
                CoreText::tr("expected 2 to 4 tab-separated columns, found %1", cells.size()),
                CoreText::tr("write op<TAB>ir_type[<TAB>opsets[<TAB>domain]]"));
        return syntaxError(file, lineNumber, 1,
                           CoreText::tr("expected 2 tab-separated columns, found %1", cells.size()),
                           CoreText::tr("write op<TAB>ir_type"));
    }
    const std::string_view op = trimmed(cells[0]);
    const std::string_view ir = trimmed(cells[1]);
    const int irColumn = int(cells[0].size()) + 2;
    if (!isIdentifier(op))
        return syntaxError(file, lineNumber, 1, CoreText::tr("invalid op type '%1'", op),
                           CoreText::tr("op types are names without spaces"));
    if (!parseIrColumn(ir, op, row.irType, row.alternatives))
        return syntaxError(
            file, lineNumber, irColumn, CoreText::tr("invalid Ascend IR type '%1'", ir),
            CoreText::tr("write an IR type, '=' for the same name, or alternatives A|B"));
    std::string_view domain;
    if (onnx && cells.size() >= 3) {
        const std::string_view opsets = trimmed(cells[2]);
        const int opsetColumn = irColumn + int(cells[1].size()) + 1;
        row.opsetText = std::string(opsets);
        if (!parseOpsets(opsets, row.opsets))
            return syntaxError(file, lineNumber, opsetColumn,
                               CoreText::tr("invalid opset list '%1'", opsets),
                               CoreText::tr("write opsets as 8-18, 1,6,8-18 or * for any"));
        if (cells.size() == 4)
            domain = trimmed(cells[3]);
    }
    key = onnx ? onnxKey(domain, op) : std::string(op);
    return std::nullopt;
}

std::vector<Diagnostic> OpMap::loadText(std::string_view text, const std::string &file,
                                        bool override)
{
    std::vector<Diagnostic> diagnostics;
    Table *table = nullptr;
    std::unordered_set<std::string> replaced; // keys this load already cleared
    int lineNumber = 0;
    for (std::string_view rawLine : splitAt(text, '\n')) {
        ++lineNumber;
        const std::string_view line = withoutPadding(rawLine);
        if (line.empty() || line.front() == '#')
            continue;
        if (line.front() == '[') {
            if (line == "[onnx]") {
                table = &m_onnx;
            } else if (line == "[tensorflow]" || line == "[tf]") {
                table = &m_tf;
            } else {
                diagnostics.push_back(syntaxError(file, lineNumber, 1,
                                                  CoreText::tr("unknown section '%1'", line),
                                                  CoreText::tr("use [onnx] or [tensorflow]")));
                table = nullptr;
            }
            continue;
        }
        if (!table) {
            diagnostics.push_back(
                syntaxError(file, lineNumber, 1, CoreText::tr("row outside a section"),
                            CoreText::tr("put a line [onnx] or [tensorflow] above the rows")));
            continue;
        }
        std::string key;
        Row row;
        if (auto error = parseRow(line, table == &m_onnx, file, lineNumber, key, row)) {
            diagnostics.push_back(std::move(*error));
            continue;
        }
        auto &rows = (*table)[key];
        if (override && replaced.insert(key).second)
            rows.clear();
        rows.push_back(std::move(row));
    }
    return diagnostics;
}

std::vector<Diagnostic> OpMap::loadOverride(const std::string &path)
{
    std::string text;
    if (const auto refused = readInputFile(path, InputLimits::OpMap, text))
        return {refused->diagnostic()};
    return loadText(text, path, true);
}

OpLookup OpMap::lookupOnnx(std::string_view domain, std::string_view op, int opset) const
{
    OpLookup result;
    result.irType = std::string(op);
    auto it = m_onnx.find(onnxKey(domain, op));
    if (it == m_onnx.end() || it->second.empty())
        return result;
    const Row *chosen = nullptr;
    const Row *nearestBelow = nullptr;
    int nearestHigh = -1;
    for (const Row &row : it->second) {
        if (row.opsets.empty() || opset < 0) {
            chosen = &row;
            break;
        }
        for (const Range &range : row.opsets) {
            if (opset >= range.low && opset <= range.high)
                chosen = &row;
            else if (range.high < opset && range.high > nearestHigh) {
                nearestHigh = range.high;
                nearestBelow = &row;
            }
        }
        if (chosen)
            break;
    }
    if (!chosen) {
        // GE would reject the op (exact opset match only); the nearest registration is our best
        // guess.
        result.opsetMatched = false;
        chosen = nearestBelow ? nearestBelow : &it->second.front();
    }
    result.mapped = true;
    result.irType = chosen->irType;
    result.alternatives = chosen->alternatives;
    result.opsets = chosen->opsetText;
    return result;
}

OpLookup OpMap::lookupTensorFlow(std::string_view op) const
{
    OpLookup result;
    result.irType = std::string(op);
    auto it = m_tf.find(std::string(op));
    if (it == m_tf.end() || it->second.empty())
        return result;
    result.mapped = true;
    result.irType = it->second.front().irType;
    result.alternatives = it->second.front().alternatives;
    return result;
}

std::size_t OpMap::size(Framework framework) const
{
    return framework == Framework::Onnx ? m_onnx.size() : m_tf.size();
}

} // namespace opsinfo
