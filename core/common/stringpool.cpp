#include "common/stringpool.h"

#include <algorithm>
#include <cstring>
#include <functional>

namespace opsinfo {

namespace {

// Big enough that a large graph needs few blocks, small enough that a tiny one wastes little.
constexpr std::size_t kBlockBytes = 256 * 1024;

} // namespace

std::string_view StringPool::store(std::string_view text)
{
    if (text.size() > kBlockBytes / 4) {
        // A block of its own; the current block stays in use for the short strings.
        const auto &block
            = m_blocks.emplace_back(std::make_unique_for_overwrite<char[]>(text.size()));
        std::memcpy(block.get(), text.data(), text.size());
        return {block.get(), text.size()};
    }
    if (text.size() > m_left) {
        m_free = m_blocks.emplace_back(std::make_unique_for_overwrite<char[]>(kBlockBytes)).get();
        m_left = kBlockBytes;
    }
    std::memcpy(m_free, text.data(), text.size());
    const std::string_view stored(m_free, text.size());
    m_free += text.size();
    m_left -= text.size();
    return stored;
}

std::string_view StringPool::intern(std::string_view text)
{
    if (text.empty())
        return {};
    const auto hash = std::uint32_t(std::hash<std::string_view> {}(text));
    const HashIndex::Probe found
        = m_index.probe(hash, [&](std::uint32_t p) { return m_strings[p - 1] == text; });
    if (found.position != 0)
        return m_strings[found.position - 1];
    const std::string_view stored = store(text);
    m_strings.push_back(stored);
    m_textBytes += stored.size();
    m_index.insert(found, hash, std::uint32_t(m_strings.size()));
    return stored;
}

} // namespace opsinfo
