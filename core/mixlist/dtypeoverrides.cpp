#include "mixlist/dtypeoverrides.h"

#include "common/coretext.h"
#include "common/text.h"
#include "graph/graph.h"

#include <map>

namespace opsinfo {

namespace {

constexpr std::string_view opTypePrefix = "OpType::";
constexpr std::size_t maxCustomizeLine = 1024;

struct Line
{
    std::string_view text; // without the line end
    int number = 0;
    std::size_t bomSkipped = 0;
};

// Splits on LF, dropping a CR before it (CRLF files are common) and a leading UTF-8 BOM.
std::vector<Line> splitLines(std::string_view text, const std::string &file,
                             std::vector<Diagnostic> &diagnostics)
{
    std::vector<Line> lines;
    std::size_t bom = 0;
    if (text.substr(0, 3) == "\xEF\xBB\xBF") {
        bom = 3;
        diagnostics.push_back({Severity::Warning,
                               {file, 1, 1},
                               "bom",
                               CoreText::tr("UTF-8 byte-order mark at the start of the file"),
                               CoreText::tr("save the file without BOM") + "; "
                                   + CoreText::tr("it could be read as part of the first name")});
    }
    std::size_t start = bom;
    int number = 1;
    while (start <= text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos)
            end = text.size();
        std::string_view line = text.substr(start, end - start);
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        lines.push_back({line, number, number == 1 ? bom : 0});
        if (end == text.size())
            break;
        start = end + 1;
        ++number;
    }
    return lines;
}

bool isBlank(std::string_view s)
{
    return trimmed(s).empty();
}

// `^[A-Z][A-Za-z0-9]*$`; returns the offset of the first bad character, or npos.
std::size_t badOpTypeChar(std::string_view type)
{
    if (type.empty())
        return 0;
    if (!(type[0] >= 'A' && type[0] <= 'Z'))
        return 0;
    for (std::size_t i = 1; i < type.size(); ++i) {
        const char c = type[i];
        if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')))
            return i;
    }
    return std::string_view::npos;
}

// Leading/trailing blanks: trimmed with a warning (the compiler would take them as part of the
// name).
std::string_view trimWithWarning(const Line &line, const std::string &file, const char *code,
                                 std::vector<Diagnostic> &diagnostics, std::size_t &offset)
{
    std::string_view s = line.text;
    offset = 0;
    const std::string_view kept = trimmed(s);
    const std::size_t first = std::size_t(kept.data() - s.data());
    const std::size_t last = first + kept.size() - 1;
    if (kept.size() != s.size()) {
        diagnostics.push_back(
            {Severity::Warning,
             {file, line.number, int(first + 1)},
             code,
             CoreText::tr("blanks around the entry were ignored"),
             CoreText::tr("remove them: the compiler may read them as part of the name")});
        offset = first;
        s = s.substr(first, last - first + 1);
    }
    return s;
}

} // namespace

namespace {

// Offset of the first byte that cannot be part of a node name written as text (a control byte, or
// a byte that does not start or continue a well-formed UTF-8 sequence), or npos.
std::size_t firstNonTextByte(std::string_view s)
{
    for (std::size_t i = 0; i < s.size();) {
        const auto b = static_cast<unsigned char>(s[i]);
        if (b < 0x80) {
            if (b < 0x20 && b != '\t')
                return i;
            ++i;
            continue;
        }
        const std::size_t n = b >= 0xc2 && b <= 0xdf ? 2
            : b >= 0xe0 && b <= 0xef                 ? 3
            : b >= 0xf0 && b <= 0xf4                 ? 4
                                                     : 0;
        if (n == 0 || i + n > s.size())
            return i;
        for (std::size_t k = 1; k < n; ++k)
            if ((static_cast<unsigned char>(s[i + k]) & 0xc0) != 0x80)
                return i;
        i += n;
    }
    return std::string_view::npos;
}

} // namespace

