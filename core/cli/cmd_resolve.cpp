#include "cli/cli.h"
#include "cli/clicommon.h"
#include "cli/clilibrary.h"
#include "cli/clireport.h"
#include "cli/cliresolve.h"
#include "cli/commands.h"
#include "cli/progress.h"
#include "diff/resolutiondiff.h"
#include "export/modechartsvg.h"
#include "export/resolutionreport.h"
#include "resolver/modesweep.h"
#include "resolver/outputorder.h"
#include "resolver/policysource.h"

#include <nlohmann/json.hpp>

#include <fstream>
#include <map>

namespace opsinfo {

namespace {

bool writeTextFile(const std::string &path, const std::string &text, std::ostream &err)
{
    std::ofstream file(path, std::ios::binary | std::ios::trunc);
    if (!(file << text) || !file.flush()) {
        err << "opsinfo: cannot write " << path << "\n";
        return false;
    }
    return true;
}

int allModesTable(const ResolveInputs &in, bool json, const std::string &plotPath, std::ostream &out,
                  std::ostream &err)
{
    const Resolver resolver(*in.graph, in.library);
    Progress progress(err, "resolving", kAllPrecisionModes.size());
    const std::vector<ModeSummary> modes
        = summarizeModes(resolver, tablePolicies(in.policies), in.options, {in.soc, in.platformIni},
                         1, [&progress](std::size_t done, PrecisionMode next) {
                             progress.update(done, precisionModeName(next));
                         });
    progress.finish();
    printDiagnostics(resolver.diagnostics(), err);
    nlohmann::json rows = nlohmann::json::array();
    std::vector<std::vector<std::string>> table;
    for (const ModeSummary &m : modes) {
        const std::string name = precisionModeName(m.mode);
        if (!m.refused.empty()) {
            table.push_back({name, "refused on " + in.soc, "", "", "", "", ""});
            rows.push_back({{"mode", name}, {"refused", m.refused}});
            continue;
        }
        const ResolutionSummary &s = m.summary;
        rows.push_back({{"mode", name},
                        {"summary", summaryToJson(s)},
                        {"casts",
                         {{"down", s.castsDown},
                          {"up", s.castsUp},
                          {"weights", s.castsWeights},
                          {"total", s.castsTotal}}}});
        table.push_back({name + std::string(m.approximate ? " (approx)" : ""),
                         std::to_string(s.fp16Nodes), std::to_string(s.bf16Nodes),
                         std::to_string(s.fp32Nodes), std::to_string(s.aicpuNodes),
                         std::to_string(s.errors), std::to_string(s.castsTotal)});
    }
    if (json)
        out << nlohmann::json{{"graph", in.graph->path}, {"modes", rows}}.dump(2) << "\n";
    else
        out << formatTable({"MODE", "FP16", "BF16", "FP32", "AICPU", "ERRORS", "CASTS"}, table);
    if (!plotPath.empty()) {
        const std::string name = in.graph->path.substr(in.graph->path.find_last_of('/') + 1);
        if (!writeTextFile(
                plotPath, modeChartSvg(modes, "Dtypes and casts per precision mode: " + name), err))
            return ExitUsage;
        err << "opsinfo: chart written to " << plotPath << "\n";
    }
    return ExitOk;
}

// Where a CI annotation about a changed node points: the mixlist entry naming its op type (B's
// first: that is the file a pull request changes), else the graph file as a whole.
SourceLocation changeLocation(const std::string &opType, const std::optional<Mixlist> &b, const std::string &pathB,
                              const std::optional<Mixlist> &a, const std::string &pathA, const std::string &graph)
{
    const std::pair<const std::optional<Mixlist> *, const std::string *> sides[] = {{&b, &pathB}, {&a, &pathA}};
    for (const auto &[mixlist, path] : sides) {
        if (!*mixlist)
            continue;
        for (MixlistList list : Mixlist::lists)
            for (MixlistAction action : Mixlist::actions)
                for (const MixlistEntry &e : (*mixlist)->entries(list, action))
                    if (e.opType == opType)
                        return {*path, e.line, e.column};
    }
    return {graph, 0, 0};
}

int resolveDiff(const std::vector<std::string> &args, std::ostream &out, std::ostream &err)
{
    ArgParser p("opsinfo resolve diff",
                "Nodes whose decided dtype changes between two modes, or between two mixlists, with the\n"
                "cast delta. Exits 1 when more than --max-changed nodes change (gate a mixlist change in CI).");
    p.positional("GRAPH", "the graph file");
    addResolveOptions(p, false);
    p.option("mode", "MODE", "give twice to compare two modes; once with two mixlists", true)
        .option("mixlist-a", "F", "mixlist of side A").option("mixlist-b", "F", "mixlist of side B")
        .option("max-changed", "N", "fail (exit 1) when more than N nodes change dtype")
        .flag("json", "same as --format json")
        .option("format", "FORMAT",
                "text (default), json, github (one annotation per changed node) or junit (one test case\n"
                "                              per changed node, failing when over --max-changed)");
    if (const auto exit = p.parseOrExit(args, out, err))
        return *exit;
    ReportFormat format = p.has("json") ? ReportFormat::Json : ReportFormat::Text;
    if (p.has("format") && !parseReportFormat(p.value("format"), format)) {
        err << "opsinfo resolve diff: unknown --format '" << p.value("format") << "' (text, json, github, junit)\n";
        return ExitUsage;
    }
    std::optional<std::size_t> limit;
    if (p.has("max-changed")) {
        const std::string text = p.value("max-changed");
        if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos) {
            err << "opsinfo resolve diff: --max-changed takes a number, not '" << text << "'\n";
            return ExitUsage;
        }
        try {
            limit = std::stoul(text);
        } catch (...) {
            err << "opsinfo resolve diff: --max-changed " << text << " is too large\n";
            return ExitUsage;
        }
    }
    const auto &modes = p.values("mode");
    const bool byMode = modes.size() == 2;
    if (!(byMode || (modes.size() == 1 && (p.has("mixlist-a") || p.has("mixlist-b"))))) {
        err << "opsinfo resolve diff: give --mode A --mode B, or one --mode with --mixlist-a/--mixlist-b\n";
        return ExitUsage;
    }
    int code = 0;
    auto in = readResolveInputs(p, p.value("GRAPH"), err, code);
    const LeaveToExit keepInputs(in);
    if (!in)
        return code;
    const auto modeA = modeForCli(modes.front(), *in, err);
    const auto modeB = modeForCli(modes.back(), *in, err);
    if (!modeA || !modeB)
        return ExitInputErrors;
    std::optional<Mixlist> mixA, mixB;
    if (p.has("mixlist-a") && !(mixA = loadMixlistForCli(p.value("mixlist-a"), false, err)))
        return ExitInputErrors;
    if (p.has("mixlist-b") && !(mixB = loadMixlistForCli(p.value("mixlist-b"), false, err)))
        return ExitInputErrors;
    const PolicyTable tableA = PolicyTable::compute(in->library, mixA ? &*mixA : nullptr, p.value("mixlist-a"));
    const PolicyTable tableB = PolicyTable::compute(in->library, mixB ? &*mixB : nullptr, p.value("mixlist-b"));
    const Resolver resolver(*in->graph, in->library);
    const Resolution a = resolver.resolve(*modeA, tablePolicies(tableA), in->options);
    const Resolution b = resolver.resolve(*modeB, tablePolicies(tableB), in->options);

