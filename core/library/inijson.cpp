#include "library/inijson.h"

#include "common/coretext.h"

#include <algorithm>
#include <cstdint>

namespace opsinfo {

namespace {

// Code points Python's str.rstrip() removes (str.isspace()).
bool isPythonSpace(std::uint32_t cp)
{
    return (cp >= 0x09 && cp <= 0x0d) || (cp >= 0x1c && cp <= 0x20) || cp == 0x85 || cp == 0xa0
        || cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200a) || cp == 0x2028 || cp == 0x2029 || cp == 0x202f
        || cp == 0x205f || cp == 0x3000;
}

// Length of the UTF-8 sequence ending at `end` and its code point; 1 and the byte when invalid.
std::size_t lastCodePoint(std::string_view s, std::size_t end, std::uint32_t &cp)
{
    std::size_t begin = end - 1;
    while (begin > 0 && end - begin < 4 && (static_cast<unsigned char>(s[begin]) & 0xc0) == 0x80)
        --begin;
    const auto lead = static_cast<unsigned char>(s[begin]);
    const std::size_t len = end - begin;
    const std::size_t expected = lead < 0x80 ? 1 : lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 0;
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
    // Only needed for the trimming option; ASCII whitespace and the common Unicode spaces.
    while (!s.empty()) {
        const auto c = static_cast<unsigned char>(s.front());
        if (c < 0x80) {
            if (!isPythonSpace(c))
                break;
            s.remove_prefix(1);
            continue;
        }
        std::size_t len = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : 2;
        if (len > s.size())
            break;
        std::uint32_t cp = 0;
        if (lastCodePoint(s.substr(0, len), len, cp) != len || !isPythonSpace(cp))
            break;
        s.remove_prefix(len);
    }
    return s;
}

bool validUtf8(std::string_view s)
{
    std::string sink;
    return appendPythonJsonString(sink, s);
}

Diagnostic at(Severity severity, const std::string &file, int line, const std::string &code,
              const std::string &message, const std::string &hint)
{
    return {severity, {file, line, line > 0 ? 1 : 0}, code, message, hint};
}

std::size_t countItems(const std::string &list)
{
    return list.empty() ? 0 : std::size_t(std::count(list.begin(), list.end(), ',')) + 1;
}

} // namespace

