#include "resolver/candidates.h"

#include "resolver/resolverplan.h"

#include <algorithm>

namespace opsinfo {

namespace {

// FE's DATATYPE_PRIORITY_MAP_AMPLIFIED (inc/common/util/op_info_util.h:80-84): only these three
// dtypes take part in rising and lowering; any other wanted dtype is matched exactly.
int priorityKey(DType d)
{
    switch (d) {
    case DType::Float32:
        return 100000;
    case DType::BFloat16:
        return 200000;
    case DType::Float16:
        return 200001;
    default:
        return -1;
    }
}

} // namespace

void CandidateList::reset(int columns)
{
    m_list.resize(std::size_t(columns));
    for (int c = 0; c < columns; ++c)
        m_list[std::size_t(c)] = c;
}

bool CandidateList::keep()
{
    if (m_scratch.empty())
        return false;
    m_list.swap(m_scratch);
    return true;
}

bool CandidateList::exact(const ColumnTable &table, int slot, DType wanted, DType forbidden)
{
    m_forbiddenHit = false;
    m_scratch.clear();
    std::size_t kept = 0;
    for (int c : m_list) {
        const DType d = table.cell(c, slot);
        if (d == DType::Undefined)
            continue; // out of this tensor's range: FE erases it from the list
        m_list[kept++] = c;
        if (d == wanted) {
            if (d == forbidden)
                m_forbiddenHit = true;
            else
                m_scratch.push_back(c);
        }
    }
    m_list.resize(kept);
    return keep();
}

bool CandidateList::rise(const ColumnTable &table, int slot, DType wanted, DType forbidden)
{
    if (priorityKey(wanted) < 0)
        return exact(table, slot, wanted, forbidden);
    m_forbiddenHit = false;
    m_scratch.clear();
    bool exactFound = false;
    for (int c : m_list) {
        const DType d = table.cell(c, slot);
        if (priorityKey(d) < 0)
            continue;
        if (d == forbidden) {
            m_forbiddenHit = m_forbiddenHit || d == wanted || d == DType::Float32;
            continue;
        }
        if (d == wanted) {
            if (!exactFound)
                m_scratch.clear(); // the raised columns found so far give way
            exactFound = true;
            m_scratch.push_back(c);
        } else if (!exactFound && d == DType::Float32 && wanted != DType::Float32) {
            m_scratch.push_back(c); // same family, higher precision: fp16/bf16 -> fp32
        }
    }
    return keep();
}

bool CandidateList::lower(const ColumnTable &table, int slot, DType wanted, DType forbidden)
{
    if (priorityKey(wanted) < 0)
        return exact(table, slot, wanted, forbidden);
    if (wanted == DType::Float16) {
        m_forbiddenHit = false;
        return false; // nothing lies below fp16
    }
    if (wanted == DType::BFloat16) {
        m_forbiddenHit = false;
        m_scratch.clear();
        for (int c : m_list) {
            if (table.cell(c, slot) != DType::Float16)
                continue;
            if (forbidden == DType::Float16)
                m_forbiddenHit = true;
            else
                m_scratch.push_back(c);
        }
        return keep();
    }
    return rankedLower(table, slot, forbidden);
}

// w = fp32: bf16 columns rank 100000, fp16 ones 100001; a key already taken is raised by an
// increment that grows by one each time, and a column whose raised key is taken as well is lost.
bool CandidateList::rankedLower(const ColumnTable &table, int slot, DType forbidden)
{
    m_forbiddenHit = false;
    m_keyed.clear();
    int increment = 1;
    auto taken = [this](int key) {
        return std::any_of(m_keyed.begin(), m_keyed.end(),
                           [key](const auto &k) { return k.first == key; });
    };
    for (int c : m_list) {
        const DType d = table.cell(c, slot);
        if (d != DType::BFloat16 && d != DType::Float16)
            continue;
        if (d == forbidden) {
            m_forbiddenHit = true;
            continue;
        }
        int key = priorityKey(d) - priorityKey(DType::Float32);
        if (taken(key))
            key += increment++;
        if (!taken(key))
            m_keyed.emplace_back(key, c);
    }
    if (m_keyed.empty())
        return false;
    std::sort(m_keyed.begin(), m_keyed.end());
    m_list.clear();
    for (const auto &k : m_keyed)
        m_list.push_back(k.second);
    return true;
}

bool CandidateList::lowAny(const ColumnTable &table, int slot, DType forbidden)
{
    m_forbiddenHit = false;
    m_scratch.clear();
    std::size_t kept = 0;
    for (int c : m_list) {
        const DType d = table.cell(c, slot);
        if (d == DType::Undefined)
            continue;
        if (d == forbidden) {
            m_forbiddenHit = true;
            continue; // removed even when no fp16/bf16 column follows
        }
        m_list[kept++] = c;
        if (d == DType::Float16 || d == DType::BFloat16)
            m_scratch.push_back(c);
    }
    m_list.resize(kept);
    return keep();
}

DType CandidateList::firstOf(const ColumnTable &table, int slot, std::span<const DType> wanted)
{
    for (DType w : wanted)
        if (exact(table, slot, w, DType::Undefined))
            return w;
    return DType::Undefined;
}

} // namespace opsinfo
