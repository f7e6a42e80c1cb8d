#include "library/oplibrary.h"

#include <algorithm>

namespace opsinfo {

OpLibrary OpLibrary::buildSorted(std::vector<LibraryStore> stores, std::vector<LibraryFile> files,
                                 std::vector<OpEntry> entries,
                                 const std::vector<std::uint32_t> &ascendingTypeHashes,
                                 CubeOpList cubeOps)
{
    const bool known = ascendingTypeHashes.size() == entries.size();
    const bool ascending = known
        || std::adjacent_find(entries.begin(), entries.end(),
                              [](const OpEntry &a, const OpEntry &b) { return !(a.type < b.type); })
            == entries.end();
    if (!ascending)
        return build(std::move(stores), std::move(files), std::move(entries), std::move(cubeOps));
    OpLibrary lib;
    lib.m_stores = std::move(stores);
    lib.m_files = std::move(files);
    lib.m_cubeOps = std::move(cubeOps);
    lib.m_ops = std::move(entries); // every entry wins: sorted, none shadowed
    lib.indexOps(known ? std::span<const std::uint32_t>(ascendingTypeHashes)
                       : std::span<const std::uint32_t>());
    return lib;
}

} // namespace opsinfo
