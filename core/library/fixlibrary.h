#pragma once

#include "common/diagnostic.h"

#include <string>
#include <string_view>
#include <vector>

namespace opsinfo {

// One ops-info file (.json or .ini, by `file`'s extension) with every certain fix-it applied:
// dtype words with one known spelling ("fp32" -> "float32"). Only those bytes change. `remaining`
// is what reading the fixed text still reports, so the caller can say what is left to do.
struct LibraryFixResult
{
    std::string bytes;
    std::size_t applied = 0;
    std::vector<Diagnostic> fixed; // the problems a fix was offered for, as read before
    std::vector<Diagnostic> remaining;
};

LibraryFixResult fixLibraryText(std::string_view bytes, const std::string &file);

} // namespace opsinfo
