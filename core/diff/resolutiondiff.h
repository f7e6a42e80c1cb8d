#pragma once

#include "resolver/resolution.h"

#include <compare>
#include <cstddef>
#include <map>
#include <string>
#include <vector>

namespace opsinfo {

class Graph;

// A node whose decision differs between two predictions of the same graph: another dtype or
// another engine.
struct NodeChange
{
    int index = -1; // Resolution index (top-level nodes: the graph index)
    bool topLevel = true; // not inside a subgraph
    const NodeResolution *a = nullptr;
    const NodeResolution *b = nullptr;
    int castsA = 0; // Casts inserted on this node's inputs, in A and in B
    int castsB = 0;
};

// What changes from one prediction to another (`opsinfo resolve diff`, the app's diff panel).
// Points into both resolutions, which must outlive it.
struct ResolutionDiff
{
    std::vector<NodeChange> changed; // in outputOrder() of A
    std::size_t castsA = 0;
    std::size_t castsB = 0;
    long castDelta() const { return long(castsB) - long(castsA); }
};

// Both resolutions are of `graph`. Resolutions of different sizes (not of the same graph) compare
// as no node changed.
ResolutionDiff diffResolutions(const Graph &graph, const Resolution &a, const Resolution &b);

// A node's decision as a diff compares it: the dtype and the engine that runs it.
struct Decision
{
    DType dtype = DType::Undefined;
    Engine engine = Engine::None;

    static Decision of(const NodeResolution &node) { return {node.dtype, node.engine}; }
    auto operator<=>(const Decision &) const = default;
};

// Which way a changed node goes, from A's decision to B's: the key of the transition counts.
struct DtypeTransition
{
    Decision from;
    Decision to;

    auto operator<=>(const DtypeTransition &) const = default;
};

// How many changed nodes go each way (`opsinfo resolve diff`'s "transitions", the diff panel's
// summary line).
std::map<DtypeTransition, std::size_t> countTransitions(const ResolutionDiff &diff);

// "float16", "float16 (AICPU)", "float32 (GE)": the dtype, and the engine where it is not an AI
// Core kernel FE decided; the words of `opsinfo resolve diff`, whose output users and tests parse.
std::string decisionLabel(const Decision &decision);
// "float32->float16 (AICPU)".
std::string transitionLabel(const DtypeTransition &transition);
// The counts by label, as both print them: transitions whose engines differ only between none and
// AI Core read the same and count as one.
std::map<std::string, std::size_t> countTransitionsByLabel(const ResolutionDiff &diff);

} // namespace opsinfo
