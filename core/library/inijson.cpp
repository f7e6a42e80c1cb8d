#include "library/inijson.h"

#include "common/coretext.h"
#include "library/inijson_p.h"

#include <cstdint>
#include <unordered_map>

namespace opsinfo {

namespace {

// Code points Python's str.rstrip() / str.strip() remove (str.isspace()).
bool isPythonSpace(std::uint32_t cp)
{
    return (cp >= 0x09 && cp <= 0x0d) || (cp >= 0x1c && cp <= 0x20) || cp == 0x85 || cp == 0xa0
        || cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200a) || cp == 0x2028 || cp == 0x2029
        || cp == 0x202f || cp == 0x205f || cp == 0x3000;
}

// Length of the UTF-8 sequence ending at `end` and its code point; 1 and the byte when invalid.
std::size_t lastCodePoint(std::string_view s, std::size_t end, std::uint32_t &cp)
{
    std::size_t begin = end - 1;
    while (begin > 0 && end - begin < 4 && (static_cast<unsigned char>(s[begin]) & 0xc0) == 0x80)
        --begin;
    const auto lead = static_cast<unsigned char>(s[begin]);
    const std::size_t len = end - begin;
    const std::size_t expected = lead < 0x80 ? 1
        : lead >= 0xf0                       ? 4
        : lead >= 0xe0                       ? 3
        : lead >= 0xc0                       ? 2
                                             : 0;
    if (expected != len) {
        cp = static_cast<unsigned char>(s[end - 1]);
        return 1;
    }
    cp = len == 1 ? lead : lead & (0xff >> (len + 1));
    for (std::size_t k = begin + 1; k < end; ++k)
        cp = (cp << 6) | (static_cast<unsigned char>(s[k]) & 0x3f);
    return len;
}

std::string_view rstripPython(std::string_view s)
{
    while (!s.empty()) {
        std::uint32_t cp = 0;
        const std::size_t len = lastCodePoint(s, s.size(), cp);
        if (!isPythonSpace(cp) || (len == 1 && cp >= 0x80))
            break;
        s.remove_suffix(len);
    }
    return s;
}

std::string_view lstripPython(std::string_view s)
{
    while (!s.empty()) {
        const auto c = static_cast<unsigned char>(s.front());
        if (c < 0x80) {
            if (!isPythonSpace(c))
                break;
            s.remove_prefix(1);
            continue;
        }
        const std::size_t len = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : 2;
        if (len > s.size())
            break;
        std::uint32_t cp = 0;
        if (lastCodePoint(s.substr(0, len), len, cp) != len || !isPythonSpace(cp))
            break;
        s.remove_prefix(len);
    }
    return s;
}

// Offset of the first byte Python's strict UTF-8 decoder rejects (overlong forms, surrogates and
// code points above U+10FFFF included), or npos.
std::size_t firstInvalidUtf8(std::string_view s)
{
    std::size_t i = 0;
    while (i < s.size()) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c < 0x80) {
            ++i;
            continue;
        }
        std::size_t len = 0;
        unsigned low = 0x80, high = 0xbf; // allowed range of the second byte
        if (c >= 0xc2 && c <= 0xdf) {
            len = 2;
        } else if (c >= 0xe0 && c <= 0xef) {
            len = 3;
            low = c == 0xe0 ? 0xa0 : 0x80;
            high = c == 0xed ? 0x9f : 0xbf;
        } else if (c >= 0xf0 && c <= 0xf4) {
            len = 4;
            low = c == 0xf0 ? 0x90 : 0x80;
            high = c == 0xf4 ? 0x8f : 0xbf;
        } else {
            return i;
        }
        if (i + len > s.size())
            return i;
        const auto second = static_cast<unsigned char>(s[i + 1]);
        if (second < low || second > high)
            return i;
        for (std::size_t k = 2; k < len; ++k)
            if ((static_cast<unsigned char>(s[i + k]) & 0xc0) != 0x80)
                return i;
        i += len;
    }
    return std::string_view::npos;
}

// Line and column of `offset`, lines ended as Python's universal newlines end them.
std::pair<int, int> lineAndColumn(std::string_view text, std::size_t offset)
{
    int line = 1;
    std::size_t lineStart = 0;
    for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
        if (text[i] == '\n' || (text[i] == '\r' && (i + 1 >= text.size() || text[i + 1] != '\n'))) {
            ++line;
            lineStart = i + 1;
        }
    }
    return {line, int(offset - lineStart) + 1};
}

