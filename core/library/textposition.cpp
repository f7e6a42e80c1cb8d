#include "library/textposition.h"

#include <algorithm>
#include <cstdint>
#include <cstring>

namespace opsinfo {

LineIndex::LineIndex(std::string_view text) : m_size(text.size())
{
    m_lineStarts.push_back(0);
    const char *begin = text.data();
    const char *end = begin + text.size();
    for (const char *p = begin; p < end;) {
        const void *nl = std::memchr(p, '\n', std::size_t(end - p));
        if (!nl)
            break;
        p = static_cast<const char *>(nl) + 1;
        m_lineStarts.push_back(std::size_t(p - begin));
    }
}

SourceLocation LineIndex::locate(std::size_t offset, const std::string &file) const
{
    offset = std::min(offset, m_size);
    auto it = std::upper_bound(m_lineStarts.begin(), m_lineStarts.end(), offset);
    const std::size_t line = std::size_t(it - m_lineStarts.begin()); // >= 1: m_lineStarts[0] == 0
    return SourceLocation{file, int(line), int(offset - m_lineStarts[line - 1]) + 1};
}

namespace {

// Newlines in [p, end), eight bytes at a time: ops-info lines are ~20 bytes, so a memchr per
// line costs more in calls than in scanning.
std::size_t countNewlines(const char *p, const char *end)
{
    constexpr std::uint64_t kNewlines = 0x0a0a0a0a0a0a0a0aull;
    constexpr std::uint64_t kLow7 = 0x7f7f7f7f7f7f7f7full;
    std::size_t count = 0;
    for (; end - p >= 8; p += 8) {
        std::uint64_t word;
        std::memcpy(&word, p, 8);
        const std::uint64_t x = word ^ kNewlines;                       // '\n' bytes become 0
        const std::uint64_t nonZero = ((x & kLow7) + kLow7) | x;         // high bit set unless 0
        count += std::size_t(__builtin_popcountll(~nonZero & ~kLow7)); // exact: one bit per 0 byte
    }
    for (; p < end; ++p)
        count += *p == '\n' ? 1 : 0;
    return count;
}

} // namespace

SourceLocation LineCursor::locate(std::size_t offset, const std::string &file)
{
    offset = std::min(offset, m_text.size());
    if (offset < m_pos) {
        m_pos = 0;
        m_lineStart = 0;
        m_line = 1;
    }
    const char *begin = m_text.data();
    const std::size_t newlines = countNewlines(begin + m_pos, begin + offset);
    if (newlines > 0) {
        m_line += int(newlines);
        const char *last = static_cast<const char *>(::memrchr(begin + m_pos, '\n', offset - m_pos));
        m_lineStart = std::size_t(last - begin) + 1;
    }
    m_pos = offset;
    return SourceLocation{file, m_line, int(offset - m_lineStart) + 1};
}

} // namespace opsinfo
