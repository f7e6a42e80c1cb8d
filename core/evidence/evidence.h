#pragma once

#include "common/diagnostic.h"
#include "common/dtype.h"
#include "graph/apiname.h"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace opsinfo {

// The evidence files users already hold (FRONTENDS "Evidence files"), recognised by their header
// or JSON keys, never by their file name.
enum class EvidenceFormat {
    KernelDetails, // torch_npu / msprof kernel_details.csv
    OpSummary, // msprof op_summary_*.csv
    OpStatistic, // op_statistic.csv
    MsprobeCompare, // msprobe compare_result_*.csv, current layout (NPU Dtype ..., Result)
    MsprobeCompareLegacy, // the older layout (NPU Tensor Dtype ..., Accuracy Reached or Not)
    MsaccucmpResult, // msaccucmp / msquickcmp result_*.csv (OpType, NPUDump, GroundTruth ...)
    MindSporeStatistic, // MindSpore dump statistic.csv
    AccCheckDetails, // msprobe API pre-check accuracy_checking_details_*.csv
    AccCheckResult, // msprobe API pre-check accuracy_checking_result_*.csv
    MsprobeDump, // msprobe dump.json (statistics per API tensor)
    MindSporeFrameworkRaw, // legacy MindSpore profiler framework_raw_*.csv (op_info dtypes)
    MindSporeAicoreDetail, // legacy MindSpore profiler aicore_intermediate_*_detail.csv
    MindSporeAicpu, // legacy MindSpore profiler aicpu_intermediate_*.csv
    // Files that travel with evidence but hold no per-op measurement: recognised, nothing imported.
    MsprobeConstruct, // msprobe construct.json (API -> parent module)
    ProfilerInfo, // torch_npu profiler_info_*.json / profiler_metadata.json
    OpDebugOverflow, // CANN Opdebug overflow status record (not keyed by op)
    GraphDump, // a model graph (GE dump ...): load it as the graph instead
    MindSporeIr, // MindSpore *.ir graph text
    MindSporeExecutionOrder, // MindSpore execution order (kernel names only)
};

const char *evidenceFormatName(EvidenceFormat format); // "kernel_details", "msprobe-compare" ...
// A file that travels with evidence but has nothing to import.
bool isCompanionFormat(EvidenceFormat format);

// Where a row ran, as the profiler recorded it.
enum class CoreKind { Unknown, AICore, AIVector, Mix, AICPU, Communication, Other };
const char *coreKindName(CoreKind kind); // "AI_CORE", "AI_VECTOR_CORE", "MIX", "AI_CPU" ...

// A compare tool's own verdict on a row.
enum class Verdict { None, Pass, Warning, Error, Skip };
const char *verdictName(Verdict verdict); // "", "pass", "warning", "error", "skip"

// What one row of an evidence file says about one kernel, op, op type or framework API tensor.
struct EvidenceRow
{
    int line = 0; // where the row starts in its file
    std::string name; // as written (kernel / GE node / API / MindSpore kernel name)
    std::vector<std::string> nodeNames; // GE node names the row names (a fused op: several)
    std::string api; // framework API without call index and direction ("Functional.conv2d")
    std::string tensor; // which tensor of a compare row ("input.0", "output.0", "output:0")
    std::string opType; // type as written (kernel Type, OP Type, OpType, Op Type)
    std::string coreText;
    CoreKind core = CoreKind::Unknown;
    // Time: one run of a kernel, or (op_statistic) the total of `count` runs. Negative: none.
    double durationUs = -1;
    std::size_t count = 1;
    // Dtypes the run used; `dtypesRecorded` false when the file (or this row) does not say.
    std::vector<DType> inputDtypes;
    std::vector<DType> outputDtypes;
    bool dtypesRecorded = false;
    DType benchDtype = DType::Undefined; // compare rows: the reference side's dtype
    // Accuracy measures, where the file has them.
    std::optional<double> cosine;
    std::optional<double> maxAbsError;
    std::optional<double> maxRelError;
    bool overflow = false; // the tool reported an overflow (or fp16 range exceeded)
    bool nanInf = false; // a statistic or error figure is NaN or Inf
    Verdict verdict = Verdict::None;
    std::string message; // the tool's own message for the row

    // The executed dtype as §8.6 reads a node: first float output, else first float input.
    DType executedDtype() const;
    bool hasTime() const { return durationUs >= 0; }
};

// What makes an accuracy row "flagged" (a node to protect).
struct FlagThresholds
{
    double cosineBelow = 0.99; // msquickcmp's precision-error threshold
};
// Overflow, NaN/Inf, cosine under the threshold, or the tool's own error verdict. Returns the
// reason in words ("" when the row is not flagged).
std::string flagReason(const EvidenceRow &row, const FlagThresholds &thresholds = {});

struct EvidenceFile
{
    std::string path;
    EvidenceFormat format = EvidenceFormat::KernelDetails;
    EvidenceFramework framework = EvidenceFramework::Unknown;
    std::vector<EvidenceRow> rows;
    std::vector<Diagnostic> diagnostics;
    bool hasDtypeColumns = false; // the format (at this file's level) records dtypes
    bool hasTimes = false;
    bool hasAccuracy = false;
    std::string companionNote; // companion formats: what the file is and where it belongs
    bool ok() const { return !hasErrors(diagnostics); }
};

} // namespace opsinfo
