#include "graph/geimporter.h"

#include "common/coretext.h"
#include "graph/getextscanner.h"

#include <algorithm>
#include <climits>
#include <unordered_map>
#include <unordered_set>

namespace opsinfo {

namespace {

class GeConverter
{
public:
    GeConverter(const GeModel &model, ImportContext &context)
        : m_model(model)
        , m_context(context)
    {
        for (std::size_t i = 0; i < model.graphs.size(); ++i)
            m_byName.emplace(model.graphs[i].name, int(i));
    }

    // `strings`: the main graph's pool, shared by its subgraphs; null for the main graph.
    std::unique_ptr<Graph> convert(int graphIndex, int depth,
                                   std::shared_ptr<StringPool> strings = nullptr);

    void reportUnreferenced()
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

private:
    // The node of the graph being converted by the pool position of its name: finding a name this
    // way hashes no bytes and touches no node. Positions are dense from the graph's first string
    // on (a graph's names are interned as it is converted), so a plain array serves; a name from
    // before the graph began is not found here and left to linkProducers.
    class NodesByName
    {
    public:
        explicit NodesByName(std::uint32_t firstPosition)
            : m_first(firstPosition)
        {
        }
        // Whether find() answers for this name (it was first interned in this graph).
        bool covers(std::uint32_t namePosition) const { return namePosition >= m_first; }
        int find(std::uint32_t namePosition) const
        {
            const std::size_t at = std::size_t(namePosition) - m_first;
            return namePosition >= m_first && at < m_nodes.size() ? m_nodes[at] : -1;
        }
        void add(std::uint32_t namePosition, int node)
        {
            if (namePosition < m_first)
                return;
            const std::size_t at = std::size_t(namePosition) - m_first;
            if (at >= m_nodes.size())
                m_nodes.resize(std::max(at + 1, m_nodes.size() * 3 / 2), -1);
            if (m_nodes[at] < 0) // the first node of a name, as linkProducers takes it
                m_nodes[at] = node;
        }

    private:
        std::uint32_t m_first;
        std::vector<int> m_nodes; // -1: no node of this graph has the name
    };

    void readLists(const GeOpDef &op, Graph &graph, Node &node, const NodesByName &nodes);

