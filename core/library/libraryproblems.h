#pragma once

#include "common/diagnostic.h"
#include "library/oplibrary.h"

#include <string>
#include <vector>

namespace opsinfo {

// A problem found while loading, tied to the entry it is in, so a UI can jump to the op and show
// the entry's bytes: the entry (winning or shadowed) of the problem's file whose key is the last
// one at or before the problem's line.
struct LibraryProblem
{
    Diagnostic diagnostic;
    std::string opType; // empty: the problem is outside every entry (file level)
    std::size_t entryBegin = OpEntry::npos; // [begin, end) of the entry in its file: key to value
    std::size_t entryEnd = OpEntry::npos;
    int entryLine = 0; // the line of the entry's key
};

// Errors and warnings (notes are left out) in the diagnostics' order.
std::vector<LibraryProblem> libraryProblems(const OpLibrary &library,
                                            const std::vector<Diagnostic> &diagnostics);

} // namespace opsinfo
