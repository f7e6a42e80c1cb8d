// libFuzzer target: a modify_mixlist file read strict; whatever it accepts, the canonical writer
// must write so that the strict reader gives the same content back.
#include "mixlist/mixlist.h"

#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace opsinfo;
    std::string_view text(reinterpret_cast<const char *>(data), size);
    MixlistParseResult parsed = parseMixlistStrict(text, "fuzz.json");
    for (const Diagnostic &d : parsed.diagnostics)
        (void)formatDiagnostic(d);
    if (parsed.ok()) {
        std::string canonical = writeMixlist(parsed.mixlist);
        MixlistParseResult back = parseMixlistStrict(canonical, "canonical.json");
        if (!back.ok() || !back.mixlist.sameContent(parsed.mixlist))
            std::abort();
    }
    return 0;
}
