// NodeDecider::decide: the §8 walk over one node's tensors, and its explanation.

#include "resolver/nodedecider.h"

#include "common/coretext.h"
#include "graph/graph.h"
#include "library/oplibrary.h"
#include "mixlist/dtypeoverrides.h"
#include "mixlist/oppolicy.h"

namespace opsinfo {

void NodeDecider::decide(int index, NodeResolution &result)
{
    const PlanNode &node = m_plan.nodes[std::size_t(index)];
    result.policy = m_policyByType[std::size_t(node.typeId)];
    result.inLibrary = node.table >= 0;
    if (node.table < 0 || (node.flags & FlagBoundary)) {
        keepGraphDtypes(node);
        result.inputs.assign(inputDtypes.begin() + node.inBegin,
                             inputDtypes.begin() + node.inBegin + node.inCount);
        result.outputs.assign(outputDtypes.begin() + node.outBegin,
                              outputDtypes.begin() + node.outBegin + node.outCount);
        result.dtype = nodeDtype(result.inputs, result.outputs);
        if (m_options.explanations)
            result.explanation = node.table < 0
                ? CoreText::tr(
                    "'%1' is not in the library: not decided, keeps the graph's dtypes (§8.1)",
                    node.node->opType)
                : CoreText::tr("%1 is never decided: keeps the graph's dtypes (§8.1)",
                               node.node->opType);
        return;
    }
    const ColumnTable &table = m_plan.tables[std::size_t(node.table)];
    result.decided = true;
    result.engine = Engine::AICore;
    m_note.clear();
    m_pairIn = m_pairOut = DType::Undefined;
    const int tensors = node.inCount + node.outCount;
    m_step.assign(std::size_t(tensors), DType::Undefined);
    m_candidates.resize(std::size_t(table.columns));
    for (int c = 0; c < table.columns; ++c)
        m_candidates[std::size_t(c)] = c;
    if (table.anyDtype) {
        result.approximate = true;
        if (m_options.explanations)
            addNote(CoreText::tr(
                "the entry lists no dtypes (dynamicFormat): treated as supporting any float dtype (§1, approx)"));
    }
    if (m_options.customizeDtypes && !m_options.customizeDtypes->empty())
        applyRestriction(node, table, result);

    Family family = Family::Mode;
    if (m_options.keepDtype && m_options.keepDtype->matches(node.node->name, node.node->opType)) {
        family = Family::Keep;
        result.rules.add("M8");
    } else if (m_mode != PrecisionMode::ForceFp16 && (node.flags & (FlagNullOp | FlagCast))) {
        family = Family::Gray;
        result.rules.add("M9");
        result.approximate = true;
    } else if (isMixedMode(m_mode)) {
        family = result.policy == Policy::White ? Family::White
                 : result.policy == Policy::Black ? Family::Black
                                                  : Family::Gray;
        result.rules.add(m_mode == PrecisionMode::AllowMixPrecisionBf16 ? "M6" : "M5");
    }

    // §8.5 AI CPU fallback: a BLACK op with an fp32 tensor and no fp32 in any column.
    const bool fallbackMode = m_mode == PrecisionMode::CubeFp16InFp32Out || m_mode == PrecisionMode::CubeHif8
                              || isMixedMode(m_mode);
    if (fallbackMode && family != Family::Keep && result.policy == Policy::Black && !table.hasFp32) {
        bool fp32Tensor = false;
        for (std::uint32_t k = 0; k < node.inCount && !fp32Tensor; ++k)
            fp32Tensor = m_plan.inputOriginal[node.inBegin + k] == DType::Float32;
        for (std::uint32_t k = 0; k < node.outCount && !fp32Tensor; ++k)
            fp32Tensor = m_plan.outputOriginal[node.outBegin + k] == DType::Float32;
        if (fp32Tensor) {
            aicpuFallback(node);
            result.engine = Engine::AICPU;
            result.rules.add(isMixedMode(m_mode) ? (m_mode == PrecisionMode::AllowMixPrecisionBf16 ? "M6" : "M5")
                                                 : "M3");
            if (m_options.explanations)
                addNote(CoreText::tr(
                    "BLACK op whose AI Core kernel has no fp32 column runs as the fp32 AI CPU op (§8.5)"));
            finish(node, family, result);
            return;
        }
    }

    // Visit order (§8.1): inputs fed by ordinary nodes by index, then by Const/Constant/Variable,
    // then outputs by index.
    m_visit.clear();
    for (int k = 0; k < int(node.inCount); ++k) {
        const int p = m_plan.inputProducer[node.inBegin + std::uint32_t(k)];
        if (p < 0 || !(m_plan.nodes[std::size_t(p)].flags & FlagConstant))
            m_visit.push_back(k);
    }
    for (int k = 0; k < int(node.inCount); ++k) {
        const int p = m_plan.inputProducer[node.inBegin + std::uint32_t(k)];
        if (p >= 0 && (m_plan.nodes[std::size_t(p)].flags & FlagConstant))
            m_visit.push_back(k);
    }
    for (int k = 0; k < int(node.outCount); ++k)
        m_visit.push_back(node.inCount + k);

    const bool cube = node.flags & FlagCube;
    const bool cubeRule = family == Family::Mode && cube
                          && (m_mode == PrecisionMode::CubeFp16InFp32Out || m_mode == PrecisionMode::CubeHif8);
    bool hif8Inputs = false;
    // hif8 modes (approx, not in SEMANTICS): cube ops (WHITE ones in mixed_hif8) take hifloat8
    // inputs where a column offers them on input0; otherwise they follow M3 / M5.
    if (isApproximateMode(m_mode) && cube && node.inCount > 0
        && (m_mode == PrecisionMode::CubeHif8 ? family == Family::Mode : family == Family::White)
        && isDecidedFloat(m_plan.inputOriginal[node.inBegin])
        && !table.anyDtype && tryExact(table.inputSlot(0), DType::HiFloat8, table)) {
        hif8Inputs = true;
        result.rules.add(m_mode == PrecisionMode::CubeHif8 ? "M3" : "M5");
        m_pairIn = DType::HiFloat8;
        m_pairOut = DType::Float32;
    } else if (cubeRule && node.inCount > 0 && isDecidedFloat(m_plan.inputOriginal[node.inBegin])) {
        cubePairStep(node, table, result);
    }
    if (isApproximateMode(m_mode)) {
        result.approximate = true;
        if (result.status == ResolutionStatus::Ok)
            result.status = ResolutionStatus::Warning;
        if (m_options.explanations)
            addNote(CoreText::tr(
                "%1 is not specified by SEMANTICS: approximated (hifloat8 for cube inputs where the entry offers it, else as cube_fp16in_fp32out / allow_mix_precision_fp16)",
                precisionModeName(m_mode)));
    }

    bool whiteStayedHigh = false;
    for (int t : m_visit) {
        const bool isInput = t < int(node.inCount);
        const DType o = isInput ? m_plan.inputOriginal[node.inBegin + std::uint32_t(t)]
                                : m_plan.outputOriginal[node.outBegin + std::uint32_t(t - node.inCount)];
        const int slot = isInput ? table.inputSlot(t) : table.outputSlot(t - node.inCount);
        if (o == DType::Undefined || m_step[std::size_t(t)] != DType::Undefined)
            continue; // unknown dtype, or fixed already (customize_dtypes, the M3 pair)
        if (!isDecidedFloat(o)) {
            if (!table.anyDtype)
                tryExact(slot, o, table); // §8.2: non-float tensors keep only exact columns
            m_step[std::size_t(t)] = o;
            continue;
        }
        if (hif8Inputs && isInput && tryExact(slot, DType::HiFloat8, table) && slot >= 0) {
            m_step[std::size_t(t)] = DType::HiFloat8;
            continue;
        }
        const Want want = wantFor(family, node, t, o, result);
        const DType forbidden = isBf16Mode(m_mode) ? DType::Float16
                                : (o == DType::BFloat16 || want.wanted == DType::BFloat16) ? DType::Undefined
                                                                                           : DType::BFloat16;
        const DType matched = narrow(slot, want, forbidden, table);
        m_step[std::size_t(t)] = slot < 0 ? want.wanted : matched;
        if (matched == DType::Undefined && family == Family::Mode
            && m_mode == PrecisionMode::MustKeepOriginDtype && slot >= 0) {
            result.status = ResolutionStatus::Error;
            if (m_options.explanations && isInput)
                addNote(CoreText::tr(
                    "input %1 is %2 but no column keeps it or raises it: this mode cannot lower precision (M4)",
                    t, dtypeName(o)));
            else if (m_options.explanations)
                addNote(CoreText::tr(
                    "output %1 is %2 but no column keeps it or raises it: this mode cannot lower precision (M4)",
                    t - int(node.inCount), dtypeName(o)));
        }
        if (family == Family::White && matched != DType::Undefined && matched != m_low)
            whiteStayedHigh = true;
    }
    if (whiteStayedHigh && result.status == ResolutionStatus::Ok)
        result.status = ResolutionStatus::Warning;
    if (whiteStayedHigh && m_options.explanations)
        addNote(CoreText::tr("WHITE op has no %1 column: stays higher (%2)", dtypeName(m_low),
                             m_mode == PrecisionMode::AllowMixPrecisionBf16 ? "M6" : "M5"));
    if (family == Family::Gray)
        checkAmbiguity(node, result);
    if (m_options.grayRule == GrayRule::Previous && family == Family::Gray)
        result.rules.add("G6");

    const int first = m_candidates.empty() ? 0 : m_candidates.front();
    for (int t = 0; t < tensors; ++t) {
        const bool isInput = t < int(node.inCount);
        const int slot = isInput ? table.inputSlot(t) : table.outputSlot(t - node.inCount);
        const DType o = isInput ? m_plan.inputOriginal[node.inBegin + std::uint32_t(t)]
                                : m_plan.outputOriginal[node.outBegin + std::uint32_t(t - node.inCount)];
        // A tensor whose dtype the graph does not state stays unknown: a column's dtype would be a guess.
        // Integer, bool ... tensors keep their dtype even when no column has it (§4, §8.2).
        DType chosen = o == DType::Undefined ? DType::Undefined
                       : !isDecidedFloat(o)  ? o
                                             : table.cell(first, slot);
        if (chosen == DType::Undefined && o != DType::Undefined)
            chosen = m_step[std::size_t(t)] != DType::Undefined ? m_step[std::size_t(t)] : o;
        if (isInput)
            inputDtypes[node.inBegin + std::uint32_t(t)] = chosen;
        else
            outputDtypes[node.outBegin + std::uint32_t(t - node.inCount)] = chosen;
    }
    finish(node, family, result);
}

void NodeDecider::finish(const PlanNode &node, Family family, NodeResolution &result)
{
    result.inputs.assign(inputDtypes.begin() + node.inBegin, inputDtypes.begin() + node.inBegin + node.inCount);
    result.outputs.assign(outputDtypes.begin() + node.outBegin,
                          outputDtypes.begin() + node.outBegin + node.outCount);
    result.dtype = nodeDtype(result.inputs, result.outputs);
    if (m_options.explanations)
        result.explanation = explain(node, family, result);
}

void NodeDecider::addNote(const std::string &step)
{
    m_note += step;
    m_note += "; ";
}

const std::string &NodeDecider::policyText(const PlanNode &node) const
{
    std::string &text = m_policyText[std::size_t(node.typeId)];
    if (!text.empty())
        return text;
    const std::string &type = node.node->opType;
    if (m_policies.details)
        if (const OpPolicy *details = m_policies.details(type); details && !details->explanation.empty())
            return text = details->explanation;
    const char *policy = policyName(m_policyByType[std::size_t(node.typeId)]);
    if (node.table >= 0) {
        const OpEntry *entry = m_plan.tables[std::size_t(node.table)].entry;
        const auto &files = m_plan.library.files();
        if (entry->fileIndex >= 0 && std::size_t(entry->fileIndex) < files.size()) {
            const std::string &path = files[std::size_t(entry->fileIndex)].path;
            // ", entry from": a "; " would split this one step of the explanation in two.
            return text = CoreText::tr("%1 (%2, entry from %3)", policy, m_policies.origin,
                                       path.substr(path.find_last_of("/\\") + 1));
        }
    }
    return text = CoreText::tr("%1 (%2)", policy, m_policies.origin);
}

// "policy; mode: rule; step; ...; -> dtype [rules]", each step one CoreText template.
std::string NodeDecider::explain(const PlanNode &node, Family family, const NodeResolution &result) const
{
    const std::string &policy = policyText(node);
    const char *mode = precisionModeName(m_mode);
    std::string text;
    text.reserve(policy.size() + m_note.size() + 160); // one allocation per node
    text += policy;
    text += "; ";
    auto step = [&text](const std::string &s) {
        text += s;
        text += "; ";
    };
    switch (family) {
    case Family::Keep:
        step(CoreText::tr(
            "%1: keep_dtype node, decided as allow_fp32_to_fp16 without cube promotion (M8)",
            mode));
        break;
    case Family::White:
        step(CoreText::tr("%1: WHITE lowers fp32 to %2", mode, dtypeName(m_low)));
        break;
    case Family::Black:
        step(CoreText::tr("%1: BLACK keeps the original dtype, raised if unsupported", mode));
        break;
    case Family::Gray:
        step((node.flags & (FlagNullOp | FlagCast)) && !isMixedMode(m_mode)
                 ? CoreText::tr("%1: no-kernel op / Cast follows rule G (M9, approx)", mode)
                 : CoreText::tr("%1: GRAY follows rule G", mode));
        if (result.decidingInput >= 0) {
            const std::uint32_t flat = node.inBegin + std::uint32_t(result.decidingInput);
            const int p = m_plan.inputProducer[flat];
            const std::string &producer = m_plan.nodes[std::size_t(p)].node->name;
            const char *dtype = dtypeName(outputDtypes[m_plan.inputProducerOutput[flat]]);
            step(m_options.grayRule == GrayRule::Previous
                     ? CoreText::tr("input %1 from '%2' (%3) decides (G6, single predecessor)",
                                    result.decidingInput, producer, dtype)
                     : CoreText::tr("input %1 from '%2' (%3) decides (G1, G3)",
                                    result.decidingInput, producer, dtype));
        } else {
            step(CoreText::tr("no decided producer: own dtype per M2 (G4)"));
        }
        if (result.ambiguous)
            step(CoreText::tr("producers disagree: ambiguous (G6)"));
        break;
    case Family::Mode: {
        const bool cube = node.flags & FlagCube;
        switch (m_mode) {
        case PrecisionMode::ForceFp16:
            step(CoreText::tr("%1: fp16 where supported, else raised (M1)", mode));
            break;
        case PrecisionMode::AllowFp32ToFp16:
            step(cube ? CoreText::tr("%1: cube op -> fp16 (M2)", mode)
                      : CoreText::tr(
                          "%1: vector op keeps its dtype, fp16 only where fp32 is unsupported (M2)",
                          mode));
            break;
        case PrecisionMode::CubeFp16InFp32Out:
        case PrecisionMode::CubeHif8:
            step(
                cube ? CoreText::tr(
                    "%1: cube op: first of (fp16 in, fp32 out), (fp32, fp32), (fp16, fp16) (M3)",
                    mode)
                     : CoreText::tr("%1: vector op -> fp32 where supported, else fp16 (M3)", mode));
            break;
        case PrecisionMode::MustKeepOriginDtype:
            step(CoreText::tr("%1: keeps the original dtype, raised if unsupported (M4)", mode));
            break;
        case PrecisionMode::AllowFp32ToBf16:
            step(CoreText::tr("%1: keeps fp32, bf16 only where fp32 is unsupported (M7)", mode));
            break;
        default:
            // Not reached: mixed modes put every node in the White/Black/Gray families.
            step(CoreText::tr("%1: decided by the mode's rules", mode));
            break;
        }
        break;
    }
    }
    text += m_note;
    if (result.dtype == DType::Undefined)
        text += result.rules.empty()
            ? CoreText::tr("-> no float tensor")
            : CoreText::tr("-> no float tensor [%1]", result.rules.joined());
    else
        text += result.rules.empty()
            ? CoreText::tr("-> %1", dtypeName(result.dtype))
            : CoreText::tr("-> %1 [%2]", dtypeName(result.dtype), result.rules.joined());
    return text;
}

} // namespace opsinfo
