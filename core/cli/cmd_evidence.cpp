#include "cli/clicommon.h"
#include "cli/clievidence.h"
#include "cli/cligraph.h"
#include "cli/clilibrary.h"
#include "cli/clioutput.h"
#include "cli/commands.h"
#include "cli/figures.h"
#include "evidence/evidencesummary.h"
#include "resolver/precisionmode.h"

#include <cstdio>

namespace opsinfo {

namespace {

std::string missSummary(const FileJoin &join)
{
    std::string out;
    for (const auto &[miss, count] : join.misses)
        out += (out.empty() ? "" : ", ") + std::string(joinMissName(miss)) + " "
            + std::to_string(count);
    return out;
}

std::string dtypeCounts(const std::map<DType, std::size_t> &counts)
{
    std::string out;
    for (const auto &[d, n] : counts)
        out += (out.empty() ? "" : " ") + std::string(dtypeName(d)) + ":" + std::to_string(n);
    return out;
}

// One file of `evidence show --json`: what was imported and joined, its diagnostics, and the
// rows asked for (--rows, --unmatched).
nlohmann::json evidenceFileJson(const EvidenceFile &file, const FileJoin &join,
                                const FlagThresholds &thresholds, bool listAll, bool listUnmatched)
{
    nlohmann::json misses = nlohmann::json::object();
    for (const auto &[miss, count] : join.misses)
        misses[joinMissName(miss)] = count;
    std::size_t flagged = 0;
    nlohmann::json rows = nlohmann::json::array();
    for (std::size_t r = 0; r < file.rows.size(); ++r) {
        if (!flagReason(file.rows[r], thresholds).empty())
            ++flagged;
        if (listAll || (listUnmatched && join.rows[r].kind == JoinKind::None))
            rows.push_back(evidenceRowJson(file.rows[r], join.rows[r], thresholds));
    }
    nlohmann::json diagnostics = nlohmann::json::array();
    for (const Diagnostic &d : file.diagnostics)
        diagnostics.push_back({{"severity", severityName(d.severity)},
                               {"line", d.location.line},
                               {"column", d.location.column},
                               {"code", d.code},
                               {"message", d.message},
                               {"hint", d.hint}});
    nlohmann::json j {{"path", file.path},
                      {"format", evidenceFormatName(file.format)},
                      {"framework", evidenceFrameworkName(file.framework)},
                      {"ok", file.ok()},
                      {"rows", file.rows.size()},
                      {"has_dtypes", file.hasDtypeColumns},
                      {"has_times", file.hasTimes},
                      {"has_accuracy", file.hasAccuracy},
                      {"flagged", flagged},
                      {"joined",
                       {{"node", join.byNode},
                        {"op_type", join.byType},
                        {"type_only", join.typeOnly},
                        {"unmatched", join.unmatched},
                        {"misses", misses}}},
                      {"diagnostics", diagnostics}};
    if (!file.companionNote.empty())
        j["note"] = file.companionNote;
    if (listAll || listUnmatched)
        j["row_list"] = rows;
    return j;
}

// --by-type --json: per op type runs, time, share, AI CPU runs and executed dtypes.
nlohmann::json byTypeJson(const EvidenceSummary &summary)
{
    nlohmann::json types = nlohmann::json::array();
    for (const OpTypeEvidence &t : summary.types) {
        nlohmann::json dtypes = nlohmann::json::object();
        for (const auto &[d, n] : t.executedDtypes)
            dtypes[dtypeName(d)] = n;
        types.push_back({{"op_type", t.opType},
                         {"runs", t.runs},
                         {"time_us", t.timeUs},
                         {"share_percent", t.sharePercent},
                         {"aicpu_runs", t.aicpuRuns},
                         {"executed_dtypes", dtypes}});
    }
    return {{"types", types},
            {"total_us", summary.totalUs},
            {"cast_us", summary.castUs},
            {"cast_runs", summary.castRuns},
            {"aicpu_runs", summary.aicpuRuns},
            {"from_op_statistic", summary.fromStatistics}};
}

// One file of `evidence show`: format, rows, what they record, how they joined, and the rows
// asked for (--rows, --unmatched).
void printEvidenceFile(const EvidenceFile &file, const FileJoin &join,
                       const FlagThresholds &thresholds, bool listAll, bool listUnmatched,
                       std::ostream &out)
{
    out << file.path << "\n  format:   " << evidenceFormatName(file.format);
    if (file.framework != EvidenceFramework::Unknown)
        out << " (" << evidenceFrameworkName(file.framework) << ")";
    out << "\n";
    if (!file.companionNote.empty()) {
        out << "  nothing imported: " << file.companionNote << "\n";
        return;
    }
    std::size_t flagged = 0;
    for (const EvidenceRow &row : file.rows)
        if (!flagReason(row, thresholds).empty())
            ++flagged;
    out << "  rows:     " << file.rows.size()
        << (file.ok() ? "" : " (stopped at an error, see above)") << "\n"
        << "  records:  " << (file.hasDtypeColumns ? "dtypes" : "no dtypes") << ", "
        << (file.hasTimes ? "times" : "no times") << ", "
        << (file.hasAccuracy ? "accuracy (" + std::to_string(flagged) + " rows flagged)"
                             : std::string("no accuracy"))
        << "\n  joined:   " << join.matched() << " of " << file.rows.size() << " ("
        << percentOrDash(join.matched(), file.rows.size()) << "): " << join.byNode
        << " by node name, " << join.byType << " by op type in the graph, " << join.typeOnly
        << " by op type only\n";
    if (join.unmatched)
        out << "  not joined: " << join.unmatched << " (" << missSummary(join) << ")\n";
    if (listAll || listUnmatched) {
        std::vector<std::vector<std::string>> rows;
        for (std::size_t r = 0; r < file.rows.size(); ++r) {
            const EvidenceRow &row = file.rows[r];
            const RowJoin &j = join.rows[r];
            if (!listAll && j.kind != JoinKind::None)
                continue;
            std::string measure = row.hasTime() ? figure(row.durationUs, 3) + "us" : "";
            if (row.cosine)
                measure
                    += (measure.empty() ? "" : " ") + std::string("cos ") + figure(*row.cosine, 6);
            if (const std::string flag = flagReason(row, thresholds); !flag.empty())
                measure += (measure.empty() ? "" : " ") + std::string("FLAG: ") + flag;
            rows.push_back({std::to_string(row.line), row.name.substr(0, 60), row.opType,
                            row.dtypesRecorded
                                ? dtypeList(row.inputDtypes) + " -> " + dtypeList(row.outputDtypes)
                                : "",
                            measure, joinKindName(j.kind), j.irType, j.why});
        }
        if (!rows.empty())
            out << formatTable(
                {"LINE", "NAME", "TYPE", "DTYPES", "MEASURE", "JOIN", "IR TYPE", "WHY"}, rows);
    }
}

int evidenceShow(const std::vector<std::string> &args, std::ostream &out, std::ostream &err)
{
    ArgParser p(
        "opsinfo evidence show",
        "Import evidence files and show what was imported, what matched and why not.\n"
        "Formats are recognised from the header or keys, not the file name: torch_npu / msprof\n"
        "kernel_details.csv, op_summary_*.csv, op_statistic.csv; msprobe compare_result_*.csv (current\n"
        "and older layout), msaccucmp / msquickcmp result_*.csv, MindSpore dump statistic.csv, msprobe\n"
        "dump.json, msprobe accuracy_checking_details/result_*.csv, legacy MindSpore profiler CSVs.\n"
        "Rows are joined to the graph by GE node name where the file has one, else by op type\n"
        "(framework APIs through the API map); without --graph, op types are checked against\n"
        "--library. CSV files up to 512 MiB, JSON up to 128 MiB.");
    p.positional("FILE", "evidence file", true)
        .reads()
        .option("graph", "GRAPH",
                "join rows to this graph's nodes (ONNX, GE dump, ATC JSON, TF GraphDef)")
        .reads()
        .option("op-map", "F", "extra ONNX/TF -> Ascend IR op map rows (for --graph)")
        .reads()
        .option("library", "PATH",
                "check op types against this ops-info library (several = stores)", true)
        .reads()
        .option("soc", "SOC", "SoC (picks the soc folder of an opp --library)")
        .flag("rows", "list every row with its join")
        .flag("unmatched", "list the rows that did not join, and why")
        .flag("by-type", "per op type: runs, time share, AI CPU runs, executed dtypes")
        .flag("json", "machine-readable output");
    addEvidenceOptions(p, false);
    p.needs("op-map", "graph");
    addStrictLibraryOption(p);
    if (const auto exit = p.parseOrExit(args, out, err))
        return *exit;
    const auto thresholds = thresholdsForCli(p, err);
    if (!thresholds)
        return ExitUsage;
    auto evidence = loadEvidenceForCli(p.values("FILE"), p, err);
    if (!evidence)
        return evidence.exitCode();
    std::unique_ptr<Graph> graph;
    if (p.has("graph")) {
        LoadedGraph loaded = loadGraphForCli(p.value("graph"), p.value("op-map"), err);
        if (!loaded)
            return loaded.exitCode();
        graph = std::move(*loaded);
    }
    std::optional<OpLibrary> library;
    if (const auto exit = loadLibraryOptionForCli(p, err, library))
        return *exit;
    const JoinContext context {graph.get(), library ? &*library : nullptr, &evidence->apiMap};
    std::vector<FileJoin> joins;
    for (const EvidenceFile &file : evidence->files)
        joins.push_back(joinEvidence(file, context));

    const bool listAll = p.has("rows");
    const bool listUnmatched = p.has("unmatched");
    if (p.has("json")) {
        nlohmann::json files = nlohmann::json::array();
        for (std::size_t f = 0; f < evidence->files.size(); ++f)
            files.push_back(evidenceFileJson(evidence->files[f], joins[f], *thresholds, listAll,
                                             listUnmatched));
        nlohmann::json doc {{"files", files}};
        if (p.has("by-type"))
            doc["by_type"] = byTypeJson(summarizeEvidence(evidence->files, joins));
        writeJson(out, err, doc);
        return evidence->anyErrors ? ExitInputErrors : ExitOk;
    }
    for (std::size_t f = 0; f < evidence->files.size(); ++f)
        printEvidenceFile(evidence->files[f], joins[f], *thresholds, listAll, listUnmatched, out);
    if (p.has("by-type")) {
        const EvidenceSummary summary = summarizeEvidence(evidence->files, joins);
        std::vector<std::vector<std::string>> rows;
        for (const OpTypeEvidence &t : summary.types)
            rows.push_back({t.opType, std::to_string(t.runs), figure(t.timeUs, 3),
                            figure(t.sharePercent, 2) + "%", std::to_string(t.aicpuRuns),
                            dtypeCounts(t.executedDtypes)});
        out << "\nper op type" << (summary.fromStatistics ? " (times from op_statistic)" : "")
            << ":\n"
            << formatTable({"OP TYPE", "RUNS", "TIME(us)", "SHARE", "AI CPU", "EXECUTED DTYPES"},
                           rows)
            << "total " << figure(summary.totalUs, 3) << " us; Cast " << summary.castRuns
            << " runs, " << figure(summary.castUs, 3) << " us ("
            << (summary.totalUs > 0 ? figure(100 * summary.castUs / summary.totalUs, 2)
                                    : std::string("0"))
            << "%); AI CPU " << summary.aicpuRuns << " runs\n";
    }
    return evidence->anyErrors ? ExitInputErrors : ExitOk;
}

} // namespace

int runEvidenceCommand(const std::vector<std::string> &args, std::ostream &out, std::ostream &err)
{
    return dispatchSubcommand(
        "evidence",
        {{"show", "import evidence files: what was read, what matched, why not", &evidenceShow}},
        args, out, err);
}

} // namespace opsinfo