IniConversion convertIni(std::string_view ini, const IniConversionOptions &options)
{
    IniConversion result;
    const std::string &file = options.file;
    if (ini.substr(0, 3) == "\xef\xbb\xbf") {
        ini.remove_prefix(3);
        result.diagnostics.push_back(at(Severity::Warning, file, 1, "ini-bom",
                                        CoreText::tr("the file starts with a UTF-8 byte order mark, which parse_ini_to_json.py does not accept"),
                                        CoreText::tr("save the file as UTF-8 without BOM")));
    }
    std::map<std::string, std::map<std::string, std::string>> *op = nullptr;
    std::string opName;
    int lineNo = 0;
    std::size_t pos = 0;
    while (pos < ini.size()) {
        // Python's universal newlines: "\n", "\r\n" and a lone "\r" all end a line.
        std::size_t end = ini.find_first_of("\r\n", pos);
        std::size_t next = end == std::string_view::npos ? ini.size() : end + 1;
        if (end != std::string_view::npos && ini[end] == '\r' && next < ini.size() && ini[next] == '\n')
            ++next;
        if (end == std::string_view::npos)
            end = ini.size();
        ++lineNo;
        const std::string_view line = rstripPython(ini.substr(pos, end - pos));
        pos = next;
        if (line.empty())
            continue;
        if (!validUtf8(line)) {
            result.diagnostics.push_back(at(Severity::Error, file, lineNo, "ini-encoding",
                                            CoreText::tr("the line is not valid UTF-8"), CoreText::tr("save the file as UTF-8")));
        }
        if (line.front() == '[') {
            if (line.back() != ']')
                result.diagnostics.push_back(at(Severity::Warning, file, lineNo, "ini-section",
                                                CoreText::tr("section header without a closing ']'") + "; "
                                                    + CoreText::tr("its last character is dropped as parse_ini_to_json.py does"),
                                                CoreText::tr("write [OpType]")));
            opName = std::string(line.substr(1, line.size() >= 2 ? line.size() - 2 : 0));
            if (result.object.count(opName))
                result.diagnostics.push_back(at(Severity::Warning, file, lineNo, "ini-repeated-section",
                                                CoreText::tr("section [%1] appears again and replaces the earlier one", opName),
                                                CoreText::tr("merge the two sections")));
            op = &result.object[opName];
            op->clear();
            continue;
        }
        const std::size_t eq = line.find('=');
        if (eq == std::string_view::npos) {
            result.diagnostics.push_back(at(Severity::Warning, file, lineNo, "ini-no-equals",
                                            CoreText::tr("line without '=' ignored"), CoreText::tr("write item.key=value")));
            continue;
        }
        std::string_view key = line.substr(0, eq);
        std::string_view value = line.substr(eq + 1);
        if (options.trimKeysAndValues) {
            key = lstripPython(rstripPython(key));
            value = lstripPython(value);
        }
        const std::size_t dot = key.find('.');
        if (dot == std::string_view::npos || key.find('.', dot + 1) != std::string_view::npos) {
            result.diagnostics.push_back(at(Severity::Error, file, lineNo, "ini-key-dots",
                                            CoreText::tr("key '%1' must have exactly one '.'", key) + "; "
                                                + CoreText::tr("line skipped"),
                                            CoreText::tr("write item.key=value, e.g. input0.dtype=float16")));
            continue;
        }
        if (!op) {
            result.diagnostics.push_back(at(Severity::Warning, file, lineNo, "ini-outside-section",
                                            CoreText::tr("line before the first [OpType] section ignored"),
                                            CoreText::tr("put it under a section")));
            continue;
        }
        auto &item = (*op)[std::string(key.substr(0, dot))];
        const std::string field(key.substr(dot + 1));
        if (item.count(field))
            result.diagnostics.push_back(at(Severity::Warning, file, lineNo, "ini-duplicate-key",
                                            CoreText::tr("'%1' is set again in [%2]", key, opName) + "; "
                                                + CoreText::tr("the last value is used (newer scripts refuse this)"),
                                            CoreText::tr("keep one line per key")));
        item[field] = std::string(value);
    }
    auto checks = validateOpsInfoSource(result.object, file);
    result.diagnostics.insert(result.diagnostics.end(), checks.begin(), checks.end());
    result.json = writeCanonicalJson(result.object, {options.trailingNewline});
    return result;
}

std::string convertIniToJson(std::string_view ini, std::vector<Diagnostic> *diagnostics,
                             const IniConversionOptions &options)
{
    IniConversion result = convertIni(ini, options);
    if (diagnostics)
        diagnostics->insert(diagnostics->end(), result.diagnostics.begin(), result.diagnostics.end());
    return std::move(result.json);
}

std::vector<Diagnostic> validateOpsInfoSource(const OpsInfoObject &object, const std::string &file)
{
    std::vector<Diagnostic> out;
    // `message` starts with "[op] item: ".
    auto report = [&](const std::string &message, const std::string &hint) {
        out.push_back(at(Severity::Error, file, 0, "ini-check", message, hint));
    };
    for (const auto &[op, items] : object) {
        for (const auto &[item, fields] : items) {
            const bool tensor = item.rfind("input", 0) == 0 || item.rfind("output", 0) == 0;
            if (tensor) {
                const auto name = fields.find("name");
                const auto paramType = fields.find("paramType");
                if (name == fields.end() || paramType == fields.end())
                    report(CoreText::tr("[%1] %2: needs both name and paramType", op, item),
                           CoreText::tr("add the missing key(s)"));
                else if (paramType->second != "required" && paramType->second != "optional"
                         && paramType->second != "dynamic")
                    report(CoreText::tr("[%1] %2: paramType '%3' is not required, optional or dynamic", op, item,
                                        paramType->second),
                           CoreText::tr("use one of those three"));
                const auto dtype = fields.find("dtype");
                const auto format = fields.find("format");
                if (dtype != fields.end() && format != fields.end()
                    && countItems(dtype->second) != countItems(format->second))
                    report(CoreText::tr("[%1] %2: %3 dtypes but %4 formats", op, item, countItems(dtype->second),
                                        countItems(format->second)),
                           CoreText::tr("every column needs one dtype and one format"));
            }
            const auto flag = fields.find("flag");
            if (flag != fields.end() && flag->second != "true" && flag->second != "false")
                report(CoreText::tr("[%1] %2: flag '%3' is not true or false", op, item, flag->second),
                       CoreText::tr("write true or false"));
        }
    }
    return out;
}

} // namespace opsinfo
