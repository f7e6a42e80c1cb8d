// libFuzzer target: msprobe dump.json and the JSON companions (construct.json, profiler info,
// op-debug records), including Python's bare NaN / Infinity.
#include "evidence/evidencejoin.h"
#include "evidence/evidenceloader.h"

#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace opsinfo;
    const EvidenceFile file
        = loadEvidenceText({reinterpret_cast<const char *>(data), size}, "dump.json");
    for (const Diagnostic &d : file.diagnostics)
        (void)formatDiagnostic(d);
    if (!file.ok() && !file.rows.empty())
        std::abort(); // a JSON error leaves nothing half-read
    for (const EvidenceRow &row : file.rows) {
        (void)row.executedDtype();
        (void)flagReason(row);
    }
    const FileJoin join = joinEvidence(file, {});
    if (join.rows.size() != file.rows.size())
        std::abort();
    return 0;
}
