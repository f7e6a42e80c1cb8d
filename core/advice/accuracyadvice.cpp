// --objective accuracy: the fewest list edits after which every protected node resolves to fp32.

#include "advice/advice_p.h"

#include "common/coretext.h"
#include "graph/graph.h"

#include <algorithm>
#include <functional>
#include <set>

namespace opsinfo::advice_detail {

namespace {

bool isTypeEdit(const AdviceEdit &edit)
{
    return edit.kind != EditKind::KeepNode;
}

struct Scored
{
    const AdviceCandidate *candidate;
    std::set<std::string> fixes;
};

// Greedy cover of the protected nodes by candidates from `pool` (each judged alone first), then
// re-resolved together: interactions (a gray node following a producer made black) are caught
// and what is still uncovered gets another round. Edits whose fixes others cover are pruned.
std::vector<AdviceEdit> cover(AdviceContext &context,
                              const std::vector<const AdviceCandidate *> &pool,
                              const std::set<std::string> &targets)
{
    std::vector<AdviceEdit> chosen;
    std::vector<Scored> remaining;
    for (const AdviceCandidate *c : pool)
        remaining.push_back({c, {c->effect.fixed.begin(), c->effect.fixed.end()}});
    std::set<std::string> uncovered = targets;
    std::vector<std::set<std::string>> chosenFixes;
    for (int round = 0; round < 3 && !uncovered.empty(); ++round) {
        while (!uncovered.empty() && !remaining.empty()) {
            auto gain = [&](const Scored &s) {
                return std::count_if(s.fixes.begin(), s.fixes.end(),
                                     [&](const std::string &n) { return uncovered.count(n) > 0; });
            };
            const auto best = std::max_element(
                remaining.begin(), remaining.end(), [&](const Scored &a, const Scored &b) {
                    const auto ga = gain(a), gb = gain(b);
                    if (ga != gb)
                        return ga < gb;
                    if (a.candidate->effect.moved.size() != b.candidate->effect.moved.size())
                        return a.candidate->effect.moved.size() > b.candidate->effect.moved.size();
                    return a.candidate->effect.castsDelta() > b.candidate->effect.castsDelta();
                });
            if (gain(*best) == 0)
                break;
            chosen.push_back(best->candidate->edit);
            chosenFixes.push_back(best->fixes);
            for (const std::string &n : best->fixes)
                uncovered.erase(n);
            remaining.erase(best);
        }
        const Resolution together = context.trial.run(chosen);
        const AdviceEffect effect = context.trial.effect(together, context.protectedIndexes);
        uncovered.clear();
        for (const std::string &name : effect.stillNotFp32)
            if (targets.count(name))
                uncovered.insert(name);
        if (uncovered.empty() || remaining.empty())
            break;
    }
    // Prune: an edit whose own fixes the other edits cover may be redundant; keep it unless the
    // plan still holds without it.
    for (std::size_t i = chosen.size(); i-- > 0 && chosen.size() > 1;) {
        bool coveredByOthers = true;
        for (const std::string &n : chosenFixes[i]) {
            bool other = false;
            for (std::size_t k = 0; k < chosen.size() && !other; ++k)
                other = k != i && chosenFixes[k].count(n);
            coveredByOthers = coveredByOthers && other;
        }
        if (!coveredByOthers)
            continue;
        std::vector<AdviceEdit> without = chosen;
        without.erase(without.begin() + std::ptrdiff_t(i));
        const AdviceEffect effect
            = context.trial.effect(context.trial.run(without), context.protectedIndexes);
        const bool holds = std::none_of(
            effect.stillNotFp32.begin(), effect.stillNotFp32.end(),
            [&](const std::string &n) { return targets.count(n) && !uncovered.count(n); });
        if (holds) {
            chosen = std::move(without);
            chosenFixes.erase(chosenFixes.begin() + std::ptrdiff_t(i));
        }
    }
    return chosen;
}

// The protected nodes not yet fp32: what the plans must fix.
std::set<std::string> unfixedTargets(const AdviceResult &result)
{
    std::set<std::string> targets;
    for (const ProtectedNode &p : result.protectedNodes)
        if (p.before != DType::Float32)
            targets.insert(p.name);
    return targets;
}

// Candidates: per protected node, its op type to black, a white type to gray (X3), or
// keep_dtype for the node itself (M8).
std::vector<AdviceEdit> candidateEdits(AdviceContext &context, const std::set<std::string> &targets)
{
    const AdviceRequest &request = context.request;
    std::vector<AdviceEdit> edits;
    auto addEdit = [&](AdviceEdit e) {
        if (std::find(edits.begin(), edits.end(), e) == edits.end())
            edits.push_back(std::move(e));
    };
    const bool lists = isMixedMode(request.mode);
    for (const ProtectedNode &p : context.result.protectedNodes) {
        if (!targets.count(p.name))
            continue;
        const Policy now = context.trial.currentPolicy(p.opType);
        if (lists && now != Policy::Black)
            addEdit({EditKind::ToBlack, p.opType, now, Policy::Black});
        if (lists && now == Policy::White)
            addEdit({EditKind::ToGray, p.opType, now, Policy::Gray});
        const bool kept = request.keepDtype && request.keepDtype->matches(p.name, p.opType);
        if (!kept && request.keepDtypeReachesCompiler)
            addEdit({EditKind::KeepNode, p.name, Policy::Gray, Policy::Gray});
    }
    return edits;
}

// One edit re-resolved alone: what it fixes, and why it is usable or not.
AdviceCandidate judgeCandidate(AdviceContext &context, const AdviceEdit &edit,
                               const std::set<std::string> &targets)
{
    AdviceCandidate c;
    c.edit = edit;
    c.effect = context.trial.effect(context.trial.run({edit}), context.protectedIndexes);
    const bool regresses
        = std::any_of(c.effect.movedProtected.begin(), c.effect.movedProtected.end(),
                      [](const MovedNode &m) { return m.to != DType::Float32; });
    if (c.effect.fixed.empty()) {
        c.rejected = true;
        c.why = edit.kind == EditKind::KeepNode ? CoreText::tr(
                    "fixes nothing: keep_dtype keeps the graph's own dtype, which is not fp32 here")
                                                : CoreText::tr("fixes no protected node");
    } else if (regresses) {
        c.rejected = true;
        c.why = CoreText::tr("moves another protected node away from fp32");
    } else {
        c.why = effectSentence(c.effect, targets.size(), true);
    }
    return c;
}

// Usable first, then by fixes, moved nodes and Casts.
void sortCandidates(std::vector<AdviceCandidate> &candidates)
{
    std::stable_sort(candidates.begin(), candidates.end(),
                     [](const AdviceCandidate &a, const AdviceCandidate &b) {
                         if (a.rejected != b.rejected)
                             return !a.rejected;
                         if (a.effect.fixed.size() != b.effect.fixed.size())
                             return a.effect.fixed.size() > b.effect.fixed.size();
                         if (a.effect.moved.size() != b.effect.moved.size())
                             return a.effect.moved.size() < b.effect.moved.size();
                         return a.effect.castsDelta() < b.effect.castsDelta();
                     });
}

// One kind of plan: its label and the usable candidates it may choose from.
struct Variant
{
    std::string label;
    std::vector<const AdviceCandidate *> pool;
};

std::vector<Variant> planVariants(const AdviceContext &context)
{
    auto pool = [&](const std::function<bool(const AdviceCandidate &)> &allowed) {
        std::vector<const AdviceCandidate *> out;
        for (const AdviceCandidate &c : context.result.candidates)
            if (!c.rejected && allowed(c))
                out.push_back(&c);
        return out;
    };
    const std::size_t maxMoved = context.request.maxMoved;
    // Without keep_dtype on the front end's path (F3) only the op-type plan is real.
    const bool keepDtype = context.request.keepDtypeReachesCompiler;
    std::vector<Variant> variants;
    if (keepDtype)
        variants.push_back(
            {CoreText::tr(
                 "op types, keep_dtype where an op type would move more than %1 other nodes",
                 maxMoved),
             pool([&](const AdviceCandidate &c) {
                 return !isTypeEdit(c.edit) || c.effect.moved.size() <= maxMoved;
             })});
    variants.push_back({CoreText::tr("op types only"),
                        pool([](const AdviceCandidate &c) { return isTypeEdit(c.edit); })});
    if (keepDtype)
        variants.push_back({CoreText::tr("keep_dtype only"),
                            pool([](const AdviceCandidate &c) { return !isTypeEdit(c.edit); })});
    return variants;
}

// A plan per variant that covers anything, leaving out the ones with another's edits.
std::vector<AdvicePlan> variantPlans(AdviceContext &context, const std::vector<Variant> &variants,
                                     const std::set<std::string> &targets)
{
    std::vector<AdvicePlan> plans;
    for (const Variant &v : variants) {
        if (v.pool.empty())
            continue;
        std::vector<AdviceEdit> chosen = cover(context, v.pool, targets);
        if (chosen.empty())
            continue;
        const bool duplicate = std::any_of(plans.begin(), plans.end(), [&](const AdvicePlan &p) {
            return p.edits.size() == chosen.size()
                && std::is_permutation(p.edits.begin(), p.edits.end(), chosen.begin());
        });
        if (!duplicate)
            plans.push_back(makePlan(context, v.label, std::move(chosen), true));
    }
    return plans;
}

// The balanced plan first when it works; then by verified, within --max-changes, edits, moved,
// Casts.
void sortPlans(std::vector<AdvicePlan> &plans)
{
    std::stable_sort(
        plans.begin()
            + (plans.empty() || !plans.front().verified || !plans.front().withinMaxChanges ? 0 : 1),
        plans.end(), [](const AdvicePlan &a, const AdvicePlan &b) {
            if (a.verified != b.verified)
                return a.verified;
            if (a.withinMaxChanges != b.withinMaxChanges)
                return a.withinMaxChanges;
            if (a.edits.size() != b.edits.size())
                return a.edits.size() < b.edits.size();
            if (a.effect.moved.size() != b.effect.moved.size())
                return a.effect.moved.size() < b.effect.moved.size();
            return a.effect.castsDelta() < b.effect.castsDelta();
        });
}

} // namespace

void adviseAccuracy(AdviceContext &context)
{
    AdviceResult &result = context.result;
    const std::set<std::string> targets = unfixedTargets(result);
    if (targets.empty()) {
        if (!result.protectedNodes.empty())
            result.plans.push_back(
                makePlan(context, CoreText::tr("nothing to change: every protected node is fp32"),
                         {}, true));
        return;
    }
    for (const AdviceEdit &edit : candidateEdits(context, targets))
        result.candidates.push_back(judgeCandidate(context, edit, targets));
    sortCandidates(result.candidates);
    std::vector<AdvicePlan> plans = variantPlans(context, planVariants(context), targets);
    sortPlans(plans);
    result.plans = std::move(plans);
}

} // namespace opsinfo::advice_detail
