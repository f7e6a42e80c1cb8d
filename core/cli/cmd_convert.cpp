#include "cli/clicommon.h"
#include "cli/clioutput.h"
#include "cli/commands.h"
#include "common/outputfile.h"
#include "library/editcanonicaljson.h"
#include "library/inijson.h"

namespace opsinfo {

int runConvertIniCommand(const std::vector<std::string> &args, std::ostream &out, std::ostream &err)
{
    ArgParser p(
        "opsinfo convert-ini",
        "Convert ops-info INI source files (custom op projects) to one JSON library in the canonical\n"
        "style (sort_keys, indent 4, ',' and ':' separators), byte-identical to CANN 8.1.RC1's\n"
        "parse_ini_to_json.py, and refuse what that script refuses (with its message and the line).\n"
        "Several INI files are read in order; a later [OpType] section replaces an earlier one.");
    p.positional("IN.ini", "INI source files", true)
        .reads()
        .option("output", "OUT.json",
                "the JSON file to write ('-' for stdout; never onto an input)", false, "o")
        .writes()
        .option(
            "script", "VERSION",
            "tbe (default: msopgen's TBE/AI CPU projects) or ascendc (Ascend C projects: no output0 check, "
            "more dtype words)")
        .flag("trim", "strip spaces around keys and values (no shipped 8.1 script does)");
    if (const auto exit = p.parseOrExit(args, out, err))
        return *exit;
    if (!p.has("output")) {
        err << "opsinfo convert-ini: -o OUT.json is required\n";
        return ExitUsage;
    }
    IniConversionOptions options;
    options.trimKeysAndValues = p.has("trim");
    if (p.has("script") && !parseIniScript(p.value("script"), options.script)) {
        err << "opsinfo convert-ini: unknown --script '" << p.value("script")
            << "' (tbe or ascendc)\n";
        return ExitUsage;
    }
    std::vector<std::string> texts;
    for (const std::string &file : p.values("IN.ini")) {
        auto text = readFileForCli(file, InputLimits::OpsInfoIni, err);
        if (!text)
            return text.exitCode();
        texts.push_back(std::move(*text));
    }
    std::vector<IniSource> sources;
    for (std::size_t i = 0; i < texts.size(); ++i)
        sources.push_back({p.values("IN.ini")[i], texts[i]});
    const IniConversion converted = convertIniFiles(sources, options);
    printDiagnostics(converted.diagnostics, err);
    if (!converted.ok()) {
        err << "opsinfo convert-ini: nothing written; parse_ini_to_json.py ("
            << iniScriptName(options.script) << ") refuses this input too (fix the errors above)\n";
        return ExitInputErrors;
    }
    const std::string output = p.value("output");
    if (output == "-") {
        writeDocument(out, converted.json);
        return ExitOk;
    }
    return writeOutputForCli(output, converted.json, p.inputs(), err);
}

} // namespace opsinfo
