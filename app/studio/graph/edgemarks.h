#pragma once

#include <cstdint>
#include <unordered_map>

namespace opsinfo {

// What a diff of two predictions says about the Cast on one edge (producer -> consumer, graph
// nodes): the compiler inserts it only on side B, only on side A, or on both.
enum class EdgeMark { CastAdded, CastRemoved, CastKept };

using EdgeMarks = std::unordered_map<std::uint64_t, EdgeMark>;

inline std::uint64_t edgeKey(int producer, int consumer)
{
    return (std::uint64_t(std::uint32_t(producer)) << 32) | std::uint32_t(consumer);
}

} // namespace opsinfo
