#include "cli/checkevidence.h"

#include "cli/clicommon.h"
#include "cli/clievidence.h"
#include "evidence/executedcheck.h"

#include <cstdio>

namespace opsinfo {

namespace {

std::string counts(const std::map<DType, std::size_t> &histogram)
{
    std::string out;
    for (const auto &[d, n] : histogram)
        out += (out.empty() ? "" : " ") + std::string(dtypeName(d)) + ":" + std::to_string(n);
    return out;
}

nlohmann::json countsJson(const std::map<DType, std::size_t> &histogram)
{
    nlohmann::json j = nlohmann::json::object();
    for (const auto &[d, n] : histogram)
        j[dtypeName(d)] = n;
    return j;
}

} // namespace

EvidenceCheckOutcome checkAgainstEvidence(const ArgParser &p, const ResolveInputs &in,
                                          const Resolution &resolution, std::ostream &out,
                                          nlohmann::json *json, std::ostream &err)
{
    EvidenceCheckOutcome outcome;
    if (!p.has("evidence"))
        return outcome;
    auto evidence = loadEvidenceForCli(p.values("evidence"), p, err);
    if (!evidence) {
        outcome.exitCode = evidence.exitCode();
        return outcome;
    }
    if (evidence->anyErrors) {
        err << "opsinfo check: an evidence file has errors (see above)\n";
        outcome.exitCode = ExitInputErrors;
        return outcome;
    }
    outcome.ran = true;
    const JoinContext context {in.graph.get(), &in.library, &evidence->apiMap};
    std::vector<FileJoin> joins;
    std::size_t withoutDtypes = 0;
    for (const EvidenceFile &file : evidence->files) {
        joins.push_back(joinEvidence(file, context));
        if (!file.hasDtypeColumns && !isCompanionFormat(file.format))
            ++withoutDtypes;
    }
    const ExecutedCheckReport report
        = compareWithExecuted(*in.graph, resolution, evidence->files, joins);
    outcome.allAgree = report.nodeDisagreements.empty()
        && std::all_of(report.types.begin(), report.types.end(),
                       [](const ExecutedTypeComparison &t) { return t.agrees(); });
    char figure[32];
    std::snprintf(figure, sizeof figure, "%.1f", report.agreement());
    if (json) {
        nlohmann::json nodes = nlohmann::json::array();
        for (const ExecutedNodeDisagreement &d : report.nodeDisagreements)
            nodes.push_back({{"name", d.node},
                             {"op_type", d.opType},
                             {"tensor", d.tensor},
                             {"predicted", dtypeName(d.predicted)},
                             {"executed", dtypeName(d.executed)},
                             {"file", d.file},
                             {"line", d.line}});
        nlohmann::json types = nlohmann::json::array();
        for (const ExecutedTypeComparison &t : report.types)
            types.push_back({{"op_type", t.opType},
                             {"tensor", t.tensor},
                             {"rows", t.rows},
                             {"agreeing", t.agreeing},
                             {"predicted", countsJson(t.predicted)},
                             {"executed", countsJson(t.executed)},
                             {"agrees", t.agrees()}});
        (*json)["evidence"] = {{"rows_with_dtypes", report.rowsWithDtypes},
                               {"node_compared", report.nodeCompared},
                               {"node_agreed", report.nodeAgreed},
                               {"type_compared", report.typeCompared},
                               {"type_agreed", report.typeAgreed},
                               {"not_compared", report.notCompared},
                               {"agreement_percent", report.agreement()},
                               {"files_without_dtypes", withoutDtypes},
                               {"node_disagreements", nodes},
                               {"types", types}};
        return outcome;
    }
    std::vector<std::vector<std::string>> rows;
    for (const ExecutedNodeDisagreement &d : report.nodeDisagreements)
        rows.push_back({d.node, d.opType, d.tensor, dtypeName(d.predicted), dtypeName(d.executed),
                        d.file + ":" + std::to_string(d.line)});
    if (!rows.empty())
        out << "\nnodes whose executed dtype differs (name join):\n"
            << formatTable({"NODE", "OP TYPE", "TENSOR", "PREDICTED", "EXECUTED", "EVIDENCE"},
                           rows);
    rows.clear();
    for (const ExecutedTypeComparison &t : report.types)
        if (!t.agrees())
            rows.push_back({t.opType, t.tensor, counts(t.predicted), counts(t.executed),
                            std::to_string(t.agreeing) + "/" + std::to_string(t.rows)});
    if (!rows.empty())
        out << "\nop types whose executed dtypes differ (type join: predicted nodes vs executed rows):\n"
            << formatTable({"OP TYPE", "TENSOR", "PREDICTED NODES", "EXECUTED ROWS", "AGREE"},
                           rows);
    out << "evidence: " << report.nodeAgreed + report.typeAgreed << " of "
        << report.nodeCompared + report.typeCompared
        << " executed dtypes agree with the prediction (" << figure << "%): " << report.nodeAgreed
        << "/" << report.nodeCompared << " by node name, " << report.typeAgreed << "/"
        << report.typeCompared << " by op type; " << report.notCompared
        << " rows with dtypes not compared (no node, or a node FE does not decide)\n";
    if (withoutDtypes)
        out << "note: " << withoutDtypes
            << " evidence file(s) record no dtypes (profiler level0, op_statistic)\n";
    return outcome;
}

} // namespace opsinfo
