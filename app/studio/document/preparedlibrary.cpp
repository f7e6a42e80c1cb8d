#include "studio/document/preparedlibrary.h"

#include "library/oplibrary.h"
#include "mixlist/mixlist.h"

namespace opsinfo {

PreparedLibrary PreparedLibrary::build(const OpLibrary &library, const Mixlist &mixlist,
                                       const std::string &mixlistPath)
{
    PreparedLibrary prepared;
    prepared.original.reserve(library.ops().size());
    prepared.opTypes.reserve(qsizetype(library.ops().size()));
    for (const OpEntry &e : library.ops()) {
        prepared.original.emplace(e.type, e.policy);
        prepared.opTypes.append(QString::fromStdString(e.type));
    }
    prepared.policies
        = PolicyTable::compute(library, mixlist.empty() ? nullptr : &mixlist, mixlistPath);
    prepared.rows = LibraryRows::build(library, prepared.policies);
    return prepared;
}

} // namespace opsinfo
