#pragma once

#include "common/dtype.h"
#include "evidence/evidence.h"
#include "evidence/evidencejoin.h"

#include <cstddef>
#include <map>
#include <string>
#include <vector>

namespace opsinfo {

// What the profiler evidence says about one op type (the Library tab's columns).
struct OpTypeEvidence
{
    std::string opType;
    std::size_t runs = 0;
    double timeUs = 0;
    double sharePercent = 0; // of all measured kernel time
    std::size_t aicpuRuns = 0;
    std::map<DType, std::size_t> executedDtypes; // §8.6 dtype of each run that recorded one
};

struct EvidenceSummary
{
    std::vector<OpTypeEvidence> types; // by time, largest first, then by name
    double totalUs = 0;
    double castUs = 0;
    std::size_t castRuns = 0;
    std::size_t aicpuRuns = 0;
    bool fromStatistics = false; // times came from op_statistic (no per-kernel file given)
    const OpTypeEvidence *find(const std::string &opType) const;
};

// Per op type (the IR type a row joined to, else the type it states): runs, time and share, AI CPU
// runs, executed dtypes. Times are summed from per-kernel files (kernel_details, op_summary,
// MindSpore tables); op_statistic totals are used only when no per-kernel file is given, so one run
// exported both ways is not counted twice. Communication tasks are not op time.
EvidenceSummary summarizeEvidence(const std::vector<EvidenceFile> &files,
                                  const std::vector<FileJoin> &joins);

} // namespace opsinfo
