#pragma once

// Shared body of the graph fuzz targets: one importer on the bytes, then the graph walks the rest
// of the engine does on every loaded graph (linking, order), so their code is fuzzed too.
#include "graph/importcontext.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace opsinfo::fuzz {

template<typename Import>
int runGraphImporter(const std::uint8_t *data, std::size_t size, Import import)
{
    std::string_view bytes(reinterpret_cast<const char *>(data), size);
    std::vector<Diagnostic> diagnostics;
    GraphLoadOptions options;
    options.maxFileBytes = 1 << 20;
    ImportContext context{"fuzz-input", OpMap::defaults(), options, diagnostics};
    std::unique_ptr<Graph> graph = import(bytes, context);
    if (graph) {
        (void)graph->topologicalOrder();
        for (const Diagnostic &d : diagnostics)
            (void)formatDiagnostic(d);
    }
    return 0;
}

} // namespace opsinfo::fuzz
