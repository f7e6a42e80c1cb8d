#include "cli/clicommon.h"
#include "cli/clilibrary.h"
#include "cli/cliresolve.h"
#include "cli/commands.h"
#include "cli/resolvejson.h"
#include "resolver/policysource.h"

#include <nlohmann/json.hpp>

#include <map>

namespace opsinfo {

namespace {

std::string percent(std::size_t part, std::size_t whole)
{
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.1f%%", whole ? 100.0 * double(part) / double(whole) : 0.0);
    return buffer;
}

int allModesTable(const ResolveInputs &in, bool json, std::ostream &out, std::ostream &err)
{
    const Resolver resolver(*in.graph, in.library);
    const PolicySource policies = tablePolicies(in.policies);
    ResolveOptions options = in.options;
    options.explanations = false;
    nlohmann::json rows = nlohmann::json::array();
    std::vector<std::vector<std::string>> table;
    for (PrecisionMode mode : kAllPrecisionModes) {
        if (!in.soc.empty()) {
            const auto problem = checkModeForSoc(mode, in.soc, in.platformIni);
            if (problem && problem->severity == Severity::Error) {
                table.push_back({precisionModeName(mode), "refused on " + in.soc, "", "", "", "", ""});
                rows.push_back({{"mode", precisionModeName(mode)}, {"refused", problem->message}});
                continue;
            }
        }
        const Resolution r = resolver.resolve(mode, policies, options);
        const ResolutionSummary &s = r.summary;
        rows.push_back({{"mode", precisionModeName(mode)}, {"summary", summaryToJson(s)},
                        {"casts", {{"down", s.castsDown}, {"up", s.castsUp}, {"weights", s.castsWeights}, {"total", s.castsTotal}}}});
        table.push_back({precisionModeName(mode) + std::string(isApproximateMode(mode) ? " (approx)" : ""),
                         std::to_string(s.fp16Nodes), std::to_string(s.bf16Nodes), std::to_string(s.fp32Nodes),
                         std::to_string(s.aicpuNodes), std::to_string(s.errors), std::to_string(s.castsTotal)});
    }
    printDiagnostics(resolver.diagnostics(), err);
    if (json)
        out << nlohmann::json{{"graph", in.graph->path}, {"modes", rows}}.dump(2) << "\n";
    else
        out << formatTable({"MODE", "FP16", "BF16", "FP32", "AICPU", "ERRORS", "CASTS"}, table);
    return ExitOk;
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
        .flag("json", "machine-readable output");
    if (!p.parse(args, err))
        return ExitUsage;
    if (p.helpRequested()) {
        out << p.help();
        return ExitOk;
    }
    const auto &modes = p.values("mode");
    const bool byMode = modes.size() == 2;
    if (!(byMode || (modes.size() == 1 && (p.has("mixlist-a") || p.has("mixlist-b"))))) {
        err << "opsinfo resolve diff: give --mode A --mode B, or one --mode with --mixlist-a/--mixlist-b\n";
        return ExitUsage;
    }
    int code = 0;
    auto in = readResolveInputs(p, p.value("GRAPH"), err, code);
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

    nlohmann::json changed = nlohmann::json::array();
    std::vector<std::vector<std::string>> rows;
    std::map<std::string, std::size_t> transitions;
    for (int index : outputOrder(*in->graph, a)) {
        const NodeResolution &na = a.nodes[std::size_t(index)];
        const NodeResolution &nb = b.nodes[std::size_t(index)];
        if (na.dtype == nb.dtype && na.engine == nb.engine)
            continue;
        const std::string name = na.node ? na.node->name : "";
        const std::string type = na.node ? na.node->opType : "";
        const std::string from = std::string(dtypeName(na.dtype)) + (na.engine == Engine::AICPU ? " (AICPU)" : "");
        const std::string to = std::string(dtypeName(nb.dtype)) + (nb.engine == Engine::AICPU ? " (AICPU)" : "");
        ++transitions[from + "->" + to];
        changed.push_back({{"name", name}, {"op_type", type}, {"a", from}, {"b", to},
                           {"explanation_a", na.explanation}, {"explanation_b", nb.explanation}});
        rows.push_back({name, type, from, to});
    }
    const long castDelta = long(b.summary.castsTotal) - long(a.summary.castsTotal);
    const std::string sideA = byMode ? modes.front() : p.value("mixlist-a", "(no mixlist)");
    const std::string sideB = byMode ? modes.back() : p.value("mixlist-b", "(no mixlist)");
    if (p.has("json")) {
        out << nlohmann::json{{"graph", p.value("GRAPH")}, {"a", sideA}, {"b", sideB}, {"changed", changed},
                              {"changed_count", changed.size()}, {"transitions", transitions},
                              {"casts_a", a.summary.castsTotal}, {"casts_b", b.summary.castsTotal},
                              {"cast_delta", castDelta}}
                   .dump(2)
            << "\n";
    } else {
        out << "A: " << sideA << "\nB: " << sideB << "\n\n" << formatTable({"NODE", "OP TYPE", "A", "B"}, rows)
            << "\n" << changed.size() << " node(s) change dtype; casts " << a.summary.castsTotal << " -> "
            << b.summary.castsTotal << " (" << (castDelta >= 0 ? "+" : "") << castDelta << ")\n";
        for (const auto &[t, count] : transitions)
            out << "  " << t << ": " << count << "\n";
    }
    if (p.has("max-changed")) {
        std::size_t limit = 0;
        try {
            limit = std::stoul(p.value("max-changed"));
        } catch (...) {
            err << "opsinfo resolve diff: --max-changed takes a number\n";
            return ExitUsage;
        }
        if (changed.size() > limit) {
            err << "opsinfo resolve diff: " << changed.size() << " nodes change dtype, more than --max-changed "
                << limit << "\n";
            return ExitInputErrors;
        }
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
        .flag("json", "one JSON object: mode, graph, nodes, casts, summary")
        .flag("csv", "one CSV line per node");
    if (!p.parse(args, err))
        return ExitUsage;
    if (p.helpRequested()) {
        out << p.help();
        return ExitOk;
    }
    if (p.has("mode") == p.has("all-modes")) {
        err << "opsinfo resolve: give --mode MODE or --all-modes\n";
        return ExitUsage;
    }
    int code = 0;
    auto in = readResolveInputs(p, p.value("GRAPH"), err, code);
    if (!in)
        return code;
    if (p.has("all-modes"))
        return allModesTable(*in, p.has("json"), out, err);
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
