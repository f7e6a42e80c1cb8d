#include "cli/clievidence.h"

#include "cli/clicommon.h"
#include "common/inputfile.h"
#include "evidence/evidenceloader.h"

#include <algorithm>
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

Loaded<LoadedEvidence> loadEvidenceForCli(const std::vector<std::string> &paths, const ArgParser &p,
                                          std::ostream &err)
{
    // The readers open each file once and check the descriptor (core/common/inputfile: regular
    // file, within its limit), so /dev/zero is never read; a file that could not be read at all
    // is exit 2, as for every input.
    LoadedEvidence loaded;
    loaded.apiMap = ApiMap::defaults();
    if (p.has("api-map")) {
        const auto diagnostics = loaded.apiMap.loadOverride(p.value("api-map"));
        printDiagnostics(diagnostics, err);
        if (hasErrors(diagnostics))
            return ExitCode(exitCodeFor(diagnostics));
    }
    loaded.files = loadEvidenceFiles(paths);
    bool unreadable = false;
    for (const EvidenceFile &file : loaded.files) {
        printDiagnostics(file.diagnostics, err);
        if (!file.ok())
            loaded.anyErrors = true;
        unreadable = unreadable
            || std::any_of(file.diagnostics.begin(), file.diagnostics.end(), isInputFailure);
    }
    if (unreadable)
        return ExitUsage;
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
