#pragma once

#include "common/shapeknowledge.h"

#include <vector>

namespace opsinfo {

class Graph;

// Per node of `graph` (its own nodes, not its subgraphs'; a subgraph is classified on its own from
// its inputs), in node order. A shape the file states decides; where it states none, GE's shape
// inference is followed in kind: an unknown dimension upstream stays unknown downstream, all-static
// inputs give static outputs, except that ops whose output dimensions depend on input values
// (NonZero, Unique, and Reshape, Tile, Range, Slice ... fed by a value input not known) give
// unknown-shape outputs. Weights (Const, Constant, Variable) are static; Shape-like ops give a
// static 1-D output. A value input counts as known when GE would know it at that point: weights,
// the Shape of a static tensor, and ops computing only from known values (constant folding).
std::vector<ShapeKnowledge> shapeKnowledgeOf(const Graph &graph);

} // namespace opsinfo
