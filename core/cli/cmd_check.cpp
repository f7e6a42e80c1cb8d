#include "cli/checkevidence.h"
#include "cli/clicommon.h"
#include "cli/clievidence.h"
#include "cli/clifrontend.h"
#include "cli/cligraph.h"
#include "cli/clioutput.h"
#include "cli/cliresolve.h"
#include "cli/commands.h"
#include "export/resolutionreport.h"
#include "resolver/policysource.h"
#include "resolver/selfcheck.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>

namespace opsinfo {

namespace {

std::string dtypes(const std::vector<DType> &list)
{
    std::string out;
    for (DType d : list)
        out += (out.empty() ? "" : ",") + std::string(dtypeName(d));
    return out;
}

std::string percentNumber(std::size_t part, std::size_t whole)
{
    char figure[32];
    std::snprintf(figure, sizeof figure, "%.1f",
                  whole ? 100.0 * double(part) / double(whole) : 0.0);
    return figure;
}

// "force_fp16 (66 decisive nodes), mixed_hif8 (1 decisive node)": the weight of each verdict.
std::string modeList(const std::vector<PrecisionMode> &modes, const ModeCheckSweep &sweep)
{
    std::string out;
    for (PrecisionMode m : modes)
        for (const ModeCheck &c : sweep.modes)
            if (c.mode == m)
                out += (out.empty() ? "" : ", ") + std::string(precisionModeName(m)) + " ("
                    + std::to_string(c.decisiveAgreed) + " of " + std::to_string(c.decisive)
                    + " decisive node" + (c.decisive == 1 ? "" : "s") + ")";
    return out;
}

// Every mode of the sweep (and the --mode one), resolved over the shared plan.
ModeCheckSweep sweepModes(const ResolveInputs &in, std::optional<PrecisionMode> given,
                          const Graph &compiled)
{
    std::vector<PrecisionMode> modes(kAllPrecisionModes.begin(), kAllPrecisionModes.end());
    if (given && std::find(modes.begin(), modes.end(), *given) == modes.end())
        modes.push_back(*given); // an FE-internal name: reported, but never a candidate
    ResolveOptions options = in.options;
    options.explanations = false;
    const Resolver resolver(*in.graph, in.library);
    const std::vector<Resolution> resolutions
        = resolver.resolveModes(modes, tablePolicies(in.policies), options, 1);
    std::vector<ModeCheck> checks;
    for (PrecisionMode mode : modes) {
        ModeCheck check;
        check.mode = mode;
        if (isInternalMode(mode))
            check.refused = "an FE-internal mode name: ATC does not accept it";
        else if (!in.soc.empty())
            if (const auto problem = checkModeForSoc(mode, in.soc, in.platformIni);
                problem && problem->severity == Severity::Error)
                check.refused = problem->message;
        checks.push_back(std::move(check));
    }
    return compareModesWithCompiled(*in.graph, resolutions, std::move(checks), compiled);
}

nlohmann::json sweepToJson(const ModeCheckSweep &sweep)
{
    nlohmann::json modes = nlohmann::json::array();
    for (const ModeCheck &m : sweep.modes) {
        nlohmann::json j = {{"mode", precisionModeName(m.mode)},
                            {"fe_matched", m.report.feMatched},
                            {"agreed", m.report.agreed},
                            {"agreement_percent", m.report.agreement()},
                            {"decisive", m.decisive},
                            {"decisive_agreed", m.decisiveAgreed}};
        if (!m.refused.empty())
            j["refused"] = m.refused;
        modes.push_back(std::move(j));
    }
    auto names = [](const std::vector<PrecisionMode> &list) {
        nlohmann::json out = nlohmann::json::array();
        for (PrecisionMode m : list)
            out.push_back(precisionModeName(m));
        return out;
    };
    return {{"modes", modes},
            {"approximate_nodes", sweep.approximate},
            {"consistent_with", names(sweep.consistent)},
            {"closest", names(sweep.closest)}};
}

void printSweep(const ModeCheckSweep &sweep, std::ostream &out)
{
    std::vector<std::vector<std::string>> rows;
    for (const ModeCheck &m : sweep.modes)
        rows.push_back({precisionModeName(m.mode),
                        std::to_string(m.report.agreed) + "/" + std::to_string(m.report.feMatched)
                            + " (" + percentNumber(m.report.agreed, m.report.feMatched) + "%)",
                        m.refused.empty()
                            ? std::to_string(m.decisiveAgreed) + "/" + std::to_string(m.decisive)
                            : "refused: " + m.refused});
    out << formatTable({"MODE", "MATCHED FE NODES AGREE", "DECISIVE NODES AGREE"}, rows) << "\n"
        << "decisive: nodes whose prediction in that mode differs from another mode's, neither approximate ("
        << sweep.approximate << " matched node(s) are approximate in some mode)\n";
    if (!sweep.consistent.empty())
        out << "the compiled graph is consistent with: " << modeList(sweep.consistent, sweep)
            << "\n";
    else if (sweep.closest.empty())
        out << "no node tells the modes apart: the check cannot name a mode\n";
    else
        out << "no mode agrees on all its decisive nodes; closest: "
            << modeList(sweep.closest, sweep) << "\n";
}

void printModeReport(PrecisionMode mode, const CheckReport &report, std::ostream &out)
{
    std::vector<std::vector<std::string>> rows;
    for (const CheckDisagreement &d : report.disagreements)
        rows.push_back({d.name, d.type, dtypeName(d.predicted), dtypeName(d.compiled),
                        dtypes(d.predictedInputs) + " -> " + dtypes(d.predictedOutputs),
                        dtypes(d.compiledInputs) + " -> " + dtypes(d.compiledOutputs)});
    if (!rows.empty())
        out << formatTable(
            {"NODE", "OP TYPE", "PREDICTED", "COMPILED", "PREDICTED IN->OUT", "COMPILED IN->OUT"},
            rows)
            << "\n";
    out << "mode " << precisionModeName(mode) << ": " << report.agreed << " of " << report.feMatched
        << " matched FE nodes agree (" << percentNumber(report.agreed, report.feMatched) << "%); "
        << report.matched << " of " << report.sourceNodes << " source nodes matched by name, "
        << report.unmatchedFe << " FE nodes not in the compiled graph\n";
}

nlohmann::json modeReportToJson(PrecisionMode mode, const CheckReport &report)
{
    nlohmann::json list = nlohmann::json::array();
    for (const CheckDisagreement &d : report.disagreements)
        list.push_back({{"name", d.name},
                        {"op_type", d.type},
                        {"predicted", dtypeName(d.predicted)},
                        {"compiled", dtypeName(d.compiled)},
                        {"predicted_inputs", dtypes(d.predictedInputs)},
                        {"compiled_inputs", dtypes(d.compiledInputs)},
                        {"predicted_outputs", dtypes(d.predictedOutputs)},
                        {"compiled_outputs", dtypes(d.compiledOutputs)}});
    return {{"mode", precisionModeName(mode)},
            {"source_nodes", report.sourceNodes},
            {"compiled_nodes", report.compiledNodes},
            {"matched", report.matched},
            {"fe_matched", report.feMatched},
            {"agreed", report.agreed},
            {"unmatched_fe", report.unmatchedFe},
            {"agreement_percent", report.agreement()},
            {"disagreements", list}};
}

// The command line of `opsinfo check`.
ArgParser checkParser()
{
    ArgParser p(
        "opsinfo check",
        "Self-check (SEMANTICS §7): predict the dtypes of SOURCE (e.g. a GE dump before precision\n"
        "decisions) under every precision mode and compare them, node by node (matched by name),\n"
        "with a compiled GE dump of the same model. Prints per mode the agreement over matched FE\n"
        "nodes and over the discriminating ones (whose prediction differs between modes), and names\n"
        "the mode(s) the compiled graph is consistent with; with --mode, every disagreement of that\n"
        "mode. Exit 0 when --mode agrees on every node (without --mode: when some mode is\n"
        "consistent), 1 otherwise (also when no FE node matched: not the same model). Later fusion\n"
        "passes and Cast/TransData clean-up are outside the preview, so a few disagreements can be\n"
        "the compiler's, not the prediction's.\n"
        "With --evidence (instead of or beside --compiled; needs --mode): the dtypes the run\n"
        "executed, from profiler CSVs (Level1+), msprobe / msaccucmp compares or dump.json, per node\n"
        "where the file names GE nodes, else per op type (the executed dtype distribution against\n"
        "the predicted one).");
    p.positional("SOURCE", "the graph before precision decisions").reads();
    addResolveOptions(p);
    p.option("compiled", "DUMP", "the compiled graph (ge_proto_*.txt after OptimizeOriginalGraph)")
        .reads()
        .option(
            "mode", "MODE",
            "the precision_mode the model was compiled with: list its disagreements (with\n"
            "                              --front-end: may be left out, the front end's default)")
        .flag("json", "machine-readable output");
    addEvidenceOptions(p, true, false);
    return p;
}

// The mode to check and, with --front-end, its plan; the exit code when there is none or the
// front end has no GE prediction.
std::optional<int> checkMode(const ArgParser &p, ResolveInputs &in,
                             std::optional<FrontEndPlan> &plan, std::optional<PrecisionMode> &mode,
                             std::ostream &err)
{
    if (in.frontEnd) {
        if (frontEndTraits(*in.frontEnd).path == PrecisionPath::CubeMath) {
            err << "opsinfo check: " << frontEndId(*in.frontEnd)
                << " runs aclnn kernels without GE (F1): there is no GE prediction to check\n";
            return ExitUsage;
        }
        int code = 0;
        plan = planForCli(*in.frontEnd, p.value("mode"), in, err, code);
        if (!plan)
            return code;
        restrictToPlan(*plan, in);
        mode = plan->mode;
    } else if (p.has("mode")) {
        auto parsed = modeForCli(p.value("mode"), in, err);
        if (!parsed)
            return parsed.exitCode();
        mode = *parsed;
    }
    return std::nullopt;
}

// --compiled: every mode's prediction against the compiled dump, into `doc` (JSON) or `out`;
// `allAgree` false when the given mode (else every mode) disagrees. The exit code when the dump
// cannot be loaded.
std::optional<int> checkAgainstCompiled(const ArgParser &p, const ResolveInputs &in,
                                        std::optional<PrecisionMode> mode, nlohmann::json *doc,
                                        bool &allAgree, std::ostream &out, std::ostream &err)
{
    LoadedGraph compiled = loadGraphForCli(p.value("compiled"), p.value("op-map"), err);
    if (!compiled)
        return compiled.exitCode();
    const ModeCheckSweep sweep = sweepModes(in, mode, **compiled);
    const ModeCheck *given = nullptr;
    std::size_t feMatched = 0;
    for (const ModeCheck &m : sweep.modes) {
        if (mode && m.mode == *mode)
            given = &m;
        feMatched = std::max(feMatched, m.report.feMatched);
    }
    if (doc) {
        if (given)
            doc->update(modeReportToJson(given->mode, given->report));
        (*doc)["sweep"] = sweepToJson(sweep);
        (*doc)["cube_ops"] = cubeOpsToJson(in.library.cubeOps());
    } else {
        if (given)
            printModeReport(given->mode, given->report, out);
        printSweep(sweep, out);
    }
    allAgree = given ? given->report.disagreements.empty() : !sweep.consistent.empty();
    // Nothing compared is no agreement: a dump of another model, or of the wrong stage, must
    // not pass as "0 of 0 agree".
    if (feMatched == 0) {
        const CheckReport &any = sweep.modes.front().report;
        err << "opsinfo check: no FE node of " << p.value("SOURCE") << " is in "
            << p.value("compiled") << " by name (" << any.matched << " of " << any.sourceNodes
            << " source nodes matched): are they dumps of the same model?\n";
        allAgree = false;
    }
    return std::nullopt;
}

} // namespace

int runCheckCommand(const std::vector<std::string> &args, std::ostream &out, std::ostream &err)
{
    ArgParser p = checkParser();
    if (const auto exit = p.parseOrExit(args, out, err))
        return *exit;
    if (!p.has("compiled") && !p.has("evidence")) {
        err << "opsinfo check: --compiled DUMP or --evidence FILE is required\n";
        return ExitUsage;
    }
    if (p.has("evidence") && !p.has("mode") && !p.has("front-end")) {
        err << "opsinfo check: --evidence needs --mode MODE or --front-end ID (the mode the run "
               "used)\n";
        return ExitUsage;
    }
    int code = 0;
    auto in = readResolveInputs(p, p.value("SOURCE"), err, code);
    if (!in)
        return code;
    std::optional<FrontEndPlan> plan;
    std::optional<PrecisionMode> mode;
    if (const auto exit = checkMode(p, *in, plan, mode, err))
        return *exit;
    const bool json = p.has("json");
    nlohmann::json doc = nlohmann::json::object();
    if (mode)
        doc["mode"] = precisionModeName(*mode);
    if (plan) {
        doc["front_end"] = frontEndToJson(*plan);
        if (!json)
            out << frontEndHeader(*plan) << "\n";
    }
    bool allAgree = true;
    if (p.has("compiled"))
        if (const auto exit
            = checkAgainstCompiled(p, *in, mode, json ? &doc : nullptr, allAgree, out, err))
            return *exit;
    if (mode && p.has("evidence")) {
        const Resolution r = resolvePrecision(*in->graph, in->library, *mode,
                                              tablePolicies(in->policies), in->options);
        const EvidenceCheckOutcome evidence
            = checkAgainstEvidence(p, *in, r, out, json ? &doc : nullptr, err);
        if (evidence.exitCode)
            return evidence.exitCode;
        allAgree = allAgree && evidence.allAgree;
    }
    if (json)
        writeJson(out, err, doc);
    return allAgree ? ExitOk : ExitInputErrors;
}

} // namespace opsinfo
