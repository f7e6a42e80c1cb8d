#include "graph/geconverter.h"

#include "common/coretext.h"

#include <algorithm>

namespace opsinfo {

int NodesByName::find(std::uint32_t namePosition) const
{
    const std::size_t at = std::size_t(namePosition) - m_first;
    return namePosition >= m_first && at < m_nodes.size() ? m_nodes[at] : -1;
}

void NodesByName::add(std::uint32_t namePosition, int node)
{
    if (namePosition < m_first)
        return;
    const std::size_t at = std::size_t(namePosition) - m_first;
    if (at >= m_nodes.size())
        m_nodes.resize(std::max(at + 1, m_nodes.size() * 3 / 2), -1);
    if (m_nodes[at] < 0) // the first node of a name, as linkProducers takes it
        m_nodes[at] = node;
}

namespace {

// An input the file gives no dtype reads its producer's output dtype.
void fillDtype(const Graph &graph, NodeInput &in)
{
    if (in.dtype != DType::Undefined)
        return;
    const Node &producer = graph.nodes()[std::size_t(in.producer)];
    if (in.outputIndex >= 0 && std::size_t(in.outputIndex) < producer.outputs.size())
        in.dtype = producer.outputs[std::size_t(in.outputIndex)].dtype;
}

} // namespace

GeConverter::GeConverter(const GeModel &model, ImportContext &context)
    : m_model(model)
    , m_context(context)
{
}

int GeConverter::graphNamed(std::string_view name)
{
    if (m_byName.empty())
        for (std::size_t i = 0; i < m_model.graphs.size(); ++i)
            m_byName.emplace(m_model.graphs[i].name, int(i));
    const auto it = m_byName.find(name);
    return it == m_byName.end() ? -1 : it->second;
}

GeConverter::GraphBuild GeConverter::begin(int graphIndex, std::shared_ptr<StringPool> strings)
{
    m_used.insert(graphIndex);
    const GeGraphDef &def = m_model.graphs[std::size_t(graphIndex)];
    GraphBuild build(std::make_unique<Graph>(std::move(strings)), def.name);
    build.graph->path = m_context.path;
    build.graph->name = def.name;
    return build;
}

// An op's inputs (data and control) and outputs, stored in the graph's arena.
void GeConverter::readLists(const GeModel &source, const GeOpDef &op, GraphBuild &build, Node &node)
{
    Graph &graph = *build.graph;
    const auto inputDescs = source.descsAt(op.inputDescs);
    std::size_t descIndex = 0;
    m_inputs.clear();
    m_controlInputs.clear();
    m_outputs.clear();
    for (std::string_view input : source.stringsAt(op.inputs)) {
        TensorRef ref = parseTensorRef(input);
        if (!input.empty() && ref.index < 0) {
            m_controlInputs.push_back(graph.intern(ref.producer));
            continue;
        }
        NodeInput &in = m_inputs.emplace_back();
        const StringPool::Interned producer = graph.strings()->internAt(ref.producer);
        in.producerName = producer.text; // empty: optional input left out
        // Producers before their consumers (most files) are linked here; linkProducers does
        // the rest.
        if (producer.position != 0)
            in.producer = build.nodes.find(producer.position);
        in.outputIndex = ref.index;
        if (descIndex < inputDescs.size()) {
            const GeTensorDesc &desc = inputDescs[descIndex];
            in.dtype = desc.dtype;
            in.shape = graph.storeShape(source.dimsAt(desc.dims));
        }
        if (in.producer >= 0)
            fillDtype(graph, in);
        else if (!in.producerName.empty()) // an empty name is never found (optional input)
            ++build.unlinked;
        ++descIndex;
    }
    for (const GeTensorDesc &desc : source.descsAt(op.outputDescs))
        m_outputs.push_back(
            {graph.intern(desc.name), desc.dtype, graph.storeShape(source.dimsAt(desc.dims))});
    node.inputs = graph.store(m_inputs);
    node.controlInputs = graph.store(m_controlInputs);
    node.outputs = graph.store(m_outputs);
}

void GeConverter::addOps(GraphBuild &build, const GeModel &source, std::span<const GeOpDef> ops)
{
    Graph &graph = *build.graph;
    std::vector<Node> &nodes = graph.nodes();
    if (nodes.size() + ops.size() > nodes.capacity()) // runs: grow as push_back would, not by each
        nodes.reserve(std::max(nodes.size() + ops.size(), nodes.capacity() * 3 / 2));
    for (const GeOpDef &op : ops) {
        const std::size_t j = build.opIndex++;
        m_context.releaseReadBytes(op.name.data());
        Node node;
        const std::string generated = op.name.empty() ? "op_" + std::to_string(j) : "";
        StringPool::Interned name
            = graph.strings()->internAt(op.name.empty() ? generated : op.name);
        if (build.nodes.covers(name.position) ? build.nodes.find(name.position) >= 0
                                              : graph.indexOf(name.text) >= 0) {
            const std::string renamed = std::string(name.text) + "#" + std::to_string(j);
            m_context.warning(
                "duplicate-node",
                CoreText::tr("graph '%1' has two ops named '%2'", build.name, name.text) + "; "
                    + CoreText::tr("the second is renamed '%1'", renamed),
                CoreText::tr("inputs naming it refer to the first"));
            name = graph.strings()->internAt(renamed);
        }
        node.name = name.text;
        node.frameworkType = graph.intern(op.type);
        node.opType = node.frameworkType; // GE graphs are in Ascend IR already
        node.mapped = !op.type.empty();
        readLists(source, op, build, node);
        const int index = int(graph.nodes().size());
        for (std::string_view subgraph : source.stringsAt(op.subgraphNames))
            build.subgraphs.emplace_back(index, graph.intern(subgraph));
        build.nodes.add(name.position, index);
        graph.addNode(std::move(node));
    }
}

std::unique_ptr<Graph> GeConverter::finish(GraphBuild &build, const GeGraphDef &def, int depth)
{
    Graph &graph = *build.graph;
    for (const auto &[index, subgraph] : build.subgraphs) {
        Node &node = graph.nodes()[std::size_t(index)];
        const int sub = graphNamed(subgraph);
        if (sub < 0 || m_used.count(sub)) {
            m_context.warning(
                "missing-subgraph",
                CoreText::tr(
                    "op '%1' names subgraph '%2', which the model does not contain (or uses twice)",
                    node.name, subgraph));
            continue;
        }
        if (depth + 1 > m_context.options.maxSubgraphDepth) {
            m_context.error("graph-too-deep",
                            CoreText::tr("subgraphs are nested more than %1 levels deep",
                                         m_context.options.maxSubgraphDepth),
                            CoreText::tr("the file is probably corrupt"));
            return nullptr;
        }
        auto converted = convert(sub, depth + 1, graph.strings());
        if (!converted)
            return nullptr;
        graph.nodes()[std::size_t(index)].subgraphs.push_back(std::move(converted));
    }
    // Inputs linked as they were read have their dtype already: only a graph with producers after
    // their consumers (or missing) needs another pass over every input.
    if (build.unlinked > 0) {
        m_context.addLinkDiagnostics(graph.linkProducers());
        for (Node &node : graph.nodes())
            for (NodeInput &in : node.inputs)
                if (in.producer >= 0)
                    fillDtype(graph, in);
    }
    const auto inputs = m_model.stringsAt(def.inputs);
    const auto outputs = m_model.stringsAt(def.outputs);
    graph.inputs.assign(inputs.begin(), inputs.end());
    graph.outputs.assign(outputs.begin(), outputs.end());
    for (const Node &node : graph.nodes()) {
        if (inputs.empty() && (node.opType == "Data" || node.opType == "RefData"))
            graph.inputs.emplace_back(node.name);
        if (outputs.empty() && node.opType == "NetOutput")
            for (const NodeInput &in : node.inputs)
                if (!in.producerName.empty())
                    graph.outputs.push_back(std::string(in.producerName) + ":"
                                            + std::to_string(in.outputIndex));
    }
    return std::move(build.graph);
}

std::unique_ptr<Graph> GeConverter::convert(int graphIndex, int depth,
                                            std::shared_ptr<StringPool> strings)
{
    GraphBuild build = begin(graphIndex, std::move(strings));
    const GeGraphDef &def = m_model.graphs[std::size_t(graphIndex)];
    addOps(build, m_model, m_model.opsOf(def));
    return finish(build, def, depth);
}

void GeConverter::reportUnreferenced()
{
    int unused = 0;
    for (int i = 1; i < int(m_model.graphs.size()); ++i)
        unused += m_used.count(i) ? 0 : 1;
    if (unused > 0)
        m_context.note(
            "unreferenced-graph",
            CoreText::tr(
                "%1 graph(s) after the first are not a subgraph of any op and were not read",
                unused),
            CoreText::tr("the first graph of a ModelDef is its main graph"));
}

std::unique_ptr<Graph> GeConverter::convertModel()
{
    auto graph = convert(0, 0, nullptr);
    if (graph)
        reportUnreferenced();
    return graph;
}

GeConverter::GraphBuild &GeConverter::mainBuild()
{
    if (!m_main)
        m_main = std::make_unique<GraphBuild>(begin(0, nullptr));
    return *m_main;
}

void GeConverter::reserveMainOps(std::size_t count)
{
    mainBuild().graph->nodes().reserve(count);
}

void GeConverter::addMainOps(const GeModel &source, std::span<const GeOpDef> ops)
{
    addOps(mainBuild(), source, ops);
}

std::unique_ptr<Graph> GeConverter::finishMain()
{
    auto graph = finish(mainBuild(), m_model.graphs.front(), 0);
    m_main.reset();
    if (graph)
        reportUnreferenced();
    return graph;
}

} // namespace opsinfo