KeepDtype parseKeepDtype(std::string_view text, const std::string &file,
                         std::vector<Diagnostic> &diagnostics)
{
    KeepDtype result;
    std::map<std::string, int, std::less<>> firstLine;
    for (const auto &line : splitLines(text, file, diagnostics)) {
        if (isBlank(line.text))
            continue;
        std::size_t offset = 0;
        const std::string_view entry
            = trimWithWarning(line, file, "keep_dtype", diagnostics, offset);
        if (auto [it, inserted] = firstLine.emplace(std::string(entry), line.number); !inserted) {
            diagnostics.push_back(
                {Severity::Warning,
                 {file, line.number, int(offset + 1)},
                 "keep_dtype",
                 CoreText::tr("'%1' is listed again (first at line %2)", entry, it->second),
                 CoreText::tr("remove the duplicate line")});
            continue;
        }
        if (entry.substr(0, opTypePrefix.size()) == opTypePrefix) {
            const std::string_view type = entry.substr(opTypePrefix.size());
            const std::size_t bad = badOpTypeChar(type);
            if (bad != std::string_view::npos) {
                const int column = int(offset + opTypePrefix.size() + bad + 1);
                diagnostics.push_back(
                    {Severity::Error,
                     {file, line.number, column},
                     "keep_dtype",
                     type.empty()
                         ? CoreText::tr("'OpType::' without an op type")
                         : CoreText::tr("invalid op type '%1': it must match ^[A-Z][A-Za-z0-9]*$",
                                        type),
                     CoreText::tr("write OpType::<Type>, e.g. OpType::MatMulV2")});
                continue;
            }
            result.opTypes.emplace(type);
            result.lines.emplace(entry, line.number);
        } else {
            if (const std::size_t bad = firstNonTextByte(entry); bad != std::string_view::npos) {
                diagnostics.push_back(
                    {Severity::Error,
                     {file, line.number, int(offset + bad + 1)},
                     "keep_dtype",
                     CoreText::tr(
                         "byte 0x%1 is not text: a node name is UTF-8 text (is this a binary file?)",
                         [&] {
                             static const char *digits = "0123456789abcdef";
                             const auto b = static_cast<unsigned char>(entry[bad]);
                             return std::string {digits[b >> 4], digits[b & 15]};
                         }()),
                     CoreText::tr(
                         "give --keep_dtype a text file with one node name or OpType::<Type> per line")});
                continue;
            }
            if (entry.front() == '#')
                diagnostics.push_back(
                    {Severity::Warning,
                     {file, line.number, int(offset + 1)},
                     "keep_dtype",
                     CoreText::tr("'%1' looks like a comment but is read as a node name", entry),
                     CoreText::tr("keep_dtype has no comments: remove the line")});
            result.nodeNames.emplace(entry);
            result.lines.emplace(entry, line.number);
        }
    }
    return result;
}

