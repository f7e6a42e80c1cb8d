#pragma once

#include "common/diagnostic.h"

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace opsinfo {

// One record of a CSV file as libcsv split it (quotes removed, "" unescaped, unquoted fields
// trimmed of spaces and tabs).
struct CsvRecord
{
    int line = 0; // 1-based line the record starts on
    std::size_t offset = 0; // byte offset of that line in the text
    std::vector<std::string> fields;
};

// Reads CSV text record by record with Debian's libcsv (RFC 4180 and what real tools write:
// quoted fields with commas and line breaks, CRLF, a UTF-8 BOM, blank lines, short rows).
// `onRecord` gets every record, the header first; returning false stops the reading.
// A quoted field still open at the end of the text (a truncated file) is an error naming the
// line and column of its opening quote; the records before it have been delivered.
std::vector<Diagnostic> readCsv(std::string_view text, const std::string &file,
                                const std::function<bool(const CsvRecord &)> &onRecord);

// Where field `index` of a record starts (1-based line and byte column), for messages about one
// cell. Scans the record's own text with the same quoting rules.
SourceLocation csvFieldLocation(std::string_view text, const CsvRecord &record, std::size_t index,
                                const std::string &file);

// The text without a leading UTF-8 byte order mark.
std::string_view withoutBom(std::string_view text);

} // namespace opsinfo
