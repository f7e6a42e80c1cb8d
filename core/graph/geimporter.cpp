#include "graph/geimporter.h"

#include "common/coretext.h"

#include <unordered_map>
#include <unordered_set>

namespace opsinfo {

namespace {

DType fromGe(int value)
{
    if (value == geir::DT_UNDEFINED)
        return DType::Undefined;
    if (!geir::DataType_IsValid(value))
        return DType::Other; // a name from a newer GE (see parseTextProto)
    return parseEnumDType(geir::DataType_Name(value));
}

class GeConverter
{
public:
    GeConverter(const geir::ModelDef &model, ImportContext &context) : m_model(model), m_context(context)
    {
        for (int i = 0; i < model.graph_size(); ++i)
            m_byName.emplace(model.graph(i).name(), i);
    }

    std::unique_ptr<Graph> convert(int graphIndex, int depth);

    void reportUnreferenced()
    {
        int unused = 0;
        for (int i = 1; i < m_model.graph_size(); ++i)
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
    const geir::ModelDef &m_model;
    ImportContext &m_context;
    std::unordered_map<std::string, int> m_byName;
    std::unordered_set<int> m_used;
};

std::unique_ptr<Graph> GeConverter::convert(int graphIndex, int depth)
{
    const geir::GraphDef &proto = m_model.graph(graphIndex);
    m_used.insert(graphIndex);
    auto graph = std::make_unique<Graph>();
    graph->path = m_context.path;
    graph->name = proto.name();
    graph->nodes().reserve(std::size_t(proto.op_size()));
    for (int j = 0; j < proto.op_size(); ++j) {
        const geir::OpDef &op = proto.op(j);
        Node node;
        node.name = op.name().empty() ? "op_" + std::to_string(j) : op.name();
        if (graph->indexOf(node.name) >= 0) {
            m_context.warning(
                "duplicate-node",
                CoreText::tr("graph '%1' has two ops named '%2'", proto.name(), node.name) + "; "
                    + CoreText::tr("the second is renamed '%1'",
                                   node.name + "#" + std::to_string(j)),
                CoreText::tr("inputs naming it refer to the first"));
            node.name += "#" + std::to_string(j);
        }
        node.frameworkType = op.type();
        node.opType = op.type(); // GE graphs are in Ascend IR already
        node.mapped = !op.type().empty();
        int descIndex = 0;
        for (const std::string &input : op.input()) {
            TensorRef ref = parseTensorRef(input);
            if (!input.empty() && ref.index < 0) {
                node.controlInputs.push_back(std::move(ref.producer));
                continue;
            }
            NodeInput in;
            in.producerName = std::move(ref.producer); // empty: optional input left out
            in.outputIndex = ref.index;
            if (descIndex < op.input_desc_size()) {
                const auto &desc = op.input_desc(descIndex);
                in.dtype = fromGe(desc.dtype());
                in.shape.assign(desc.shape().dim().begin(), desc.shape().dim().end());
            }
            ++descIndex;
            node.inputs.push_back(std::move(in));
        }
        for (const auto &desc : op.output_desc())
            node.outputs.push_back({desc.name(), fromGe(desc.dtype()),
                                    {desc.shape().dim().begin(), desc.shape().dim().end()}});
        for (const std::string &subgraph : op.subgraph_name()) {
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
            auto sub = convert(it->second, depth + 1);
            if (!sub)
                return nullptr;
            node.subgraphs.push_back(std::move(sub));
        }
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
    graph->inputs.assign(proto.input().begin(), proto.input().end());
    graph->outputs.assign(proto.output().begin(), proto.output().end());
    for (const Node &node : graph->nodes()) {
        if (proto.input_size() == 0 && (node.opType == "Data" || node.opType == "RefData"))
            graph->inputs.push_back(node.name);
        if (proto.output_size() == 0 && node.opType == "NetOutput")
            for (const NodeInput &in : node.inputs)
                if (!in.producerName.empty())
                    graph->outputs.push_back(in.producerName + ":" + std::to_string(in.outputIndex));
    }
    return graph;
}

} // namespace

std::unique_ptr<Graph> convertGeModel(const geir::ModelDef &model, ImportContext &context)
{
    if (model.graph_size() == 0) {
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

std::unique_ptr<Graph> importGeProto(std::string_view bytes, ImportContext &context)
{
    geir::ModelDef model;
    if (!parseTextProto(bytes, model, context, "GE graph dump (ModelDef text)"))
        return nullptr;
    auto graph = convertGeModel(model, context);
    if (graph)
        graph->format = "ge-proto";
    return graph;
}

} // namespace opsinfo
