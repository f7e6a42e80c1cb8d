#include "cli/checkevidence.h"
#include "cli/clicommon.h"
#include "cli/clievidence.h"
#include "cli/clifrontend.h"
#include "cli/cligraph.h"
#include "cli/clioutput.h"
#include "cli/cliresolve.h"
#include "cli/commands.h"
#include "resolver/policysource.h"
#include "resolver/selfcheck.h"

#include <nlohmann/json.hpp>

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

// The §7 report against a compiled GE dump: text to `out`, or its members into `json`.
void reportCompiledCheck(const CheckReport &report, const std::string &modeLabel, std::ostream *out,
                         nlohmann::json &json)
{
    char figure[32];
    std::snprintf(figure, sizeof figure, "%.1f", report.agreement());
    if (!out) {
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
        json.update({{"source_nodes", report.sourceNodes},
                     {"compiled_nodes", report.compiledNodes},
                     {"matched", report.matched},
                     {"fe_matched", report.feMatched},
                     {"agreed", report.agreed},
                     {"unmatched_fe", report.unmatchedFe},
                     {"agreement_percent", report.agreement()},
                     {"disagreements", list}});
        return;
    }
    std::vector<std::vector<std::string>> rows;
    for (const CheckDisagreement &d : report.disagreements)
        rows.push_back({d.name, d.type, dtypeName(d.predicted), dtypeName(d.compiled),
                        dtypes(d.predictedInputs) + " -> " + dtypes(d.predictedOutputs),
                        dtypes(d.compiledInputs) + " -> " + dtypes(d.compiledOutputs)});
    if (!rows.empty())
        *out << formatTable(
            {"NODE", "OP TYPE", "PREDICTED", "COMPILED", "PREDICTED IN->OUT", "COMPILED IN->OUT"},
            rows)
             << "\n";
    *out << "mode " << modeLabel << ": " << report.agreed << " of " << report.feMatched
         << " matched FE nodes agree (" << figure << "%); " << report.matched << " of "
         << report.sourceNodes << " source nodes matched by name, " << report.unmatchedFe
         << " FE nodes not in the compiled graph\n";
}

} // namespace

int runCheckCommand(const std::vector<std::string> &args, std::ostream &out, std::ostream &err)
{
    ArgParser p(
        "opsinfo check",
        "Self-check (SEMANTICS §7): predict the dtypes of SOURCE (e.g. a GE dump before precision\n"
        "decisions) and compare them, node by node (matched by name), with a compiled GE dump of the\n"
        "same model. Prints the agreement over matched FE nodes and every disagreement.\n"
        "Exit 0 when all agree, 1 otherwise (also when no FE node matched: not the same model).\n"
        "Later fusion passes and Cast/TransData clean-up are\n"
        "outside the preview, so a few disagreements can be the compiler's, not the prediction's.\n"
        "With --evidence (instead of or beside --compiled): the dtypes the run executed, from profiler\n"
        "CSVs (Level1+), msprobe / msaccucmp compares or dump.json, per node where the file names GE\n"
        "nodes, else per op type (the executed dtype distribution against the predicted one).");
    p.positional("SOURCE", "the graph before precision decisions").reads();
    addResolveOptions(p);
    p.option("compiled", "DUMP", "the compiled graph (ge_proto_*.txt after OptimizeOriginalGraph)")
        .reads()
        .option("mode", "MODE",
                "the precision_mode the model was compiled with (with --front-end: may be\n"
                "                              left out, the front end's default)")
        .flag("json", "machine-readable output");
    addEvidenceOptions(p, true, false);
    if (const auto exit = p.parseOrExit(args, out, err))
        return *exit;
    if ((!p.has("compiled") && !p.has("evidence")) || !(p.has("mode") || p.has("front-end"))) {
        err << "opsinfo check: --mode MODE (or --front-end ID) and --compiled DUMP or --evidence FILE "
               "are required\n";
        return ExitUsage;
    }
    int code = 0;
    auto in = readResolveInputs(p, p.value("SOURCE"), err, code);
    if (!in)
        return code;
    std::optional<FrontEndPlan> plan;
    std::optional<PrecisionMode> mode;
    if (in->frontEnd) {
        if (frontEndTraits(*in->frontEnd).path == PrecisionPath::CubeMath) {
            err << "opsinfo check: " << frontEndId(*in->frontEnd)
                << " runs aclnn kernels without GE (F1): there is no GE prediction to check\n";
            return ExitUsage;
        }
        plan = planForCli(*in->frontEnd, p.value("mode"), *in, err, code);
        if (!plan)
            return code;
        restrictToPlan(*plan, *in);
        mode = plan->mode;
    } else {
        auto parsed = modeForCli(p.value("mode"), *in, err);
        if (!parsed)
            return parsed.exitCode();
        mode = *parsed;
    }
    const Resolution r = resolvePrecision(*in->graph, in->library, *mode,
                                          tablePolicies(in->policies), in->options);
    const bool json = p.has("json");
    nlohmann::json doc {{"mode", precisionModeName(*mode)},
                        {"front_end", plan ? frontEndToJson(*plan) : nlohmann::json()}};
    if (plan && !json)
        out << frontEndHeader(*plan) << "\n";
    bool allAgree = true;
    if (p.has("compiled")) {
        LoadedGraph compiled = loadGraphForCli(p.value("compiled"), p.value("op-map"), err);
        if (!compiled)
            return compiled.exitCode();
        const CheckReport report = compareWithCompiled(*in->graph, r, **compiled);
        allAgree = report.disagreements.empty();
        reportCompiledCheck(report,
                            plan ? plan->modeLabel() : std::string(precisionModeName(*mode)),
                            json ? nullptr : &out, doc);
        // Nothing compared is no agreement: a dump of another model, or of the wrong stage, must
        // not pass as "0 of 0 agree".
        if (report.feMatched == 0) {
            err << "opsinfo check: no FE node of " << p.value("SOURCE") << " is in "
                << p.value("compiled") << " by name (" << report.matched << " of "
                << report.sourceNodes << " source nodes matched): are they dumps of the same model?\n";
            allAgree = false;
        }
    }
    const EvidenceCheckOutcome evidence
        = checkAgainstEvidence(p, *in, r, out, json ? &doc : nullptr, err);
    if (evidence.exitCode)
        return evidence.exitCode;
    if (json)
        writeJson(out, err, doc);
    return allAgree && evidence.allAgree ? ExitOk : ExitInputErrors;
}

} // namespace opsinfo
