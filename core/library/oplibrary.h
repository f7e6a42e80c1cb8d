#pragma once

#include "common/diagnostic.h"
#include "common/hashindex.h"
#include "library/cubeops.h"
#include "library/opentry.h"

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace opsinfo {

// Where a library file comes from (L3): custom paths first, then vendors, then built-in.
struct LibraryStore
{
    enum class Kind { Custom, Vendor, BuiltIn };
    std::string name; // "built-in", vendor name, or the custom path
    std::string path; // the folder (or file) it was opened from
    Kind kind = Kind::BuiltIn;
};

// What makes the compiler refuse the store(s) a library was read from (L4, L6 and every other
// loader error): FE does not start with it. The library still holds every entry that could be read,
// so it can be shown, edited and repaired; predictions from it say that it is not in force.
struct StoreRefusal
{
    std::size_t problems = 0; // errors found while loading
    SourceLocation first; // where the first of them is

    bool refused() const { return problems != 0; }
};

struct LibraryFile
{
    std::string path;
    int storeIndex = 0;
    std::size_t opCount = 0;
};

// The merged view of one or more ops-info stores: per op type the winning entry (L2 inside a store,
// L3 across stores) and the entries it shadows. Immutable once built; edits go through the
// library document, which rebuilds or patches entries.
class OpLibrary
{
public:
    OpLibrary() = default;

    // Builds the merged view. `entries` are in load order: stores by priority (highest first), and
    // within a store files in L2 order. A later file of the same store replaces an earlier one's
    // entry as a whole (L2); a higher-priority store wins over a lower one (L3).
    static OpLibrary build(std::vector<LibraryStore> stores, std::vector<LibraryFile> files,
                           std::vector<OpEntry> entriesInLoadOrder,
                           CubeOpList cubeOps = CubeOpList::defaults());

    // build() for what one canonical file gives: entries already sorted by type with no type twice
    // (so nothing is shadowed). Skips the winner map, the sort and the moves; anything else goes
    // to build(), so the result is always build()'s. `ascendingTypeHashes`, when it has one
    // opTypeHash per entry, says the reader found the types strictly ascending: then neither the
    // order nor the hashes are taken from the entries again. Defined in oplibrarysorted.cpp.
    static OpLibrary buildSorted(std::vector<LibraryStore> stores, std::vector<LibraryFile> files,
                                 std::vector<OpEntry> entriesInLoadOrder,
                                 const std::vector<std::uint32_t> &ascendingTypeHashes = {},
                                 CubeOpList cubeOps = CubeOpList::defaults());

    const std::vector<LibraryStore> &stores() const { return m_stores; }
    const std::vector<LibraryFile> &files() const { return m_files; }

    // Winning entries, sorted by op type.
    const std::vector<OpEntry> &ops() const { return m_ops; }
    const OpEntry *find(std::string_view type) const;
    // Entries that lost to the winner for this type (L2/L3), most recently shadowed first.
    std::vector<const OpEntry *> shadowed(std::string_view type) const;
    const std::vector<OpEntry> &allShadowed() const { return m_shadowed; }

    const CubeOpList &cubeOps() const { return m_cubeOps; }
    void setCubeOps(CubeOpList cubeOps) { m_cubeOps = std::move(cubeOps); }
    bool isCube(std::string_view type) const { return m_cubeOps.contains(type); }

    const StoreRefusal &refusal() const { return m_refusal; }
    void setRefusal(StoreRefusal refusal) { m_refusal = std::move(refusal); }

    // Replace the policy of a winning entry in the merged view (the document does the file edit).
    void setPolicy(std::string_view type, Policy policy);

private:
    std::vector<LibraryStore> m_stores;
    std::vector<LibraryFile> m_files;
    std::vector<OpEntry> m_ops;
    std::vector<OpEntry> m_shadowed;
    // Position in m_ops + 1 by type: no copy of the types, and copied with m_ops as it is.
    HashIndex m_index;

    // typeHashes: opTypeHash of each of m_ops when the reader has them; empty: taken here
    void indexOps(std::span<const std::uint32_t> typeHashes = {});
    std::size_t positionOf(std::string_view type) const; // 0: none
    CubeOpList m_cubeOps = CubeOpList::defaults();
    StoreRefusal m_refusal;
};

} // namespace opsinfo
