#pragma once

#include "common/diagnostic.h"

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace opsinfo {

// Line/column lookups for a whole file. common's locate() rescans from the start on every call,
// which is quadratic when a big file reports many findings; this indexes the line starts once.
class LineIndex
{
public:
    explicit LineIndex(std::string_view text);
    // 1-based line and byte column of `offset` (clamped to the text).
    SourceLocation locate(std::size_t offset, const std::string &file) const;

private:
    std::vector<std::size_t> m_lineStarts;
    std::size_t m_size = 0;
};

// Line/column of offsets visited in increasing order (one op after the other) without an index:
// counts newlines only between the previous and the next offset.
class LineCursor
{
public:
    explicit LineCursor(std::string_view text) : m_text(text) {}
    // Starts at `pos`, known to be on line `line` which begins at `lineStart` (for a reader that
    // starts in the middle of a file).
    LineCursor(std::string_view text, std::size_t pos, int line, std::size_t lineStart)
        : m_text(text), m_pos(pos), m_lineStart(lineStart), m_line(line)
    {
    }
    // `offset` must not be smaller than the previous call's; smaller offsets restart from the top.
    SourceLocation locate(std::size_t offset, const std::string &file);

private:
    std::string_view m_text;
    std::size_t m_pos = 0;
    std::size_t m_lineStart = 0;
    int m_line = 1;
};

} // namespace opsinfo
