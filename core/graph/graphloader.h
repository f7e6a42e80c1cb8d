#pragma once

#include "common/diagnostic.h"
#include "graph/graph.h"
#include "graph/graphformat.h"
#include "graph/opmap.h"

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace opsinfo {

struct GraphLoadOptions
{
    // Protobuf cannot read messages of 2 GiB or more; larger inputs are refused up front.
    std::size_t maxFileBytes = std::size_t(1) << 31;
    // If/Loop/Scan bodies inside bodies: deeper files are refused (no real model comes close).
    int maxSubgraphDepth = 100;
    // ATC JSON files of at least twice this size are indexed this much at a time (the main op
    // array in pieces), not whole: simdjson's index of a whole file is about the file's size.
    // A piece this small stays in the cache while it is read and converted (tests/bench/README).
    // 0: always whole.
    std::size_t atcJsonPieceBytes = std::size_t(256) << 10;
};

struct GraphLoadResult
{
    std::unique_ptr<Graph> graph;
    std::vector<Diagnostic> diagnostics;
    GraphFormat format = GraphFormat::Unknown;

    bool ok() const { return graph != nullptr && !hasErrors(diagnostics); }
};

// Reads any supported graph file (FORMATS "Graphs"), choosing the importer from the content.
// Never throws: problems come back as diagnostics naming the file.
GraphLoadResult loadGraph(const std::string &path, const OpMap &map = OpMap::defaults(),
                          const GraphLoadOptions &options = {});

// The same for bytes already in memory; `path` is only used in diagnostics and Graph::path.
GraphLoadResult loadGraphFromBytes(std::string_view bytes, const std::string &path,
                                   const OpMap &map = OpMap::defaults(),
                                   const GraphLoadOptions &options = {});

} // namespace opsinfo
