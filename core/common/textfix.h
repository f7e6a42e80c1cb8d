#pragma once

#include "common/diagnostic.h"

#include <string>
#include <string_view>
#include <vector>

namespace opsinfo {

// The file's bytes with the certain fixes (Diagnostic::fix) applied, and how many were. A fix
// whose `original` is no longer at its offset, or that overlaps one already taken, is skipped:
// the bytes the user has are never guessed at.
struct FixedText
{
    std::string bytes;
    std::size_t applied = 0;
    std::size_t skipped = 0;
};

FixedText applyTextFixes(std::string_view bytes, std::vector<TextFix> fixes);

// The fixes the diagnostics offer for `file` (its diagnostics' location.file), in file order.
std::vector<TextFix> fixesForFile(const std::vector<Diagnostic> &diagnostics,
                                  const std::string &file);

} // namespace opsinfo
