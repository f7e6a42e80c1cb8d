#pragma once

#include "mixlist/oppolicy.h"
#include "studio/document/libraryrows.h"

#include <QStringList>

#include <string>
#include <unordered_map>

namespace opsinfo {

class Mixlist;
class OpLibrary;

// Everything the window derives from a freshly loaded library, computed where the library is
// parsed (a worker thread) so that adopting a 20,000-op library costs the UI thread only moves.
// LibraryDocument::reset() offers it to the listeners of libraryReset(), which take their part.
struct PreparedLibrary
{
    std::unordered_map<std::string, Policy> original; // colour of every op type as loaded
    PolicyTable policies; // with the mixlist open at load time
    QStringList opTypes; // sorted, for completion
    LibraryRows rows; // the library table

    static PreparedLibrary build(const OpLibrary &library, const Mixlist &mixlist,
                                 const std::string &mixlistPath);
};

} // namespace opsinfo
