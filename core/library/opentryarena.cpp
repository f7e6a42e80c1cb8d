#include "library/opentryarena.h"

#include <algorithm>

namespace opsinfo {

void OpEntryArena::newBlock(std::size_t atLeast)
{
    const std::size_t size = std::max(atLeast, m_blockSize);
    m_blocks.push_back(std::unique_ptr<char[]>(new char[size]));
    m_next = m_blocks.back().get();
    m_end = m_next + size;
}

} // namespace opsinfo
