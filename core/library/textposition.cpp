#include "library/textposition.h"

#include <algorithm>
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

SourceLocation LineCursor::locate(std::size_t offset, const std::string &file)
{
    offset = std::min(offset, m_text.size());
    if (offset < m_pos) {
        m_pos = 0;
        m_lineStart = 0;
        m_line = 1;
    }
    const char *begin = m_text.data();
    const char *p = begin + m_pos;
    const char *end = begin + offset;
    while (p < end) {
        const void *nl = std::memchr(p, '\n', std::size_t(end - p));
        if (!nl)
            break;
        p = static_cast<const char *>(nl) + 1;
        ++m_line;
        m_lineStart = std::size_t(p - begin);
    }
    m_pos = offset;
    return SourceLocation{file, m_line, int(offset - m_lineStart) + 1};
}

} // namespace opsinfo
