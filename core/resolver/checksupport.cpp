#include "resolver/checksupport.h"

#include "mixlist/dtypeoverrides.h"
#include "resolver/resolverplan.h"

namespace opsinfo {

namespace {

bool isFp16Mixed(PrecisionMode m)
{
    return m == PrecisionMode::AllowMixPrecisionFp16;
}
bool isBf16Mixed(PrecisionMode m)
{
    return m == PrecisionMode::AllowMixPrecisionBf16;
}

// SOS:130-156: which lowerings the mode permits. hif8 and internal modes permit both.
bool mayLowerToFp16(PrecisionMode mode, bool black)
{
    if ((mode == PrecisionMode::CubeFp16InFp32Out || isFp16Mixed(mode)) && black)
        return false;
    return mode != PrecisionMode::AllowFp32ToBf16 && !isBf16Mixed(mode);
}

bool mayLowerToBf16(PrecisionMode mode, bool black)
{
    if ((mode == PrecisionMode::CubeFp16InFp32Out || isBf16Mixed(mode)) && black)
        return false;
    return mode != PrecisionMode::AllowFp32ToFp16 && !isFp16Mixed(mode);
}

// SOS:158-182: may a tensor of graph dtype `d` run in the listed dtype `s`?
bool acceptable(DType d, DType s, const SupportQuery &q)
{
    if (d == s)
        return true;
    if ((d == DType::Float16 || d == DType::BFloat16) && s == DType::Float32)
        return true; // raising precision is always allowed
    if (q.keepDtype || q.mode == PrecisionMode::MustKeepOriginDtype)
        return false;
    const bool black = q.policy == Policy::Black;
    if (s == DType::Float16 && (d == DType::Float32 || d == DType::BFloat16))
        return mayLowerToFp16(q.mode, black);
    if (s == DType::BFloat16 && d == DType::Float32)
        return mayLowerToBf16(q.mode, black);
    return false; // fp16 -> bf16 and int <-> float never
}

// Each tensor alone (not column-wise) needs one acceptable listed dtype (SOS:244-284).
int firstUnsupportedTensor(const SupportQuery &q)
{
    const ColumnTable &t = *q.table;
    auto fits = [&](int slot, DType d) {
        if (d == DType::Undefined || t.unlisted(slot, d))
            return true; // nothing to check against (unknown dtype, or an unlisted tensor)
        for (int c = 0; c < t.columns; ++c) {
            const DType s = t.cell(c, slot);
            if (s != DType::Undefined && acceptable(d, s, q))
                return true;
        }
        return false;
    };
    for (std::size_t k = 0; k < q.inputs.size(); ++k)
        if (!fits(t.inputSlot(int(k)), q.inputs[k]))
            return int(k);
    for (std::size_t k = 0; k < q.outputs.size(); ++k)
        if (!fits(t.outputSlot(int(k)), q.outputs[k]))
            return int(q.inputs.size() + k);
    return -1;
}

// KIS:494-506, SOS:906-948: a Cast is checked accurately, one column equal to all its tensors.
bool castColumnExists(const SupportQuery &q)
{
    const ColumnTable &t = *q.table;
    for (int c = 0; c < t.columns; ++c) {
        bool all = true;
        for (std::size_t k = 0; k < q.inputs.size() && all; ++k) {
            const int slot = t.inputSlot(int(k));
            all = slot >= 0 && t.cell(c, slot) == q.inputs[k];
        }
        for (std::size_t k = 0; k < q.outputs.size() && all; ++k) {
            const int slot = t.outputSlot(int(k));
            all = slot >= 0 && t.cell(c, slot) == q.outputs[k];
        }
        if (all)
            return true;
    }
    return false;
}

} // namespace

void customizeColumns(const ColumnTable &table, const DtypeRestriction &restriction,
                      std::vector<int> &agreeing, bool *constrains)
{
    agreeing.clear();
    bool any = false;
    for (int c = 0; c < table.columns; ++c) {
        bool ok = true;
        auto check = [&](const std::vector<std::optional<DType>> &listed, bool inputs) {
            for (std::size_t k = 0; k < listed.size() && ok; ++k) {
                if (!listed[k])
                    continue;
                const int slot = inputs ? (int(k) < table.inputs ? int(k) : -1)
                                        : (int(k) < table.outputs ? table.inputs + int(k) : -1);
                if (slot < 0 || table.listsNoDtypes[std::size_t(slot)])
                    continue; // the entry has no such tensor (J:649-657): no constraint
                any = true;
                ok = table.cell(c, slot) == *listed[k];
            }
        };
        check(restriction.inputs, true);
        check(restriction.outputs, false);
        if (ok)
            agreeing.push_back(c);
    }
    if (constrains)
        *constrains = any;
}

SupportVerdict checkSupport(const SupportQuery &q, std::vector<int> &agreeing)
{
    SupportVerdict verdict;
    bool dtypeTestSkipped = false;
    if (q.customize) {
        customizeColumns(*q.table, *q.customize, agreeing);
        if (agreeing.empty()) {
            verdict.reason = EngineReason::RejectedCustomize;
            return verdict;
        }
        dtypeTestSkipped = true; // SOS:662-681: is_force_dtype_support
    }
    if (q.cast) {
        if (!castColumnExists(q)) {
            verdict.reason = EngineReason::RejectedCast;
            return verdict;
        }
    } else if (!dtypeTestSkipped) {
        verdict.tensor = firstUnsupportedTensor(q);
        if (verdict.tensor >= 0) {
            verdict.reason = EngineReason::RejectedTensor;
            return verdict;
        }
    }
    verdict.supported = true;
    verdict.reason = dtypeTestSkipped ? EngineReason::CustomizeSupported : EngineReason::Supported;
    return verdict;
}

} // namespace opsinfo
