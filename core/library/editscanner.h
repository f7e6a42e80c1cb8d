#pragma once

#include "common/diagnostic.h"

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace opsinfo {

// One "key": value member found by the scanner, as byte offsets into the scanned text, so an edit
// can splice the original bytes and leave everything else as it was.
struct ScannedMember
{
    std::string key; // decoded (escapes resolved, UTF-8)
    std::size_t keyBegin = 0; // the key's opening quote
    std::size_t keyEnd = 0; // one past its closing quote
    std::size_t valueBegin = 0; // first byte of the value
    std::size_t valueEnd = 0; // one past the value
    char valueKind = 0; // '{' object, '[' array, '"' string, 'p' number/true/false/null
};

// A second-level member ("input0", "precision_reduce" ...); `fields` are its own members when it
// is an object (the third level, normally string leaves).
struct ScannedItem
{
    ScannedMember member;
    std::vector<ScannedMember> fields;
};

struct ScannedOp
{
    ScannedMember member;
    std::vector<ScannedItem> items;
};

// Structure of an ops-info file down to the third level, in file order (duplicates kept).
struct ScannedOpsInfo
{
    std::vector<ScannedOp> ops;
    std::size_t rootBegin = 0; // the root '{'
    std::size_t rootEnd = 0; // one past the root '}'
    std::string lineEnding; // "\n", "\r\n", or empty when the file has no line break
    std::vector<Diagnostic> diagnostics;

    bool ok() const { return !hasErrors(diagnostics); }
};

// One O(n) pass over raw bytes. It checks JSON syntax (strings, nesting, separators) but not the
// ops-info schema; a syntax error stops the scan with a Diagnostic naming file, line and column.
ScannedOpsInfo scanOpsInfo(std::string_view text, const std::string &file);

} // namespace opsinfo
