// check_op_info of CANN 8.1.RC1's parse_ini_to_json.py (both shipped versions, see inijson.h): the
// same tests in the same terms, each refusal an error at the line of the key it concerns, quoting
// what the script prints.

#include "common/coretext.h"
#include "library/formatnames.h"
#include "library/inijson_p.h"

#include <algorithm>
#include <array>
#include <span>

namespace opsinfo {

namespace {

constexpr std::array<std::string_view, 23> kTbeDtypes {
    "float16", "bfloat16", "float",  "float32",   "int8",       "int16",  "int32",   "uint8",
    "uint16",  "uint32",   "bool",   "int64",     "uint64",     "qint8",  "qint16",  "qint32",
    "quint8",  "quint16",  "double", "complex64", "complex128", "string", "resource"};
// The Ascend C script's list: the TBE words plus these.
constexpr std::array<std::string_view, 6> kAscendCExtraDtypes {
    "dual", "dual_sub_int8", "dual_sub_uint8", "string_ref", "int4", "uint1"};
constexpr std::array<std::string_view, 13> kAttrTypes {
    "int",     "float",       "bool", "str",      "listInt", "listFloat", "listBool",
    "listStr", "listListInt", "type", "listType", "tensor",  "listTensor"};
constexpr std::array<std::string_view, 7> kBoolFlagItems {
    "dynamicFormat", "dynamicShapeSupport", "dynamicRankSupport", "precision_reduce",
    "heavyOp",       "needCheckSupport",    "enableVectorCore"};

bool contains(std::span<const std::string_view> words, std::string_view word)
{
    return std::find(words.begin(), words.end(), word) != words.end();
}

// Python's repr of a list of str, as the script prints its lists.
std::string pythonList(std::span<const std::string_view> words)
{
    std::string out = "[";
    for (std::size_t i = 0; i < words.size(); ++i)
        out += (i ? ", '" : "'") + std::string(words[i]) + "'";
    return out + "]";
}

std::string commaList(std::span<const std::string_view> words)
{
    std::string out;
    for (std::string_view w : words)
        out += (out.empty() ? "" : ", ") + std::string(w);
    return out;
}

bool startsWith(std::string_view s, std::string_view prefix)
{
    return s.substr(0, prefix.size()) == prefix;
}

// str.split(",") with the byte offset of each piece.
std::vector<std::pair<std::string_view, std::size_t>> splitCommas(std::string_view s)
{
    std::vector<std::pair<std::string_view, std::size_t>> pieces;
    std::size_t begin = 0;
    while (true) {
        const std::size_t comma = s.find(',', begin);
        pieces.emplace_back(
            s.substr(begin,
                     comma == std::string_view::npos ? std::string_view::npos : comma - begin),
            begin);
        if (comma == std::string_view::npos)
            return pieces;
        begin = comma + 1;
    }
}

class Checker
{
public:
    Checker(IniScript script, std::vector<Diagnostic> &diagnostics)
        : m_script(script)
        , m_diagnostics(diagnostics)
    {
    }

    void check(const IniSection &section)
    {
        m_section = &section;
        if (m_script == IniScript::Tbe)
            checkOutput0();
        for (const IniItem &item : section.items)
            if (startsWith(item.name, "input") || startsWith(item.name, "output"))
                checkTensor(item);
        checkAttrs();
        checkFlags();
    }

private:
    std::string op() const { return m_section->name; }

    void refuse(int line, int column, const char *code, const std::string &message,
                const std::string &scriptMessage, const std::string &hint)
    {
        m_diagnostics.push_back(
            {Severity::Error,
             {m_section->file, line, line > 0 ? std::max(column, 1) : 0},
             code,
             message + "; " + CoreText::tr("parse_ini_to_json.py: %1", scriptMessage),
             hint});
    }

    void checkOutput0()
    {
        const IniItem *output0 = m_section->find("output0");
        if (!output0)
            refuse(m_section->line, 1, "ini-output0", CoreText::tr("[%1] has no output0", op()),
                   "output0 is required in .ini file!",
                   CoreText::tr(
                       "add output0.name and output0.paramType (the TBE script requires output0)"));
        else if (!output0->find("name"))
            refuse(output0->line, 1, "ini-output0", CoreText::tr("[%1] output0 has no name", op()),
                   "output0.name is required in .ini file!", CoreText::tr("add output0.name"));
    }

