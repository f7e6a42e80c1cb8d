// The per-node explanation: "policy; mode reading; steps; engine; -> dtype [rules]", each step
// one CoreText template so the app can show it translated.

#include "resolver/nodedecider.h"

#include "common/coretext.h"
#include "graph/graph.h"
#include "library/oplibrary.h"
#include "mixlist/oppolicy.h"

namespace opsinfo {

const char *engineReasonCode(EngineReason reason)
{
    switch (reason) {
    case EngineReason::NeverDecided:
        return "never-judged";
    case EngineReason::NotInLibrary:
        return "not-in-library";
    case EngineReason::NoDtypeLists:
        return "no-dtype-lists";
    case EngineReason::Supported:
        return "supported";
    case EngineReason::CustomizeSupported:
        return "customize-supported";
    case EngineReason::GeOp:
        return "ge-op";
    case EngineReason::RejectedCustomize:
        return "rejected-customize";
    case EngineReason::RejectedCast:
        return "rejected-cast";
    case EngineReason::RejectedTensor:
        return "rejected-tensor";
    }
    return "supported";
}

std::string engineReasonText(const NodeResolution &node)
{
    const std::string_view type = node.node ? node.node->opType : std::string_view();
    switch (node.engineReason) {
    case EngineReason::NeverDecided:
        return CoreText::tr("%1 is never judged by FE: keeps the graph's dtypes (§8.1)", type);
    case EngineReason::NotInLibrary:
        return CoreText::tr(
            "'%1' is not in the library: not decided, keeps the graph's dtypes (§8.1)", type);
    case EngineReason::NoDtypeLists:
        return CoreText::tr(
            "the entry lists no dtypes (dynamicFormat) and no op_select_format row gives its columns: not decided, keeps the graph's dtypes (§1, §8.1, approx)");
    case EngineReason::Supported:
        return CoreText::tr(
            "every tensor's dtype is kept, raised or may be lowered: AI Core (M11)");
    case EngineReason::CustomizeSupported:
        return CoreText::tr(
            "a customize_dtypes column agrees: AI Core without the dtype check (M8, M11)");
    case EngineReason::GeOp:
        return CoreText::tr("opFile %1: judged, but a GE op, not an AI Core kernel (M9)",
                            node.entry ? node.entry->opFile : std::string("Null"));
    case EngineReason::RejectedCustomize:
        return CoreText::tr(
            "check-support rejects it: the customize_dtypes entry agrees with no column, FE's judge would fail (M8, M11)");
    case EngineReason::RejectedCast:
        return CoreText::tr(
            "check-support rejects it: no column of the Cast equals all its tensors' dtypes (M9, M11)");
    case EngineReason::RejectedTensor: {
        const int k = node.rejectedTensor;
        const int inputs = int(node.inputs.size());
        if (k < 0 || k >= inputs + int(node.outputs.size()))
            break;
        return k < inputs
            ? CoreText::tr(
                "check-support rejects it: input %1 is %2 and no column keeps, raises or may lower it in this mode (M11)",
                k, dtypeName(node.inputs[std::size_t(k)]))
            : CoreText::tr(
                "check-support rejects it: output %1 is %2 and no column keeps, raises or may lower it in this mode (M11)",
                k - inputs, dtypeName(node.outputs[std::size_t(k - inputs)]));
    }
    }
    return {};
}

std::string NodeDecider::storeName(const OpEntry &entry) const
{
    const auto &files = m_plan.library.files();
    const auto &stores = m_plan.library.stores();
    if (entry.fileIndex < 0 || std::size_t(entry.fileIndex) >= files.size())
        return {};
    const int store = files[std::size_t(entry.fileIndex)].storeIndex;
    return store >= 0 && std::size_t(store) < stores.size() ? stores[std::size_t(store)].name
                                                            : std::string();
}

const std::string &NodeDecider::policyText(const PlanNode &node) const
{
    std::string &text = m_policyText[std::size_t(node.typeId)];
    if (!text.empty())
        return text;
    const std::string_view type = node.node->opType;
    if (m_policies.details)
        if (const OpPolicy *details = m_policies.details(type);
            details && !details->explanation.empty())
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

std::string NodeDecider::readingStep(const PlanNode &node) const
{
    const char *mode = precisionModeName(m_mode);
    const bool cube = node.flags & FlagCube;
    switch (m_reading) {
    case Reading::Keep:
        return CoreText::tr(
            "%1: keep_dtype node, decided as allow_fp32_to_fp16 without cube promotion, nothing forbidden (M8)",
            mode);
    case Reading::CastOrComplex:
        return CoreText::tr(
            "%1: Cast or complex tensor, decided as allow_fp32_to_fp16 with nothing forbidden (M9)",
            mode);
    case Reading::NullOp:
        return m_policy == Policy::Gray
            ? CoreText::tr(
                "%1: opFile Null op, GRAY: rule G in its fp16 form, nothing forbidden (M9)", mode)
            : CoreText::tr(
                "%1: opFile Null op, decided as allow_mix_precision_fp16 by its colour, nothing forbidden (M9)",
                mode);
    case Reading::White:
        if (m_mode == PrecisionMode::MixedHif8)
            return CoreText::tr("%1: WHITE tries hifloat8, then its 16-bit type, then fp32 (M12)",
                                mode);
        return CoreText::tr(
            "%1: WHITE takes the first fp16 or bf16 column, never a %2 one unless the tensor is %2",
            mode, m_mode == PrecisionMode::AllowMixPrecisionBf16 ? "float16" : "bfloat16");
    case Reading::Black:
        return CoreText::tr("%1: BLACK keeps the original dtype, raised if unsupported", mode);
    case Reading::Gray:
        return m_mode == PrecisionMode::MixedHif8
            ? CoreText::tr("%1: GRAY follows its producer through M12's table", mode)
            : CoreText::tr("%1: GRAY follows rule G", mode);
    case Reading::Mode:
        break;
    }
    switch (m_mode) {
    case PrecisionMode::ForceFp16:
        return CoreText::tr("%1: fp16 where supported, else raised, never bf16 (M1)", mode);
    case PrecisionMode::AllowFp32ToFp16:
        return cube
            ? CoreText::tr("%1: cube op -> fp16 (M2)", mode)
            : CoreText::tr(
                "%1: vector op keeps its dtype, fp16 only where fp32 is unsupported (M2)", mode);
    case PrecisionMode::CubeFp16InFp32Out:
        return cube
            ? CoreText::tr(
                "%1: cube op: fp16 at input 0 where a column has (fp16 in, fp32 out), fp32 elsewhere (M3)",
                mode)
            : CoreText::tr("%1: vector op -> fp32 where supported, else fp16 (M3)", mode);
    case PrecisionMode::MustKeepOriginDtype:
        return CoreText::tr("%1: keeps the original dtype, raised if unsupported (M4)", mode);
    case PrecisionMode::AllowFp32ToBf16:
        return CoreText::tr("%1: keeps fp32, bf16 only where fp32 is unsupported (M7)", mode);
    case PrecisionMode::CubeHif8:
        return cube ? CoreText::tr(
                   "%1: cube op tries hifloat8, then its 16-bit type, then fp32 (M12)", mode)
                    : CoreText::tr("%1: vector op keeps its dtype, else fp32 (M12)", mode);
    case PrecisionMode::ForceLowerPrecision:
        return CoreText::tr("%1: bf16 where supported, else fp16, else raised (M12)", mode);
    case PrecisionMode::AllowFp32ToLowPrecision:
        return CoreText::tr(
            "%1: decided as allow_fp32_to_fp16 with nothing forbidden and no latch (M12)", mode);
    default:
        return CoreText::tr("%1: decided by the mode's rules", mode);
    }
}

std::string NodeDecider::explain(const PlanNode &node, const NodeResolution &result) const
{
    const std::string &policy = policyText(node);
    std::string text;
    text.reserve(m_refusalNote.size() + policy.size() + m_note.size()
                 + 200); // one allocation per node
    text += m_refusalNote; // first: nothing after it is in force while the store is refused
    text += policy;
    text += "; ";
    auto step = [&text](const std::string &s) {
        text += s;
        text += "; ";
    };
    if (result.decided) {
        step(readingStep(node));
        if (followsGrayRule() && m_mode != PrecisionMode::MixedHif8) {
            if (result.decidingInput >= 0) {
                const std::uint32_t flat = node.inBegin + std::uint32_t(result.decidingInput);
                const std::string_view producer
                    = m_plan.nodes[std::size_t(m_plan.inputProducer[flat])].node->name;
                const char *dtype = dtypeName(outputDtypes[m_plan.inputProducerOutput[flat]]);
                step(m_options.grayRule == GrayRule::Previous
                         ? CoreText::tr("input %1 from '%2' (%3) decides (G6, single predecessor)",
                                        result.decidingInput, producer, dtype)
                         : CoreText::tr("input %1 from '%2' (%3) decides (G1, G3)",
                                        result.decidingInput, producer, dtype));
            } else {
                step(CoreText::tr("no producer: own dtype per %1 (G4)",
                                  m_mode == PrecisionMode::AllowMixPrecisionBf16
                                          && m_reading == Reading::Gray
                                      ? "M7"
                                      : "M2"));
            }
            if (result.ambiguous)
                step(CoreText::tr("producers disagree: ambiguous (G6)"));
        }
    }
    text += m_note;
    if (result.engineReason != EngineReason::Supported)
        step(engineReasonText(result));
    if (result.engine == Engine::AICPU)
        step(CoreText::tr("not judged: keeps the graph's dtypes, GE tries AI CPU"));
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
