// --objective casts | time: the list edits (gray or black op types to white, dropping a black
// entry) that remove the most Casts, or the most measured Cast and fp32 kernel time, without
// moving any protected node.

#include "advice/advice_p.h"

#include "common/coretext.h"
#include "evidence/evidencesummary.h"
#include "graph/graph.h"

#include <algorithm>
#include <set>

namespace opsinfo::advice_detail {

namespace {

// What the objective counts as gained (larger is better).
double gain(const AdviceEffect &effect, bool time)
{
    if (time)
        return (effect.castTimeBeforeUs - effect.castTimeAfterUs) + effect.fp32TimeMovedUs;
    return double(-effect.castsDelta());
}

} // namespace

void adviseCastsOrTime(AdviceContext &context)
{
    AdviceResult &result = context.result;
    TrialResolver &trial = context.trial;
    const AdviceRequest &request = context.request;
    const Resolution &base = trial.baseline();
    bool time = request.objective == AdviceObjective::Time;
    if (time
        && (!request.measured || !request.measured->find("Cast")
            || request.measured->totalUs <= 0)) {
        result.diagnostics.push_back(
            {Severity::Warning,
             {},
             "advice-no-times",
             CoreText::tr(
                 "the time objective needs profiler times with Cast kernels: ranking by Casts instead"),
             CoreText::tr("pass kernel_details.csv, op_summary or op_statistic with --evidence")});
        time = false;
    }
    if (!isMixedMode(request.mode))
        return; // the lists do nothing in this mode (noted by advise())

    // Candidates: every op type FE decides in this graph that is gray or black now.
    std::set<std::string> types;
    for (const NodeResolution &n : base.nodes)
        if (n.decided && n.inLibrary && n.node)
            types.emplace(n.node->opType);
    std::vector<AdviceEdit> edits;
    for (const std::string &type : types) {
        const Policy now = trial.currentPolicy(type);
        if (trial.blackFromMixlist(type)) {
            AdviceEdit drop {EditKind::DropBlack, type, now, Policy::Gray};
            drop.to = trial.policyAfter(drop);
            edits.push_back(drop);
        }
        if (now != Policy::White)
            edits.push_back({EditKind::ToWhite, type, now, Policy::White});
    }
    for (const AdviceEdit &edit : edits) {
        AdviceCandidate c;
        c.edit = edit;
        c.effect = trial.effect(trial.run({edit}), context.protectedIndexes);
        if (!c.effect.movedProtected.empty()) {
            c.rejected = true;
            c.why = CoreText::tr("would move protected node '%1' (%2 -> %3)",
                                 c.effect.movedProtected.front().name,
                                 dtypeName(c.effect.movedProtected.front().from),
                                 dtypeName(c.effect.movedProtected.front().to));
        } else if (gain(c.effect, time) <= 0) {
            c.rejected = true;
            c.why = time ? CoreText::tr("saves no measured time") : CoreText::tr("removes no Cast");
        } else {
            c.why = effectSentence(c.effect, 0, false);
        }
        result.candidates.push_back(std::move(c));
    }
    std::stable_sort(result.candidates.begin(), result.candidates.end(),
                     [time](const AdviceCandidate &a, const AdviceCandidate &b) {
                         if (a.rejected != b.rejected)
                             return !a.rejected;
                         const double ga = gain(a.effect, time), gb = gain(b.effect, time);
                         if (ga != gb)
                             return ga > gb;
                         return a.effect.moved.size() < b.effect.moved.size();
                     });

    // Greedy, each addition re-resolved with the ones before: taken only when it still gains and
    // no protected node moves.
    std::vector<AdviceEdit> chosen;
    double best = 0;
    for (const AdviceCandidate &c : result.candidates) {
        if (c.rejected || chosen.size() >= request.maxChanges)
            continue;
        std::vector<AdviceEdit> tryEdits = chosen;
        tryEdits.push_back(c.edit);
        const AdviceEffect effect = trial.effect(trial.run(tryEdits), context.protectedIndexes);
        const double g = gain(effect, time);
        if (effect.movedProtected.empty() && g > best) {
            chosen = std::move(tryEdits);
            best = g;
        }
    }
    if (!chosen.empty())
        result.plans.push_back(makePlan(context,
                                        time ? CoreText::tr("most measured Cast and fp32 time")
                                             : CoreText::tr("fewest Casts"),
                                        std::move(chosen), false));
}

} // namespace opsinfo::advice_detail