    void checkTensor(const IniItem &item)
    {
        std::string missing;
        for (const char *key : {"paramType", "name"})
            if (!item.find(key))
                missing += (missing.empty() ? "" : ",") + std::string(key);
        if (!missing.empty()) {
            refuse(item.line, 1, "ini-missing-key",
                   CoreText::tr("[%1] %2 lacks %3", op(), item.name, missing),
                   "op: " + op() + " " + item.name + " missing: " + missing,
                   CoreText::tr("every input*/output* item needs name and paramType"));
        } else if (const IniLeaf *type = item.find("paramType"); type->value != "dynamic"
                   && type->value != "optional" && type->value != "required") {
            refuse(type->line, type->valueColumn, "ini-param-type",
                   CoreText::tr("[%1] %2.paramType is '%3', not dynamic, optional or required",
                                op(), item.name, type->value),
                   "op: " + op() + " " + item.name
                       + " paramType not valid, valid key:[dynamic, optional, required]",
                   CoreText::tr("write dynamic, optional or required exactly"));
        }
        std::size_t dtypes = 0, formats = 0;
        if (const IniLeaf *dtype = item.find("dtype"); dtype && !dtype->value.empty()) {
            const auto pieces = splitCommas(dtype->value);
            dtypes = pieces.size();
            for (const auto &[word, at] : pieces) {
                const std::string_view w = pythonStrip(word);
                if (contains(kTbeDtypes, w)
                    || (m_script == IniScript::AscendC && contains(kAscendCExtraDtypes, w)))
                    continue;
                refuse(dtype->line, dtype->valueColumn + int(at), "ini-dtype",
                       CoreText::tr("[%1] %2.dtype: '%3' is not a dtype the %4 script knows", op(),
                                    item.name, word, iniScriptName(m_script)),
                       item.name + ".dtype not support " + std::string(word) + ".",
                       CoreText::tr("use one of: %1",
                                    m_script == IniScript::AscendC ? commaList(kTbeDtypes) + ", "
                                            + commaList(kAscendCExtraDtypes)
                                                                   : commaList(kTbeDtypes)));
            }
        }
        const IniLeaf *format = item.find("format");
        if (format && !format->value.empty()) {
            const auto pieces = splitCommas(format->value);
            formats = pieces.size();
            for (const auto &[word, at] : pieces)
                if (!contains(iniScriptFormatNames(), pythonStrip(word)))
                    refuse(format->line, format->valueColumn + int(at), "ini-format",
                           CoreText::tr("[%1] %2.format: '%3' is not a format the script knows",
                                        op(), item.name, word),
                           item.name + ".format not support " + std::string(word) + ".",
                           CoreText::tr("use one of: %1", commaList(iniScriptFormatNames())));
        }
        if (dtypes > 0 && formats > 0 && dtypes != formats)
            refuse(
                format->line, format->valueColumn, "ini-count",
                CoreText::tr("[%1] %2: %3 dtypes but %4 formats", op(), item.name, dtypes, formats),
                "The number of " + item.name + ".dtype not match the number of " + item.name
                    + ".format.",
                CoreText::tr("every column needs one dtype and one format"));
    }

    void checkAttrs()
    {
        const IniItem *attr = m_section->find("attr");
        if (!attr)
            return;
        const IniLeaf *list = attr->find("list");
        if (!list) {
            refuse(attr->line, 1, "ini-attr-list",
                   CoreText::tr("[%1] has attr items but no attr.list", op()),
                   "attr.list is required in .ini file!",
                   CoreText::tr("add attr.list=<attr names, comma-separated>"));
            return;
        }
        for (const auto &[word, at] : splitCommas(list->value)) {
            const std::string name = "attr_" + std::string(pythonStrip(word));
            const IniItem *item = m_section->find(name);
            if (!item) {
                refuse(list->line, list->valueColumn + int(at), "ini-attr-missing",
                       CoreText::tr("[%1] attr.list names '%2', but there is no %3 item", op(),
                                    pythonStrip(word), name),
                       name + " is required in .ini file, when attr.list is " + list->value + "!",
                       CoreText::tr("add %1.type and %1.value, or take the name out of attr.list",
                                    name));
                continue;
            }
            const IniLeaf *type = item->find("type");
            const IniLeaf *paramType = item->find("paramType");
            if (!type || !item->find("value"))
                refuse(item->line, 1, "ini-attr-type-value",
                       CoreText::tr("[%1] %2 lacks type or value", op(), name),
                       "If attr.list is exist, " + name + ".type and " + name
                           + ".value is required",
                       CoreText::tr("every attr in attr.list needs %1.type and %1.value", name));
            if (paramType && !paramType->value.empty() && paramType->value != "optional"
                && paramType->value != "required")
                refuse(paramType->line, paramType->valueColumn, "ini-attr-param-type",
                       CoreText::tr("[%1] %2.paramType is '%3', not optional or required", op(),
                                    name, paramType->value),
                       name + ".paramType only support ['optional', 'required'].",
                       CoreText::tr("write optional or required exactly"));
            if (type && !type->value.empty() && !contains(kAttrTypes, type->value))
                refuse(type->line, type->valueColumn, "ini-attr-type",
                       CoreText::tr("[%1] %2.type is '%3', which the script does not know", op(),
                                    name, type->value),
                       name + ".type only support " + pythonList(kAttrTypes) + ".",
                       CoreText::tr("use one of: %1", commaList(kAttrTypes)));
        }
    }

    void checkFlags()
    {
        for (std::string_view key : kBoolFlagItems) {
            const IniItem *item = m_section->find(key);
            if (!item)
                continue;
            const IniLeaf *flag = item->find("flag");
            if (!flag)
                refuse(item->line, 1, "ini-flag-missing",
                       CoreText::tr("[%1] %2 has no flag", op(), key),
                       "AttributeError: 'NoneType' object has no attribute 'strip'",
                       CoreText::tr("add %1.flag=true or %1.flag=false", key));
            else if (const std::string_view v = pythonStrip(flag->value);
                     v != "true" && v != "false")
                refuse(
                    flag->line, flag->valueColumn, "ini-flag",
                    CoreText::tr("[%1] %2.flag is '%3', not true or false", op(), key, flag->value),
                    std::string(key) + ".flag only support ['true', 'false'].",
                    CoreText::tr("write true or false"));
        }
    }

    IniScript m_script;
    std::vector<Diagnostic> &m_diagnostics;
    const IniSection *m_section = nullptr;
};

} // namespace

void checkIniSections(const std::vector<IniSection> &sections, IniScript script,
                      std::vector<Diagnostic> &diagnostics)
{
    Checker checker(script, diagnostics);
    for (const IniSection &section : sections)
        checker.check(section);
}

} // namespace opsinfo
