// libFuzzer target: the evidence CSV importers. The first byte picks one of the headers the
// detector knows (random bytes would almost never form one), the rest is the file's body, so every
// importer sees hostile rows: quotes, short and long rows, bad numbers, odd dtype lists, bad UTF-8.
#include "evidence/evidencejoin.h"
#include "evidence/evidenceloader.h"
#include "evidence/evidencesummary.h"

#include <array>
#include <cstdint>
#include <cstdlib>
#include <string>

namespace {

constexpr std::array<const char *, 13> kHeaders {
    "Step Id,Name,Type,Accelerator Core,Start Time(us),Duration(us),Input Data Types,Output Data Types\n",
    "Op Name,OP Type,Task Type,Task Duration(us),Input Data Types,Output Data Types\n",
    "OP Type,Core Type,Count,Total Time(us),Min Time(us),Avg Time(us),Max Time(us),Ratio(%)\n",
    "NPU Name,Bench Name,NPU Dtype,Bench Dtype,Cosine,MaxAbsErr,MaxRelativeErr,NPU max,NPU min,Result,Err_message\n",
    "NPU Name,Bench Name,NPU Tensor Dtype,Bench Tensor Dtype,Cosine,MaxAbsErr,Accuracy Reached or Not,Err_message\n",
    "Index,OpType,NPUDump,DataType,Address,GroundTruth,DataType,Address,TensorIndex,Shape,OverFlow,CosineSimilarity,"
    "MaxAbsoluteError,MaxRelativeError,CompareFailReason,IsPrecisionError\n",
    "Op Type,Op Name,Task ID,IO,Slot,Data Type,Max Value,Min Value,NaN Count\n",
    "API Name,Bench Dtype,DEVICE Dtype,Shape,\xE4\xBD\x99\xE5\xBC\xA6\xE7\x9B\xB8\xE4\xBC\xBC\xE5\xBA\xA6,Status,Message\n",
    "\xEF\xBB\xBF"
    "API Name,Forward Test Success,Backward Test Success,Message\n",
    "task_id,stream_id,full_op_name,op_name,op_type,op_info\n",
    "full_op_name,execution_time\n",
    "serial_number,kernel_type,total_time\n",
    "", // the raw input: the detector decides
};

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace opsinfo;
    if (size == 0)
        return 0;
    std::string text = kHeaders[data[0] % kHeaders.size()];
    text.append(reinterpret_cast<const char *>(data) + 1, size - 1);
    const EvidenceFile file = loadEvidenceText(text, "fuzz.csv");
    for (const Diagnostic &d : file.diagnostics) {
        (void)formatDiagnostic(d);
        if (d.location.line < 0 || d.location.column < 0)
            std::abort();
    }
    for (const EvidenceRow &row : file.rows) {
        if (row.line < 1)
            std::abort(); // every CSV row knows where it starts
        (void)row.executedDtype();
        (void)flagReason(row);
    }
    const FileJoin join = joinEvidence(file, {});
    if (join.rows.size() != file.rows.size() || join.matched() + join.unmatched != file.rows.size())
        std::abort();
    (void)summarizeEvidence({file}, {join});
    return 0;
}
