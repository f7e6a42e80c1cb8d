// libFuzzer target: an --api-map file, then every line looked up as an msprobe API name.
#include "graph/apimap.h"
#include "graph/apiname.h"

#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace opsinfo;
    const std::string_view text(reinterpret_cast<const char *>(data), size);
    ApiMap map = ApiMap::defaults();
    for (const Diagnostic &d : map.loadText(text, "map.tsv")) {
        if (d.location.line < 1)
            std::abort();
        (void)formatDiagnostic(d);
    }
    std::size_t pos = 0;
    while (pos <= text.size()) {
        std::size_t end = text.find('\n', pos);
        if (end == std::string_view::npos)
            end = text.size();
        if (const auto name = parseApiName(text.substr(pos, end - pos))) {
            if (name->prefix.empty())
                std::abort();
            for (EvidenceFramework f : {EvidenceFramework::PyTorch, EvidenceFramework::MindSpore})
                for (const std::string &type : map.lookup(f, *name).irTypes)
                    if (type.empty())
                        std::abort();
            (void)normalisedApi(name->api);
        }
        pos = end + 1;
    }
    return 0;
}
