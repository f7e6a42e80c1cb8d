// libFuzzer target: a --keep_dtype file.
#include "mixlist/dtypeoverrides.h"

#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace opsinfo;
    std::vector<Diagnostic> diagnostics;
    KeepDtype keep
        = parseKeepDtype({reinterpret_cast<const char *>(data), size}, "keep.cfg", diagnostics);
    (void)keep.matches("node", "MatMul");
    for (const Diagnostic &d : diagnostics)
        (void)formatDiagnostic(d);
    return 0;
}
