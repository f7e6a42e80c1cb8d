#include "evidence/evidence.h"

#include "common/coretext.h"

#include <cmath>
#include <cstdio>

namespace opsinfo {

const char *evidenceFormatName(EvidenceFormat format)
{
    switch (format) {
    case EvidenceFormat::KernelDetails:
        return "kernel_details";
    case EvidenceFormat::OpSummary:
        return "op_summary";
    case EvidenceFormat::OpStatistic:
        return "op_statistic";
    case EvidenceFormat::MsprobeCompare:
        return "msprobe-compare";
    case EvidenceFormat::MsprobeCompareLegacy:
        return "msprobe-compare-legacy";
    case EvidenceFormat::MsaccucmpResult:
        return "msaccucmp-result";
    case EvidenceFormat::MindSporeStatistic:
        return "mindspore-statistic";
    case EvidenceFormat::AccCheckDetails:
        return "acc-check-details";
    case EvidenceFormat::AccCheckResult:
        return "acc-check-result";
    case EvidenceFormat::MsprobeDump:
        return "msprobe-dump";
    case EvidenceFormat::MindSporeFrameworkRaw:
        return "mindspore-framework-raw";
    case EvidenceFormat::MindSporeAicoreDetail:
        return "mindspore-aicore-detail";
    case EvidenceFormat::MindSporeAicpu:
        return "mindspore-aicpu";
    case EvidenceFormat::MsprobeConstruct:
        return "msprobe-construct";
    case EvidenceFormat::ProfilerInfo:
        return "profiler-info";
    case EvidenceFormat::OpDebugOverflow:
        return "opdebug-overflow";
    case EvidenceFormat::GraphDump:
        return "graph";
    case EvidenceFormat::MindSporeIr:
        return "mindspore-ir";
    case EvidenceFormat::MindSporeExecutionOrder:
        return "mindspore-execution-order";
    }
    return "unknown";
}

bool isCompanionFormat(EvidenceFormat format)
{
    switch (format) {
    case EvidenceFormat::MsprobeConstruct:
    case EvidenceFormat::ProfilerInfo:
    case EvidenceFormat::OpDebugOverflow:
    case EvidenceFormat::GraphDump:
    case EvidenceFormat::MindSporeIr:
    case EvidenceFormat::MindSporeExecutionOrder:
        return true;
    default:
        return false;
    }
}

const char *coreKindName(CoreKind kind)
{
    switch (kind) {
    case CoreKind::AICore:
        return "AI_CORE";
    case CoreKind::AIVector:
        return "AI_VECTOR_CORE";
    case CoreKind::Mix:
        return "MIX";
    case CoreKind::AICPU:
        return "AI_CPU";
    case CoreKind::Communication:
        return "COMMUNICATION";
    case CoreKind::Other:
        return "OTHER";
    case CoreKind::Unknown:
        break;
    }
    return "";
}

const char *verdictName(Verdict verdict)
{
    switch (verdict) {
    case Verdict::Pass:
        return "pass";
    case Verdict::Warning:
        return "warning";
    case Verdict::Error:
        return "error";
    case Verdict::Skip:
        return "skip";
    case Verdict::None:
        break;
    }
    return "";
}

DType EvidenceRow::executedDtype() const
{
    for (DType d : outputDtypes)
        if (isDecidedFloat(d))
            return d;
    for (DType d : inputDtypes)
        if (isDecidedFloat(d))
            return d;
    return DType::Undefined;
}

std::string flagReason(const EvidenceRow &row, const FlagThresholds &thresholds)
{
    if (row.overflow)
        return CoreText::tr("overflow");
    if (row.nanInf)
        return CoreText::tr("NaN or Inf");
    if (row.cosine && *row.cosine < thresholds.cosineBelow) {
        char figures[64];
        std::snprintf(figures, sizeof figures, "%.6g", *row.cosine);
        char limit[32];
        std::snprintf(limit, sizeof limit, "%.6g", thresholds.cosineBelow);
        return CoreText::tr("cosine %1 under %2", figures, limit);
    }
    if (row.verdict == Verdict::Error)
        return CoreText::tr("the compare tool's verdict is error");
    return {};
}

} // namespace opsinfo
