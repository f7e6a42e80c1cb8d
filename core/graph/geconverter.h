#pragma once

#include "graph/gemodel.h"
#include "graph/importcontext.h"

#include <memory>
#include <span>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

// Internal to the GE importers: a GeModel's graphs -> Graph, the main graph's ops also in runs as
// a reader brings them (a file read in pieces), so the model need not hold them all at once.
namespace opsinfo {

// The node of a graph being converted by the pool position of its name: finding a name this way
// hashes no bytes and touches no node. Positions are dense from the graph's first string on (a
// graph's names are interned as it is converted), so a plain array serves; a name pooled before
// the graph began is not covered (look it up by content).
class NodesByName
{
public:
    explicit NodesByName(std::uint32_t firstPosition)
        : m_first(firstPosition)
    {
    }
    bool covers(std::uint32_t namePosition) const { return namePosition >= m_first; }
    int find(std::uint32_t namePosition) const; // -1: none (or not covered)
    void add(std::uint32_t namePosition, int node); // the first node of a name stays

private:
    std::uint32_t m_first;
    std::vector<int> m_nodes; // -1: no node of this graph has the name
};

class GeConverter
{
public:
    GeConverter(const GeModel &model, ImportContext &context);

    // The whole model: its first graph with the subgraphs its ops name.
    std::unique_ptr<Graph> convertModel();

    // The same with the main graph's ops given in runs, in order, each with the model its ranges
    // are into (the converter's or a piece's own), which needs to live only during the call.
    // finishMain converts the rest (the subgraphs, which must be in the converter's model by
    // then) and links the main graph. reserveMainOps: about how many ops will come, so the node
    // array is not moved (old and new copy at once) as the runs come in.
    void reserveMainOps(std::size_t count);
    void addMainOps(const GeModel &source, std::span<const GeOpDef> ops);
    std::unique_ptr<Graph> finishMain();

private:
    // One graph while its ops come in: subgraphs are converted when all its ops are in.
    struct GraphBuild
    {
        GraphBuild(std::unique_ptr<Graph> g, std::string_view defName)
            : graph(std::move(g))
            , nodes(std::uint32_t(graph->strings()->size() + 1))
            , name(defName)
        {
        }
        std::unique_ptr<Graph> graph;
        NodesByName nodes;
        std::string_view name; // the GraphDef's, for messages
        std::size_t opIndex = 0; // of the next op
        std::size_t unlinked = 0; // inputs naming a producer not linked as the op was read
        std::vector<std::pair<int, std::string_view>> subgraphs; // node, pooled subgraph name
    };

    GraphBuild begin(int graphIndex, std::shared_ptr<StringPool> strings);
    GraphBuild &mainBuild();
    void addOps(GraphBuild &build, const GeModel &source, std::span<const GeOpDef> ops);
    std::unique_ptr<Graph> finish(GraphBuild &build, const GeGraphDef &def, int depth);
    std::unique_ptr<Graph> convert(int graphIndex, int depth, std::shared_ptr<StringPool> strings);
    void readLists(const GeModel &source, const GeOpDef &op, GraphBuild &build, Node &node);
    int graphNamed(std::string_view name);
    void reportUnreferenced();

    const GeModel &m_model;
    ImportContext &m_context;
    std::unordered_map<std::string_view, int> m_byName; // built when first asked
    std::unordered_set<int> m_used;
    std::unique_ptr<GraphBuild> m_main; // while the main graph's ops come in runs
    // One op's lists while it is read, then stored in the graph's arena (reused, so no
    // allocation per op).
    std::vector<NodeInput> m_inputs;
    std::vector<std::string_view> m_controlInputs;
    std::vector<NodeOutput> m_outputs;
};

} // namespace opsinfo
