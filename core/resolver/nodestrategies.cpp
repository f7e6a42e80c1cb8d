// The per-tensor strategies of SEMANTICS §8.4 and the gray rule's producer look-ups (G1-G6).

#include "resolver/nodedecider.h"

#include "common/coretext.h"
#include "graph/graph.h"

#include <array>

namespace opsinfo {

namespace {

bool isLowOrFp32(DType d)
{
    return d == DType::Float32 || d == DType::Float16 || d == DType::BFloat16;
}

} // namespace

DType NodeDecider::forbiddenFor(DType graph) const
{
    switch (m_mode) {
    case PrecisionMode::ForceFp16:
    case PrecisionMode::CubeFp16InFp32Out:
        return DType::BFloat16;
    case PrecisionMode::AllowFp32ToFp16:
    case PrecisionMode::AllowMixPrecisionFp16:
        return graph == DType::BFloat16 ? DType::Undefined : DType::BFloat16;
    case PrecisionMode::AllowFp32ToBf16:
    case PrecisionMode::AllowMixPrecisionBf16:
        return graph == DType::Float16 ? DType::Undefined : DType::Float16;
    default:
        return DType::Undefined;
    }
}

void NodeDecider::matchModeStrategy(const Tensor &t, DType forbidden, NodeResolution &result)
{
    switch (m_mode) {
    case PrecisionMode::ForceFp16:
        result.rules.add("M1");
        forceFp16(t, forbidden);
        break;
    case PrecisionMode::AllowFp32ToFp16:
        result.rules.add("M2");
        allowFp32ToFp16(t, forbidden, true);
        break;
    case PrecisionMode::CubeFp16InFp32Out:
        result.rules.add("M3");
        forceFp32(t, forbidden, result);
        break;
    case PrecisionMode::MustKeepOriginDtype:
        result.rules.add("M4");
        m_list.rise(*m_table, t.slot, t.graph, DType::Undefined);
        break;
    case PrecisionMode::AllowMixPrecisionFp16:
        result.rules.add("M5");
        mixed(t, DType::Float16, forbidden, result);
        break;
    case PrecisionMode::AllowMixPrecisionBf16:
        result.rules.add("M6");
        mixed(t, DType::BFloat16, forbidden, result);
        break;
    case PrecisionMode::AllowFp32ToBf16:
        result.rules.add("M7");
        allowFp32ToBf16(t, forbidden);
        break;
    case PrecisionMode::CubeHif8:
    case PrecisionMode::MixedHif8:
        result.rules.add("M12");
        hif8Table(t, result);
        break;
    case PrecisionMode::ForceLowerPrecision:
        result.rules.add("M12");
        forceLowerPrecision(t);
        break;
    case PrecisionMode::AllowFp32ToLowPrecision:
        result.rules.add("M12");
        allowFp32ToFp16(t, DType::Undefined, true); // its latch is only read in allow_fp32_to_fp16
        break;
    }
}

// S_F16 (ds/force_fp16.cc:30-53): fp32, bf16 and fp16 want fp16, RISE.
void NodeDecider::forceFp16(const Tensor &t, DType forbidden)
{
    m_list.rise(*m_table, t.slot, isLowOrFp32(t.graph) ? DType::Float16 : t.graph, forbidden);
}

// S_A16 (ds/allow_fp32_to_fp16.cc:24-96): own dtype (a cube op's fp32 wants fp16), RISE, else
// LOWER for fp32/bf16; a lowered fp32 sets the node's latch (SM:244-248).
void NodeDecider::allowFp32ToFp16(const Tensor &t, DType forbidden, bool promote)
{
    DType wanted = t.graph;
    if (wanted == DType::Float32 && promote && !m_keep && m_currentCube)
        wanted = DType::Float16;
    if (m_list.rise(*m_table, t.slot, wanted, forbidden))
        return;
    if (wanted == DType::Float32) {
        // The latch is read only by allow_fp32_to_fp16's own strategy (SM:244-248).
        if (m_list.lower(*m_table, t.slot, wanted, forbidden) && !m_latch
            && m_reading == Reading::Mode && m_mode == PrecisionMode::AllowFp32ToFp16) {
            m_latch = true;
            if (m_options.explanations)
                addNote(
                    t.input ? CoreText::tr(
                        "input %1 is lowered from fp32: the tensors after it follow force_fp16 (M2 latch)",
                        t.k)
                            : CoreText::tr(
                                "output %1 is lowered from fp32: the tensors after it follow force_fp16 (M2 latch)",
                                t.k));
        }
    } else if (wanted == DType::BFloat16) {
        m_list.lower(*m_table, t.slot, wanted, forbidden);
    }
}

// S_ABF16 (ds/allow_fp32_to_bf16.cc:23-87): own dtype, RISE, else LOWER for fp32/bf16.
void NodeDecider::allowFp32ToBf16(const Tensor &t, DType forbidden)
{
    if (!m_list.rise(*m_table, t.slot, t.graph, forbidden)
        && (t.graph == DType::Float32 || t.graph == DType::BFloat16))
        m_list.lower(*m_table, t.slot, t.graph, forbidden);
}

// S_F32 (ds/force_fp32.cc:26-92): a cube op's float input 0 wants fp16 when some column has
// (fp16 in, fp32 out); every other fp16/bf16 tensor wants fp32. RISE, else LOWER.
void NodeDecider::forceFp32(const Tensor &t, DType forbidden, NodeResolution &)
{
    DType wanted = t.graph;
    if (t.input && t.k == 0 && m_currentCube && isLowOrFp32(t.graph) && m_table->fp16InFp32Out)
        wanted = DType::Float16;
    else if (t.graph == DType::Float16 || t.graph == DType::BFloat16)
        wanted = DType::Float32;
    if (!m_list.rise(*m_table, t.slot, wanted, forbidden))
        m_list.lower(*m_table, t.slot, wanted, forbidden);
}

// S_MIX (ds/allow_mix_precision_base.cc:93-252) by the effective colour.
void NodeDecider::mixed(const Tensor &t, DType low, DType forbidden, NodeResolution &result)
{
    switch (m_policy) {
    case Policy::Black:
        if (!m_list.rise(*m_table, t.slot, t.graph, forbidden)) {
            result.status = ResolutionStatus::Error; // RunForOpInBlackList returns FAILED
            if (m_options.explanations)
                addNote(t.input
                            ? CoreText::tr(
                                "BLACK op cannot keep or raise input %1 (%2): FE's judge fails",
                                t.k, dtypeName(t.graph))
                            : CoreText::tr(
                                "BLACK op cannot keep or raise output %1 (%2): FE's judge fails",
                                t.k, dtypeName(t.graph)));
        }
        return;
    case Policy::White:
        if (!isLowOrFp32(t.graph)) {
            m_list.rise(*m_table, t.slot, t.graph, DType::Undefined);
        } else if (!m_list.lowAny(*m_table, t.slot, forbidden)
                   && result.status == ResolutionStatus::Ok) {
            result.status = ResolutionStatus::Warning; // FE warns and keeps the other columns
            if (m_options.explanations)
                addNote(CoreText::tr(
                    "WHITE op has no fp16 or bf16 column: keeps its other columns (%1)",
                    low == DType::BFloat16 ? "M6" : "M5"));
        }
        return;
    case Policy::Gray:
        grayTensor(t, low, forbidden, result);
        return;
    }
}

void NodeDecider::grayTensor(const Tensor &t, DType low, DType forbidden, NodeResolution &result)
{
    if (m_options.grayRule
        == GrayRule::Previous) { // G6: the first non-constant producer decides all
        const DType previous = previousOpDtype(m_plan.nodes[std::size_t(m_current)], low, result);
        if (previous != DType::Undefined) {
            if (!m_list.rise(*m_table, t.slot, previous, forbidden))
                m_list.lower(*m_table, t.slot, previous, forbidden);
            return;
        }
    } else if (t.input) {
        const std::uint32_t flat
            = m_plan.nodes[std::size_t(m_current)].inBegin + std::uint32_t(t.k);
        bool through = false;
        int source = -1;
        const DType wanted = producerDtype(int(flat), low, &through, &source);
        if (wanted != DType::Undefined) { // G1, G3: the producer's decided dtype, RISE else LOWER
            followProducer(source, t.k, result);
            result.rules.add("G1");
            result.rules.add("G3");
            if (through)
                result.rules.add("G2");
            const int p = m_plan.inputProducer[flat];
            if (result.decidingInput < 0 && !(m_plan.nodes[std::size_t(p)].flags & FlagConstant))
                result.decidingInput = t.k;
            if (!m_list.rise(*m_table, t.slot, wanted, forbidden))
                m_list.lower(*m_table, t.slot, wanted, forbidden);
            return;
        }
    }
    // G4: outputs and unfed inputs, on their own dtype: M2 (cube promotion, no latch) or M7.
    result.rules.add("G4");
    if (low == DType::BFloat16)
        allowFp32ToBf16(t, forbidden);
    else
        allowFp32ToFp16(t, forbidden, true);
}

void NodeDecider::followProducer(int source, int input, NodeResolution &result)
{
    if (source < 0 || !m_approximate[std::size_t(source)] || result.approximate)
        return;
    result.approximate = true;
    if (m_options.explanations)
        addNote(CoreText::tr("input %1 follows '%2', whose dtype is not known: approximate", input,
                             m_plan.nodes[std::size_t(source)].node->name));
}

DType NodeDecider::producerDtype(int flatInput, DType low, bool *lookedThrough, int *source) const
{
    const int p = m_plan.inputProducer[std::size_t(flatInput)];
    if (source)
        *source = p;
    if (p < 0)
        return DType::Undefined;
    const DType d = outputDtypes[m_plan.inputProducerOutput[std::size_t(flatInput)]];
    const PlanNode &prod = m_plan.nodes[std::size_t(p)];
    // G2 (ds/allow_mix_precision_base.cc:30-64): a Cast in the library, not BLACK, whose decided
    // input is the low type and whose output is fp32 or the other low type: one Cast deep.
    if (low == DType::Undefined || !(prod.flags & FlagCast) || prod.table < 0 || prod.inCount == 0
        || m_policyByType[std::size_t(prod.typeId)] == Policy::Black)
        return d;
    const DType in = inputDtypes[prod.inBegin];
    const DType other = low == DType::BFloat16 ? DType::Float16 : DType::BFloat16;
    const int before = m_plan.inputProducer[prod.inBegin];
    if (in != low || (d != DType::Float32 && d != other) || before < 0)
        return d;
    if (lookedThrough)
        *lookedThrough = true;
    if (source)
        *source = before;
    return outputDtypes[m_plan.inputProducerOutput[prod.inBegin]];
}

DType NodeDecider::previousOpDtype(const PlanNode &node, DType low, NodeResolution &result)
{
    for (int k = 0; k < int(node.inCount); ++k) {
        const int p = m_plan.inputProducer[node.inBegin + std::uint32_t(k)];
        if (p < 0 || (m_plan.nodes[std::size_t(p)].flags & FlagConstant))
            continue;
        bool through = false;
        int source = -1;
        const DType d = producerDtype(int(node.inBegin) + k, low, &through, &source);
        if (through)
            result.rules.add("G2");
        if (!isLowOrFp32(d))
            return DType::Undefined;
        followProducer(source, k, result);
        if (result.decidingInput < 0)
            result.decidingInput = k;
        return d;
    }
    return DType::Undefined;
}

bool NodeDecider::followsGrayRule() const
{
    return m_policy == Policy::Gray && (m_reading == Reading::Gray || m_reading == Reading::NullOp);
}

void NodeDecider::checkAmbiguity(const PlanNode &node, NodeResolution &result) const
{
    const DType low = m_reading == Reading::NullOp || !isMixedMode(m_mode) ? DType::Float16
        : m_mode == PrecisionMode::AllowMixPrecisionBf16                   ? DType::BFloat16
                                                                           : DType::Float16;
    DType first = DType::Undefined;
    for (int k = 0; k < int(node.inCount); ++k) {
        const int p = m_plan.inputProducer[node.inBegin + std::uint32_t(k)];
        if (p < 0 || (m_plan.nodes[std::size_t(p)].flags & FlagConstant))
            continue;
        const DType d = producerDtype(int(node.inBegin) + k, low, nullptr);
        if (!isLowOrFp32(d))
            continue;
        if (first == DType::Undefined) {
            first = d;
        } else if (d != first) {
            result.ambiguous = true;
            result.rules.add("G6");
            return;
        }
    }
}

// M12 (ds/table_select_map.h:23-54, ds/cube_hif8.cc:28-34, ds/mixed_hif8.cc:37-106): a list of
// dtypes tried EXACT in turn.
void NodeDecider::hif8Table(const Tensor &t, NodeResolution &result)
{
    const DType h8 = DType::HiFloat8, f16 = DType::Float16, bf = DType::BFloat16,
                f32 = DType::Float32;
    std::array<DType, 3> list {t.graph, DType::Undefined, DType::Undefined};
    std::size_t size = 1;
    auto white = [&](DType o) {
        if (o == h8 || o == f16 || o == f32)
            list = {h8, f16, f32}, size = 3;
        else if (o == bf)
            list = {h8, bf, f32}, size = 3;
    };
    auto black = [&](DType o) {
        if (o == bf || o == f16)
            list = {o, f32, DType::Undefined}, size = 2;
        else if (o == f32)
            list = {f32, DType::Undefined, DType::Undefined}, size = 1;
    };
    const bool mixedHif8 = m_mode == PrecisionMode::MixedHif8;
    const bool whiteTable = mixedHif8 ? m_policy == Policy::White : bool(m_currentCube);
    if (whiteTable) {
        white(t.graph);
    } else if (!mixedHif8 || m_policy == Policy::Black || !t.input
               || m_plan.inputProducer[m_plan.nodes[std::size_t(m_current)].inBegin
                                       + std::uint32_t(t.k)]
                   < 0) {
        black(t.graph);
    } else { // mixed_hif8 GRAY input: by the producer's decided dtype, no Cast look-through
        const std::uint32_t flat
            = m_plan.nodes[std::size_t(m_current)].inBegin + std::uint32_t(t.k);
        int source = -1;
        const DType p = producerDtype(int(flat), DType::Undefined, nullptr, &source);
        followProducer(source, t.k, result);
        list = {p, DType::Undefined, DType::Undefined};
        size = 1;
        if (p == h8)
            list = {h8, t.graph == bf ? bf : f16, f32}, size = 3;
        else if (p == bf || p == f16)
            list = {p, f32, DType::Undefined}, size = 2;
    }
    m_list.firstOf(*m_table, t.slot, std::span<const DType>(list.data(), size));
}

// M12 (ds/force_lowerprecision.cc:46-69): fp32/bf16 want bf16 exactly, else fp16 RISE; fp16 RISE.
void NodeDecider::forceLowerPrecision(const Tensor &t)
{
    if (!isLowOrFp32(t.graph)) {
        m_list.rise(*m_table, t.slot, t.graph, DType::Undefined);
        return;
    }
    const DType wanted = t.graph == DType::Float32 ? DType::BFloat16 : t.graph;
    if (m_list.exact(*m_table, t.slot, wanted, DType::Undefined))
        return;
    m_list.rise(*m_table, t.slot, wanted == DType::BFloat16 ? DType::Float16 : wanted,
                DType::Undefined);
}

} // namespace opsinfo
