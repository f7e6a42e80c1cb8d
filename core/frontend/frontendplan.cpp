#include "frontend/frontendplan.h"

#include "common/coretext.h"
#include "resolver/resolution.h"

#include <algorithm>

namespace opsinfo {

namespace {

// RuleList keeps string_views: the ids must outlive every Resolution, so they are literals.
std::string_view ruleLiteral(std::string_view id)
{
    static constexpr std::string_view ids[] = {"F1", "F2", "F3", "F4"};
    for (std::string_view literal : ids)
        if (literal == id)
            return literal;
    return {};
}

std::string socText(const std::string &soc)
{
    return soc.empty() ? std::string("?") : soc;
}

FrontEndNote defaultNote(FrontEnd frontEnd, PrecisionMode mode, const std::string &soc)
{
    const char *name = precisionModeName(mode);
    switch (frontEndTraits(frontEnd).defaultRule) {
    case DefaultRule::Inference:
        return {
            "F1",
            CoreText::tr(
                "precision mode %1 is the default for this front end: ATC builds for inference (ge.graphRunMode=0) (F1)",
                name)};
    case DefaultRule::Training:
        return {
            "F2",
            CoreText::tr(
                "precision mode %1 is the default for this front end on %2: FE's training default (F2)",
                name, socText(soc))};
    case DefaultRule::SingleOp:
        return {
            "F1",
            CoreText::tr(
                "precision mode %1 is the default for this front end: the aclCompileopt default (F1)",
                name)};
    case DefaultRule::AclnnSoc:
        return {
            "F1",
            CoreText::tr(
                "precision mode %1 is the default for this front end on %2: torch_npu uses allow_fp32_to_fp16 before Ascend910B1, else must_keep_origin_dtype (F1)",
                name, socText(soc))};
    case DefaultRule::Lite:
        return {
            "F1",
            CoreText::tr(
                "precision mode %1 is the default for this front end: MindSpore Lite's enforce_fp16 (F1)",
                name)};
    }
    return {};
}

std::string defaultNeedsSoc(FrontEnd frontEnd)
{
    return CoreText::tr(
        "the default precision mode of %1 depends on the SoC (F2): give the SoC (must_keep_origin_dtype on Ascend910B*/Ascend910_93*/Ascend310B*, allow_fp32_to_fp16 on Ascend910A/Ascend310P*) or a precision mode",
        frontEndId(frontEnd));
}

} // namespace

std::optional<FrontEndPlan> planFrontEnd(const FrontEndRequest &request, std::string *error)
{
    const FrontEnd fe = request.frontEnd;
    const FrontEndTraits &traits = frontEndTraits(fe);
    const char *title = frontEndTitle(fe);
    FrontEndPlan plan;
    plan.frontEnd = fe;
    plan.path = traits.path;

    const bool given = request.mode.has_value();
    const bool reaches = given && traits.modeSettable && modeHonoured(fe, *request.mode);
    if (reaches) {
        plan.mode = *request.mode;
    } else {
        const auto fallback = defaultModeFor(fe, request.soc);
        if (!fallback) {
            if (error)
                *error = defaultNeedsSoc(fe);
            return std::nullopt;
        }
        plan.mode = *fallback;
        plan.modeIsDefault = true;
        plan.notes.push_back(defaultNote(fe, plan.mode, request.soc));
        if (fe == FrontEnd::Ge)
            plan.notes.push_back(
                {"F2",
                 CoreText::tr(
                     "a session that sets ge.graphRunMode=0 (inference) runs with force_fp16 instead (F2)")});
    }
    if (given && !reaches) {
        const char *wanted = precisionModeName(*request.mode);
        const char *used = precisionModeName(plan.mode);
        if (!traits.modeSettable) {
            plan.ignored.push_back(
                {"F3",
                 CoreText::tr(
                     "precision mode %1 does nothing on %2: it passes no precision mode to GE, the compiler runs with %3 (F3)",
                     wanted, title, used)});
            plan.notes.push_back(
                {"F1",
                 CoreText::tr(
                     "for real control export the model with torchair.dynamo_export (.air) and compile it with ATC (F1)")});
        } else if (fe == FrontEnd::TorchNpu) {
            plan.ignored.push_back(
                {"F3",
                 CoreText::tr(
                     "precision mode %1 does nothing on %2: only must_keep_origin_dtype and allow_fp32_to_fp16 are honoured (others are logged as unsupported), the SoC default %3 is used (F3)",
                     wanted, title, used)});
        } else {
            plan.ignored.push_back(
                {"F3",
                 CoreText::tr(
                     "precision mode %1 maps to no cube math type on %2: the SoC default is used (F3)",
                     wanted, title)});
        }
    }

    if (traits.path == PrecisionPath::CubeMath)
        plan.notes.push_back(
            {"F1",
             CoreText::tr(
                 "%1 runs aclnn kernels without GE: FE decides no node, only the cube math type of cube ops follows the precision setting (F1)",
                 title)});
    if (traits.path == PrecisionPath::SingleOp)
        plan.notes.push_back(
            {"F1",
             CoreText::tr(
                 "each op is compiled alone and its inputs arrive at the framework's dtypes: the preview's propagation between ops is approximate (F1)")});

    if (request.mixlist && traits.mixlist) {
        if (!isMixedMode(plan.mode))
            plan.ignored.push_back(
                {"F3",
                 CoreText::tr(
                     "the modify_mixlist does nothing in %1: the lists act only in the mixed modes (F3, M5, M6)",
                     precisionModeName(plan.mode))});
        else
            plan.useMixlist = true;
    }
    plan.useKeepDtype = request.keepDtype && traits.keepDtype != KeepDtypeRoute::None;
    plan.useCustomizeDtypes = request.customizeDtypes && traits.customizeDtypes;
    for (const FrontEndNote &note :
         settingsIgnoredOn(fe, request.mixlist, request.keepDtype, request.customizeDtypes))
        (note.rule == "F3" ? plan.ignored : plan.notes).push_back(note);
    return plan;
}

std::vector<FrontEndNote> settingsIgnoredOn(FrontEnd frontEnd, bool mixlist, bool keepDtype,
                                            bool customizeDtypes)
{
    const FrontEndTraits &traits = frontEndTraits(frontEnd);
    const char *title = frontEndTitle(frontEnd);
    std::vector<FrontEndNote> notes;
    if (mixlist && !traits.mixlist) {
        notes.push_back(
            {"F3",
             CoreText::tr("the modify_mixlist does nothing on %1: it has no mixlist option (F3)",
                          title)});
        if (traits.path == PrecisionPath::SingleOp)
            notes.push_back(
                {"F1",
                 CoreText::tr(
                     "on %1 only the ops-info library itself (or a custom store that shadows it) sets an op's list (F1)",
                     title)});
    }
    if (keepDtype && traits.keepDtype == KeepDtypeRoute::None)
        notes.push_back({"F3", CoreText::tr("keep_dtype does nothing on %1 (F3)", title)});
    if (keepDtype && traits.keepDtype == KeepDtypeRoute::Scope)
        notes.push_back(
            {"M8",
             CoreText::tr(
                 "on %1 keep_dtype is set with keep_dtype_scope() around the layers, not with a file: the preview treats the listed nodes as built inside it (M8)",
                 title)});
    if (customizeDtypes && !traits.customizeDtypes)
        notes.push_back({"F3", CoreText::tr("customize_dtypes does nothing on %1 (F3)", title)});
    return notes;
}

std::string FrontEndPlan::explanationSteps() const
{
    std::string steps;
    auto add = [&steps](const std::string &text) { steps += (steps.empty() ? "" : "; ") + text; };
    for (const FrontEndNote &note : notes)
        if (note.rule == "F1" || note.rule == "F2")
            add(note.text);
    for (const FrontEndNote &note : ignored)
        add(note.text);
    return steps;
}

std::vector<std::string> FrontEndPlan::ruleIds() const
{
    std::vector<std::string> ids;
    auto add = [&ids](const std::string &id) {
        if (std::find(ids.begin(), ids.end(), id) == ids.end())
            ids.push_back(id);
    };
    for (const FrontEndNote &note : notes)
        if (note.rule == "F1" || note.rule == "F2")
            add(note.rule);
    for (const FrontEndNote &note : ignored)
        add(note.rule);
    return ids;
}

std::string FrontEndPlan::modeLabel() const
{
    const char *name = precisionModeName(mode);
    return modeIsDefault ? CoreText::tr("%1 (default for this front end)", name)
                         : std::string(name);
}

void applyFrontEndPlan(const FrontEndPlan &plan, Resolution &resolution)
{
    const std::string steps = plan.explanationSteps();
    std::vector<std::string_view> ids;
    for (const std::string &id : plan.ruleIds())
        if (const std::string_view literal = ruleLiteral(id); !literal.empty())
            ids.push_back(literal);
    if (steps.empty() && ids.empty())
        return;
    for (NodeResolution &node : resolution.nodes) {
        if (!steps.empty())
            node.explanation = node.explanation.empty() ? steps : steps + "; " + node.explanation;
        for (std::string_view id : ids)
            node.rules.add(id);
    }
}

} // namespace opsinfo
