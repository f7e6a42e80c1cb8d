// libFuzzer target: a --customize_dtypes file.
#include "mixlist/dtypeoverrides.h"

#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace opsinfo;
    std::vector<Diagnostic> diagnostics;
    CustomizeDtypes custom = parseCustomizeDtypes({reinterpret_cast<const char *>(data), size},
                                                  "custom.cfg", diagnostics);
    (void)custom.find("node", "MatMul");
    for (const Diagnostic &d : diagnostics)
        (void)formatDiagnostic(d);
    return 0;
}
