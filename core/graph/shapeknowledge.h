#pragma once

#include <string_view>
#include <vector>

namespace opsinfo {

class Graph;

// What is known of a node's shapes, for the compiler's static / unknown-shape choice (FE asks an
// op's op_select_format for the static implementation only when no tensor of the node has a -1 or
// -2 dimension; SEMANTICS §1, dynfmt).
enum class ShapeKnowledge {
    Static, // every tensor's shape is known (stated, or fixed by static producers) with no unknown
            // dimension
    Dynamic, // some tensor has an unknown dimension (stated -1, or flowing from an unknown-shape
             // producer)
    Unknown, // neither can be told
};

const char *shapeKnowledgeName(ShapeKnowledge knowledge); // "static", "dynamic", "unknown"

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
