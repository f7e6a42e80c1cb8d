#include "cli/clicommon.h"
#include "cli/commands.h"
#include "library/editcanonicaljson.h"
#include "library/inijson.h"
#include "library/savefile.h"

namespace opsinfo {

int runConvertIniCommand(const std::vector<std::string> &args, std::ostream &out, std::ostream &err)
{
    ArgParser p("opsinfo convert-ini",
                "Convert ops-info INI source files (custom op projects) to one JSON library in the canonical\n"
                "style (sort_keys, indent 4, ',' and ':' separators), byte-identical to parse_ini_to_json.py.\n"
                "Several INI files are merged in order; a later [OpType] section replaces an earlier one.");
    p.positional("IN.ini", "INI source files", true)
        .option("output", "OUT.json", "the JSON file to write ('-' for stdout)", false, "o")
        .flag("trim", "strip spaces around keys and values (newer copies of the script do)");
    if (const auto exit = p.parseOrExit(args, out, err))
        return *exit;
    if (!p.has("output")) {
        err << "opsinfo convert-ini: -o OUT.json is required\n";
        return ExitUsage;
    }
    // The script concatenates its inputs' sections, so converting the joined text gives the same
    // replace-on-repeat behaviour across files; diagnostics name each file by converting it alone.
    std::string joined;
    std::vector<Diagnostic> diagnostics;
    for (const std::string &file : p.values("IN.ini")) {
        const auto text = readFileForCli(file, err);
        if (!text)
            return ExitUsage;
        IniConversionOptions options;
        options.file = file;
        options.trimKeysAndValues = p.has("trim");
        const IniConversion single = convertIni(*text, options);
        diagnostics.insert(diagnostics.end(), single.diagnostics.begin(), single.diagnostics.end());
        joined += *text;
        if (!joined.empty() && joined.back() != '\n')
            joined += '\n';
    }
    printDiagnostics(diagnostics, err);
    if (hasErrors(diagnostics)) {
        err << "opsinfo convert-ini: nothing written; fix the errors above\n";
        return ExitInputErrors;
    }
    IniConversionOptions options;
    options.trimKeysAndValues = p.has("trim");
    const IniConversion merged = convertIni(joined, options);
    const std::string output = p.value("output");
    if (output == "-") {
        out << merged.json;
        return ExitOk;
    }
    SaveOptions save;
    save.backup = false;
    const SaveResult saved = saveFileAtomically(output, merged.json, save);
    printDiagnostics(saved.diagnostics, err);
    return saved.ok ? ExitOk : ExitUsage;
}

} // namespace opsinfo
