#include "common/arena.h"

namespace opsinfo {

namespace {

// Big enough that a large graph needs few blocks, small enough that a tiny one wastes little.
constexpr std::size_t kBlockBytes = 256 * 1024;

} // namespace

void *Arena::allocate(std::size_t bytes, std::size_t alignment)
{
    if (bytes > kBlockBytes / 4) {
        // A block of its own; the current block stays in use for the small items. new[] of
        // std::byte is aligned for any fundamental type.
        m_reserved += bytes;
        return m_blocks.emplace_back(std::make_unique_for_overwrite<std::byte[]>(bytes)).get();
    }
    const std::size_t pad = (alignment - std::uintptr_t(m_free) % alignment) % alignment;
    if (m_free == nullptr || pad + bytes > m_left) {
        m_free
            = m_blocks.emplace_back(std::make_unique_for_overwrite<std::byte[]>(kBlockBytes)).get();
        m_left = kBlockBytes;
        m_reserved += kBlockBytes;
        return allocate(bytes, alignment);
    }
    std::byte *out = m_free + pad;
    m_free = out + bytes;
    m_left -= pad + bytes;
    return out;
}

} // namespace opsinfo