namespace {

// "InputDtype:float16,,float32,OutputDtype:float32" starting at `base` (a byte offset in the line).
bool parseDtypeSpec(std::string_view spec, std::size_t base, const Line &line,
                    const std::string &file, DtypeRestriction &out,
                    std::vector<Diagnostic> &diagnostics)
{
    constexpr std::string_view inputKey = "InputDtype:";
    constexpr std::string_view outputKey = "OutputDtype:";
    auto error = [&](std::size_t at, std::string message, std::string hint) {
        diagnostics.push_back({Severity::Error,
                               {file, line.number, int(base + at + 1)},
                               "customize_dtypes",
                               std::move(message),
                               std::move(hint)});
        return false;
    };
    std::vector<std::optional<DType>> *section = nullptr;
    bool sawInput = false, sawOutput = false;
    std::size_t pos = 0;
    while (pos <= spec.size()) {
        std::size_t end = spec.find(',', pos);
        if (end == std::string_view::npos)
            end = spec.size();
        std::string_view token = spec.substr(pos, end - pos);
        std::size_t tokenStart = pos;
        if (token.substr(0, inputKey.size()) == inputKey
            || token.substr(0, outputKey.size()) == outputKey) {
            const bool input = token[0] == 'I';
            if ((input && sawInput) || (!input && sawOutput))
                return error(pos,
                             CoreText::tr("%1 appears twice", input ? "InputDtype" : "OutputDtype"),
                             CoreText::tr("give each once: InputDtype:...,OutputDtype:..."));
            (input ? sawInput : sawOutput) = true;
            section = input ? &out.inputs : &out.outputs;
            const std::size_t skip = input ? inputKey.size() : outputKey.size();
            token.remove_prefix(skip);
            tokenStart += skip;
        } else if (!section) {
            return error(pos,
                         CoreText::tr("expected InputDtype: or OutputDtype: but found '%1'", token),
                         CoreText::tr("write InputDtype:<dtype>,...,OutputDtype:<dtype>,..."));
        } else if (token.find(':') != std::string_view::npos) {
            return error(pos,
                         CoreText::tr("unknown section '%1'", token.substr(0, token.find(':'))),
                         CoreText::tr("only InputDtype: and OutputDtype: are allowed"));
        }
        if (token.empty()) {
            section->push_back(std::nullopt); // empty position = any dtype
        } else {
            std::string word(token); // FE upper-cases the word: any case is accepted
            for (char &c : word)
                c = char(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
            const DType type = parseOpsInfoDType(word);
            if (type == DType::Other || type == DType::Undefined)
                return error(
                    tokenStart, CoreText::tr("unknown dtype '%1'", token),
                    CoreText::tr("use ops-info names: float16, float32, bfloat16, int32 ..."));
            section->push_back(type);
        }
        if (end == spec.size())
            break;
        pos = end + 1;
    }
    if (!sawInput && !sawOutput)
        return error(0, CoreText::tr("no InputDtype: or OutputDtype: section"),
                     CoreText::tr("write InputDtype:...,OutputDtype:..."));
    return true;
}

} // namespace

// FE's reader (utils/common/config_parser/op_cust_dtypes_config_parser.cc:83-258): a line is
// `[OpType::]NAME:...InputDtype:d0,d1,...,OutputDtype:d0,...`, the name or type ends at the first
// ':'; an empty item is no constraint; dtype words are case-insensitive; the first line for a name
// or type counts; any line that does not parse, an empty one included, refuses the whole file.
CustomizeDtypes parseCustomizeDtypes(std::string_view text, const std::string &file,
                                     std::vector<Diagnostic> &diagnostics)
{
    CustomizeDtypes result;
    std::map<std::string, int, std::less<>> firstLine; // "node:X" / "type:X" -> line
    const std::vector<Line> lines = splitLines(text, file, diagnostics);
    for (const auto &line : lines) {
        if (line.text.empty() && &line == &lines.back())
            break; // after the last line end: not a line
        if (isBlank(line.text)) {
            diagnostics.push_back({Severity::Error,
                                   {file, line.number, 1},
                                   "customize_dtypes",
                                   CoreText::tr("empty line: the compiler refuses the whole file"),
                                   CoreText::tr("remove the empty line")});
            continue;
        }
        if (line.text.size() > maxCustomizeLine) {
            diagnostics.push_back(
                {Severity::Error,
                 {file, line.number, int(maxCustomizeLine + 1)},
                 "customize_dtypes",
                 CoreText::tr("line is %1 characters long", line.text.size()) + "; "
                     + CoreText::tr("the compiler accepts at most %1", maxCustomizeLine),
                 CoreText::tr("shorten it (one op per line)")});
            continue;
        }
        std::size_t offset = 0;
        const std::string_view entry
            = trimWithWarning(line, file, "customize_dtypes", diagnostics, offset);
        const bool byType = entry.substr(0, opTypePrefix.size()) == opTypePrefix;
        const std::size_t nameStart = byType ? opTypePrefix.size() : 0;
        const std::size_t colon = entry.find(':', nameStart);
        if (colon == std::string_view::npos || colon == nameStart) {
            const bool typeWithoutSpec = byType && colon == std::string_view::npos;
            diagnostics.push_back(
                {Severity::Error,
                 {file, line.number,
                  int(offset + (typeWithoutSpec ? entry.size() : nameStart) + 1)},
                 "customize_dtypes",
                 typeWithoutSpec ? CoreText::tr("missing ':InputDtype:...' after the op type")
                     : colon == nameStart
                     ? (byType ? CoreText::tr("'OpType::' without an op type")
                               : CoreText::tr("missing node name before ':'"))
                     : CoreText::tr(
                         "expected '<NodeName>:InputDtype:...' or 'OpType::<Type>:InputDtype:...'"),
                 CoreText::tr("e.g. MatMul_1:InputDtype:float16,float16,OutputDtype:float32")});
            continue;
        }
        const std::string key(entry.substr(nameStart, colon - nameStart));
        if (byType && badOpTypeChar(key) != std::string_view::npos)
            diagnostics.push_back(
                {Severity::Warning,
                 {file, line.number, int(offset + nameStart + 1)},
                 "customize_dtypes",
                 CoreText::tr(
                     "op type '%1' is not PascalCase: the compiler accepts it, but no Ascend op type is written so",
                     key),
                 CoreText::tr(
                     "check the spelling (OpType::MatMulV2), or give a node name without OpType::")});
        // "name::InputDtype" is read as the name, then ":InputDtype" (FE looks for the keywords).
        std::size_t specStart = colon + 1;
        if (specStart < entry.size() && entry[specStart] == ':')
            ++specStart;
        DtypeRestriction restriction;
        restriction.line = line.number;
        if (!parseDtypeSpec(entry.substr(specStart), offset + specStart, line, file, restriction,
                            diagnostics))
            continue;
        const std::string id = (byType ? "type:" : "node:") + key;
        if (auto [it, inserted] = firstLine.emplace(id, line.number); !inserted) {
            diagnostics.push_back(
                {Severity::Warning,
                 {file, line.number, int(offset + 1)},
                 "customize_dtypes",
                 CoreText::tr("'%1' is customised again (first at line %2)", key, it->second) + "; "
                     + CoreText::tr("the compiler keeps the first line and ignores this one"),
                 CoreText::tr("keep one line per op")});
            continue;
        }
        (byType ? result.byType : result.byNode)[key] = std::move(restriction);
    }
    return result;
}

namespace {

void collectNames(const Graph &graph, std::set<std::string_view> &names,
                  std::set<std::string_view> &types)
{
    for (const Node &node : graph.nodes()) {
        names.insert(node.name);
        types.insert(node.opType);
        for (const auto &sub : node.subgraphs)
            if (sub)
                collectNames(*sub, names, types);
    }
}

} // namespace

std::vector<Diagnostic> keepDtypeEntriesNotInGraph(const KeepDtype &keep, const Graph &graph,
                                                   const std::string &file)
{
    std::set<std::string_view> names, types;
    collectNames(graph, names, types);
    std::vector<Diagnostic> diagnostics;
    for (const auto &[entry, line] : keep.lines) {
        const bool type = entry.substr(0, opTypePrefix.size()) == opTypePrefix;
        const bool found = type
            ? types.count(std::string_view(entry).substr(opTypePrefix.size())) > 0
            : names.count(entry) > 0;
        if (!found)
            diagnostics.push_back(
                {Severity::Warning,
                 {file, line, 1},
                 "keep_dtype",
                 type ? CoreText::tr(
                     "no node of the graph has type '%1': the compiler warns and ignores the line",
                     std::string_view(entry).substr(opTypePrefix.size()))
                      : CoreText::tr(
                          "no node of the graph is named '%1': the compiler warns and ignores the line",
                          entry),
                 CoreText::tr("check the name against the graph, or remove the line")});
    }
    return diagnostics;
}

} // namespace opsinfo
