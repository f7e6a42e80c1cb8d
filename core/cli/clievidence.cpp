#include "cli/clievidence.h"

#include "cli/clicommon.h"
#include "evidence/evidenceloader.h"

#include <cmath>
#include <cstdlib>

namespace opsinfo {

void addEvidenceOptions(ArgParser &p, bool withEvidenceOption, bool withThreshold)
{
    if (withEvidenceOption)
        p.option("evidence", "FILE",
                 "evidence file (profiler CSV, msprobe / msaccucmp compare, dump.json ...)", true)
            .reads();
    p.option("api-map", "FILE", "extra framework API -> Ascend IR rows (override the built-in map)")
        .reads();
    if (withThreshold)
        p.option("cosine-threshold", "X",
                 "an accuracy row with a cosine under X is flagged (default 0.99)");
    // Without evidence files these would be silently ignored: a usage error instead.
    if (withEvidenceOption) {
        p.needs("api-map", "evidence");
        if (withThreshold)
            p.needs("cosine-threshold", "evidence");
    }
}

Loaded<LoadedEvidence> loadEvidenceForCli(const std::vector<std::string> &paths,
                                          const ArgParser &p, std::ostream &err)
{
    // The evidence readers open the files themselves: the checks every input gets (regular file,
    // within its limit) come first, so a missing file is exit 2 and /dev/zero is never read.
    std::vector<Diagnostic> refused;
    if (p.has("api-map"))
        if (const auto failure = checkInputFile(p.value("api-map"), InputLimits::ApiMap))
            refused.push_back(failure->diagnostic());
    for (const std::string &path : paths)
        if (const auto failure = checkInputFile(path, InputLimits::Evidence))
            refused.push_back(failure->diagnostic());
    if (!refused.empty()) {
        printDiagnostics(refused, err);
        return ExitUsage;
    }
    LoadedEvidence loaded;
    loaded.apiMap = ApiMap::defaults();
    if (p.has("api-map")) {
        const auto diagnostics = loaded.apiMap.loadOverride(p.value("api-map"));
        printDiagnostics(diagnostics, err);
        if (hasErrors(diagnostics))
            return ExitCode(exitCodeFor(diagnostics));
    }
    loaded.files = loadEvidenceFiles(paths);
    for (const EvidenceFile &file : loaded.files) {
        printDiagnostics(file.diagnostics, err);
        if (!file.ok())
            loaded.anyErrors = true;
    }
    return loaded;
}

std::optional<FlagThresholds> thresholdsForCli(const ArgParser &p, std::ostream &err)
{
    FlagThresholds thresholds;
    if (p.has("cosine-threshold")) {
        const std::string text = p.value("cosine-threshold");
        char *end = nullptr;
        const double value = std::strtod(text.c_str(), &end);
        if (text.empty() || *end != '\0' || !std::isfinite(value) || value < -1 || value > 1) {
            err << "opsinfo: --cosine-threshold takes a number from -1 to 1, not '" << text
                << "'\n";
            return std::nullopt;
        }
        thresholds.cosineBelow = value;
    }
    return thresholds;
}

std::string dtypeList(const std::vector<DType> &list)
{
    std::string out;
    for (DType d : list)
        out += (out.empty() ? "" : ",") + std::string(dtypeName(d));
    return out;
}

nlohmann::json evidenceRowJson(const EvidenceRow &row, const RowJoin &join,
                               const FlagThresholds &thresholds)
{
    nlohmann::json j {{"line", row.line},       {"name", row.name},
                      {"op_type", row.opType},  {"join", joinKindName(join.kind)},
                      {"ir_type", join.irType}, {"why", join.why}};
    if (join.miss != JoinMiss::None)
        j["miss"] = joinMissName(join.miss);
    if (!row.api.empty())
        j["api"] = row.api;
    if (!row.tensor.empty())
        j["tensor"] = row.tensor;
    if (row.core != CoreKind::Unknown)
        j["core"] = coreKindName(row.core);
    if (row.hasTime())
        j["duration_us"] = row.durationUs;
    if (row.count != 1)
        j["count"] = row.count;
    if (row.dtypesRecorded) {
        j["input_dtypes"] = dtypeList(row.inputDtypes);
        j["output_dtypes"] = dtypeList(row.outputDtypes);
    }
    if (row.cosine)
        j["cosine"] = *row.cosine;
    if (row.maxAbsError)
        j["max_abs_error"] = *row.maxAbsError;
    if (row.maxRelError)
        j["max_rel_error"] = *row.maxRelError;
    if (row.overflow)
        j["overflow"] = true;
    if (row.nanInf)
        j["nan_inf"] = true;
    if (row.verdict != Verdict::None)
        j["verdict"] = verdictName(row.verdict);
    if (const std::string flag = flagReason(row, thresholds); !flag.empty())
        j["flagged"] = flag;
    if (!join.nodes.empty() && join.kind == JoinKind::Node)
        j["nodes"] = join.nodes.size();
    return j;
}

} // namespace opsinfo
