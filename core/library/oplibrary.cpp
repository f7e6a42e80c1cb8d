#include "library/oplibrary.h"

#include <algorithm>

namespace opsinfo {

OpLibrary OpLibrary::build(std::vector<LibraryStore> stores, std::vector<LibraryFile> files,
                           std::vector<OpEntry> entries, CubeOpList cubeOps)
{
    OpLibrary lib;
    lib.m_stores = std::move(stores);
    lib.m_files = std::move(files);
    lib.m_cubeOps = std::move(cubeOps);

    auto storeOf = [&lib](const OpEntry &e) {
        return e.fileIndex >= 0 && std::size_t(e.fileIndex) < lib.m_files.size()
            ? lib.m_files[std::size_t(e.fileIndex)].storeIndex
            : 0;
    };

    // winner per type: within a store the last file wins, across stores the first store wins.
    std::unordered_map<std::string, std::size_t> winner;
    std::vector<bool> isWinner(entries.size(), false);
    for (std::size_t i = 0; i < entries.size(); ++i) {
        auto [it, inserted] = winner.try_emplace(entries[i].type, i);
        if (inserted)
            continue;
        if (storeOf(entries[it->second]) == storeOf(entries[i]))
            it->second = i;
    }
    for (const auto &[type, i] : winner)
        isWinner[i] = true;
    for (std::size_t i = 0; i < entries.size(); ++i) {
        if (isWinner[i])
            lib.m_ops.push_back(std::move(entries[i]));
        else
            lib.m_shadowed.push_back(std::move(entries[i]));
    }
    std::sort(lib.m_ops.begin(), lib.m_ops.end(),
              [](const OpEntry &a, const OpEntry &b) { return a.type < b.type; });
    // Most recently shadowed first: reverse load order.
    std::reverse(lib.m_shadowed.begin(), lib.m_shadowed.end());
    lib.indexOps();
    return lib;
}

void OpLibrary::indexOps(std::span<const std::uint32_t> typeHashes)
{
    m_index = HashIndex();
    m_index.reserve(m_ops.size());
    for (std::size_t i = 0; i < m_ops.size(); ++i) {
        const std::uint32_t hash = typeHashes.empty() ? opTypeHash(m_ops[i].type) : typeHashes[i];
        const HashIndex::Probe found = m_index.probe(
            hash, [&](std::uint32_t p) { return m_ops[p - 1].type == m_ops[i].type; });
        if (found.position == 0) // the first of equal types, as before
            m_index.insert(found, hash, std::uint32_t(i + 1));
    }
}

std::size_t OpLibrary::positionOf(std::string_view type) const
{
    return m_index
        .probe(opTypeHash(type), [&](std::uint32_t p) { return m_ops[p - 1].type == type; })
        .position;
}

const OpEntry *OpLibrary::find(std::string_view type) const
{
    const std::size_t position = positionOf(type);
    return position == 0 ? nullptr : &m_ops[position - 1];
}

std::vector<const OpEntry *> OpLibrary::shadowed(std::string_view type) const
{
    std::vector<const OpEntry *> result;
    for (const OpEntry &e : m_shadowed)
        if (e.type == type)
            result.push_back(&e);
    return result;
}

void OpLibrary::setPolicy(std::string_view type, Policy policy)
{
    const std::size_t position = positionOf(type);
    if (position == 0)
        return;
    OpEntry &e = m_ops[position - 1];
    e.policy = policy;
    e.hasPrecisionReduce = policy != Policy::Gray;
    e.flag = flagForPolicy(policy);
}

} // namespace opsinfo
