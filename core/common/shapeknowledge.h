#pragma once

namespace opsinfo {

// What is known of a node's shapes, for the compiler's static / unknown-shape choice (FE asks an
// op's op_select_format for the static implementation only when no tensor of the node has a -1 or
// -2 dimension; SEMANTICS §1, dynfmt). The library's dynamic formats choose by it; the graph
// computes it (graph/shapeinference.h).
enum class ShapeKnowledge {
    Static, // every tensor's shape is known (stated, or fixed by static producers) with no unknown
            // dimension
    Dynamic, // some tensor has an unknown dimension (stated -1, or flowing from an unknown-shape
             // producer)
    Unknown, // neither can be told
};

const char *shapeKnowledgeName(ShapeKnowledge knowledge); // "static", "dynamic", "unknown"

} // namespace opsinfo
