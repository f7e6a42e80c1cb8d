#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <span>
#include <string_view>
#include <type_traits>
#include <vector>

namespace opsinfo {

// Owns the text and arrays that OpEntry's verbatim items view (OpItem): one bump allocator per file
// read instead of a heap allocation per key, value and item. Filled once, then only read, and
// shared by every entry (and entry copy) that points into it.
class OpEntryArena
{
public:
    explicit OpEntryArena(std::size_t blockSize = 64 * 1024)
        : m_blockSize(blockSize)
    {
    }
    OpEntryArena(const OpEntryArena &) = delete;
    OpEntryArena &operator=(const OpEntryArena &) = delete;

    std::string_view copy(std::string_view text)
    {
        if (text.empty())
            return {};
        char *p = static_cast<char *>(allocateBytes(text.size(), 1));
        std::char_traits<char>::copy(p, text.data(), text.size());
        return {p, text.size()};
    }

    // `count` default-initialized elements; only for types that need no destructor.
    template<typename T> std::span<T> allocate(std::size_t count)
    {
        static_assert(std::is_trivially_destructible_v<T>);
        if (count == 0)
            return {};
        T *p = static_cast<T *>(allocateBytes(sizeof(T) * count, alignof(T)));
        std::uninitialized_default_construct_n(p, count);
        return {p, count};
    }

    // `count` default-initialized elements directly followed by `bytes` of uninitialized storage
    // (starting at data() + count), in one allocation.
    template<typename T> std::span<T> allocateFollowedBy(std::size_t count, std::size_t bytes)
    {
        static_assert(std::is_trivially_destructible_v<T>);
        if (count == 0 && bytes == 0)
            return {};
        T *p = static_cast<T *>(allocateBytes(sizeof(T) * count + bytes, alignof(T)));
        std::uninitialized_default_construct_n(p, count);
        return {p, count};
    }

private:
    void *allocateBytes(std::size_t size, std::size_t align)
    {
        std::size_t pad = (align - reinterpret_cast<std::uintptr_t>(m_next) % align) % align;
        if (!m_next || std::size_t(m_end - m_next) < size + pad) {
            newBlock(size + align);
            pad = (align - reinterpret_cast<std::uintptr_t>(m_next) % align) % align;
        }
        void *p = m_next + pad;
        m_next += pad + size;
        return p;
    }
    void newBlock(std::size_t atLeast);

    std::size_t m_blockSize;
    char *m_next = nullptr;
    char *m_end = nullptr;
    std::vector<std::unique_ptr<char[]>> m_blocks;
};

} // namespace opsinfo
