#include "advice/advice.h"
#include "advice/evidenceprotect.h"
#include "cli/clicommon.h"
#include "cli/clievidence.h"
#include "cli/clifrontend.h"
#include "cli/clioutput.h"
#include "cli/cliresolve.h"
#include "cli/commands.h"
#include "cli/figures.h"
#include "common/outputfile.h"
#include "evidence/evidencesummary.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <cstdlib>
#include <filesystem>

namespace opsinfo {

namespace {

std::optional<std::size_t> countOption(const ArgParser &p, const std::string &name,
                                       std::size_t fallback, std::ostream &err)
{
    if (!p.has(name))
        return fallback;
    const std::string text = p.value(name);
    char *end = nullptr;
    const long long value = std::strtoll(text.c_str(), &end, 10);
    if (text.empty() || *end != '\0' || value < 0 || value > 100000) {
        err << "opsinfo advise: --" << name << " takes a whole number from 0 to 100000, not '"
            << text << "'\n";
        return std::nullopt;
    }
    return std::size_t(value);
}

// `-` is stdout; a file goes through the one writer, which refuses any input of the command.
int writeOutput(const ArgParser &p, const std::string &path, const std::string &text,
                std::ostream &out, std::ostream &err)
{
    if (path == "-") {
        writeDocument(out, text);
        return ExitOk;
    }
    return writeOutputForCli(path, text, p.inputs(), err);
}

nlohmann::json summaryJson(const ResolutionSummary &s)
{
    return {{"float_nodes", s.floatNodes}, {"fp16", s.fp16Nodes},   {"bf16", s.bf16Nodes},
            {"fp32", s.fp32Nodes},         {"casts", s.castsTotal}, {"casts_down", s.castsDown},
            {"casts_up", s.castsUp}};
}

nlohmann::json effectJson(const AdviceEffect &e)
{
    nlohmann::json moved = nlohmann::json::array();
    for (const MovedNode &m : e.moved)
        moved.push_back({{"name", m.name},
                         {"op_type", m.opType},
                         {"from", dtypeName(m.from)},
                         {"to", dtypeName(m.to)}});
    nlohmann::json movedProtected = nlohmann::json::array();
    for (const MovedNode &m : e.movedProtected)
        movedProtected.push_back(
            {{"name", m.name}, {"from", dtypeName(m.from)}, {"to", dtypeName(m.to)}});
    nlohmann::json j {{"fixed", e.fixed},
                      {"still_not_fp32", e.stillNotFp32},
                      {"moved", moved},
                      {"moved_protected", movedProtected},
                      {"before", summaryJson(e.before)},
                      {"after", summaryJson(e.after)},
                      {"casts_delta", e.castsDelta()}};
    if (e.timeEstimated)
        j["time_estimate_us"] = {{"cast_before", e.castTimeBeforeUs},
                                 {"cast_after", e.castTimeAfterUs},
                                 {"fp32_time_moved_to_16_bit", e.fp32TimeMovedUs}};
    return j;
}

nlohmann::json editJson(const AdviceEdit &edit)
{
    nlohmann::json j {
        {"kind", editKindName(edit.kind)}, {"target", edit.target}, {"entry", edit.entry()}};
    if (edit.kind != EditKind::KeepNode) {
        j["from"] = policyName(edit.from);
        j["to"] = policyName(edit.to);
    }
    return j;
}

void printEffectTable(const AdviceEffect &e, std::ostream &out)
{
    const ResolutionSummary &b = e.before, &a = e.after;
    std::vector<std::vector<std::string>> rows {
        {"float nodes", std::to_string(b.floatNodes), std::to_string(a.floatNodes)},
        {"float16",
         std::to_string(b.fp16Nodes) + " (" + percentOrDash(b.fp16Nodes, b.floatNodes) + ")",
         std::to_string(a.fp16Nodes) + " (" + percentOrDash(a.fp16Nodes, a.floatNodes) + ")"},
        {"bfloat16",
         std::to_string(b.bf16Nodes) + " (" + percentOrDash(b.bf16Nodes, b.floatNodes) + ")",
         std::to_string(a.bf16Nodes) + " (" + percentOrDash(a.bf16Nodes, a.floatNodes) + ")"},
        {"float32",
         std::to_string(b.fp32Nodes) + " (" + percentOrDash(b.fp32Nodes, b.floatNodes) + ")",
         std::to_string(a.fp32Nodes) + " (" + percentOrDash(a.fp32Nodes, a.floatNodes) + ")"},
        {"Casts", std::to_string(b.castsTotal), std::to_string(a.castsTotal)},
    };
    if (e.timeEstimated)
        rows.push_back({"Cast time (est.)", figure(e.castTimeBeforeUs, 1) + " us",
                        figure(e.castTimeAfterUs, 1) + " us"});
    out << formatTable({"", "BEFORE", "AFTER"}, rows);
    if (e.timeEstimated && e.fp32TimeMovedUs > 0)
        out << "    measured fp32 kernel time of the nodes moved to 16 bits: "
            << figure(e.fp32TimeMovedUs, 1) << " us (at stake, not a promised saving)\n";
}

// The command line of `opsinfo advise`.
ArgParser adviseParser()
{
    ArgParser p(
        "opsinfo advise",
        "Compute the smallest list change for a goal and verify it by re-resolving GRAPH:\n"
        "  accuracy  every protected node resolves to fp32 (black-list.to-add of op types,\n"
        "            white-list.to-remove, or keep_dtype node names where an op-type edit would\n"
        "            move more than --max-moved other nodes); alternatives ranked\n"
        "  casts     gray or black op types to white, or a black entry dropped, removing the most\n"
        "            Casts without moving a protected node\n"
        "  time      the same ranked by measured Cast and fp32 kernel time (profiler --evidence)\n"
        "Protected nodes: --keep-fp32, and flagged rows of --evidence (overflow, NaN/Inf, cosine under\n"
        "--cosine-threshold, a compare tool's error verdict; a row joined by op type protects every\n"
        "node of that type).\n"
        "The advice optimises the prediction, not the model's accuracy: run the model to confirm.\n"
        "Exit 0 when the recommended plan is verified, 1 when no plan reaches the goal.");
    p.positional("GRAPH", "the model graph").reads();
    addResolveOptions(p);
    p.option("mode", "MODE",
             "the precision_mode to advise for (the lists act only in the mixed modes)")
        .option("keep-fp32", "NODE|OpType::T",
                "a node (or every node of an op type) that must be fp32", true)
        .option("objective", "GOAL", "accuracy (default), casts or time")
        .option("max-changes", "N", "at most N edits in a plan (default 8)")
        .option(
            "max-moved", "N",
            "accuracy: an op-type edit moving more than N other nodes is replaced by keep_dtype (default 8)")
        .option("output", "FILE",
                "write the recommended plan's whole modify_mixlist ('-' for stdout)", false, "o")
        .writes()
        .option("keep-dtype-out", "FILE", "write the recommended plan's whole keep_dtype list")
        .writes()
        .flag("json", "machine-readable output");
    addEvidenceOptions(p, true);
    return p;
}

// The whole result for --json: protected nodes, candidates, plans (each with its lists).
nlohmann::json adviceJson(const AdviceResult &result, PrecisionMode mode,
                          const FrontEndPlan *frontEndPlan, AdviceObjective objective, bool reached,
                          const std::vector<std::string> &limits)
{
    nlohmann::json protectedNodes = nlohmann::json::array();
    for (const ProtectedNode &n : result.protectedNodes)
        protectedNodes.push_back({{"name", n.name},
                                  {"op_type", n.opType},
                                  {"before", dtypeName(n.before)},
                                  {"origin", n.origin}});
    nlohmann::json candidates = nlohmann::json::array();
    for (const AdviceCandidate &c : result.candidates)
        candidates.push_back({{"edit", editJson(c.edit)},
                              {"rejected", c.rejected},
                              {"why", c.why},
                              {"fixed", c.effect.fixed.size()},
                              {"moved", c.effect.moved.size()},
                              {"casts_delta", c.effect.castsDelta()}});
    nlohmann::json plans = nlohmann::json::array();
    for (const AdvicePlan &pl : result.plans) {
        nlohmann::json edits = nlohmann::json::array();
        for (const AdviceEdit &e : pl.edits)
            edits.push_back(editJson(e));
        plans.push_back({{"label", pl.label},
                         {"verified", pl.verified},
                         {"within_max_changes", pl.withinMaxChanges},
                         {"edits", edits},
                         {"mixlist", nlohmann::json::parse(writeMixlist(pl.mixlist))},
                         {"keep_dtype", keepDtypeText(pl.keepDtype)},
                         {"effect", effectJson(pl.effect)}});
    }
    return {{"mode", precisionModeName(mode)},
            {"front_end", frontEndPlan ? frontEndToJson(*frontEndPlan) : nlohmann::json()},
            {"objective", adviceObjectiveName(objective)},
            {"protected", protectedNodes},
            {"candidates", candidates},
            {"plans", plans},
            {"goal_reached", reached},
            {"trials", result.trials},
            {"limits", limits}};
}

// The text report: protected nodes, candidates, then the plans, the best first.
void printAdviceReport(const AdviceResult &result, AdviceObjective objective,
                       const std::vector<std::string> &limits, std::ostream &report)
{
    if (!result.protectedNodes.empty()) {
        std::vector<std::vector<std::string>> rows;
        for (const ProtectedNode &n : result.protectedNodes)
            rows.push_back({n.name, n.opType, dtypeName(n.before), n.origin});
        report << "protected nodes (" << rows.size() << "):\n"
               << formatTable({"NODE", "OP TYPE", "NOW", "WHY"}, rows);
    }
    if (!result.candidates.empty()) {
        std::vector<std::vector<std::string>> rows;
        for (const AdviceCandidate &c : result.candidates)
            rows.push_back(
                {c.edit.entry(), c.rejected ? "no" : "yes", std::to_string(c.effect.fixed.size()),
                 std::to_string(c.effect.moved.size()),
                 (c.effect.castsDelta() > 0 ? "+" : "") + std::to_string(c.effect.castsDelta()),
                 c.why});
        report << "\ncandidates (each alone):\n"
               << formatTable({"EDIT", "USABLE", "FIXES", "MOVES", "CASTS", "WHY"}, rows);
    }
    for (std::size_t i = 0; i < result.plans.size(); ++i) {
        const AdvicePlan &pl = result.plans[i];
        report << "\n"
               << (i == 0 ? "recommended" : "alternative " + std::to_string(i)) << ": " << pl.label
               << " -- " << pl.edits.size() << " edit(s), "
               << (pl.verified ? "verified by re-resolving" : "NOT reaching the goal")
               << (pl.withinMaxChanges ? "" : ", more than --max-changes") << "\n";
        for (const AdviceEdit &e : pl.edits)
            report << "    " << e.entry() << "\n";
        printEffectTable(pl.effect, report);
        if (!pl.effect.stillNotFp32.empty() && objective == AdviceObjective::Accuracy) {
            report << "    still not fp32:";
            for (const std::string &n : pl.effect.stillNotFp32)
                report << " " << n;
            report << "\n";
        }
        std::size_t shown = 0;
        for (const MovedNode &m : pl.effect.moved)
            if (shown++ < 12)
                report << "    moves " << m.name << " (" << m.opType << ") " << dtypeName(m.from)
                       << " -> " << dtypeName(m.to) << "\n";
        if (pl.effect.moved.size() > 12)
            report << "    ... and " << pl.effect.moved.size() - 12 << " more nodes\n";
    }
    if (result.plans.empty())
        report << "\nno plan: "
               << (objective == AdviceObjective::Accuracy ? "no edit fixes a protected node"
                                                          : "no edit gains")
               << "\n";
    report << "\nlimits:\n";
    for (const std::string &l : limits)
        report << "  - " << l << "\n";
    report << "(" << result.trials << " re-resolutions)\n";
}

// The options of `advise` that are no file, checked.
struct AdviseOptions
{
    AdviceObjective objective = AdviceObjective::Accuracy;
    std::size_t maxChanges = 8;
    std::size_t maxMoved = 8;
    FlagThresholds thresholds;
    // A file written to stdout: the report then goes to stderr.
    bool stdoutTaken = false;
};

std::optional<AdviseOptions> readAdviseOptions(const ArgParser &p, std::ostream &err)
{
    if (!p.has("mode") && !p.has("front-end")) {
        err << "opsinfo advise: --mode MODE is required (or --front-end ID: its default mode)\n";
        return std::nullopt;
    }
    AdviseOptions options;
    options.stdoutTaken = p.value("output") == "-" || p.value("keep-dtype-out") == "-";
    if (p.has("json") && options.stdoutTaken) {
        err << "opsinfo advise: --json and a file written to stdout ('-') cannot share stdout\n";
        return std::nullopt;
    }
    const auto objective = parseAdviceObjective(p.value("objective", "accuracy"));
    if (!objective) {
        err << "opsinfo advise: --objective takes accuracy, casts or time, not '"
            << p.value("objective") << "'\n";
        return std::nullopt;
    }
    // All three are read before failing: each one's message is said.
    const auto maxChanges = countOption(p, "max-changes", 8, err);
    const auto maxMoved = countOption(p, "max-moved", 8, err);
    const auto thresholds = thresholdsForCli(p, err);
    if (!maxChanges || !maxMoved || !thresholds)
        return std::nullopt;
    options.objective = *objective;
    options.maxChanges = *maxChanges;
    options.maxMoved = *maxMoved;
    options.thresholds = *thresholds;
    return options;
}

// The mode to advise under, with --front-end its plan (whose header is said here); the exit
// code when there is none.
std::optional<int> adviceMode(const ArgParser &p, const AdviseOptions &options, ResolveInputs &in,
                              std::optional<FrontEndPlan> &frontEndPlan,
                              std::optional<PrecisionMode> &mode, std::ostream &out,
                              std::ostream &err)
{
    if (!in.frontEnd) {
        auto parsed = modeForCli(p.value("mode"), in, err);
        if (!parsed)
            return parsed.exitCode();
        mode = *parsed;
        return std::nullopt;
    }
    // The advice is a mixlist (and keep_dtype): on a path that takes none it would do nothing.
    if (!frontEndTraits(*in.frontEnd).mixlist) {
        err << "opsinfo advise: " << frontEndId(*in.frontEnd)
            << " passes no modify_mixlist to the compiler (F3): a mixlist advice would do "
               "nothing there\n";
        return ExitUsage;
    }
    int code = 0;
    frontEndPlan = planForCli(*in.frontEnd, p.value("mode"), in, err, code);
    if (!frontEndPlan)
        return code;
    restrictToPlan(*frontEndPlan, in);
    mode = frontEndPlan->mode;
    // Said before the advice; on stderr when stdout carries a written file.
    if (!p.has("json"))
        (options.stdoutTaken ? err : out) << frontEndHeader(*frontEndPlan) << "\n";
    return std::nullopt;
}

AdviceRequest adviceRequest(const ArgParser &p, const AdviseOptions &options,
                            const ResolveInputs &in, PrecisionMode mode)
{
    AdviceRequest request;
    request.graph = in.graph.get();
    request.library = &in.library;
    request.mode = mode;
    request.mixlist = in.mixlist ? &*in.mixlist : nullptr;
    request.keepDtype = in.options.keepDtype;
    request.customizeDtypes = in.options.customizeDtypes;
    request.keepDtypeReachesCompiler
        = !in.frontEnd || frontEndTraits(*in.frontEnd).keepDtype != KeepDtypeRoute::None;
    request.grayRule = in.options.grayRule;
    request.objective = options.objective;
    request.maxChanges = options.maxChanges;
    request.maxMoved = options.maxMoved;
    for (const std::string &value : p.values("keep-fp32")) {
        if (value.rfind("OpType::", 0) == 0)
            request.protect.push_back({{}, value.substr(8), "--keep-fp32"});
        else
            request.protect.push_back({value, {}, "--keep-fp32"});
    }
    return request;
}

// The --evidence files and what the advice takes from them; the request points into it.
struct AdviceEvidence
{
    std::optional<LoadedEvidence> loaded;
    EvidenceSummary summary;
    bool framework = false; // some evidence comes from PyTorch
};

// Loads --evidence: the nodes it flags are protected, its timings measure the plans. The exit
// code when an evidence file cannot be read or has errors.
std::optional<int> addEvidence(const ArgParser &p, const AdviseOptions &options,
                               const ResolveInputs &in, AdviceEvidence &evidence,
                               AdviceRequest &request, std::ostream &err)
{
    if (!p.has("evidence"))
        return std::nullopt;
    auto loaded = loadEvidenceForCli(p.values("evidence"), p, err);
    if (!loaded)
        return loaded.exitCode();
    if (loaded->anyErrors) {
        err << "opsinfo advise: an evidence file has errors (see above)\n";
        return ExitInputErrors;
    }
    evidence.loaded = std::move(*loaded);
    const LoadedEvidence &files = *evidence.loaded;
    std::vector<FileJoin> joins;
    for (const EvidenceFile &file : files.files) {
        joins.push_back(joinEvidence(file, {in.graph.get(), &in.library, &files.apiMap}));
        evidence.framework = evidence.framework || file.framework == EvidenceFramework::PyTorch;
    }
    for (ProtectRequest &r : protectFromEvidence(*in.graph, files.files, joins, options.thresholds))
        request.protect.push_back(std::move(r));
    evidence.summary = summarizeEvidence(files.files, joins);
    if (evidence.summary.totalUs > 0)
        request.measured = &evidence.summary;
    return std::nullopt;
}

// --output and --keep-dtype-out from the recommended plan; the exit code of a failed write.
int writeAdviceFiles(const ArgParser &p, const AdvicePlan *plan, std::ostream &out,
                     std::ostream &err)
{
    if (p.has("output") && plan)
        if (const int code
            = writeOutput(p, p.value("output"), writeMixlist(plan->mixlist), out, err))
            return code;
    if (p.has("keep-dtype-out") && plan)
        if (const int code
            = writeOutput(p, p.value("keep-dtype-out"), keepDtypeText(plan->keepDtype), out, err))
            return code;
    if ((p.has("output") || p.has("keep-dtype-out")) && !plan)
        err << "opsinfo advise: no plan, nothing written\n";
    return ExitOk;
}

int advise(const std::vector<std::string> &args, std::ostream &out, std::ostream &err)
{
    ArgParser p = adviseParser();
    if (const auto exit = p.parseOrExit(args, out, err))
        return *exit;
    const std::optional<AdviseOptions> options = readAdviseOptions(p, err);
    if (!options)
        return ExitUsage;
    int code = 0;
    auto in = readResolveInputs(p, p.value("GRAPH"), err, code);
    if (!in)
        return code;
    std::optional<FrontEndPlan> frontEndPlan;
    std::optional<PrecisionMode> mode;
    if (const auto exit = adviceMode(p, *options, *in, frontEndPlan, mode, out, err))
        return *exit;
    AdviceRequest request = adviceRequest(p, *options, *in, *mode);
    AdviceEvidence evidence;
    if (const auto exit = addEvidence(p, *options, *in, evidence, request, err))
        return *exit;
    const AdviceObjective objective = options->objective;
    if (objective == AdviceObjective::Accuracy && request.protect.empty()) {
        err << "opsinfo advise: nothing to protect: give --keep-fp32 or --evidence with flagged rows\n";
        return ExitUsage;
    }
    const AdviceResult result = opsinfo::advise(request);
    printDiagnostics(result.diagnostics, err);
    std::vector<std::string> limits = result.limits;
    if (evidence.framework)
        limits.push_back(
            "the evidence comes from PyTorch: a mixlist and keep_dtype act only where the model runs "
            "through GE (torchair, ATC), not in torch_npu eager mode (FRONTENDS F3)");
    const AdvicePlan *plan = result.plans.empty() ? nullptr : &result.plans.front();
    const bool reached = plan && plan->verified && plan->withinMaxChanges;
    if (const int written = writeAdviceFiles(p, plan, out, err))
        return written;
    if (p.has("json"))
        writeJson(out, err,
                  adviceJson(result, *mode, frontEndPlan ? &*frontEndPlan : nullptr, objective,
                             reached, limits));
    else
        printAdviceReport(result, objective, limits, options->stdoutTaken ? err : out);
    return reached || objective != AdviceObjective::Accuracy ? ExitOk : ExitInputErrors;
}

} // namespace

int runAdviseCommand(const std::vector<std::string> &args, std::ostream &out, std::ostream &err)
{
    return advise(args, out, err);
}

} // namespace opsinfo
