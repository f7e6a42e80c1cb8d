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

void StringPool::growIndex()
{
    std::vector<Slot> old = std::move(m_slots);
    m_slots.assign(std::max<std::size_t>(256, old.size() * 2), Slot {});
    const std::size_t mask = m_slots.size() - 1;
    for (const Slot &slot : old) {
        if (slot.string == 0)
            continue;
        std::size_t i = slot.hash & mask;
        while (m_slots[i].string != 0)
            i = (i + 1) & mask;
        m_slots[i] = slot;
    }
}

std::string_view StringPool::intern(std::string_view text)
{
    if (text.empty())
        return {};
    if (2 * (m_strings.size() + 1) > m_slots.size())
        growIndex();
    const auto hash = std::uint32_t(std::hash<std::string_view> {}(text));
    const std::size_t mask = m_slots.size() - 1;
    std::size_t i = hash & mask;
    for (; m_slots[i].string != 0; i = (i + 1) & mask) {
        const Slot &slot = m_slots[i];
        if (slot.hash == hash && m_strings[slot.string - 1] == text)
            return m_strings[slot.string - 1];
    }
    const std::string_view stored = store(text);
    m_strings.push_back(stored);
    m_textBytes += stored.size();
    m_slots[i] = {hash, std::uint32_t(m_strings.size())};
    return stored;
}

} // namespace opsinfo