Diagnostic at(Severity severity, const std::string &file, int line, int column,
              const std::string &code, const std::string &message, const std::string &hint)
{
    return {severity, {file, line, line > 0 ? column : 0}, code, message, hint};
}

// parse_ini_to_obj over one file, into `sections` (shared by every file of one conversion).
class IniReader
{
public:
    IniReader(std::vector<IniSection> &sections,
              std::unordered_map<std::string, std::size_t> &index,
              std::vector<Diagnostic> &diagnostics, const IniConversionOptions &options)
        : m_sections(sections)
        , m_index(index)
        , m_diagnostics(diagnostics)
        , m_options(options)
    {
    }

    void read(const std::string &file, std::string_view text)
    {
        m_file = file;
        if (const std::size_t bad = firstInvalidUtf8(text); bad != std::string_view::npos) {
            // Python decodes the whole file before reading a line.
            const auto [line, column] = lineAndColumn(text, bad);
            report(Severity::Error, line, column, "ini-encoding",
                   CoreText::tr("byte %1 is not UTF-8: parse_ini_to_json.py cannot read the file",
                                static_cast<unsigned>(static_cast<unsigned char>(text[bad])))
                       + "; " + scriptSays("UnicodeDecodeError"),
                   CoreText::tr("save the file as UTF-8"));
            return;
        }
        IniSection
            orphan; // the script's op_dict before the first section: read, checked, never written
        std::size_t current = npos;
        bool found = false;
        int lineNo = 0;
        std::size_t pos = 0;
        while (pos < text.size()) {
            // Python's universal newlines: "\n", "\r\n" and a lone "\r" all end a line.
            std::size_t end = text.find_first_of("\r\n", pos);
            std::size_t next = end == std::string_view::npos ? text.size() : end + 1;
            if (end != std::string_view::npos && text[end] == '\r' && next < text.size()
                && text[next] == '\n')
                ++next;
            if (end == std::string_view::npos)
                end = text.size();
            ++lineNo;
            const std::string_view line = rstripPython(text.substr(pos, end - pos));
            pos = next;
            if (line.empty())
                continue;
            if (lineNo == 1 && line.substr(0, 3) == "\xef\xbb\xbf")
                report(
                    Severity::Warning, 1, 1, "ini-bom",
                    CoreText::tr(
                        "the file starts with a UTF-8 byte order mark, which parse_ini_to_json.py reads as part of the first line"),
                    CoreText::tr("save the file as UTF-8 without BOM"));
            if (line.front() == '[') {
                if (line.back() != ']') {
                    report(
                        Severity::Warning, lineNo, 1, "ini-section",
                        CoreText::tr(
                            "a line starting with '[' but not ending with ']': parse_ini_to_json.py ignores it"),
                        CoreText::tr("write [OpType]"));
                    continue;
                }
                current = openSection(std::string(line.substr(1, line.size() - 2)), lineNo);
                found = true;
                continue;
            }
            const std::size_t eq = line.find('=');
            if (eq == std::string_view::npos) {
                report(Severity::Warning, lineNo, 1, "ini-no-equals",
                       CoreText::tr("line without '=' ignored"),
                       CoreText::tr("write item.key=value"));
                continue;
            }
            std::string_view key = line.substr(0, eq);
            std::string_view value = line.substr(eq + 1);
            if (m_options.trimKeysAndValues) {
                key = lstripPython(rstripPython(key));
                value = lstripPython(value);
            }
            const int valueColumn = int(value.data() - line.data()) + 1;
            const std::size_t dot = key.find('.');
            if (dot == std::string_view::npos || key.find('.', dot + 1) != std::string_view::npos) {
                report(Severity::Error, lineNo, 1, "ini-key-dots",
                       CoreText::tr("key '%1' must have exactly one '.'", key) + "; "
                           + scriptSays(
                               dot == std::string_view::npos
                                   ? "ValueError: not enough values to unpack (expected 2, got 1)"
                                   : "ValueError: too many values to unpack (expected 2)"),
                       CoreText::tr("write item.key=value, e.g. input0.dtype=float16"));
                continue;
            }
            IniSection &section = current == npos ? orphan : m_sections[current];
            if (current == npos)
                report(Severity::Warning, lineNo, 1, "ini-outside-section",
                       CoreText::tr("line before the first [OpType] section ignored"),
                       CoreText::tr("put it under a section"));
            addLeaf(section, std::string(key.substr(0, dot)), std::string(key.substr(dot + 1)),
                    std::string(value), lineNo, valueColumn);
        }
        if (!found)
            report(Severity::Error, 0, 0, "ini-no-section",
                   CoreText::tr("the file has no [OpType] section") + "; "
                       + scriptSays("RuntimeError: Not find OpType in .ini file."),
                   CoreText::tr("start the file with the op type in brackets, e.g. [Add]"));
    }

private:
    static constexpr std::size_t npos = std::size_t(-1);

