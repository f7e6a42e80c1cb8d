#include "cli/cli.h"
#include "cli/clicommon.h"
#include "cli/clifrontend.h"
#include "cli/clilibrary.h"
#include "cli/clioutput.h"
#include "cli/clireport.h"
#include "cli/cliresolve.h"
#include "cli/commands.h"
#include "cli/progress.h"
#include "common/outputfile.h"
#include "diff/resolutiondiff.h"
#include "export/modechartsvg.h"
#include "export/resolutionreport.h"
#include "frontend/planscope.h"
#include "resolver/modesweep.h"
#include "resolver/outputorder.h"
#include "resolver/policysource.h"

#include <nlohmann/json.hpp>

#include <map>

namespace opsinfo {

namespace {

// --all-modes on the aclnn paths: per mode, whether it is honoured and the cube math type and
// compute dtype of an fp32 matmul and conv input.
int allModesCubeMath(const ResolveInputs &in, const Hf32Switches &hf32, bool json,
                     std::ostream &out, std::ostream &err)
{
    const FrontEnd fe = *in.frontEnd;
    const auto fallback = defaultModeFor(fe, in.soc);
    nlohmann::json rows = nlohmann::json::array();
    std::vector<std::vector<std::string>> table;
    // The first row is "no mode set": MindSpore then chooses from the SoC and the HF32 switches,
    // which differs from setting its default mode explicitly.
    std::vector<std::optional<PrecisionMode>> modes {std::nullopt};
    modes.insert(modes.end(), kAllPrecisionModes.begin(), kAllPrecisionModes.end());
    for (const std::optional<PrecisionMode> &mode : modes) {
        const std::string label = mode ? precisionModeName(*mode) : "(not set)";
        auto plan = planFrontEnd({fe, mode, in.soc, false, false, false});
        if (!plan) {
            table.push_back({label, "default unknown: give --soc", "", "", "", ""});
            rows.push_back({{"mode", mode ? nlohmann::json(label) : nlohmann::json()},
                            {"error", "the default depends on the SoC: give --soc"}});
            continue;
        }
        const CubeMathType matmul = cubeMathTypeFor(*plan, in.soc, CubeFamily::Matmul, hf32);
        const CubeMathType conv = cubeMathTypeFor(*plan, in.soc, CubeFamily::Conv, hf32);
        const CubeCompute matmulFp32 = cubeComputeDtype(matmul, DType::Float32, in.soc);
        const CubeCompute convFp32 = cubeComputeDtype(conv, DType::Float32, in.soc);
        auto computes
            = [](const CubeCompute &c) { return c.supported ? c.dtype : std::string("refused"); };
        std::string name = label;
        if (!mode && fallback)
            name += " = " + std::string(precisionModeName(*fallback))
                + ", default for this front end";
        const bool honoured = plan->ignored.empty();
        table.push_back({name, honoured ? "yes" : "no (F3)", cubeMathTypeName(matmul),
                         computes(matmulFp32), cubeMathTypeName(conv), computes(convFp32)});
        rows.push_back({{"mode", mode ? nlohmann::json(label) : nlohmann::json()},
                        {"default", !mode},
                        {"honoured", honoured},
                        {"matmul_cube_math_type", cubeMathTypeName(matmul)},
                        {"matmul_fp32_computes_in", computes(matmulFp32)},
                        {"conv_cube_math_type", cubeMathTypeName(conv)},
                        {"conv_fp32_computes_in", computes(convFp32)}});
    }
    if (json) {
        writeJson(out, err,
                  {{"graph", in.graph->path},
                   {"front_end", frontEndId(fe)},
                   {"path", "cube-math"},
                   {"hf32", {{"matmul", hf32.matmul}, {"conv", hf32.conv}}},
                   {"modes", rows}});
    } else {
        out << "front end: " << frontEndId(fe) << " (" << frontEndTitle(fe)
            << "): no node is decided by FE, per mode only the cube math type changes (F1)\n\n"
            << formatTable({"MODE", "HONOURED", "MATMUL", "FP32 MATMUL IN", "CONV", "FP32 CONV IN"},
                           table);
    }
    return ExitOk;
}

int allModesTable(const ResolveInputs &in, bool json, const std::string &plotPath,
                  const InputSet &inputs, std::ostream &out, std::ostream &err)
{
    const std::optional<FrontEnd> fe = in.frontEnd;
    // Set in a statement of its own: GCC 12 takes the conditional-expression form for a read of
    // an uninitialised optional (-Wmaybe-uninitialized).
    std::optional<PrecisionMode> fallback;
    if (fe)
        fallback = defaultModeFor(*fe, in.soc);
    const std::vector<FrontEndNote> feNotes = fe
        ? settingsIgnoredOn(*fe, in.mixlist.has_value(), in.options.keepDtype != nullptr,
                            in.options.customizeDtypes != nullptr)
        : std::vector<FrontEndNote> {};
    if (fe && !json) {
        out << "front end: " << frontEndId(*fe) << " (" << frontEndTitle(*fe)
            << ")\ndefault precision mode: "
            << (fallback ? precisionModeName(*fallback) : "depends on the SoC (F2): give --soc")
            << "\n";
        for (const FrontEndNote &note : feNotes)
            out << "  " << note.rule << ": " << note.text << "\n";
        out << "\n";
    }
    const Resolver resolver(*in.graph, in.library);
    Progress progress(err, "resolving", kAllPrecisionModes.size());
    std::vector<ModeSummary> modes
        = summarizeModes(resolver, tablePolicies(in.policies), in.options, {in.soc, in.platformIni},
                         0, [&progress](std::size_t done, PrecisionMode next) {
                             progress.update(done, precisionModeName(next));
                         });
    progress.update(kAllPrecisionModes.size()); // the last step seen by a hook: all done
    progress.finish();
    printDiagnostics(resolver.diagnostics(), err);
    // torchair only ever runs its default: the other modes are not reachable there (F3).
    for (ModeSummary &m : modes)
        if (fe && !modeHonoured(*fe, m.mode) && fallback != m.mode && m.refused.empty())
            m.refused = "not settable on " + std::string(frontEndId(*fe)) + " (F3)";
    nlohmann::json rows = nlohmann::json::array();
    std::vector<std::vector<std::string>> table;
    for (const ModeSummary &m : modes) {
        const std::string name = precisionModeName(m.mode);
        const bool isDefault = fallback == m.mode;
        if (!m.refused.empty()) {
            table.push_back(
                {name,
                 m.refused.find("(F3)") != std::string::npos ? m.refused : "refused on " + in.soc,
                 "", "", "", "", "", ""});
            rows.push_back({{"mode", name}, {"refused", m.refused}});
            continue;
        }
        const ResolutionSummary &s = m.summary;
        rows.push_back({{"mode", name},
                        {"default", isDefault},
                        {"summary", summaryToJson(s)},
                        {"casts",
                         {{"down", s.castsDown},
                          {"up", s.castsUp},
                          {"weights", s.castsWeights},
                          {"total", s.castsTotal}}}});
        table.push_back({name + std::string(isDefault ? " (default for this front end)" : ""),
                         std::to_string(s.fp16Nodes), std::to_string(s.bf16Nodes),
                         std::to_string(s.fp32Nodes), std::to_string(s.aicpuNodes),
                         std::to_string(s.geNodes), std::to_string(s.errors),
                         std::to_string(s.castsTotal)});
    }
    if (json) {
        nlohmann::json result {{"graph", in.graph->path},
                               {"cube_ops", cubeOpsToJson(in.library.cubeOps())},
                               {"modes", rows}};
        if (fe) {
            nlohmann::json notes = nlohmann::json::array();
            for (const FrontEndNote &note : feNotes)
                notes.push_back({{"rule", note.rule}, {"text", note.text}});
            result["front_end"]
                = {{"id", frontEndId(*fe)},
                   {"default_mode",
                    fallback ? nlohmann::json(precisionModeName(*fallback)) : nlohmann::json()},
                   {"notes", notes}};
        }
        writeJson(out, err, result);
    } else
        out << formatTable({"MODE", "FP16", "BF16", "FP32", "AICPU", "GE", "ERRORS", "CASTS"},
                           table)
            << "\n"
            << cubeOpsOrigin(in.library.cubeOps()) << "\n";
    if (!plotPath.empty()) {
        const std::string name = in.graph->path.substr(in.graph->path.find_last_of('/') + 1);
        const std::string svg = modeChartSvg(modes, "Dtypes and casts per precision mode: " + name);
        if (const int code = writeOutputForCli(plotPath, svg, inputs, err); code != ExitOk)
            return code;
        err << "opsinfo: chart written to " << plotPath << "\n";
    }
    return ExitOk;
}

// Where a CI annotation about a changed node points: the mixlist entry naming its op type (B's
// first: that is the file a pull request changes), else the graph file as a whole.
SourceLocation changeLocation(const std::string &opType, const std::optional<Mixlist> &b,
                              const std::string &pathB, const std::optional<Mixlist> &a,
                              const std::string &pathA, const std::string &graph)
{
    const std::pair<const std::optional<Mixlist> *, const std::string *> sides[]
        = {{&b, &pathB}, {&a, &pathA}};
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

// One node whose decision differs between the two sides of `resolve diff`.
struct ChangedNode
{
    std::string name;
    std::string type;
    std::string from;
    std::string to;
    std::string explanationA;
    std::string explanationB;
};

// `resolve diff` on the aclnn paths: cube nodes whose cube math type or compute dtype differs.
std::vector<ChangedNode> cubeMathChanges(const ResolveInputs &in, const FrontEndPlan &planA,
                                         const FrontEndPlan &planB, const Hf32Switches &hf32)
{
    const CubeMathReport a = cubeMathReport(*in.graph, in.library.cubeOps(), planA, in.soc, hf32);
    const CubeMathReport b = cubeMathReport(*in.graph, in.library.cubeOps(), planB, in.soc, hf32);
    auto computes = [](const CubeNodeReport &n) {
        return std::string(cubeMathTypeName(n.type)) + " -> "
            + (n.compute.supported ? n.compute.dtype : "refused");
    };
    std::vector<ChangedNode> changes;
    for (std::size_t i = 0; i < a.nodes.size() && i < b.nodes.size(); ++i) {
        const CubeNodeReport &na = a.nodes[i];
        const CubeNodeReport &nb = b.nodes[i];
        if (computes(na) != computes(nb))
            changes.push_back(
                {na.name, na.opType, computes(na), computes(nb), na.explanation, nb.explanation});
    }
    return changes;
}

// The command line of `opsinfo resolve diff`.
ArgParser resolveDiffParser()
{
    ArgParser p(
        "opsinfo resolve diff",
        "Nodes whose decided dtype changes between two modes, or between two mixlists, with the\n"
        "cast delta. Exits 1 when more than --max-changed nodes change (gate a mixlist change in CI).");
    p.positional("GRAPH", "the graph file").reads();
    addResolveOptions(p, false);
    addHf32Options(p);
    p.option("mode", "MODE",
             "give twice to compare two modes; once with two mixlists (with --front-end:\n"
             "                              or not at all, the front end's default)",
             true)
        .option("mixlist-a", "F", "mixlist of side A")
        .reads()
        .option("mixlist-b", "F", "mixlist of side B")
        .reads()
        .option("max-changed", "N", "fail (exit 1) when more than N nodes change dtype")
        .flag("json", "same as --format json")
        .option(
            "format", "FORMAT",
            "text (default), json, github (one annotation per changed node) or junit (one test case\n"
            "                              per changed node, failing when over --max-changed)")
        .conflicts("json", "format");
    return p;
}

// `resolve diff` where FE decides: the nodes whose dtype (or engine) differs between the two
// sides, each resolved with its own mixlist and mode; `casts` gets both sides' Cast totals and
// `transitions` the changed nodes per transition.
std::vector<ChangedNode> resolvedChanges(ResolveInputs &in, const ArgParser &p,
                                         const std::optional<Mixlist> &mixA,
                                         const std::optional<Mixlist> &mixB,
                                         const FrontEndPlan *planA, const FrontEndPlan *planB,
                                         PrecisionMode modeA, PrecisionMode modeB,
                                         std::optional<std::pair<std::size_t, std::size_t>> &casts,
                                         std::map<std::string, std::size_t> &transitions)
{
    std::vector<ChangedNode> changes;
    const bool mixlistA = mixA && (!planA || planA->useMixlist);
    const bool mixlistB = mixB && (!planB || planB->useMixlist);
    const PolicyTable tableA
        = PolicyTable::compute(in.library, mixlistA ? &*mixA : nullptr, p.value("mixlist-a"));
    const PolicyTable tableB
        = PolicyTable::compute(in.library, mixlistB ? &*mixB : nullptr, p.value("mixlist-b"));
    const Resolver resolver(*in.graph, in.library);
    const Resolution a = resolveUnderPlan(resolver, planA, modeA, tableA, in.options);
    const Resolution b = resolveUnderPlan(resolver, planB, modeB, tableB, in.options);
    const ResolutionDiff diff = diffResolutions(*in.graph, a, b);
    for (const NodeChange &change : diff.changed) {
        const NodeResolution &na = *change.a;
        const NodeResolution &nb = *change.b;
        changes.push_back({std::string(na.node ? na.node->name : ""),
                           std::string(na.node ? na.node->opType : ""),
                           decisionLabel(Decision::of(na)), decisionLabel(Decision::of(nb)),
                           na.explanation, nb.explanation});
    }
    casts = {diff.castsA, diff.castsB};
    transitions = countTransitionsByLabel(diff);
    return changes;
}

// --max-changed N into `limit` (left empty when not given); false, said on `err`, when N is no
// number or too large.
bool readMaxChanged(const ArgParser &p, std::optional<std::size_t> &limit, std::ostream &err)
{
    if (!p.has("max-changed"))
        return true;
    const std::string text = p.value("max-changed");
    if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos) {
        err << "opsinfo resolve diff: --max-changed takes a number, not '" << text << "'\n";
        return false;
    }
    try {
        limit = std::stoul(text);
    } catch (...) {
        err << "opsinfo resolve diff: --max-changed " << text << " is too large\n";
        return false;
    }
    return true;
}

// What the command line of `resolve diff` asks for, checked; the inputs are read after it.
struct DiffRequest
{
    ReportFormat format = ReportFormat::Text;
    std::optional<std::size_t> limit;
    std::vector<std::string> modes;
    bool byMode = false;
    Hf32Switches hf32;
};

// The options of `resolve diff` into `request`; false, said on `err`, on a usage error.
bool readDiffRequest(const ArgParser &p, DiffRequest &request, std::ostream &err)
{
    request.format = p.has("json") ? ReportFormat::Json : ReportFormat::Text;
    if (p.has("format") && !parseReportFormat(p.value("format"), request.format)) {
        err << "opsinfo resolve diff: unknown --format '" << p.value("format")
            << "' (text, json, github, junit)\n";
        return false;
    }
    if (!readMaxChanged(p, request.limit, err))
        return false;
    request.modes = p.values("mode");
    request.byMode = request.modes.size() == 2;
    const bool byMixlist = p.has("mixlist-a") || p.has("mixlist-b");
    // With --front-end the mode may be left out: both sides use the front end's default.
    if (!(request.byMode || (request.modes.size() == 1 && byMixlist)
          || (request.modes.empty() && byMixlist && p.has("front-end")))) {
        err << "opsinfo resolve diff: give --mode A --mode B, or one --mode (or --front-end) with "
               "--mixlist-a/--mixlist-b\n";
        return false;
    }
    if (!readHf32Options(p, request.hf32, err))
        return false;
    if (request.byMode && (p.has("mixlist-a") || p.has("mixlist-b"))) {
        err << "opsinfo resolve diff: two --mode and --mixlist-a/--mixlist-b contradict each other: compare two modes,\n"
               "or two mixlists under one --mode\n";
        return false;
    }
    return true;
}

// The two sides of `resolve diff`: each one's mixlist, and its front-end plan or mode.
struct DiffSides
{
    std::optional<Mixlist> mixA, mixB;
    std::optional<FrontEndPlan> planA, planB;
    std::optional<PrecisionMode> modeA, modeB;
};

// Reads --mixlist-a and --mixlist-b into `sides`; the exit code when one cannot be read.
std::optional<int> loadDiffMixlists(const ArgParser &p, DiffSides &sides, std::ostream &err)
{
    // A mixlist that cannot be read is exit 2, never the 1 of "more than --max-changed".
    return loadMixlistOptionsForCli(p, {{"mixlist-a", &sides.mixA}, {"mixlist-b", &sides.mixB}},
                                    err);
}

// Each side's plan (with --front-end) or mode; the exit code when one cannot be had.
std::optional<int> planDiffSides(ResolveInputs &in, const std::vector<std::string> &modes,
                                 DiffSides &sides, std::ostream &err)
{
    const std::string modeNameA = modes.empty() ? std::string() : modes.front();
    const std::string modeNameB = modes.empty() ? std::string() : modes.back();
    if (in.frontEnd) {
        // Each side's plan: the mixlist it has, the mode it names.
        int code = 0;
        in.mixlist = sides.mixA;
        sides.planA = planForCli(*in.frontEnd, modeNameA, in, err, code);
        in.mixlist = sides.mixB;
        sides.planB
            = sides.planA ? planForCli(*in.frontEnd, modeNameB, in, err, code) : std::nullopt;
        if (!sides.planA || !sides.planB)
            return code;
        sides.modeA = sides.planA->mode;
        sides.modeB = sides.planB->mode;
        return std::nullopt;
    }
    auto parsedA = modeForCli(modeNameA, in, err);
    if (!parsedA)
        return parsedA.exitCode();
    auto parsedB = modeForCli(modeNameB, in, err);
    if (!parsedB)
        return parsedB.exitCode();
    sides.modeA = *parsedA;
    sides.modeB = *parsedB;
    return std::nullopt;
}

// The changed nodes in every form `resolve diff` writes them.
struct DiffTally
{
    nlohmann::json changed = nlohmann::json::array();
    std::vector<std::vector<std::string>> rows;
    std::vector<Diagnostic> findings;
};

DiffTally tallyChanges(const std::vector<ChangedNode> &changes, const ArgParser &p,
                       const DiffSides &sides)
{
    DiffTally tally;
    for (const ChangedNode &c : changes) {
        tally.changed.push_back({{"name", c.name},
                                 {"op_type", c.type},
                                 {"a", c.from},
                                 {"b", c.to},
                                 {"explanation_a", c.explanationA},
                                 {"explanation_b", c.explanationB}});
        tally.rows.push_back({c.name, c.type, c.from, c.to});
        tally.findings.push_back(
            {Severity::Note,
             changeLocation(c.type, sides.mixB, p.value("mixlist-b"), sides.mixA,
                            p.value("mixlist-a"), p.value("GRAPH")),
             "dtype-change", "node " + c.name + " (" + c.type + "): " + c.from + " -> " + c.to,
             c.explanationB});
    }
    return tally;
}

// What differs between the two sides of `resolve diff`.
struct DiffChanges
{
    std::vector<ChangedNode> nodes;
    // The Cast totals of sides A and B, where FE decides (none on the cube-math paths).
    std::optional<std::pair<std::size_t, std::size_t>> casts;
    std::map<std::string, std::size_t> transitions; // "A->B": changed nodes
};

// The changes on the cube-math paths (no resolution), else of the two resolutions.
DiffChanges diffChanges(ResolveInputs &in, const ArgParser &p, const DiffSides &sides,
                        const Hf32Switches &hf32)
{
    DiffChanges changes;
    if (sides.planA && sides.planA->path == PrecisionPath::CubeMath) {
        changes.nodes = cubeMathChanges(in, *sides.planA, *sides.planB, hf32);
        // Cube math types and compute dtypes, no resolution: counted in the words printed.
        for (const ChangedNode &c : changes.nodes)
            ++changes.transitions[c.from + "->" + c.to];
    } else {
        changes.nodes
            = resolvedChanges(in, p, sides.mixA, sides.mixB, sides.planA ? &*sides.planA : nullptr,
                              sides.planB ? &*sides.planB : nullptr, *sides.modeA, *sides.modeB,
                              changes.casts, changes.transitions);
    }
    return changes;
}

void writeDiffText(const DiffTally &tally, const DiffChanges &changes, const std::string &sideA,
                   const std::string &sideB, std::ostream &out)
{
    const auto &casts = changes.casts;
    const long castDelta = casts ? long(casts->second) - long(casts->first) : 0;
    out << "A: " << sideA << "\nB: " << sideB << "\n\n"
        << formatTable({"NODE", "OP TYPE", "A", "B"}, tally.rows) << "\n";
    if (casts)
        out << tally.changed.size() << " node(s) change dtype; casts " << casts->first << " -> "
            << casts->second << " (" << (castDelta >= 0 ? "+" : "") << castDelta << ")\n";
    else
        out << tally.changed.size()
            << " cube node(s) change cube math type or compute dtype (no FE on this path)\n";
    for (const auto &[t, count] : changes.transitions)
        out << "  " << t << ": " << count << "\n";
}

// Writes the changes in the asked format; exit 1 when there are more than --max-changed.
int printDiff(const DiffRequest &request, const ArgParser &p, const ResolveInputs &in,
              const DiffSides &sides, const DiffChanges &changes, std::ostream &out,
              std::ostream &err)
{
    DiffTally tally = tallyChanges(changes.nodes, p, sides);
    const auto &casts = changes.casts;
    const bool overLimit = request.limit && tally.changed.size() > *request.limit;
    if (overLimit) {
        for (Diagnostic &d : tally.findings)
            d.severity = Severity::Error;
    }
    const long castDelta = casts ? long(casts->second) - long(casts->first) : 0;
    const std::string sideA
        = request.byMode ? request.modes.front() : p.value("mixlist-a", "(no mixlist)");
    const std::string sideB
        = request.byMode ? request.modes.back() : p.value("mixlist-b", "(no mixlist)");
    const ReportFormat format = request.format;
    if (sides.planA && format == ReportFormat::Text)
        out << "A " << frontEndHeader(*sides.planA) << "B " << frontEndHeader(*sides.planB) << "\n";
    if (format == ReportFormat::Github || format == ReportFormat::Junit) {
        writeFindings(format, "opsinfo resolve diff", p.value("GRAPH"), tally.findings, out, err);
    } else if (format == ReportFormat::Json) {
        writeJson(out, err,
                  {{"graph", p.value("GRAPH")},
                   {"cube_ops", cubeOpsToJson(in.library.cubeOps())},
                   {"a", sideA},
                   {"b", sideB},
                   {"changed", tally.changed},
                   {"changed_count", tally.changed.size()},
                   {"transitions", changes.transitions},
                   {"casts_a", casts ? nlohmann::json(casts->first) : nlohmann::json()},
                   {"casts_b", casts ? nlohmann::json(casts->second) : nlohmann::json()},
                   {"cast_delta", casts ? nlohmann::json(castDelta) : nlohmann::json()},
                   {"front_end_a", sides.planA ? frontEndToJson(*sides.planA) : nlohmann::json()},
                   {"front_end_b", sides.planB ? frontEndToJson(*sides.planB) : nlohmann::json()}});
    } else {
        writeDiffText(tally, changes, sideA, sideB, out);
    }
    if (overLimit) {
        err << "opsinfo resolve diff: " << tally.changed.size()
            << " nodes change dtype, more than --max-changed " << *request.limit << "\n";
        return ExitInputErrors;
    }
    return ExitOk;
}

int resolveDiff(const std::vector<std::string> &args, std::ostream &out, std::ostream &err)
{
    ArgParser p = resolveDiffParser();
    if (const auto exit = p.parseOrExit(args, out, err))
        return *exit;
    DiffRequest request;
    if (!readDiffRequest(p, request, err))
        return ExitUsage;
    int code = 0;
    auto in = readResolveInputs(p, p.value("GRAPH"), err, code);
    const LeaveToExit keepInputs(in);
    if (!in)
        return code;
    DiffSides sides;
    if (const auto exit = loadDiffMixlists(p, sides, err))
        return *exit;
    if (const auto exit = planDiffSides(*in, request.modes, sides, err))
        return *exit;
    const DiffChanges changes = diffChanges(*in, p, sides, request.hf32);
    return printDiff(request, p, *in, sides, changes, out, err);
}

// The command line of `opsinfo resolve`.
ArgParser resolveParser()
{
    ArgParser p(
        "opsinfo resolve",
        "Predict, for one precision mode (or all), the dtype of every node of a graph, why (rule ids\n"
        "of SEMANTICS), its engine, and the Casts the compiler inserts.\n"
        "Subcommand: 'opsinfo resolve diff' compares two modes or two mixlists.");
    p.positional("GRAPH", "the graph file").reads();
    addResolveOptions(p);
    p.option(
         "mode", "MODE",
         "precision_mode, precision_mode_v2 or MindSpore Lite name (force_fp16, allow_mix_precision,\n"
         "                              enforce_fp16 ...); with --front-end it may be left out: its default")
        .flag("all-modes", "a summary table over every mode")
        .option(
            "plot", "FILE.svg",
            "with --all-modes: also write the per-mode chart (dtypes, AI CPU and GE ops, casts) as SVG")
        .writes()
        .flag("json", "one JSON object: mode, graph, nodes, casts, summary")
        .flag("csv", "one CSV line per node")
        .conflicts("mode", "all-modes")
        .needs("plot", "all-modes")
        .conflicts("csv", "json")
        .conflicts("csv", "all-modes");
    addHf32Options(p);
    p.epilog(
        "With --front-end torch-npu or mindspore-kbk no graph goes through FE: instead of a dtype\n"
        "preview, every cube node's cube math type and what its input is computed in (HF32 switches\n"
        "included); --library is optional there.");
    return p;
}

// `resolve --all-modes`: the cube-math table on the aclnn paths, else the summary per mode.
int resolveAllModes(const ArgParser &p, ResolveInputs &in, const Hf32Switches &hf32,
                    std::ostream &out, std::ostream &err)
{
    if (in.frontEnd) {
        restrictToFrontEnd(*in.frontEnd, in);
        if (frontEndTraits(*in.frontEnd).path == PrecisionPath::CubeMath)
            return requireSocForCubeMath(*in.frontEnd, in.soc, err)
                ? allModesCubeMath(in, hf32, p.has("json"), out, err)
                : ExitUsage;
    }
    return allModesTable(in, p.has("json"), p.value("plot"), p.inputs(), out, err);
}

// The node table of `resolve` for humans, with the summary line under it.
void printResolutionText(const ResolveInputs &in, const Resolution &r,
                         const std::vector<int> &order, const FrontEndPlan *plan, std::ostream &out)
{
    if (plan)
        out << frontEndHeader(*plan) << "\n";
    std::vector<std::vector<std::string>> rows;
    for (int index : order) {
        const NodeResolution &n = r.nodes[std::size_t(index)];
        if (!n.node)
            continue;
        rows.push_back({(n.parent >= 0 ? "  " : "") + std::string(n.node->name),
                        std::string(n.node->opType), reportPolicy(n), dtypeName(n.dtype),
                        engineName(n.engine),
                        std::string(statusName(n.status)) + (n.ambiguous ? " ambiguous" : "")
                            + (n.approximate ? " approx" : ""),
                        n.rules.joined(",")});
    }
    const ResolutionSummary &s = r.summary;
    out << formatTable({"NODE", "OP TYPE", "LIST", "DTYPE", "ENGINE", "STATUS", "RULES"}, rows)
        << "\nmode " << (plan ? plan->modeLabel() : std::string(precisionModeName(r.mode))) << ": "
        << s.fp16Nodes << " fp16, " << s.bf16Nodes << " bf16, " << s.fp32Nodes
        << " fp32; not on AI Core: " << s.aicpuNodes << " AI CPU, " << s.geNodes << " GE ops; "
        << s.errors << " errors; casts " << s.castsTotal << " (" << s.castsDown << " down, "
        << s.castsUp << " up, " << s.castsWeights << " on weights)\n"
        << cubeOpsOrigin(in.library.cubeOps()) << "\n";
}

// `resolve` under one mode (or one front-end plan): every node, in JSON, CSV or a table.
int resolveOneMode(const ResolveInputs &in, const FrontEndPlan *plan, PrecisionMode mode,
                   const ArgParser &p, std::ostream &out, std::ostream &err)
{
    const Resolver resolver(*in.graph, in.library);
    printDiagnostics(resolver.diagnostics(), err);
    const Resolution r = resolveUnderPlan(resolver, plan, mode, in.policies, in.options);
    const std::vector<int> order = outputOrder(*in.graph, r);
    if (p.has("json")) {
        nlohmann::json result
            = resolutionToJson(*in.graph, r, p.value("GRAPH"), order, in.library.cubeOps());
        if (plan)
            result["front_end"] = frontEndToJson(*plan);
        writeJson(out, err, result);
    } else if (p.has("csv")) {
        if (plan)
            err << frontEndHeader(*plan); // CSV stays CSV: the front end's notes go to the messages
        out << resolutionToCsv(r, order);
    } else {
        printResolutionText(in, r, order, plan, out);
    }
    return r.summary.errors > 0 ? ExitInputErrors : ExitOk;
}

int resolveMain(const std::vector<std::string> &args, std::ostream &out, std::ostream &err)
{
    ArgParser p = resolveParser();
    if (const auto exit = p.parseOrExit(args, out, err))
        return *exit;
    if (!p.has("mode") && !p.has("all-modes") && !p.has("front-end")) {
        err << "opsinfo resolve: give --mode MODE, --all-modes, or --front-end ID (its default mode)\n";
        return ExitUsage;
    }
    Hf32Switches hf32;
    if (!readHf32Options(p, hf32, err))
        return ExitUsage;
    int code = 0;
    auto in = readResolveInputs(p, p.value("GRAPH"), err, code);
    const LeaveToExit keepInputs(in);
    if (!in)
        return code;
    if (p.has("all-modes"))
        return resolveAllModes(p, *in, hf32, out, err);
    std::optional<FrontEndPlan> plan;
    std::optional<PrecisionMode> mode;
    if (in->frontEnd) {
        plan = planForCli(*in->frontEnd, p.value("mode"), *in, err, code);
        if (!plan)
            return code;
        restrictToPlan(*plan, *in);
        if (plan->path == PrecisionPath::CubeMath)
            return printCubeMath(*in, *plan, hf32, p.has("json"), p.has("csv"), out);
        mode = plan->mode;
    } else {
        auto parsed = modeForCli(p.value("mode"), *in, err);
        if (!parsed)
            return parsed.exitCode();
        mode = *parsed;
    }
    return resolveOneMode(*in, plan ? &*plan : nullptr, *mode, p, out, err);
}

} // namespace

int runResolveCommand(const std::vector<std::string> &args, std::ostream &out, std::ostream &err)
{
    if (!args.empty() && args.front() == "diff")
        return resolveDiff({args.begin() + 1, args.end()}, out, err);
    return resolveMain(args, out, err);
}

} // namespace opsinfo
