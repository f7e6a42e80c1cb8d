#include "diff/resolutiondiff.h"

#include "resolver/outputorder.h"

namespace opsinfo {

namespace {

std::vector<int> castsPerConsumer(const Resolution &r)
{
    std::vector<int> counts(r.nodes.size(), 0);
    for (const CastInsertion &c : r.casts)
        for (const auto &consumer : c.consumers)
            if (consumer.first >= 0 && std::size_t(consumer.first) < counts.size())
                ++counts[std::size_t(consumer.first)];
    return counts;
}

} // namespace

ResolutionDiff diffResolutions(const Graph &graph, const Resolution &a, const Resolution &b)
{
    ResolutionDiff diff;
    diff.castsA = a.summary.castsTotal;
    diff.castsB = b.summary.castsTotal;
    if (a.nodes.size() != b.nodes.size())
        return diff;
    const std::vector<int> castsA = castsPerConsumer(a);
    const std::vector<int> castsB = castsPerConsumer(b);
    for (int index : outputOrder(graph, a)) {
        const NodeResolution &na = a.nodes[std::size_t(index)];
        const NodeResolution &nb = b.nodes[std::size_t(index)];
        if (na.dtype == nb.dtype && na.engine == nb.engine)
            continue;
        diff.changed.push_back({index, na.parent < 0, &na, &nb, castsA[std::size_t(index)],
                                castsB[std::size_t(index)]});
    }
    return diff;
}

std::map<DtypeTransition, std::size_t> countTransitions(const ResolutionDiff &diff)
{
    std::map<DtypeTransition, std::size_t> counts;
    for (const NodeChange &change : diff.changed)
        ++counts[{Decision::of(*change.a), Decision::of(*change.b)}];
    return counts;
}

std::string decisionLabel(const Decision &decision)
{
    std::string label = dtypeName(decision.dtype);
    if (decision.engine == Engine::AICPU || decision.engine == Engine::GE)
        label += std::string(" (") + engineName(decision.engine) + ")";
    return label;
}

std::string transitionLabel(const DtypeTransition &transition)
{
    return decisionLabel(transition.from) + "->" + decisionLabel(transition.to);
}

std::map<std::string, std::size_t> countTransitionsByLabel(const ResolutionDiff &diff)
{
    std::map<std::string, std::size_t> counts;
    for (const auto &[transition, count] : countTransitions(diff))
        counts[transitionLabel(transition)] += count;
    return counts;
}

} // namespace opsinfo
