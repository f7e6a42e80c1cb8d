#include "graph/graphinfo.h"

#include <algorithm>
#include <map>
#include <set>

namespace opsinfo {

namespace {

struct Tally
{
    std::map<std::string_view, std::size_t> opTypes; // views into the graph, alive meanwhile
    std::map<std::string_view, std::size_t> unmapped;
    std::set<DType> dtypes;
    std::size_t subgraphs = 0;
    std::size_t boundary = 0;
};

void collect(const Graph &graph, Tally &tally)
{
    for (const Node &node : graph.nodes()) {
        for (const NodeOutput &out : node.outputs)
            if (out.dtype != DType::Undefined)
                tally.dtypes.insert(out.dtype);
        for (const NodeInput &in : node.inputs)
            if (in.dtype != DType::Undefined)
                tally.dtypes.insert(in.dtype);
        if (node.origin != NodeOrigin::File) {
            ++tally.boundary;
            continue;
        }
        // Some dumps (ATC's enum-compressed JSON) leave the type out.
        ++tally.opTypes[node.opType.empty() ? "(no type)" : node.opType];
        if (!node.mapped)
            ++tally.unmapped[node.frameworkType.empty() ? "(no type)" : node.frameworkType];
        for (const auto &sub : node.subgraphs) {
            ++tally.subgraphs;
            collect(*sub, tally);
        }
    }
}

std::vector<std::pair<std::string, std::size_t>>
byCount(const std::map<std::string_view, std::size_t> &counts)
{
    std::vector<std::pair<std::string, std::size_t>> sorted(counts.begin(), counts.end());
    std::stable_sort(sorted.begin(), sorted.end(),
                     [](const auto &a, const auto &b) { return a.second > b.second; });
    return sorted; // map order makes ties alphabetical
}

} // namespace

GraphInfo summarizeGraph(const Graph &graph)
{
    Tally tally;
    collect(graph, tally);
    GraphInfo info;
    info.name = graph.name;
    info.format = graph.format;
    info.fileNodes = graph.fileNodeCount();
    info.totalNodes = graph.totalFileNodeCount();
    info.subgraphs = tally.subgraphs;
    info.boundaryNodes = tally.boundary;
    info.opTypes = byCount(tally.opTypes);
    info.unmappedTypes = byCount(tally.unmapped);
    info.inputs = graph.inputs;
    info.outputs = graph.outputs;
    info.dtypes.assign(tally.dtypes.begin(), tally.dtypes.end());
    return info;
}

} // namespace opsinfo
