#pragma once

// Internal to the resolver: FE's one candidate list per node and its matchers (SEMANTICS §8.3).

#include "common/dtype.h"

#include <span>
#include <utility>
#include <vector>

namespace opsinfo {

struct ColumnTable;

// The columns still in the running for one node, in their current order. Every matcher either
// replaces the list and returns true, or finds nothing and returns false; some drop columns even
// then, as FE's do (noted per matcher). `forbidden` is M10's dtype, Undefined for none. The buffers
// are reused node after node: no allocation once they have grown.
class CandidateList
{
public:
    void reset(int columns);
    void assign(const std::vector<int> &columns) { m_list = columns; }
    bool empty() const { return m_list.empty(); }
    int front() const { return m_list.front(); }
    const std::vector<int> &columns() const { return m_list; }

    // EXACT(w) (mt/precise_matcher.cc:20-51, mt/matcher_base.cc:37-69): columns listing w, never F.
    // Drops columns whose list is too short for this tensor even when nothing matches.
    bool exact(const ColumnTable &table, int slot, DType wanted, DType forbidden);
    // RISE(w) (mt/rise_matcher.cc:20-101): EXACT(w); if none and w is fp16 or bf16, the fp32
    // columns. A non-float w is EXACT(w).
    bool rise(const ColumnTable &table, int slot, DType wanted, DType forbidden);
    // LOWER(w) (mt/reduce_matcher.cc:28-92): fp32 -> bf16 then fp16, bf16 -> fp16, fp16 -> nothing,
    // ranked by FE's keys (op_info_util.h:80-84) literally, so a key taken twice drops a column.
    bool lower(const ColumnTable &table, int slot, DType wanted, DType forbidden);
    // LOW_ANY (mt/mix_precision_matcher.cc:21-52): removes the F columns whatever follows, then
    // keeps the fp16 and bf16 ones.
    bool lowAny(const ColumnTable &table, int slot, DType forbidden);
    // M12's tables (ds/table_select_base.cc:43-55): EXACT on each dtype in turn, nothing forbidden.
    // Returns the dtype that matched, Undefined when none did.
    DType firstOf(const ColumnTable &table, int slot, std::span<const DType> wanted);

    // Whether the last matcher skipped a column because of its forbidden dtype (M10 in the rules).
    bool forbiddenMattered() const { return m_forbiddenHit; }

private:
    bool keep(); // swaps in m_scratch when it holds columns
    bool rankedLower(const ColumnTable &table, int slot, DType forbidden);

    std::vector<int> m_list;
    std::vector<int> m_scratch;
    std::vector<std::pair<int, int>> m_keyed; // (FE's priority key, column), sorted by key
    bool m_forbiddenHit = false;
};

} // namespace opsinfo