    const ResolutionDiff diff = diffResolutions(*in->graph, a, b);
    nlohmann::json changed = nlohmann::json::array();
    std::vector<std::vector<std::string>> rows;
    std::map<std::string, std::size_t> transitions;
    std::vector<Diagnostic> findings;
    for (const NodeChange &change : diff.changed) {
        const NodeResolution &na = *change.a;
        const NodeResolution &nb = *change.b;
        const std::string name = na.node ? na.node->name : "";
        const std::string type = na.node ? na.node->opType : "";
        const std::string from = std::string(dtypeName(na.dtype)) + (na.engine == Engine::AICPU ? " (AICPU)" : "");
        const std::string to = std::string(dtypeName(nb.dtype)) + (nb.engine == Engine::AICPU ? " (AICPU)" : "");
        ++transitions[from + "->" + to];
        changed.push_back({{"name", name}, {"op_type", type}, {"a", from}, {"b", to},
                           {"explanation_a", na.explanation}, {"explanation_b", nb.explanation}});
        rows.push_back({name, type, from, to});
        findings.push_back({Severity::Note,
                            changeLocation(type, mixB, p.value("mixlist-b"), mixA, p.value("mixlist-a"), p.value("GRAPH")),
                            "dtype-change", "node " + name + " (" + type + "): " + from + " -> " + to,
                            nb.explanation});
    }
    const bool overLimit = limit && changed.size() > *limit;
    if (overLimit) {
        for (Diagnostic &d : findings)
            d.severity = Severity::Error;
    }
    const long castDelta = diff.castDelta();
    const std::string sideA = byMode ? modes.front() : p.value("mixlist-a", "(no mixlist)");
    const std::string sideB = byMode ? modes.back() : p.value("mixlist-b", "(no mixlist)");
    if (format == ReportFormat::Github || format == ReportFormat::Junit) {
        writeFindings(format, "opsinfo resolve diff", p.value("GRAPH"), findings, out, err);
    } else if (format == ReportFormat::Json) {
        out << nlohmann::json {{"graph", p.value("GRAPH")},
                               {"a", sideA},
                               {"b", sideB},
                               {"changed", changed},
                               {"changed_count", changed.size()},
                               {"transitions", transitions},
                               {"casts_a", diff.castsA},
                               {"casts_b", diff.castsB},
                               {"cast_delta", castDelta}}
                   .dump(2)
            << "\n";
    } else {
        out << "A: " << sideA << "\nB: " << sideB << "\n\n"
            << formatTable({"NODE", "OP TYPE", "A", "B"}, rows) << "\n"
            << changed.size() << " node(s) change dtype; casts " << diff.castsA << " -> "
            << diff.castsB << " (" << (castDelta >= 0 ? "+" : "") << castDelta << ")\n";
        for (const auto &[t, count] : transitions)
            out << "  " << t << ": " << count << "\n";
    }
    if (overLimit) {
        err << "opsinfo resolve diff: " << changed.size() << " nodes change dtype, more than --max-changed "
            << *limit << "\n";
        return ExitInputErrors;
    }
    return ExitOk;
}

int resolveMain(const std::vector<std::string> &args, std::ostream &out, std::ostream &err)
{
    ArgParser p("opsinfo resolve",
                "Predict, for one precision mode (or all), the dtype of every node of a graph, why (rule ids\n"
                "of SEMANTICS), its engine, and the Casts the compiler inserts.\n"
                "Subcommand: 'opsinfo resolve diff' compares two modes or two mixlists.");
    p.positional("GRAPH", "the graph file");
    addResolveOptions(p);
    p.option("mode", "MODE", "precision_mode or precision_mode_v2 name (force_fp16, allow_mix_precision, ...)")
        .flag("all-modes", "a summary table over every mode")
        .option("plot", "FILE.svg", "with --all-modes: also write the per-mode chart (dtypes, AI CPU, casts) as SVG")
        .flag("json", "one JSON object: mode, graph, nodes, casts, summary")
        .flag("csv", "one CSV line per node");
    if (const auto exit = p.parseOrExit(args, out, err))
        return *exit;
    if (p.has("mode") == p.has("all-modes")) {
        err << "opsinfo resolve: give --mode MODE or --all-modes\n";
        return ExitUsage;
    }
    if (p.has("plot") && !p.has("all-modes")) {
        err << "opsinfo resolve: --plot needs --all-modes\n";
        return ExitUsage;
    }
    int code = 0;
    auto in = readResolveInputs(p, p.value("GRAPH"), err, code);
    const LeaveToExit keepInputs(in);
    if (!in)
        return code;
    if (p.has("all-modes"))
        return allModesTable(*in, p.has("json"), p.value("plot"), out, err);
    const auto mode = modeForCli(p.value("mode"), *in, err);
    if (!mode)
        return ExitInputErrors;
    const Resolver resolver(*in->graph, in->library);
    printDiagnostics(resolver.diagnostics(), err);
    const Resolution r = resolver.resolve(*mode, tablePolicies(in->policies), in->options);
    const std::vector<int> order = outputOrder(*in->graph, r);
    if (p.has("json")) {
        out << resolutionToJson(*in->graph, r, p.value("GRAPH"), order).dump(2) << "\n";
    } else if (p.has("csv")) {
        out << resolutionToCsv(r, order);
    } else {
        std::vector<std::vector<std::string>> rows;
        for (int index : order) {
            const NodeResolution &n = r.nodes[std::size_t(index)];
            if (!n.node)
                continue;
            rows.push_back({(n.parent >= 0 ? "  " : "") + n.node->name, n.node->opType, reportPolicy(n),
                            dtypeName(n.dtype), engineName(n.engine),
                            std::string(statusName(n.status)) + (n.ambiguous ? " ambiguous" : "")
                                + (n.approximate ? " approx" : ""),
                            n.rules.joined(",")});
        }
        const ResolutionSummary &s = r.summary;
        out << formatTable({"NODE", "OP TYPE", "LIST", "DTYPE", "ENGINE", "STATUS", "RULES"}, rows) << "\nmode "
            << precisionModeName(r.mode) << ": " << s.fp16Nodes << " fp16, " << s.bf16Nodes << " bf16, "
            << s.fp32Nodes << " fp32, " << s.aicpuNodes << " AI CPU, " << s.errors << " errors; casts "
            << s.castsTotal << " (" << s.castsDown << " down, " << s.castsUp << " up, " << s.castsWeights
            << " on weights)\n";
    }
    return r.summary.errors > 0 ? ExitInputErrors : ExitOk;
}

} // namespace

int runResolveCommand(const std::vector<std::string> &args, std::ostream &out, std::ostream &err)
{
    if (!args.empty() && args.front() == "diff")
        return resolveDiff({args.begin() + 1, args.end()}, out, err);
    return resolveMain(args, out, err);
}

} // namespace opsinfo
