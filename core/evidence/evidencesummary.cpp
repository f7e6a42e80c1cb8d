#include "evidence/evidencesummary.h"

#include <algorithm>

namespace opsinfo {

const OpTypeEvidence *EvidenceSummary::find(const std::string &opType) const
{
    for (const OpTypeEvidence &t : types)
        if (t.opType == opType)
            return &t;
    return nullptr;
}

EvidenceSummary summarizeEvidence(const std::vector<EvidenceFile> &files,
                                  const std::vector<FileJoin> &joins)
{
    EvidenceSummary summary;
    bool perKernel = false;
    for (const EvidenceFile &file : files)
        if (file.hasTimes && file.format != EvidenceFormat::OpStatistic)
            perKernel = true;
    summary.fromStatistics = !perKernel;
    std::map<std::string, OpTypeEvidence> byType;
    for (std::size_t f = 0; f < files.size(); ++f) {
        const EvidenceFile &file = files[f];
        const bool statistics = file.format == EvidenceFormat::OpStatistic;
        const bool countTime = file.hasTimes && (statistics ? !perKernel : true);
        for (std::size_t r = 0; r < file.rows.size(); ++r) {
            const EvidenceRow &row = file.rows[r];
            if (row.core == CoreKind::Communication)
                continue;
            const RowJoin *join
                = f < joins.size() && r < joins[f].rows.size() ? &joins[f].rows[r] : nullptr;
            const std::string type = join && !join->irType.empty() ? join->irType : row.opType;
            if (type.empty())
                continue;
            OpTypeEvidence &t = byType[type];
            t.opType = type;
            if (countTime) {
                t.runs += row.count;
                if (row.core == CoreKind::AICPU) {
                    t.aicpuRuns += row.count;
                    summary.aicpuRuns += row.count;
                }
            }
            if (countTime && row.hasTime()) {
                t.timeUs += row.durationUs;
                summary.totalUs += row.durationUs;
                if (type == "Cast") {
                    summary.castUs += row.durationUs;
                    summary.castRuns += row.count;
                }
            }
            if (row.dtypesRecorded)
                if (const DType d = row.executedDtype(); d != DType::Undefined)
                    ++t.executedDtypes[d];
        }
    }
    for (auto &[type, t] : byType) {
        t.sharePercent = summary.totalUs > 0 ? 100.0 * t.timeUs / summary.totalUs : 0.0;
        summary.types.push_back(std::move(t));
    }
    std::sort(summary.types.begin(), summary.types.end(),
              [](const OpTypeEvidence &a, const OpTypeEvidence &b) {
                  return a.timeUs != b.timeUs ? a.timeUs > b.timeUs : a.opType < b.opType;
              });
    return summary;
}

} // namespace opsinfo