    const GeModel &m_model;
    ImportContext &m_context;
    std::unordered_map<std::string_view, int> m_byName;
    std::unordered_set<int> m_used;
    // One op's lists while it is read, then stored in the graph's arena (reused, so no
    // allocation per op).
    std::vector<NodeInput> m_inputs;
    std::vector<std::string_view> m_controlInputs;
    std::vector<NodeOutput> m_outputs;
};

// An op's inputs (data and control) and outputs, stored in the graph's arena.
void GeConverter::readLists(const GeOpDef &op, Graph &graph, Node &node, const NodesByName &nodes)
{
    const auto inputDescs = m_model.descsAt(op.inputDescs);
    std::size_t descIndex = 0;
    m_inputs.clear();
    m_controlInputs.clear();
    m_outputs.clear();
    for (std::string_view input : m_model.stringsAt(op.inputs)) {
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
            in.producer = nodes.find(producer.position);
        in.outputIndex = ref.index;
        if (descIndex < inputDescs.size()) {
            const GeTensorDesc &desc = inputDescs[descIndex];
            in.dtype = desc.dtype;
            in.shape = graph.storeShape(m_model.dimsAt(desc.dims));
        }
        ++descIndex;
    }
    for (const GeTensorDesc &desc : m_model.descsAt(op.outputDescs))
        m_outputs.push_back(
            {graph.intern(desc.name), desc.dtype, graph.storeShape(m_model.dimsAt(desc.dims))});
    node.inputs = graph.store(m_inputs);
    node.controlInputs = graph.store(m_controlInputs);
    node.outputs = graph.store(m_outputs);
}

std::unique_ptr<Graph> GeConverter::convert(int graphIndex, int depth,
                                            std::shared_ptr<StringPool> strings)
{
    const GeGraphDef &proto = m_model.graphs[std::size_t(graphIndex)];
    const auto ops = m_model.opsOf(proto);
    m_used.insert(graphIndex);
    auto graph = std::make_unique<Graph>(std::move(strings));
    graph->path = m_context.path;
    graph->name = proto.name;
    graph->nodes().reserve(ops.size());
    NodesByName nodes(std::uint32_t(graph->strings()->size() + 1));
    for (std::size_t j = 0; j < ops.size(); ++j) {
        const GeOpDef &op = ops[j];
        m_context.releaseReadBytes(op.name.data());
        Node node;
        const std::string generated = op.name.empty() ? "op_" + std::to_string(j) : "";
        StringPool::Interned name
            = graph->strings()->internAt(op.name.empty() ? generated : op.name);
        if (nodes.covers(name.position) ? nodes.find(name.position) >= 0
                                        : graph->indexOf(name.text) >= 0) {
            const std::string renamed = std::string(name.text) + "#" + std::to_string(j);
            m_context.warning(
                "duplicate-node",
                CoreText::tr("graph '%1' has two ops named '%2'", proto.name, name.text) + "; "
                    + CoreText::tr("the second is renamed '%1'", renamed),
                CoreText::tr("inputs naming it refer to the first"));
            name = graph->strings()->internAt(renamed);
        }
        node.name = name.text;
        node.frameworkType = graph->intern(op.type);
        node.opType = node.frameworkType; // GE graphs are in Ascend IR already
        node.mapped = !op.type.empty();
        readLists(op, *graph, node, nodes);
        for (std::string_view subgraph : m_model.stringsAt(op.subgraphNames)) {
            auto it = m_byName.find(subgraph);
            if (it == m_byName.end() || m_used.count(it->second)) {
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
            auto sub = convert(it->second, depth + 1, graph->strings());
            if (!sub)
                return nullptr;
            node.subgraphs.push_back(std::move(sub));
        }
        nodes.add(name.position, int(graph->nodes().size()));
        graph->addNode(std::move(node));
    }
    m_context.addLinkDiagnostics(graph->linkProducers());
    for (Node &node : graph->nodes()) {
        for (NodeInput &in : node.inputs) {
            if (in.producer < 0 || in.dtype != DType::Undefined)
                continue;
            const Node &producer = graph->nodes()[std::size_t(in.producer)];
            if (in.outputIndex >= 0 && std::size_t(in.outputIndex) < producer.outputs.size())
                in.dtype = producer.outputs[std::size_t(in.outputIndex)].dtype;
        }
    }
    const auto inputs = m_model.stringsAt(proto.inputs);
    const auto outputs = m_model.stringsAt(proto.outputs);
    graph->inputs.assign(inputs.begin(), inputs.end());
    graph->outputs.assign(outputs.begin(), outputs.end());
    for (const Node &node : graph->nodes()) {
        if (inputs.empty() && (node.opType == "Data" || node.opType == "RefData"))
            graph->inputs.emplace_back(node.name);
        if (outputs.empty() && node.opType == "NetOutput")
            for (const NodeInput &in : node.inputs)
                if (!in.producerName.empty())
                    graph->outputs.push_back(std::string(in.producerName) + ":"
                                             + std::to_string(in.outputIndex));
    }
    return graph;
}

} // namespace

DType geDTypeFromNumber(std::int64_t value)
{
    if (value == geir::DT_UNDEFINED)
        return DType::Undefined;
    if (value < INT_MIN || value > INT_MAX || !geir::DataType_IsValid(int(value)))
        return DType::Other; // a name from a newer GE (see parseTextProto)
    return parseEnumDType(geir::DataType_Name(geir::DataType(value)));
}

DType geDTypeFromName(std::string_view name)
{
    // Sorted (name, dtype) pairs of GE's DataType enum; the names live in the descriptor pool.
    static const std::vector<std::pair<std::string_view, DType>> table = [] {
        std::vector<std::pair<std::string_view, DType>> pairs;
        const auto *descriptor = geir::DataType_descriptor();
        for (int i = 0; i < descriptor->value_count(); ++i)
            pairs.emplace_back(descriptor->value(i)->name(),
                               geDTypeFromNumber(descriptor->value(i)->number()));
        std::sort(pairs.begin(), pairs.end());
        return pairs;
    }();
    auto it
        = std::lower_bound(table.begin(), table.end(), name,
                           [](const auto &pair, std::string_view key) { return pair.first < key; });
    return it != table.end() && it->first == name ? it->second : DType::Undefined;
}

std::unique_ptr<Graph> convertGeModel(const GeModel &model, ImportContext &context)
{
    if (model.graphs.empty()) {
        context.error("graph-empty", CoreText::tr("the GE model has no graph"),
                      CoreText::tr("a GE dump starts with graph { name: ... op { ... } }"));
        return nullptr;
    }
    GeConverter converter(model, context);
    auto graph = converter.convert(0, 0);
    if (graph)
        converter.reportUnreferenced();
    return graph;
}

GeModel geModelFromProto(const geir::ModelDef &proto)
{
    GeModel model;
    model.name = proto.name();
    auto strings = [&](const google::protobuf::RepeatedPtrField<std::string> &list) {
        const std::size_t begin = model.strings.size();
        model.strings.insert(model.strings.end(), list.begin(), list.end());
        return GeModel::rangeFrom(model.strings, begin);
    };
    auto descs = [&](const google::protobuf::RepeatedPtrField<geir::TensorDescriptor> &list) {
        const std::size_t begin = model.descs.size();
        for (const geir::TensorDescriptor &desc : list) {
            const std::size_t dims = model.dims.size();
            model.dims.insert(model.dims.end(), desc.shape().dim().begin(),
                              desc.shape().dim().end());
            model.descs.push_back({desc.name(), geDTypeFromNumber(desc.dtype()),
                                   GeModel::rangeFrom(model.dims, dims)});
        }
        return GeModel::rangeFrom(model.descs, begin);
    };
    for (const geir::GraphDef &graph : proto.graph()) {
        GeGraphDef &def = model.graphs.emplace_back();
        def.name = graph.name();
        def.inputs = strings(graph.input());
        def.outputs = strings(graph.output());
        const std::size_t begin = model.ops.size();
        for (const geir::OpDef &op : graph.op()) {
            GeOpDef &o = model.ops.emplace_back();
            o.name = op.name();
            o.type = op.type();
            o.inputs = strings(op.input());
            o.subgraphNames = strings(op.subgraph_name());
            o.inputDescs = descs(op.input_desc());
            o.outputDescs = descs(op.output_desc());
        }
        def.ops = GeModel::rangeFrom(model.ops, begin);
    }
    return model;
}

std::unique_ptr<Graph> importGeProto(std::string_view bytes, ImportContext &context)
{
    // The scanner reads real dumps several times faster than TextFormat and without a message
    // per field; whatever it declines (errors included) TextFormat reads and words as before.
    GeModel model;
    geir::ModelDef proto; // what `model` views when TextFormat read it
    if (!scanGeModelText(bytes, model)) {
        model = GeModel();
        if (!parseTextProto(bytes, proto, context, "GE graph dump (ModelDef text)"))
            return nullptr;
        model = geModelFromProto(proto);
    }
    auto graph = convertGeModel(model, context);
    if (graph)
        graph->format = "ge-proto";
    return graph;
}

} // namespace opsinfo
