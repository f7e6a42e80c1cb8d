#pragma once

#include "graph/graph.h"

namespace opsinfo {

// A transformer-shaped graph as a PyTorch ONNX export names it ("/model/layers.3/attn/q_proj/
// MatMul", flat-named weight initializers, one attention mask feeding every layer): decomposed
// layer norms, attention, GELU MLP and residual adds, about 75 nodes per layer. For benchmarks
// and tests of the layout and the graph view; not a model anyone runs.
Graph makeTransformerGraph(int layers);

// The smallest transformer whose node count is at least `nodes`.
Graph makeTransformerGraphOfSize(int nodes);

} // namespace opsinfo
