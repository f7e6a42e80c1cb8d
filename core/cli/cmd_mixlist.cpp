#include "cli/clicommon.h"
#include "cli/clifrontend.h"
#include "cli/clilibrary.h"
#include "cli/clioutput.h"
#include "cli/clireport.h"
#include "cli/commands.h"
#include "common/outputfile.h"
#include "mixlist/mixlistlint.h"
#include "mixlist/mixlistsynth.h"
#include "mixlist/oppolicy.h"
#include "resolver/precisionmode.h"

#include <nlohmann/json.hpp>

namespace opsinfo {

namespace {

int mixlistLint(const std::vector<std::string> &args, std::ostream &out, std::ostream &err)
{
    ArgParser p(
        "opsinfo mixlist lint",
        "Check a modify_mixlist file as the compiler reads it (X1, X2) and lint it (X4): unknown op\n"
        "types with the nearest name, duplicates, entries that change nothing, non-FE types.");
    p.positional("FILE", "the modify_mixlist .json file")
        .reads()
        .option("library", "PATH",
                "library to check op types against (file, soc folder or opp folder)", true)
        .reads()
        .option("soc", "SOC", "soc folder name or SoC version when PATH is an opp folder")
        .needs("soc", "library")
        .flag("lenient",
              "import leniently: report comments, trailing commas, grey-list ... as repairs")
        .flag("json", "same as --format json")
        .option("format", "FORMAT", "text (default), json, github (annotations) or junit (XML)")
        .conflicts("json", "format");
    addFrontEndOption(p);
    p.epilog(
        "Names that are framework APIs (torch.matmul, layer_norm), ONNX or TensorFlow op types (Gemm,\n"
        "Softmax), or entries of the CANN documentation's sample list get the Ascend IR type they most\n"
        "likely mean (F4). With --front-end, a path that takes no mixlist is said first (F3).");
    addStrictLibraryOption(p);
    if (const auto exit = p.parseOrExit(args, out, err))
        return *exit;
    ReportFormat format = p.has("json") ? ReportFormat::Json : ReportFormat::Text;
    if (p.has("format") && !parseReportFormat(p.value("format"), format)) {
        err << "opsinfo mixlist lint: unknown --format '" << p.value("format")
            << "' (text, json, github, junit)\n";
        return ExitUsage;
    }
    std::optional<FrontEnd> frontEnd;
    if (!readFrontEndOption(p, frontEnd, err))
        return ExitUsage;
    const std::string file = p.value("FILE");
    const auto text = readFileForCli(file, InputLimits::Mixlist, err);
    if (!text)
        return text.exitCode();
    std::optional<OpLibrary> library;
    if (const auto exit = loadLibraryOptionForCli(p, err, library))
        return *exit;
    MixlistParseResult parsed
        = p.has("lenient") ? parseMixlistLenient(*text, file) : parseMixlistStrict(*text, file);
    std::vector<Diagnostic> findings;
    if (frontEnd)
        for (const FrontEndNote &note : settingsIgnoredOn(*frontEnd, true, false, false))
            findings.push_back({note.rule == "F3" ? Severity::Warning : Severity::Note,
                                {file, 1, 1},
                                note.rule,
                                note.text,
                                {}});
    findings.insert(findings.end(), parsed.diagnostics.begin(), parsed.diagnostics.end());
    if (parsed.ok()) {
        for (const LintFinding &f :
             lintMixlist(parsed.mixlist, library ? &*library : nullptr, file)) {
            Diagnostic d = f.diagnostic;
            if (f.fixIt && d.hint.empty())
                d.hint = f.fixIt->label;
            findings.push_back(std::move(d));
        }
        // PolicyTable's X3 warnings (a to-remove of a list the op is not on ...) are the same
        // entries X4 reports as "changes nothing"; listing both would count them twice.
    }
    writeFindings(format, "opsinfo mixlist lint", file, findings, out, err);
    if (format == ReportFormat::Text && findings.empty())
        err << file << ": valid, no findings\n";
    return hasErrors(findings) ? ExitInputErrors : ExitOk;
}

// The command line of `opsinfo mixlist apply`.
ArgParser mixlistApplyParser()
{
    ArgParser p("opsinfo mixlist apply",
                "Show the effective colour (X3) of every op type the mixlist names, and why.");
    p.positional("FILE", "the modify_mixlist .json file")
        .reads()
        .option("library", "PATH", "the library the mixlist applies to", true)
        .reads()
        .option("soc", "SOC", "soc folder name or SoC version when PATH is an opp folder")
        .flag("all", "list every op type of the library, not only those the mixlist names")
        .flag("json", "machine-readable output")
        .option("mode", "MODE",
                "the precision mode: the lists act only in the mixed modes (M5, M6)");
    addFrontEndOption(p);
    addStrictLibraryOption(p);
    return p;
}

// What the compiler sees of the mixlist on the front end and mode given.
struct MixlistReach
{
    std::vector<FrontEndNote> ignored; // the settings the compiler does not get, and why
    bool reaches = true; // the mixlist gets to the compiler
    bool keepsLibrary = false; // a path without a mixlist option: the library's colours
};

MixlistReach mixlistReach(const ArgParser &p, std::optional<FrontEnd> frontEnd,
                          std::optional<PrecisionMode> mode)
{
    MixlistReach reach;
    if (frontEnd) {
        std::string error;
        const auto plan
            = planFrontEnd({*frontEnd, mode, p.value("soc"), true, false, false}, &error);
        if (plan) {
            reach.ignored = plan->ignored;
            reach.reaches = plan->useMixlist;
        } else {
            // The default depends on the SoC, and both F2 defaults are non-mixed modes.
            reach.ignored = settingsIgnoredOn(*frontEnd, true, false, false);
            if (reach.ignored.empty())
                reach.ignored.push_back({"F3", error});
            reach.reaches = false;
        }
        // A path without a mixlist option keeps the library's colours.
        if (!frontEndTraits(*frontEnd).mixlist)
            reach.reaches = false;
    } else if (mode && !isMixedMode(*mode)) {
        reach.reaches = false;
        reach.ignored.push_back({"F3",
                                 "the modify_mixlist does nothing in "
                                     + std::string(precisionModeName(*mode))
                                     + ": the lists act only in the mixed modes (F3, M5, M6)"});
    }
    reach.keepsLibrary = frontEnd && !frontEndTraits(*frontEnd).mixlist;
    return reach;
}

// Writes the op types' colours, as JSON or a table under the front end's notes.
void printMixlistApply(const ArgParser &p, const PolicyTable &table, const MixlistReach &reach,
                       std::optional<FrontEnd> frontEnd, std::ostream &out, std::ostream &err)
{
    std::string ignoredSteps;
    for (const FrontEndNote &note : reach.ignored)
        ignoredSteps += (ignoredSteps.empty() ? "" : "; ") + note.text;
    nlohmann::json rows = nlohmann::json::array();
    std::vector<std::vector<std::string>> textRows;
    for (const OpPolicy &op : table.all()) {
        if (op.marks.empty() && !p.has("all"))
            continue;
        const Policy effective = reach.keepsLibrary ? op.library : op.effective;
        const std::string why
            = ignoredSteps.empty() ? op.explanation : ignoredSteps + "; " + op.explanation;
        rows.push_back({{"op_type", op.type},
                        {"library", policyName(op.library)},
                        {"effective", policyName(effective)},
                        {"changed", !reach.keepsLibrary && op.changedByMixlist()},
                        {"in_library", op.inLibrary},
                        {"file", op.libraryFile},
                        {"explanation", why}});
        textRows.push_back({op.type, policyName(op.library), policyName(effective), why});
    }
    if (p.has("json")) {
        nlohmann::json ignoredJson = nlohmann::json::array();
        for (const FrontEndNote &note : reach.ignored)
            ignoredJson.push_back({{"rule", note.rule}, {"text", note.text}});
        writeJson(
            out, err,
            {{"mixlist", p.value("FILE")},
             {"front_end", frontEnd ? nlohmann::json(frontEndId(*frontEnd)) : nlohmann::json()},
             {"mixlist_reaches_compiler", reach.reaches},
             {"ignored", ignoredJson},
             {"ops", rows}});
        return;
    }
    if (frontEnd)
        out << "front end: " << frontEndId(*frontEnd) << " (" << frontEndTitle(*frontEnd) << ")\n";
    for (const FrontEndNote &note : reach.ignored)
        out << "  " << note.rule << ": " << note.text << "\n";
    if (!reach.ignored.empty() || frontEnd)
        out << "\n";
    out << formatTable({"OP TYPE", "LIBRARY", "EFFECTIVE", "WHY"}, textRows);
}

int mixlistApply(const std::vector<std::string> &args, std::ostream &out, std::ostream &err)
{
    ArgParser p = mixlistApplyParser();
    if (const auto exit = p.parseOrExit(args, out, err))
        return *exit;
    std::optional<FrontEnd> frontEnd;
    if (!readFrontEndOption(p, frontEnd, err))
        return ExitUsage;
    std::optional<PrecisionMode> mode;
    if (p.has("mode")) {
        std::string error;
        if (!(mode = parsePrecisionMode(p.value("mode"), &error))) {
            err << "opsinfo: " << error << "\n";
            return ExitInputErrors;
        }
    }
    const MixlistReach reach = mixlistReach(p, frontEnd, mode);
    const auto library
        = loadLibrariesForCli(p.values("library"), p.value("soc"), err, refusedLibraryOption(p));
    if (!library)
        return library.exitCode();
    const std::string file = p.value("FILE");
    const auto mixlist = loadMixlistForCli(file, false, err);
    if (!mixlist)
        return mixlist.exitCode();
    const PolicyTable table = PolicyTable::compute(*library, &*mixlist, file);
    printDiagnostics(table.warnings(), err);
    printMixlistApply(p, table, reach, frontEnd, out, err);
    return ExitOk;
}

int mixlistExport(const std::vector<std::string> &args, std::ostream &out, std::ostream &err)
{
    ArgParser p(
        "opsinfo mixlist export",
        "Write the minimal modify_mixlist (X5) that turns the BASE library's colours into the\n"
        "TARGET library's (e.g. a copy you edited), so the built-in library can stay untouched.");
    p.option("library", "BASE", "the base library (as installed)", true)
        .reads()
        .option("target", "TARGET", "the library with the colours you want", true)
        .reads()
        .option("soc", "SOC", "soc folder name or SoC version when a path is an opp folder")
        .option("output", "OUT",
                "where to write the mixlist ('-' for stdout; never onto a library)", false, "o")
        .writes();
    addStrictLibraryOption(p);
    if (const auto exit = p.parseOrExit(args, out, err))
        return *exit;
    if (!p.has("target") || !p.has("output")) {
        err << "opsinfo mixlist export: --target and -o are required\n";
        return ExitUsage;
    }
    const auto base
        = loadLibrariesForCli(p.values("library"), p.value("soc"), err, refusedLibraryOption(p));
    if (!base)
        return base.exitCode();
    const auto target
        = loadLibrariesForCli(p.values("target"), p.value("soc"), err, refusedLibraryOption(p));
    if (!target)
        return target.exitCode();
    PolicyTarget wanted;
    for (const OpEntry &op : target->ops())
        wanted[op.type] = op.policy;
    // Types the target lacks keep their base colour: a mixlist cannot delete op types.
    const Mixlist mixlist = synthesizeMinimalMixlist(*base, wanted);
    const std::string text = writeMixlist(mixlist);
    const std::string output = p.value("output");
    if (output == "-") {
        writeDocument(out, text);
    } else if (const int code = writeOutputForCli(output, text, p.inputs(), err); code != ExitOk) {
        return code;
    }
    err << "opsinfo: " << mixlist.entryCount() << " entries written to "
        << (output == "-" ? std::string("standard output") : output) << "\n";
    return ExitOk;
}

} // namespace

int runMixlistCommand(const std::vector<std::string> &args, std::ostream &out, std::ostream &err)
{
    return dispatchSubcommand(
        "mixlist",
        {{"lint", "check and lint a modify_mixlist file", &mixlistLint},
         {"apply", "effective colour of every op the mixlist names, with why", &mixlistApply},
         {"export", "minimal mixlist turning one library into another", &mixlistExport}},
        args, out, err);
}

} // namespace opsinfo
