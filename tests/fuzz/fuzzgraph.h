#pragma once

// Shared body of the graph fuzz targets: one importer on the bytes, then the graph walks the rest
// of the engine does on every loaded graph (linking, order), so their code is fuzzed too.
#include "graph/graph.h"
#include "graph/importcontext.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace opsinfo::fuzz {

// Reads every string a node views, so a view left pointing into a freed message or buffer (they
// all must point into the graph's pool) is a use-after-free under ASan.
inline std::size_t touchStrings(const Graph &graph)
{
    std::size_t sum = 0;
    auto touch = [&sum](std::string_view text) {
        for (char c : text)
            sum += static_cast<unsigned char>(c);
    };
    for (const Node &node : graph.nodes()) {
        touch(node.name);
        touch(node.opType);
        touch(node.frameworkType);
        touch(node.domain);
        for (const NodeInput &input : node.inputs)
            touch(input.producerName);
        for (std::string_view control : node.controlInputs)
            touch(control);
        for (const NodeOutput &output : node.outputs)
            touch(output.name);
        for (const auto &attribute : node.attributes) {
            touch(attribute.key);
            touch(attribute.value);
        }
        for (const auto &sub : node.subgraphs)
            sum += touchStrings(*sub);
    }
    return sum;
}

template<typename Import>
int runGraphImporter(const std::uint8_t *data, std::size_t size, Import import)
{
    std::string_view bytes(reinterpret_cast<const char *>(data), size);
    std::vector<Diagnostic> diagnostics;
    GraphLoadOptions options;
    options.maxFileBytes = 1 << 20;
    ImportContext context {"fuzz-input", OpMap::defaults(), options, diagnostics};
    std::unique_ptr<Graph> graph = import(bytes, context);
    if (graph) {
        (void)graph->topologicalOrder();
        (void)touchStrings(*graph);
        for (const Diagnostic &d : diagnostics)
            (void)formatDiagnostic(d);
    }
    return 0;
}

} // namespace opsinfo::fuzz
