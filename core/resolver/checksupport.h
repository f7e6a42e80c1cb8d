#pragma once

// Internal to the resolver: FE's check-support (SEMANTICS M11), whether a node may run on AI Core
// with one store's entry.

#include "common/dtype.h"
#include "common/policy.h"
#include "resolver/precisionmode.h"
#include "resolver/resolution.h"

#include <span>
#include <vector>

namespace opsinfo {

struct ColumnTable;
struct DtypeRestriction;

struct SupportQuery
{
    const ColumnTable *table = nullptr;
    std::span<const DType> inputs; // the node's graph dtypes
    std::span<const DType> outputs;
    PrecisionMode mode = PrecisionMode::ForceFp16;
    Policy policy = Policy::Gray; // the entry's colour after the mixlist
    bool keepDtype = false; // M8: no lowering
    bool cast = false; // M9: a column must equal every tensor's dtype
    const DtypeRestriction *customize = nullptr;
};

struct SupportVerdict
{
    bool supported = false;
    EngineReason reason = EngineReason::Supported;
    int tensor = -1; // RejectedTensor: inputs first, then outputs
};

// M11 for one entry (SOS:113-284, 1154-1302; KIS:494-506). With a customize entry, `agreeing`
// receives the columns that agree with every listed dtype (M8's starting list, J:610-672).
SupportVerdict checkSupport(const SupportQuery &query, std::vector<int> &agreeing);

// The columns agreeing with a customize_dtypes entry, in column order; `constrains` tells whether
// any listed dtype applied to a tensor the entry has (FE's judge fails on an entry that does not).
void customizeColumns(const ColumnTable &table, const DtypeRestriction &restriction,
                      std::vector<int> &agreeing, bool *constrains = nullptr);

} // namespace opsinfo
