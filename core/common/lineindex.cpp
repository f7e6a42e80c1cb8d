#include "common/lineindex.h"

#include <algorithm>
#include <cstdint>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace opsinfo {

namespace {

// The 1-based column of `offset` on the line starting at `lineStart` (a BOM on line 1 is no
// column).
int columnOf(std::size_t offset, std::size_t lineStart, std::size_t bom)
{
    std::size_t column = offset - lineStart + 1;
    if (lineStart == 0 && bom > 0)
        column = offset < bom ? 1 : column - bom;
    return int(column);
}

} // namespace

std::size_t bomSize(std::string_view text)
{
    return text.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;
}

SourceLocation locate(std::string_view text, std::size_t offset, const std::string &file)
{
    offset = std::min(offset, text.size());
    SourceLocation location {file, 1, 1};
    std::size_t lineStart = 0;
    for (std::size_t i = 0; i < offset; ++i) {
        if (text[i] == '\n') {
            ++location.line;
            lineStart = i + 1;
        }
    }
    location.column = columnOf(offset, lineStart, bomSize(text));
    return location;
}

LineIndex::LineIndex(std::string_view text)
    : m_size(text.size())
    , m_bom(bomSize(text))
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
    return SourceLocation {file, int(line), columnOf(offset, m_lineStarts[line - 1], m_bom)};
}

namespace {

// Newlines in [p, end): every op key's line is counted, so this scans the whole file. SSE2 (x86-64
// baseline): per 16 bytes a compare and a byte-wise subtract, the byte counters summed every 255
// blocks; no popcount, which without -mpopcnt is a libgcc call per word.
std::size_t countNewlines(const char *p, const char *end)
{
    std::size_t count = 0;
#if defined(__SSE2__)
    const __m128i newline = _mm_set1_epi8('\n');
    while (end - p >= 16) {
        __m128i counters = _mm_setzero_si128();
        for (int block = 0; block < 255 && end - p >= 16; ++block, p += 16) {
            const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i *>(p));
            counters = _mm_sub_epi8(counters, _mm_cmpeq_epi8(bytes, newline)); // +1 per '\n'
        }
        const __m128i sums = _mm_sad_epu8(counters, _mm_setzero_si128());
        count += std::size_t(_mm_cvtsi128_si64(sums))
            + std::size_t(_mm_cvtsi128_si64(_mm_unpackhi_epi64(sums, sums)));
    }
#endif
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
        const char *last
            = static_cast<const char *>(::memrchr(begin + m_pos, '\n', offset - m_pos));
        m_lineStart = std::size_t(last - begin) + 1;
    }
    m_pos = offset;
    return SourceLocation {file, m_line, columnOf(offset, m_lineStart, m_bom)};
}

} // namespace opsinfo
