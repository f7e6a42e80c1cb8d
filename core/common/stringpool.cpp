#include "common/stringpool.h"

#include <cstring>
#include <functional>

namespace opsinfo {

StringPool::Interned StringPool::internAt(std::string_view text)
{
    if (text.empty())
        return {};
    const auto hash = std::uint32_t(std::hash<std::string_view> {}(text));
    const HashIndex::Probe found
        = m_index.probe(hash, [&](std::uint32_t p) { return m_strings[p - 1] == text; });
    if (found.position != 0)
        return {m_strings[found.position - 1], found.position};
    char *copy = static_cast<char *>(m_arena.allocate(text.size(), 1));
    std::memcpy(copy, text.data(), text.size());
    const std::string_view stored(copy, text.size());
    m_strings.push_back(stored);
    m_textBytes += stored.size();
    m_index.insert(found, hash, std::uint32_t(m_strings.size()));
    return {stored, std::uint32_t(m_strings.size())};
}

} // namespace opsinfo
