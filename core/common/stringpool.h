#pragma once

#include "common/hashindex.h"

#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

namespace opsinfo {

// Each distinct string stored once, in large blocks that never move: a graph's node names, op
// types and tensor names are views into its pool instead of a heap string each. A 186,000-node
// transformer has 13 op types, and every input names a producer whose name is already here.
// Not thread-safe for interning; views may be read from any thread while the pool lives.
class StringPool
{
public:
    StringPool() = default;
    StringPool(const StringPool &) = delete;
    StringPool &operator=(const StringPool &) = delete;

    // The pooled copy of `text`, valid as long as the pool.
    std::string_view intern(std::string_view text);

    std::size_t size() const { return m_strings.size(); }
    std::size_t textBytes() const { return m_textBytes; }

private:
    std::string_view store(std::string_view text);

    std::vector<std::unique_ptr<char[]>> m_blocks;
    char *m_free = nullptr;
    std::size_t m_left = 0;
    std::size_t m_textBytes = 0;
    std::vector<std::string_view> m_strings;
    HashIndex m_index; // index into m_strings + 1 by text
};

} // namespace opsinfo
