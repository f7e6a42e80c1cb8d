#include "advice/trialresolver.h"

#include "evidence/evidencesummary.h"
#include "graph/graph.h"
#include "library/oplibrary.h"
#include "mixlist/mixlistsynth.h"
#include "resolver/policysource.h"

#include <algorithm>

namespace opsinfo {

namespace {

double meanTime(const OpTypeEvidence *t)
{
    return t && t->runs > 0 && t->timeUs > 0 ? t->timeUs / double(t->runs) : -1;
}

} // namespace

TrialResolver::TrialResolver(const AdviceRequest &request)
    : m_request(request)
    , m_resolver(*request.graph, *request.library)
    , m_table(PolicyTable::compute(*request.library, request.mixlist))
{
    m_baseline = run({});
    m_trials = 0; // the baseline is not a trial
    for (std::size_t i = 0; i < m_baseline.nodes.size(); ++i)
        if (const Node *node = m_baseline.nodes[i].node)
            m_byName.emplace(node->name, int(i));
    if (request.measured)
        m_castMeanUs = meanTime(request.measured->find("Cast"));
}

Policy TrialResolver::libraryPolicy(const std::string &type) const
{
    const OpEntry *entry = m_request.library->find(type);
    return entry ? entry->policy : Policy::Gray;
}

bool TrialResolver::blackFromMixlist(const std::string &type) const
{
    if (!m_request.mixlist || currentPolicy(type) != Policy::Black
        || libraryPolicy(type) == Policy::Black)
        return false;
    for (const MixlistMark &m : m_request.mixlist->marksFor(type))
        if (m.list == MixlistList::Black && m.action == MixlistAction::Add)
            return true;
    return false;
}

Policy TrialResolver::policyAfter(const AdviceEdit &edit) const
{
    switch (edit.kind) {
    case EditKind::ToBlack:
        return Policy::Black;
    case EditKind::ToGray:
        return Policy::Gray;
    case EditKind::ToWhite:
        return Policy::White;
    case EditKind::DropBlack: {
        std::vector<MixlistMark> marks;
        if (m_request.mixlist)
            for (const MixlistMark &m : m_request.mixlist->marksFor(edit.target))
                if (!(m.list == MixlistList::Black && m.action == MixlistAction::Add))
                    marks.push_back(m);
        return applyMarks(libraryPolicy(edit.target), marks);
    }
    case EditKind::KeepNode:
        break;
    }
    return currentPolicy(edit.target);
}

Resolution TrialResolver::run(const std::vector<AdviceEdit> &edits)
{
    ++m_trials;
    std::unordered_map<std::string, Policy> overrides;
    KeepDtype keep = m_request.keepDtype ? *m_request.keepDtype : KeepDtype {};
    for (const AdviceEdit &edit : edits) {
        if (edit.kind == EditKind::KeepNode)
            keep.nodeNames.insert(edit.target);
        else
            overrides[edit.target] = policyAfter(edit);
    }
    PolicySource policies;
    policies.effective = [this, &overrides](std::string_view type) {
        if (!overrides.empty())
            if (const auto it = overrides.find(std::string(type)); it != overrides.end())
                return it->second;
        return m_table.effective(type);
    };
    policies.details = [this](std::string_view type) { return m_table.find(type); };
    ResolveOptions options;
    options.grayRule = m_request.grayRule;
    options.keepDtype = keep.empty() ? nullptr : std::make_shared<const KeepDtype>(std::move(keep));
    options.customizeDtypes = m_request.customizeDtypes;
    options.explanations = false;
    return m_resolver.resolve(m_request.mode, policies, options);
}

int TrialResolver::indexOf(const std::string &name) const
{
    const auto it = m_byName.find(name);
    return it == m_byName.end() ? -1 : it->second;
}

AdviceEffect TrialResolver::effect(const Resolution &after,
                                   const std::vector<int> &protectedIndexes) const
{
    AdviceEffect e;
    e.before = m_baseline.summary;
    e.after = after.summary;
    std::vector<char> isProtected(m_baseline.nodes.size(), 0);
    for (int index : protectedIndexes)
        if (index >= 0 && std::size_t(index) < isProtected.size())
            isProtected[std::size_t(index)] = 1;
    for (int index : protectedIndexes) {
        if (index < 0 || std::size_t(index) >= after.nodes.size())
            continue;
        const std::string_view name = after.nodes[std::size_t(index)].node->name;
        const bool nowFp32 = after.nodes[std::size_t(index)].dtype == DType::Float32;
        if (!nowFp32)
            e.stillNotFp32.emplace_back(name);
        else if (m_baseline.nodes[std::size_t(index)].dtype != DType::Float32)
            e.fixed.emplace_back(name);
    }
    for (std::size_t i = 0; i < after.nodes.size() && i < m_baseline.nodes.size(); ++i) {
        const NodeResolution &b = m_baseline.nodes[i];
        const NodeResolution &a = after.nodes[i];
        if (a.dtype == b.dtype)
            continue;
        MovedNode moved {int(i), a.node ? std::string(a.node->name) : std::string(),
                         a.node ? std::string(a.node->opType) : std::string(), b.dtype, a.dtype};
        if (isProtected[i])
            e.movedProtected.push_back(std::move(moved));
        else
            e.moved.push_back(std::move(moved));
    }
    if (m_request.measured && m_castMeanUs >= 0) {
        e.timeEstimated = true;
        e.castTimeBeforeUs = double(e.before.castsTotal) * m_castMeanUs;
        e.castTimeAfterUs = double(e.after.castsTotal) * m_castMeanUs;
        for (const MovedNode &m : e.moved)
            if (m.from == DType::Float32 && (m.to == DType::Float16 || m.to == DType::BFloat16))
                if (const double mean = meanTime(m_request.measured->find(m.opType)); mean > 0)
                    e.fp32TimeMovedUs += mean;
    }
    return e;
}

Mixlist TrialResolver::mixlistFor(const std::vector<AdviceEdit> &edits) const
{
    // The user's mixlist with the entries of each edited op type replaced by the X5-minimal entries
    // that give it its new colour: every other entry stays as the user wrote it.
    Mixlist out = m_request.mixlist ? *m_request.mixlist : Mixlist {};
    for (const AdviceEdit &edit : edits) {
        if (edit.kind == EditKind::KeepNode)
            continue;
        for (MixlistList list : Mixlist::lists)
            for (MixlistAction action : Mixlist::actions) {
                auto &entries = out.entries(list, action);
                entries.erase(
                    std::remove_if(entries.begin(), entries.end(),
                                   [&](const MixlistEntry &e) { return e.opType == edit.target; }),
                    entries.end());
            }
        const Mixlist wanted
            = synthesizeMinimalMixlist(*m_request.library, {{edit.target, policyAfter(edit)}});
        for (MixlistList list : Mixlist::lists)
            for (MixlistAction action : Mixlist::actions)
                for (const MixlistEntry &e : wanted.entries(list, action))
                    out.add(list, action, e.opType);
    }
    return out;
}

KeepDtype TrialResolver::keepFor(const std::vector<AdviceEdit> &edits) const
{
    KeepDtype keep = m_request.keepDtype ? *m_request.keepDtype : KeepDtype {};
    for (const AdviceEdit &edit : edits)
        if (edit.kind == EditKind::KeepNode)
            keep.nodeNames.insert(edit.target);
    return keep;
}

} // namespace opsinfo
