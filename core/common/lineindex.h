#pragma once

#include "common/diagnostic.h"

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace opsinfo {

// Offsets into a text as the 1-based line and column editors show: the column counts bytes, and a
// UTF-8 byte order mark at the start of the file is not a column. Offsets past the end are clamped.
// Every reader of the engine places its findings through these, so they agree to the column.

// One offset: scans the text up to it.
SourceLocation locate(std::string_view text, std::size_t offset, const std::string &file = {});

// Many offsets in any order: indexes the line starts once (a big file with many findings would
// make locate() quadratic).
class LineIndex
{
public:
    explicit LineIndex(std::string_view text);
    SourceLocation locate(std::size_t offset, const std::string &file = {}) const;

private:
    std::vector<std::size_t> m_lineStarts;
    std::size_t m_size = 0;
    std::size_t m_bom = 0;
};

// 3 when `text` starts with a UTF-8 byte order mark, else 0.
std::size_t bomSize(std::string_view text);

// Line/column of offsets visited in increasing order (one op after the other) without an index:
// counts newlines only between the previous and the next offset.
class LineCursor
{
public:
    explicit LineCursor(std::string_view text)
        : m_text(text)
        , m_bom(bomSize(text))
    {
    }
    // Starts at `pos`, known to be on line `line` which begins at `lineStart` (for a reader that
    // starts in the middle of a file).
    LineCursor(std::string_view text, std::size_t pos, int line, std::size_t lineStart)
        : m_text(text)
        , m_pos(pos)
        , m_lineStart(lineStart)
        , m_line(line)
        , m_bom(bomSize(text))
    {
    }
    // `offset` must not be smaller than the previous call's; smaller offsets restart from the top.
    SourceLocation locate(std::size_t offset, const std::string &file);

private:
    std::string_view m_text;
    std::size_t m_pos = 0;
    std::size_t m_lineStart = 0;
    int m_line = 1;
    std::size_t m_bom = 0;
};

} // namespace opsinfo
