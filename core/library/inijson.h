#pragma once

#include "common/diagnostic.h"
#include "library/editcanonicaljson.h"

#include <string>
#include <string_view>
#include <vector>

namespace opsinfo {

struct IniConversionOptions
{
    std::string file; // named in diagnostics
    // Older parse_ini_to_json.py keeps the text around '=' as it is; newer copies strip key and
    // value. Default: the older behaviour, which the CANN op project template ships.
    bool trimKeysAndValues = false;
    // json.dump writes no newline at the end; keep false to match the script.
    bool trailingNewline = false;
};

struct IniConversion
{
    OpsInfoObject object;
    std::string json; // canonical text (writeCanonicalJson)
    std::vector<Diagnostic> diagnostics;

    bool ok() const { return !hasErrors(diagnostics); }
};

// Converts a TBE op-info .ini (FORMATS "Ops-info source form") the way CANN's parse_ini_to_json.py
// does: lines split like Python's universal newlines and rstripped; "[OpType]" starts a section
// (a repeated section replaces the earlier one); "item.key=value" sets a string leaf, split at the
// first '=', the key at its only '.'. Where the script would crash (no '=', not exactly one '.',
// text before any section, bytes that are not UTF-8) the line is skipped and reported instead.
// Also runs the script's checks (validateOpsInfoSource).
IniConversion convertIni(std::string_view ini, const IniConversionOptions &options = {});

// Just the JSON text; diagnostics are appended to `diagnostics` when given.
std::string convertIniToJson(std::string_view ini, std::vector<Diagnostic> *diagnostics = nullptr,
                             const IniConversionOptions &options = {});

// FORMATS checks: inputs/outputs need name and paramType in {required, optional, dynamic}; as many
// dtypes as formats; ".flag" values exactly true/false. Errors name the op and item.
std::vector<Diagnostic> validateOpsInfoSource(const OpsInfoObject &object, const std::string &file);

} // namespace opsinfo
