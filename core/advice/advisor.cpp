#include "advice/advice_p.h"

#include "common/coretext.h"
#include "export/keepdtypefile.h"
#include "graph/graph.h"
#include "library/oplibrary.h"

#include <algorithm>
#include <set>

namespace opsinfo {

using namespace advice_detail;

const char *adviceObjectiveName(AdviceObjective objective)
{
    switch (objective) {
    case AdviceObjective::Accuracy:
        return "accuracy";
    case AdviceObjective::Casts:
        return "casts";
    case AdviceObjective::Time:
        return "time";
    }
    return "accuracy";
}

std::optional<AdviceObjective> parseAdviceObjective(std::string_view name)
{
    if (name == "accuracy")
        return AdviceObjective::Accuracy;
    if (name == "casts")
        return AdviceObjective::Casts;
    if (name == "time")
        return AdviceObjective::Time;
    return std::nullopt;
}

const char *editKindName(EditKind kind)
{
    switch (kind) {
    case EditKind::ToBlack:
        return "to-black";
    case EditKind::ToGray:
        return "to-gray";
    case EditKind::ToWhite:
        return "to-white";
    case EditKind::DropBlack:
        return "drop-black";
    case EditKind::KeepNode:
        return "keep-node";
    }
    return "";
}

std::string AdviceEdit::entry() const
{
    switch (kind) {
    case EditKind::ToBlack:
        return "black-list.to-add " + target;
    case EditKind::ToGray:
        return "white-list.to-remove " + target;
    case EditKind::ToWhite:
        return from == Policy::Black ? "white-list.to-add " + target + " (black -> white)"
                                     : "white-list.to-add " + target;
    case EditKind::DropBlack:
        return "drop black-list.to-add " + target;
    case EditKind::KeepNode:
        return "keep_dtype " + target;
    }
    return target;
}

std::string keepDtypeText(const KeepDtype &keep)
{
    return writeKeepDtype({keep.nodeNames.begin(), keep.nodeNames.end()},
                          {keep.opTypes.begin(), keep.opTypes.end()});
}

namespace advice_detail {

std::string effectSentence(const AdviceEffect &effect, std::size_t targets, bool accuracy)
{
    const long casts = effect.castsDelta();
    const std::string castText = (casts > 0 ? "+" : "") + std::to_string(casts);
    if (accuracy)
        return CoreText::tr("fixes %1 of %2 protected nodes, moves %3 other nodes, %4 Casts",
                            effect.fixed.size(), targets, effect.moved.size(), castText);
    return CoreText::tr("moves %1 nodes, %2 Casts", effect.moved.size(), castText);
}

AdvicePlan makePlan(AdviceContext &context, std::string label, std::vector<AdviceEdit> edits,
                    bool accuracy)
{
    AdvicePlan plan;
    plan.label = std::move(label);
    const Resolution after = context.trial.run(edits);
    plan.effect = context.trial.effect(after, context.protectedIndexes);
    plan.mixlist = context.trial.mixlistFor(edits);
    plan.keepDtype = context.trial.keepFor(edits);
    plan.withinMaxChanges = edits.size() <= context.request.maxChanges;
    plan.edits = std::move(edits);
    // Accuracy: every protected node fp32. Casts and time: no protected node moved.
    plan.verified
        = accuracy ? plan.effect.stillNotFp32.empty() : plan.effect.movedProtected.empty();
    return plan;
}

} // namespace advice_detail

AdviceResult advise(const AdviceRequest &request)
{
    AdviceResult result;
    if (!request.graph || !request.library) {
        result.diagnostics.push_back({Severity::Error,
                                      {},
                                      "advice-input",
                                      CoreText::tr("the advisor needs a graph and a library"),
                                      {}});
        return result;
    }
    TrialResolver trial(request);
    const Resolution &base = trial.baseline();
    AdviceContext context {request, trial, {}, result};

    // The nodes to protect: named ones, every node of an OpType:: entry, flagged evidence rows.
    std::set<int> seen;
    auto protect = [&](int index, const std::string &origin) {
        const NodeResolution &n = base.nodes[std::size_t(index)];
        if (!seen.insert(index).second)
            return;
        if (!n.decided || !isDecidedFloat(n.dtype)) {
            result.diagnostics.push_back(
                {Severity::Note,
                 {},
                 "advice-not-fe",
                 CoreText::tr("'%1' (%2) is no float node FE decides: nothing to protect",
                              n.node->name, n.node->opType),
                 {}});
            return;
        }
        context.protectedIndexes.push_back(index);
        result.protectedNodes.push_back(
            {index, std::string(n.node->name), std::string(n.node->opType), n.dtype, origin});
    };
    for (const ProtectRequest &p : request.protect) {
        if (!p.nodeName.empty()) {
            const int index = trial.indexOf(p.nodeName);
            if (index < 0)
                result.diagnostics.push_back(
                    {Severity::Warning,
                     {},
                     "advice-unknown-node",
                     CoreText::tr("'%1' is no node of the graph: it is not protected", p.nodeName),
                     CoreText::tr(
                         "node names are case-sensitive and as the graph file writes them")});
            else
                protect(index, p.origin);
            continue;
        }
        bool any = false;
        for (std::size_t i = 0; i < base.nodes.size(); ++i)
            if (base.nodes[i].node && base.nodes[i].node->opType == p.opType) {
                protect(int(i), p.origin);
                any = true;
            }
        if (!any)
            result.diagnostics.push_back(
                {Severity::Warning,
                 {},
                 "advice-unknown-type",
                 CoreText::tr("no node of op type %1 in the graph: nothing protected for it",
                              p.opType),
                 {}});
    }

    result.limits.push_back(CoreText::tr(
        "the advice optimises the prediction, not the model's accuracy: check it with a training or evaluation run"));
    result.limits.push_back(CoreText::tr(
        "later fusion passes and dynamic-format ops can change the compiled dtypes (SEMANTICS §7): verify with opsinfo check"));
    if (!request.keepDtypeReachesCompiler)
        result.limits.push_back(CoreText::tr(
            "keep_dtype does not reach the compiler on this front end (F3): only list edits are advised"));
    if (!isMixedMode(request.mode) && !request.keepDtypeReachesCompiler)
        result.diagnostics.push_back(
            {Severity::Warning,
             {},
             "advice-mode",
             CoreText::tr(
                 "in %1 the lists do nothing (M5, M6), and this front end passes no keep_dtype (F3): no edit can change a node",
                 precisionModeName(request.mode)),
             CoreText::tr("use allow_mix_precision_fp16 or _bf16 for list edits")});
    else if (!isMixedMode(request.mode))
        result.diagnostics.push_back(
            {Severity::Note,
             {},
             "advice-mode",
             CoreText::tr("in %1 the lists do nothing (M5, M6): only keep_dtype can change a node",
                          precisionModeName(request.mode)),
             CoreText::tr("use allow_mix_precision_fp16 or _bf16 for list edits")});

    if (request.objective == AdviceObjective::Accuracy)
        adviseAccuracy(context);
    else
        adviseCastsOrTime(context);
    result.trials = trial.trials();
    return result;
}

} // namespace opsinfo
