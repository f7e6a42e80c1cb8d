#pragma once

#include "common/arena.h"
#include "common/hashindex.h"

#include <cstdint>
#include <string_view>
#include <vector>

namespace opsinfo {

// Each distinct string stored once, in large blocks that never move: a graph's node names, op
// types and tensor names are views into its pool instead of a heap string each. A 186,000-node
// transformer has 13 op types, and every input names a producer whose name is already here.
// The pool's arena also holds the graph's per-node arrays (Graph::store), so a graph sharing the
// pool keeps those alive too.
// Not thread-safe for interning; views may be read from any thread while the pool lives.
class StringPool
{
public:
    StringPool() = default;
    StringPool(const StringPool &) = delete;
    StringPool &operator=(const StringPool &) = delete;

    // The pooled copy of `text`, valid as long as the pool.
    std::string_view intern(std::string_view text) { return internAt(text).text; }

    // The same with the text's position in the pool (1, 2, ... in the order first interned; 0 for
    // the empty text): a key for the text that needs no hashing of its bytes.
    struct Interned
    {
        std::string_view text;
        std::uint32_t position = 0;
    };
    Interned internAt(std::string_view text);

    std::size_t size() const { return m_strings.size(); }
    std::size_t textBytes() const { return m_textBytes; }

    Arena &arena() { return m_arena; }

private:
    Arena m_arena;
    std::size_t m_textBytes = 0;
    std::vector<std::string_view> m_strings;
    HashIndex m_index; // index into m_strings + 1 by text
};

} // namespace opsinfo
