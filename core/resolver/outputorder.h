#pragma once

#include "resolver/resolution.h"

#include <vector>

namespace opsinfo {

class Graph;

// Resolution indexes in the order every report lists nodes: topological at the top level,
// subgraph nodes right after their owner (recursively), each subgraph in its own topological order.
// Nodes on a cycle come last, in file order, so none is dropped.
std::vector<int> outputOrder(const Graph &graph, const Resolution &resolution);

} // namespace opsinfo
