#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <type_traits>
#include <vector>

namespace opsinfo {

// Memory handed out in large blocks that never move and are freed together: a graph's strings
// and its per-node arrays (inputs, outputs, dims) live here instead of in a heap block each, so a
// 186,000-node graph costs a few hundred blocks rather than a million allocations. Nothing is
// destroyed item by item, hence only trivially destructible items.
class Arena
{
public:
    Arena() = default;
    Arena(const Arena &) = delete;
    Arena &operator=(const Arena &) = delete;

    // `bytes` aligned to `alignment` (a power of two no larger than alignof(std::max_align_t)).
    void *allocate(std::size_t bytes, std::size_t alignment);

    // A copy of `items` in the arena; empty input gives an empty span without allocating.
    template<typename T> std::span<T> copy(std::span<const T> items)
    {
        static_assert(std::is_trivially_destructible_v<T>, "the arena runs no destructors");
        if (items.empty())
            return {};
        T *out = static_cast<T *>(allocate(items.size_bytes(), alignof(T)));
        std::uninitialized_copy(items.begin(), items.end(), out);
        return {out, items.size()};
    }

    // Bytes of the blocks taken so far (what the arena costs, used or not).
    std::size_t reservedBytes() const { return m_reserved; }

private:
    std::vector<std::unique_ptr<std::byte[]>> m_blocks;
    std::byte *m_free = nullptr;
    std::size_t m_left = 0;
    std::size_t m_reserved = 0;
};

} // namespace opsinfo
