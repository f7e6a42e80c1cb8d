#pragma once

#include "common/diagnostic.h"
#include "library/editcanonicaljson.h"

#include <string>
#include <string_view>
#include <vector>

namespace opsinfo {

// The two parse_ini_to_json.py that CANN 8.1.RC1 ships. They read INI files the same way and
// differ in their checks: the TBE one (msopgen's TBE/AI CPU project templates) requires output0
// with a name and knows 23 dtype words; the Ascend C one (op_project_templates/ascendc) does not
// check output0 and adds dual, dual_sub_int8, dual_sub_uint8, string_ref, int4 and uint1.
enum class IniScript { Tbe, AscendC };

const char *iniScriptName(IniScript script); // "tbe", "ascendc"
bool parseIniScript(std::string_view name, IniScript &script);

struct IniConversionOptions
{
    std::string file; // named in diagnostics
    IniScript script = IniScript::Tbe;
    // Strip spaces around keys and values (no shipped 8.1 script does; kept for hand-made files).
    bool trimKeysAndValues = false;
    // json.dump writes no newline at the end; keep false to match the script.
    bool trailingNewline = false;
};

struct IniConversion
{
    OpsInfoObject object;
    std::string
        json; // canonical text (writeCanonicalJson), written even when refused (for display)
    std::vector<Diagnostic> diagnostics;

    // The script would have written `json` (no error: everything it refuses is an error here).
    bool ok() const { return !hasErrors(diagnostics); }
};

struct IniSource
{
    std::string file;
    std::string_view text;
};

// Converts TBE op-info .ini files (FORMATS "Ops-info source form") as parse_ini_to_json.py does,
// to the same bytes, and refuses what the chosen script refuses, each refusal an error naming the
// file, the line and the script's own message:
// - reading: the whole file must be UTF-8; lines split as Python's universal newlines and
//   rstripped; "[OpType]" (at the very start of the line, ']' at its end) starts a section, a
//   repeated one replaces the earlier; "item.key=value" splits at the first '='; a key without
//   exactly one '.' stops the script (ValueError), so does a key set twice in a section (or in the
//   lines before the first section), and a file without any section;
// - checks: every input*/output* item has paramType in {dynamic, optional, required} and a name;
//   dtype and format words from the script's lists, as many of each; attr.list and each attr_<name>
//   with type and value (type and paramType from the script's lists); the flag of dynamicFormat,
//   dynamicShapeSupport, dynamicRankSupport, precision_reduce, heavyOp, needCheckSupport and
//   enableVectorCore is true or false (an item without flag stops the script); TBE: output0 with a
//   name. Lines the script ignores (no '=', a '[' line without ']', lines before the first section)
//   are warnings. Several files are read in order into one object, as the script does.
IniConversion convertIniFiles(const std::vector<IniSource> &files,
                              const IniConversionOptions &options = {});

// One file (options.file names it).
IniConversion convertIni(std::string_view ini, const IniConversionOptions &options = {});

// Just the JSON text; diagnostics are appended to `diagnostics` when given.
std::string convertIniToJson(std::string_view ini, std::vector<Diagnostic> *diagnostics = nullptr,
                             const IniConversionOptions &options = {});

} // namespace opsinfo
