// libFuzzer target: the ge proto text graph importer on arbitrary bytes.
#include "fuzzgraph.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace opsinfo;
    return fuzz::runGraphImporter(data, size, [](std::string_view bytes, ImportContext &context) {
        return importGeProto(bytes, context);
    });
}
