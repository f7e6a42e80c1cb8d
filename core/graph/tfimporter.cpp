#include "common/coretext.h"
#include "graph/importcontext.h"

#include "graph/proto/tf_graph.pb.h"

#include <set>
#include <unordered_set>

namespace opsinfo {

namespace {

DType fromTf(int value)
{
    if (value > 100)
        value -= 100; // reference types (DT_FLOAT_REF) carry the same element type
    switch (value) {
    case tfgraph::DT_INVALID:
        return DType::Undefined;
    case tfgraph::DT_HALF:
        return DType::Float16;
    case tfgraph::DT_BFLOAT16:
        return DType::BFloat16;
    case tfgraph::DT_QINT8:
    case tfgraph::DT_QUINT8:
    case tfgraph::DT_QINT16:
    case tfgraph::DT_QUINT16:
    case tfgraph::DT_QINT32:
    case tfgraph::DT_RESOURCE:
    case tfgraph::DT_VARIANT:
        return DType::Other;
    default:
        break;
    }
    return tfgraph::DataType_IsValid(value) ? parseEnumDType(tfgraph::DataType_Name(value))
                                            : DType::Other;
}

const std::unordered_set<std::string_view> kTfBoolResult {
    "Equal",     "NotEqual",   "Less",  "LessEqual", "Greater",  "GreaterEqual",     "LogicalAnd",
    "LogicalOr", "LogicalNot", "IsNan", "IsInf",     "IsFinite", "ApproximateEqual", "InTopK",
    "InTopKV2"};

// The dtype of every output of a TF node from its attributes; Undefined where they do not say.
DType attributeDType(const tfgraph::NodeDef &node, int output)
{
    const auto &attr = node.attr();
    auto typeOf = [&](const char *name) -> DType {
        auto it = attr.find(name);
        return it != attr.end() && it->second.value_case() == tfgraph::AttrValue::kType
            ? fromTf(it->second.type())
            : DType::Undefined;
    };
    const std::string &op = node.op();
    if (kTfBoolResult.count(op))
        return DType::Bool;
    if (op == "Cast")
        return typeOf("DstT");
    if (op == "Shape" || op == "Size" || op == "ShapeN") {
        const DType t = typeOf("out_type");
        return t == DType::Undefined ? DType::Int32 : t;
    }
    if (op == "Rank")
        return DType::Int32;
    if (op == "ArgMax" || op == "ArgMin") {
        const DType t = typeOf("output_type");
        return t == DType::Undefined ? DType::Int64 : t;
    }
    for (const char *name : {"Tout", "output_types", "component_types"}) {
        auto it = attr.find(name);
        if (it != attr.end() && it->second.has_list() && output < it->second.list().type_size())
            return fromTf(it->second.list().type(output));
    }
    for (const char *name : {"dtype", "T", "out_type", "DstT", "Tidx"}) {
        const DType t = typeOf(name);
        if (t != DType::Undefined)
            return t;
    }
    return DType::Undefined;
}

std::vector<std::int64_t> shapeOf(const tfgraph::TensorShapeProto &shape)
{
    std::vector<std::int64_t> dims;
    if (!shape.unknown_rank())
        for (const auto &dim : shape.dim())
            dims.push_back(dim.size());
    return dims;
}

// One NodeDef as a graph node (its producers linked later); an op type the map does not know
// goes to `unmapped`.
Node importNode(Graph &graph, const tfgraph::NodeDef &def, int j, ImportContext &context,
                std::set<std::string> &unmapped)
{
    Node node;
    std::string name = def.name().empty() ? "node_" + std::to_string(j) : def.name();
    if (graph.indexOf(name) >= 0)
        name += "#" + std::to_string(j);
    node.name = graph.intern(name);
    const OpLookup lookup = context.map.lookupTensorFlow(def.op());
    node.frameworkType = graph.intern(def.op());
    node.opType = graph.intern(lookup.irType);
    node.mapped = lookup.mapped;
    if (!lookup.mapped)
        unmapped.insert(def.op());
    std::vector<NodeInput> inputs;
    std::vector<std::string_view> controlInputs;
    for (const std::string &input : def.input()) {
        if (input.starts_with("^")) {
            controlInputs.push_back(graph.intern(std::string_view(input).substr(1)));
            continue;
        }
        const TensorRef ref = parseTensorRef(input);
        NodeInput &in = inputs.emplace_back();
        in.producerName = graph.intern(ref.producer);
        in.outputIndex = ref.index;
    }
    node.inputs = graph.store(inputs);
    node.controlInputs = graph.store(controlInputs);
    for (const char *attr : {"T", "DstT", "SrcT", "dtype"}) {
        auto it = def.attr().find(attr);
        if (it != def.attr().end() && it->second.value_case() == tfgraph::AttrValue::kType)
            node.attributes.set(attr, graph.intern(dtypeName(fromTf(it->second.type()))));
    }
    // _output_shapes (written by TF when asked) gives the outputs' number and shapes.
    std::vector<NodeOutput> outputs;
    if (auto it = def.attr().find("_output_shapes");
        it != def.attr().end() && it->second.has_list())
        for (const auto &shape : it->second.list().shape())
            outputs.push_back({{}, DType::Undefined, graph.storeShape(shapeOf(shape))});
    node.outputs = graph.store(outputs);
    return node;
}

// Outputs exist up to the highest index any consumer reads. Returns each node's number of
// consumers (data and control).
std::vector<int> addConsumedOutputs(Graph &graph)
{
    std::vector<int> consumers(graph.nodes().size(), 0);
    for (const Node &node : graph.nodes()) {
        for (const NodeInput &in : node.inputs) {
            if (in.producer < 0 || in.outputIndex < 0)
                continue;
            ++consumers[std::size_t(in.producer)];
            Node &producer = graph.nodes()[std::size_t(in.producer)];
            if (producer.outputs.size() <= std::size_t(in.outputIndex) && in.outputIndex < 65536)
                graph.resize(producer.outputs, std::size_t(in.outputIndex) + 1);
        }
        for (std::string_view control : node.controlInputs)
            if (int p = graph.indexOf(control); p >= 0)
                ++consumers[std::size_t(p)];
    }
    return consumers;
}

// Every node but NoOp has an output; each output's dtype as far as the attributes tell it.
void setAttributeDtypes(Graph &graph, const tfgraph::GraphDef &proto)
{
    for (int j = 0; j < proto.node_size(); ++j) {
        Node &node = graph.nodes()[std::size_t(j)];
        if (node.outputs.empty() && node.frameworkType != "NoOp")
            graph.resize(node.outputs, 1);
        for (std::size_t k = 0; k < node.outputs.size(); ++k)
            node.outputs[k].dtype = attributeDType(proto.node(j), int(k));
    }
}

// Whatever the attributes leave open follows the inputs, in dataflow order. TF1 while loops
// are real cycles (NextIteration feeds Merge): nodes on them keep their attribute dtypes.
void propagateDtypes(Graph &graph, ImportContext &context)
{
    std::vector<Diagnostic> cycles;
    const std::vector<int> order = graph.topologicalOrder(&cycles);
    for (Diagnostic &cycle : cycles) {
        cycle.severity = Severity::Note;
        cycle.hint = CoreText::tr("TensorFlow while loops (Merge/NextIteration) form cycles") + "; "
            + CoreText::tr("dtypes on them come from the nodes' attributes only");
        context.diagnostics.push_back(std::move(cycle));
    }
    for (int i : order) {
        Node &node = graph.nodes()[std::size_t(i)];
        DType firstFloat = DType::Undefined, firstKnown = DType::Undefined;
        for (NodeInput &in : node.inputs) {
            if (in.producer >= 0) {
                const Node &producer = graph.nodes()[std::size_t(in.producer)];
                if (std::size_t(in.outputIndex) < producer.outputs.size()) {
                    in.dtype = producer.outputs[std::size_t(in.outputIndex)].dtype;
                    in.shape = producer.outputs[std::size_t(in.outputIndex)].shape;
                }
            }
            if (firstFloat == DType::Undefined && isDecidedFloat(in.dtype))
                firstFloat = in.dtype;
            if (firstKnown == DType::Undefined)
                firstKnown = in.dtype;
        }
        for (NodeOutput &out : node.outputs)
            if (out.dtype == DType::Undefined)
                out.dtype = firstFloat != DType::Undefined ? firstFloat : firstKnown;
    }
}

// Placeholders are the graph's inputs; nodes with an output nobody consumes its outputs.
void setGraphInputsOutputs(Graph &graph, const std::vector<int> &consumers)
{
    for (std::size_t i = 0; i < graph.nodes().size(); ++i) {
        const Node &node = graph.nodes()[i];
        if (node.frameworkType == "Placeholder" || node.frameworkType == "PlaceholderWithDefault")
            graph.inputs.emplace_back(node.name);
        else if (consumers[i] == 0 && node.frameworkType != "NoOp" && !node.outputs.empty())
            graph.outputs.emplace_back(node.name);
    }
}

void noteUnmapped(const std::set<std::string> &unmapped, ImportContext &context)
{
    if (unmapped.empty())
        return;
    std::string list;
    for (const auto &type : unmapped)
        list += (list.empty() ? "" : ", ") + type;
    context.note(
        "not-in-map",
        CoreText::tr("%1 op type(s) are not in the op map and keep their TensorFlow names: %2",
                     unmapped.size(), list),
        CoreText::tr("ATC keeps such names too") + "; "
            + CoreText::tr("they work only if an Ascend IR op of that name exists"));
}

} // namespace

std::unique_ptr<Graph> importTfGraph(std::string_view bytes, bool text, ImportContext &context)
{
    tfgraph::GraphDef proto;
    if (text ? !parseTextProto(bytes, proto, context, "TensorFlow GraphDef text")
             : !parseBinaryProto(bytes, proto, context, "a TensorFlow GraphDef"))
        return nullptr;
    if (proto.node_size() == 0) {
        context.error("graph-empty", CoreText::tr("the TensorFlow GraphDef has no nodes"),
                      CoreText::tr("export the graph with tf.io.write_graph or as a frozen .pb"));
        return nullptr;
    }
    auto graph = std::make_unique<Graph>();
    graph->path = context.path;
    graph->format = "tf-graphdef";
    graph->nodes().reserve(std::size_t(proto.node_size()));
    std::set<std::string> unmapped;
    for (int j = 0; j < proto.node_size(); ++j)
        graph->addNode(importNode(*graph, proto.node(j), j, context, unmapped));
    context.addLinkDiagnostics(graph->linkProducers());
    const std::vector<int> consumers = addConsumedOutputs(*graph);
    setAttributeDtypes(*graph, proto);
    propagateDtypes(*graph, context);
    setGraphInputsOutputs(*graph, consumers);
    noteUnmapped(unmapped, context);
    return graph;
}

} // namespace opsinfo
