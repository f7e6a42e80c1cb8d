#pragma once

#include "common/dtype.h"
#include "graph/graph.h"

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace opsinfo {

// What `opsinfo graph info` prints about a loaded graph.
struct GraphInfo
{
    std::string name;
    std::string format;
    std::size_t fileNodes = 0; // ops in the file's main graph (boundary nodes we made left out)
    std::size_t totalNodes = 0; // the same including every nested subgraph
    std::size_t subgraphs = 0; // nested subgraphs, at any depth
    std::size_t boundaryNodes = 0; // Data/Const nodes made for graph inputs and initializers
    // Ascend IR op types of file nodes (subgraphs included), by count descending, then name.
    std::vector<std::pair<std::string, std::size_t>> opTypes;
    // Framework types not found in the op map, same order.
    std::vector<std::pair<std::string, std::size_t>> unmappedTypes;
    std::vector<std::string> inputs;
    std::vector<std::string> outputs;
    std::vector<DType> dtypes; // every dtype on a node output or input, in enum order
};

GraphInfo summarizeGraph(const Graph &graph);

} // namespace opsinfo