    std::size_t openSection(std::string name, int lineNo)
    {
        const auto [it, fresh] = m_index.try_emplace(name, m_sections.size());
        if (fresh) {
            m_sections.push_back({std::move(name), m_file, lineNo, {}});
        } else {
            IniSection &earlier = m_sections[it->second];
            report(
                Severity::Warning, lineNo, 1, "ini-repeated-section",
                CoreText::tr(
                    "section [%1] appears again (first at %2:%3) and replaces the earlier one as a whole",
                    earlier.name, earlier.file, earlier.line),
                CoreText::tr("merge the two sections"));
            earlier
                = {std::move(name), m_file, lineNo, {}}; // Python: a new dict under the same key
        }
        return it->second;
    }

    void addLeaf(IniSection &section, std::string item, std::string key, std::string value,
                 int lineNo, int valueColumn)
    {
        IniItem *target = nullptr;
        for (IniItem &i : section.items)
            if (i.name == item)
                target = &i;
        if (!target) {
            section.items.push_back({item, lineNo, {}});
            target = &section.items.back();
        }
        if (const IniLeaf *earlier = target->find(key)) {
            report(Severity::Error, lineNo, 1, "ini-duplicate-key",
                   CoreText::tr("'%1.%2' is set again (first at line %3)", item, key, earlier->line)
                       + "; "
                       + scriptSays("RuntimeError: Op:" + section.name + " " + item + " " + key
                                    + " is repeated!"),
                   CoreText::tr("keep one line per key"));
            return;
        }
        target->leaves.push_back({std::move(key), std::move(value), lineNo, valueColumn});
    }

    static std::string scriptSays(const std::string &message)
    {
        return CoreText::tr("parse_ini_to_json.py: %1", message);
    }

    void report(Severity severity, int line, int column, const char *code,
                const std::string &message, const std::string &hint)
    {
        m_diagnostics.push_back(at(severity, m_file, line, column, code, message, hint));
    }

    std::vector<IniSection> &m_sections;
    std::unordered_map<std::string, std::size_t> &m_index;
    std::vector<Diagnostic> &m_diagnostics;
    const IniConversionOptions &m_options;
    std::string m_file;
};

} // namespace

std::string_view pythonStrip(std::string_view s)
{
    return lstripPython(rstripPython(s));
}

const char *iniScriptName(IniScript script)
{
    return script == IniScript::AscendC ? "ascendc" : "tbe";
}

bool parseIniScript(std::string_view name, IniScript &script)
{
    if (name == "tbe")
        script = IniScript::Tbe;
    else if (name == "ascendc")
        script = IniScript::AscendC;
    else
        return false;
    return true;
}

IniConversion convertIniFiles(const std::vector<IniSource> &files,
                              const IniConversionOptions &options)
{
    IniConversion result;
    std::vector<IniSection> sections;
    std::unordered_map<std::string, std::size_t> index;
    IniReader reader(sections, index, result.diagnostics, options);
    for (const IniSource &source : files)
        reader.read(source.file, source.text);
    checkIniSections(sections, options.script, result.diagnostics);
    for (const IniSection &section : sections) {
        auto &op = result.object[section.name];
        for (const IniItem &item : section.items) {
            auto &leaves = op[item.name];
            for (const IniLeaf &leaf : item.leaves)
                leaves[leaf.key] = leaf.value;
        }
    }
    result.json = writeCanonicalJson(result.object, {options.trailingNewline});
    return result;
}

IniConversion convertIni(std::string_view ini, const IniConversionOptions &options)
{
    return convertIniFiles({IniSource {options.file, ini}}, options);
}

std::string convertIniToJson(std::string_view ini, std::vector<Diagnostic> *diagnostics,
                             const IniConversionOptions &options)
{
    IniConversion result = convertIni(ini, options);
    if (diagnostics)
        diagnostics->insert(diagnostics->end(), result.diagnostics.begin(),
                            result.diagnostics.end());
    return std::move(result.json);
}

} // namespace opsinfo
