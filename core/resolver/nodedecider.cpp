#include "resolver/nodedecider.h"

#include "common/coretext.h"
#include "graph/graph.h"
#include "library/oplibrary.h"
#include "mixlist/dtypeoverrides.h"

namespace opsinfo {

namespace {

bool matches(DType cell, DType wanted)
{
    return cell == DType::Undefined || cell == wanted; // Undefined: the tensor lists no dtypes
}

} // namespace

NodeDecider::NodeDecider(const ResolverPlan &plan, PrecisionMode mode, const PolicySource &policies,
                         const ResolveOptions &options)
    : m_plan(plan), m_mode(mode), m_policies(policies), m_options(options),
      m_low(isBf16Mode(mode) ? DType::BFloat16 : DType::Float16)
{
    inputDtypes.assign(plan.inputOriginal.size(), DType::Undefined);
    outputDtypes.assign(plan.totalOutputs, DType::Undefined);
    m_policyByType.reserve(plan.typeNames.size());
    for (const std::string &type : plan.typeNames)
        m_policyByType.push_back(policies.effective ? policies.effective(type) : Policy::Gray);
    m_policyText.resize(plan.typeNames.size());
}

void NodeDecider::keepGraphDtypes(const PlanNode &node)
{
    for (std::uint32_t k = 0; k < node.inCount; ++k)
        inputDtypes[node.inBegin + k] = m_plan.inputOriginal[node.inBegin + k];
    for (std::uint32_t k = 0; k < node.outCount; ++k)
        outputDtypes[node.outBegin + k] = m_plan.outputOriginal[node.outBegin + k];
}

// customize_dtypes (M8): drop columns that disagree with a restricted position, before any mode rule.
void NodeDecider::applyRestriction(const PlanNode &node, const ColumnTable &table, NodeResolution &result)
{
    const DtypeRestriction *restriction
        = m_options.customizeDtypes->find(node.node->name, node.node->opType);
    if (!restriction)
        return;
    result.rules.add("M8");
    m_scratch.clear();
    for (int c : m_candidates) {
        bool ok = true;
        for (std::size_t k = 0; k < restriction->inputs.size() && ok; ++k)
            if (restriction->inputs[k])
                ok = matches(table.cell(c, table.inputSlot(int(k))), *restriction->inputs[k]);
        for (std::size_t k = 0; k < restriction->outputs.size() && ok; ++k)
            if (restriction->outputs[k])
                ok = matches(table.cell(c, table.outputSlot(int(k))), *restriction->outputs[k]);
        if (ok)
            m_scratch.push_back(c);
    }
    if (m_scratch.empty()) {
        result.status = ResolutionStatus::Error;
        if (m_options.explanations)
            addNote(CoreText::tr("customize_dtypes names no column the op supports (M8)"));
        return;
    }
    m_candidates.swap(m_scratch);
    // Restricted tensors are fixed: where the entry lists no dtypes the restriction is the dtype.
    for (std::size_t k = 0; k < restriction->inputs.size() && k < node.inCount; ++k)
        if (restriction->inputs[k])
            m_step[k] = *restriction->inputs[k];
    for (std::size_t k = 0; k < restriction->outputs.size() && k < node.outCount; ++k)
        if (restriction->outputs[k])
            m_step[node.inCount + k] = *restriction->outputs[k];
    if (m_options.explanations)
        addNote(CoreText::tr("customize_dtypes restricts the columns (M8)"));
}

bool NodeDecider::tryExact(int slot, DType dtype, const ColumnTable &table)
{
    if (slot < 0)
        return true;
    m_scratch.clear();
    for (int c : m_candidates)
        if (matches(table.cell(c, slot), dtype))
            m_scratch.push_back(c);
    if (m_scratch.empty())
        return false;
    m_candidates.swap(m_scratch);
    return true;
}

// §8.3: exact, else higher (-> fp32), else lower (fp32 -> bf16 -> fp16; bf16 -> fp16), never the
// forbidden type. Returns the dtype matched, Undefined when the list stays as it was.
DType NodeDecider::narrow(int slot, const Want &want, DType forbidden, const ColumnTable &table)
{
    DType steps[4];
    int n = 0;
    steps[n++] = want.wanted;
    if (want.higher && want.wanted != DType::Float32 && isDecidedFloat(want.wanted))
        steps[n++] = DType::Float32;
    if (want.lower) {
        if (want.wanted == DType::Float32) {
            steps[n++] = DType::BFloat16;
            steps[n++] = DType::Float16;
        } else if (want.wanted == DType::BFloat16) {
            steps[n++] = DType::Float16;
        }
    }
    for (int i = 0; i < n; ++i) {
        if (i > 0 && steps[i] == forbidden)
            continue;
        if (tryExact(slot, steps[i], table))
            return steps[i];
    }
    return DType::Undefined;
}

// The decided dtype of what feeds a flat input, looking through a non-BLACK fp16 -> fp32 Cast (G2).
DType NodeDecider::producerDtype(int flatInput, bool *lookedThrough, int *producer) const
{
    int p = m_plan.inputProducer[std::size_t(flatInput)];
    std::uint32_t out = m_plan.inputProducerOutput[std::size_t(flatInput)];
    if (producer)
        *producer = p;
    if (p < 0)
        return DType::Undefined;
    DType d = outputDtypes[out];
    for (int hops = 0; hops < 16; ++hops) { // bounded: a chain of casts, never a cycle
        const PlanNode &prod = m_plan.nodes[std::size_t(p)];
        if (!(prod.flags & FlagCast) || prod.inCount == 0 || d != DType::Float32
            || m_policyByType[std::size_t(prod.typeId)] == Policy::Black
            || inputDtypes[prod.inBegin] != DType::Float16)
            break;
        const int next = m_plan.inputProducer[prod.inBegin];
        if (next < 0)
            break;
        if (lookedThrough)
            *lookedThrough = true;
        d = outputDtypes[m_plan.inputProducerOutput[prod.inBegin]];
        p = next;
        if (producer)
            *producer = p;
    }
    return d;
}

NodeDecider::Want NodeDecider::wantFor(Family family, const PlanNode &node, int tensor, DType o,
                                       NodeResolution &result)
{
    const bool isInput = tensor < int(node.inCount);
    const bool cube = node.flags & FlagCube;
    switch (family) {
    case Family::Keep:
        return {o, true, true};
    case Family::White:
        return {m_low, true, false};
    case Family::Black:
        return {o, true, false};
    case Family::Gray: {
        if (m_options.grayRule == GrayRule::Previous) {
            // G6: the first non-constant producer decides every float tensor.
            for (int k = 0; k < int(node.inCount); ++k) {
                const int p = m_plan.inputProducer[node.inBegin + std::uint32_t(k)];
                if (p < 0 || (m_plan.nodes[std::size_t(p)].flags & FlagConstant))
                    continue;
                bool through = false;
                const DType d = producerDtype(int(node.inBegin) + k, &through, nullptr);
                if (through)
                    result.rules.add("G2");
                if (isDecidedFloat(d)) {
                    if (result.decidingInput < 0)
                        result.decidingInput = k;
                    return {d, true, true};
                }
                break;
            }
            result.rules.add("G4");
            return {o, true, true};
        }
        if (!isInput) {
            result.rules.add("G4");
            return {o, true, true};
        }
        bool through = false;
        int producer = -1;
        const DType d = producerDtype(int(node.inBegin) + tensor, &through, &producer);
        if (through)
            result.rules.add("G2");
        if (!isDecidedFloat(d)) {
            result.rules.add("G4"); // no producer (or a non-float one): M2 on its own dtype
            return {o, true, true};
        }
        result.rules.add("G1");
        result.rules.add("G3");
        if (result.decidingInput < 0 && !(m_plan.nodes[std::size_t(producer)].flags & FlagConstant))
            result.decidingInput = tensor;
        return {d, true, true};
    }
    case Family::Mode:
        break;
    }
    switch (m_mode) {
    case PrecisionMode::ForceFp16:
        result.rules.add("M1");
        return {DType::Float16, true, false};
    case PrecisionMode::AllowFp32ToFp16:
        result.rules.add("M2");
        return {cube ? DType::Float16 : o, true, true};
    case PrecisionMode::CubeFp16InFp32Out:
    case PrecisionMode::CubeHif8:
        result.rules.add("M3");
        if (cube && m_pairIn != DType::Undefined)
            return {isInput ? m_pairIn : m_pairOut, true, true};
        return {DType::Float32, false, true};
    case PrecisionMode::MustKeepOriginDtype:
        result.rules.add("M4");
        return {o, true, false};
    case PrecisionMode::AllowFp32ToBf16:
        result.rules.add("M7");
        return {o, true, true};
    default:
        return {o, true, true}; // mixed modes never reach here (families White/Black/Gray)
    }
}

// M3 cube rule: (input0, output0) pairs in the order (fp16, fp32), (fp32, fp32), (fp16, fp16).
bool NodeDecider::cubePairStep(const PlanNode &node, const ColumnTable &table, NodeResolution &result)
{
    static constexpr DType pairs[3][2] = {{DType::Float16, DType::Float32},
                                          {DType::Float32, DType::Float32},
                                          {DType::Float16, DType::Float16}};
    const int in = table.inputSlot(0);
    const int out = table.outputSlot(0);
    for (const auto &pair : pairs) {
        m_scratch.clear();
        for (int c : m_candidates)
            if ((in < 0 || matches(table.cell(c, in), pair[0]))
                && (out < 0 || matches(table.cell(c, out), pair[1])))
                m_scratch.push_back(c);
        if (!m_scratch.empty()) {
            m_candidates.swap(m_scratch);
            m_pairIn = pair[0];
            m_pairOut = pair[1];
            result.rules.add("M3");
            if (node.inCount > 0)
                m_step[0] = pair[0];
            if (node.outCount > 0)
                m_step[node.inCount] = pair[1];
            return true;
        }
    }
    result.status = ResolutionStatus::Error;
    result.rules.add("M3");
    if (m_options.explanations)
        addNote(CoreText::tr(
            "cube op has none of the columns (fp16 in, fp32 out), (fp32, fp32), (fp16, fp16): the compiler reports an error (M3)"));
    return false;
}

void NodeDecider::aicpuFallback(const PlanNode &node)
{
    for (std::uint32_t k = 0; k < node.inCount; ++k) {
        const DType o = m_plan.inputOriginal[node.inBegin + k];
        inputDtypes[node.inBegin + k] = isDecidedFloat(o) ? DType::Float32 : o;
    }
    for (std::uint32_t k = 0; k < node.outCount; ++k) {
        const DType o = m_plan.outputOriginal[node.outBegin + k];
        outputDtypes[node.outBegin + k] = isDecidedFloat(o) ? DType::Float32 : o;
    }
}

void NodeDecider::checkAmbiguity(const PlanNode &node, NodeResolution &result) const
{
    DType first = DType::Undefined;
    for (int k = 0; k < int(node.inCount); ++k) {
        const int p = m_plan.inputProducer[node.inBegin + std::uint32_t(k)];
        if (p < 0 || (m_plan.nodes[std::size_t(p)].flags & FlagConstant))
            continue;
        const DType d = producerDtype(int(node.inBegin) + k, nullptr, nullptr);
        if (!isDecidedFloat(d))
            continue;
        if (first == DType::Undefined)
            first = d;
        else if (d != first) {
            result.ambiguous = true;
            result.rules.add("G6");
            return;
        }
    }
}

} // namespace opsinfo
