#include "common/coretext.h"
#include "common/texthash.h"
#include "graph/importcontext.h"
#include "graph/onnxdtypes.h"

#include <onnx/onnx_pb.h>

#include <set>
#include <unordered_map>
#include <unordered_set>

namespace opsinfo {

namespace {

struct TensorType
{
    DType dtype = DType::Undefined;
    std::span<const std::int64_t> shape; // in the graph's arena, shared by subgraphs
};

// Tensor name -> type, for one graph; subgraphs see their ancestors' scopes too.
using Scope = TextMap<TensorType>; // searched with a node's views, no string per lookup

TensorType fromValueInfo(const onnx::ValueInfoProto &info, Graph &graph)
{
    TensorType t;
    if (!info.has_type() || !info.type().has_tensor_type())
        return t;
    const auto &tensor = info.type().tensor_type();
    t.dtype = fromOnnxElemType(tensor.elem_type());
    if (tensor.has_shape()) {
        std::vector<std::int64_t> dims;
        for (const auto &dim : tensor.shape().dim())
            dims.push_back(dim.has_dim_value() ? dim.dim_value() : -1);
        t.shape = graph.storeShape(dims);
    }
    return t;
}

TensorType fromTensor(const onnx::TensorProto &tensor, Graph &graph)
{
    return {onnxTensorDType(tensor), graph.storeShape(dimsOf(tensor.dims()))};
}

bool hasGraphAttribute(const onnx::NodeProto &node)
{
    for (const auto &a : node.attribute())
        if (a.has_g() || a.graphs_size() > 0)
            return true;
    return false;
}

class OnnxConverter
{
public:
    OnnxConverter(ImportContext &context, const onnx::ModelProto &model, bool geDump)
        : m_context(context)
        , m_geDump(geDump)
    {
        for (const auto &opset : model.opset_import()) {
            const std::string domain = opset.domain().empty() ? "ai.onnx" : opset.domain();
            m_opsets[domain] = int(opset.version());
        }
        if (model.opset_import_size() == 0) // IR version 1/2 files predate opset_import
            m_opsets["ai.onnx"] = 1;
    }

    // `strings`: the pool of the enclosing graph, shared by its subgraphs; null for the main graph.
    std::unique_ptr<Graph> convert(const onnx::GraphProto &proto, std::vector<const Scope *> outer,
                                   int depth, std::shared_ptr<StringPool> strings = nullptr);

    void reportUnmapped()
    {
        if (m_unmapped.empty())
            return;
        std::string list;
        for (const auto &type : m_unmapped)
            list += (list.empty() ? "" : ", ") + type;
        m_context.note(
            "not-in-map",
            CoreText::tr("%1 op type(s) are not in the op map and keep their ONNX names: %2",
                         m_unmapped.size(), list),
            CoreText::tr("ATC may reject them") + "; "
                + CoreText::tr("add rows to an op map override file if they have IR types"));
    }

private:
    // Exporters often leave node names empty; numbering per base name keeps this linear.
    std::string uniqueName(const Graph &graph, const std::string &base)
    {
        const std::string name = base.empty() ? std::string("node") : base;
        if (graph.indexOf(name) < 0)
            return name;
        int &n = m_nextSuffix[&graph][name];
        while (true) {
            std::string candidate = name + "_" + std::to_string(++n);
            if (graph.indexOf(candidate) < 0)
                return candidate;
        }
    }

    // One graph while it is converted: the types of its tensors (its scope for subgraphs) and the
    // node and output that produce each tensor.
    struct GraphBuild
    {
        std::unique_ptr<Graph> graph;
        Scope types;
        std::unordered_map<std::string, std::pair<int, int>> producers; // tensor -> (node, output)
        std::vector<const onnx::NodeProto *> protoOf; // per graph node; null for boundary nodes
        std::unordered_set<std::string> externalData; // initializers whose data is in a side file
        std::size_t fileNodes = 0; // boundary and file nodes; capture nodes come after them
    };

    void mapOpType(const onnx::NodeProto &proto, Graph &graph, Node &node);
    static Scope declaredTypes(const onnx::GraphProto &proto, Graph &graph);
    // A Const, FileConstant or Data node producing `tensor`; its name.
    std::string_view addBoundary(GraphBuild &build, const std::string &tensor, NodeOrigin origin);
    void addBoundaryNodes(const onnx::GraphProto &proto, GraphBuild &build);
    void addFileNodes(const onnx::GraphProto &proto, GraphBuild &build);
    // Tensor names to producer node names, captures of enclosing graphs included.
    void resolveInputs(GraphBuild &build, const std::vector<const Scope *> &outer);
    void inferDTypes(GraphBuild &build);
    // False when a body could not be converted (the error is reported).
    bool convertSubgraphs(GraphBuild &build, const std::vector<const Scope *> &outer, int depth);

    ImportContext &m_context;
    bool m_geDump;
    std::unordered_map<std::string, int> m_opsets;
    std::set<std::string> m_unmapped;
    std::set<std::string> m_reportedOpset;
    std::set<std::string> m_reportedDomain;
    std::unordered_map<const Graph *, std::unordered_map<std::string, int>> m_nextSuffix;
};

void OnnxConverter::mapOpType(const onnx::NodeProto &proto, Graph &graph, Node &node)
{
    node.frameworkType = graph.intern(proto.op_type());
    node.domain = graph.intern(proto.domain());
    if (m_geDump || proto.op_type().starts_with("ge:")) {
        // GE's own dump: the type is Ascend IR already.
        node.opType = node.frameworkType.starts_with("ge:") ? node.frameworkType.substr(3)
                                                            : node.frameworkType;
        node.mapped = true;
        return;
    }
    const std::string domain = proto.domain().empty() ? "ai.onnx" : proto.domain();
    auto it = m_opsets.find(domain);
    int opset = -1;
    if (it != m_opsets.end()) {
        opset = it->second;
    } else if (m_reportedDomain.insert(domain).second) {
        m_context.note(
            "undeclared-domain",
            CoreText::tr(
                "node '%1' uses domain '%2', which the model's opset_import does not declare",
                proto.name(), domain),
            CoreText::tr("the op is looked up without an opset"));
    }
    const OpLookup lookup = m_context.map.lookupOnnx(domain, proto.op_type(), opset);
    node.opType = graph.intern(lookup.irType);
    node.mapped = lookup.mapped;
    if (!lookup.mapped) {
        m_unmapped.insert(domain == "ai.onnx" ? proto.op_type() : domain + "::" + proto.op_type());
    } else if (!lookup.opsetMatched
               && m_reportedOpset.insert(proto.op_type() + "@" + std::to_string(opset)).second) {
        m_context.note(
            "opset-not-registered",
            CoreText::tr("ATC registers ONNX %1 for opsets %2 but the model imports opset %3",
                         proto.op_type(), lookup.opsets, opset)
                + "; " + CoreText::tr("assumed %1", lookup.irType),
            CoreText::tr("ATC itself may reject this op (E16002)") + "; "
                + CoreText::tr("export with a registered opset"));
    }
}

std::unique_ptr<Graph> OnnxConverter::convert(const onnx::GraphProto &proto,
                                              std::vector<const Scope *> outer, int depth,
                                              std::shared_ptr<StringPool> strings)
{
    GraphBuild build;
    build.graph = std::make_unique<Graph>(std::move(strings));
    build.graph->path = m_context.path;
    build.graph->name = proto.name();
    build.graph->format = m_geDump ? "ge-onnx" : "onnx";
    build.types = declaredTypes(proto, *build.graph);
    build.producers.reserve(
        std::size_t(proto.input_size() + proto.initializer_size() + 2 * proto.node_size()));
    for (const auto &tensor : proto.initializer())
        if (tensor.data_location() == onnx::TensorProto::EXTERNAL)
            build.externalData.insert(tensor.name());

    addBoundaryNodes(proto, build);
    addFileNodes(proto, build);
    resolveInputs(build, outer);
    m_context.addLinkDiagnostics(build.graph->linkProducers());
    inferDTypes(build);

    outer.push_back(&build.types);
    if (!convertSubgraphs(build, outer, depth))
        return nullptr;
    return std::move(build.graph);
}

Scope OnnxConverter::declaredTypes(const onnx::GraphProto &proto, Graph &graph)
{
    Scope types;
    types.reserve(std::size_t(proto.value_info_size() + proto.input_size()
                              + proto.initializer_size() + 2 * proto.node_size()));
    for (const auto &info : proto.value_info())
        types[info.name()] = fromValueInfo(info, graph);
    for (const auto &info : proto.output())
        types[info.name()] = fromValueInfo(info, graph);
    for (const auto &info : proto.input())
        types[info.name()] = fromValueInfo(info, graph);
    for (const auto &tensor : proto.initializer())
        types[tensor.name()] = fromTensor(tensor, graph);
    for (const auto &sparse : proto.sparse_initializer())
        types[sparse.values().name()]
            = {onnxTensorDType(sparse.values()), graph.storeShape(dimsOf(sparse.dims()))};
    return types;
}

std::string_view OnnxConverter::addBoundary(GraphBuild &build, const std::string &tensor,
                                            NodeOrigin origin)
{
    Graph &graph = *build.graph;
    Node node;
    node.name = graph.intern(uniqueName(graph, tensor));
    node.opType = node.frameworkType = origin == NodeOrigin::Initializer ? "Const" : "Data";
    if (build.externalData.count(tensor)) // weights in a side file become FileConstant in GE
        node.opType = node.frameworkType = "FileConstant";
    node.origin = origin;
    const TensorType &t = build.types[tensor];
    node.outputs = graph.store({NodeOutput {graph.intern(tensor), t.dtype, t.shape}});
    build.producers.emplace(tensor, std::make_pair(int(graph.nodes().size()), 0));
    build.protoOf.push_back(nullptr);
    return graph.addNode(std::move(node)).name;
}

void OnnxConverter::addBoundaryNodes(const onnx::GraphProto &proto, GraphBuild &build)
{
    Graph &graph = *build.graph;
    std::unordered_set<std::string> initializerNames;
    for (const auto &tensor : proto.initializer()) {
        initializerNames.insert(tensor.name());
        addBoundary(build, tensor.name(), NodeOrigin::Initializer);
    }
    for (const auto &sparse : proto.sparse_initializer()) {
        initializerNames.insert(sparse.values().name());
        addBoundary(build, sparse.values().name(), NodeOrigin::Initializer);
    }
    // Before IR version 4 initializers were listed as inputs too; they stay Const.
    for (const auto &input : proto.input()) {
        if (m_geDump) // GE lists its Data nodes as graph inputs; the nodes themselves are in the
                      // file
            graph.inputs.push_back(input.name());
        else if (!initializerNames.count(input.name()))
            graph.inputs.emplace_back(addBoundary(build, input.name(), NodeOrigin::GraphInput));
    }
    for (const auto &output : proto.output())
        graph.outputs.push_back(output.name());
}

void OnnxConverter::addFileNodes(const onnx::GraphProto &proto, GraphBuild &build)
{
    Graph &graph = *build.graph;
    graph.nodes().reserve(graph.nodes().size() + std::size_t(proto.node_size()));
    for (const auto &p : proto.node()) {
        Node node;
        mapOpType(p, graph, node);
        node.name = graph.intern(uniqueName(graph, p.name().empty() ? p.op_type() : p.name()));
        for (const auto &a : p.attribute()) {
            if (a.name() == "to" && a.has_i())
                node.attributes.set("to", graph.intern(dtypeName(fromOnnxElemType(int(a.i())))));
        }
        std::vector<NodeInput> inputs(std::size_t(p.input_size()));
        for (int k = 0; k < p.input_size(); ++k) // tensor names until resolved below
            inputs[std::size_t(k)].producerName = graph.intern(p.input(k));
        node.inputs = graph.store(inputs);
        std::vector<NodeOutput> outputs;
        const int index = int(graph.nodes().size());
        for (int k = 0; k < p.output_size(); ++k) {
            if (!m_geDump) {
                outputs.push_back({graph.intern(p.output(k)), DType::Undefined, {}});
                if (!p.output(k).empty())
                    build.producers.emplace(p.output(k), std::make_pair(index, k));
                continue;
            }
            // GE lists only outputs that have consumers, as "node:index" ("node:-1" = control).
            const TensorRef ref = parseTensorRef(p.output(k));
            if (ref.index < 0 || ref.index > 4096)
                continue;
            if (outputs.size() <= std::size_t(ref.index))
                outputs.resize(std::size_t(ref.index) + 1);
            outputs[std::size_t(ref.index)].name = graph.intern(p.output(k));
            build.producers.emplace(p.output(k), std::make_pair(index, ref.index));
        }
        node.outputs = graph.store(outputs);
        if (m_geDump)
            readGeOnnxDescs(p, node, graph);
        build.protoOf.push_back(&p);
        graph.addNode(std::move(node));
    }
    build.fileNodes = graph.nodes().size();
}

void OnnxConverter::resolveInputs(GraphBuild &build, const std::vector<const Scope *> &outer)
{
    // Node lists need not be sorted, so this runs once every node is known. Names from enclosing
    // graphs become Data nodes of this subgraph (captures).
    Graph &graph = *build.graph;
    std::vector<std::pair<std::string, TensorType>> captures;
    std::unordered_set<std::string> captured;
    std::vector<std::pair<std::size_t, std::size_t>> captureUses; // (node, input)
    for (std::size_t i = 0; i < build.fileNodes; ++i) {
        Node &node = graph.nodes()[i];
        std::vector<NodeInput> data;
        std::vector<std::string_view> controls;
        for (NodeInput &in : node.inputs) {
            const std::string tensor(in.producerName);
            if (tensor.empty()) { // an omitted optional input keeps its position
                data.push_back(std::move(in));
                continue;
            }
            if (m_geDump && parseTensorRef(tensor).index < 0) { // "producer:-1": a control edge
                controls.push_back(graph.intern(parseTensorRef(tensor).producer));
                continue;
            }
            if (auto it = build.producers.find(tensor); it != build.producers.end()) {
                in.producerName = graph.nodes()[std::size_t(it->second.first)].name;
                in.outputIndex = it->second.second;
                data.push_back(std::move(in));
                continue;
            }
            const Scope *owner = nullptr;
            for (auto s = outer.rbegin(); s != outer.rend() && !owner; ++s)
                if ((*s)->count(tensor))
                    owner = *s;
            if (owner) {
                if (captured.insert(tensor).second)
                    captures.emplace_back(tensor, owner->at(tensor));
                captureUses.emplace_back(i, data.size()); // resolved once the capture nodes exist
                data.push_back(std::move(in));
                continue;
            }
            if (m_geDump) { // GE dumps name inputs "producer:index"; -1 is a control edge
                const TensorRef ref = parseTensorRef(tensor);
                if (ref.index < 0) {
                    controls.push_back(graph.intern(ref.producer));
                    continue;
                }
                in.producerName = graph.intern(ref.producer);
                in.outputIndex = ref.index;
            }
            data.push_back(std::move(in)); // unresolved: linkProducers reports it
        }
        if (data.size() != node.inputs.size()) // else the same items, updated in place
            node.inputs = graph.store(data);
        if (!controls.empty())
            node.controlInputs = graph.store(controls);
    }
    std::unordered_map<std::string_view, std::string_view> captureNode; // tensor -> Data node name
    for (auto &[tensor, type] : captures) {
        build.types.emplace(tensor, type);
        captureNode[tensor] = addBoundary(build, tensor, NodeOrigin::GraphInput);
    }
    for (auto [i, k] : captureUses) {
        NodeInput &in = graph.nodes()[i].inputs[k];
        in.producerName = captureNode[in.producerName];
    }
}

void OnnxConverter::inferDTypes(GraphBuild &build)
{
    // What the file states wins; the rest is inferred in dataflow order.
    Graph &graph = *build.graph;
    auto order = graph.topologicalOrder(&m_context.diagnostics);
    for (int i : order) {
        Node &node = graph.nodes()[std::size_t(i)];
        std::vector<DType> inputTypes;
        for (NodeInput &in : node.inputs) {
            if (in.producer >= 0) {
                const Node &producer = graph.nodes()[std::size_t(in.producer)];
                if (in.outputIndex >= 0 && std::size_t(in.outputIndex) < producer.outputs.size()) {
                    const NodeOutput &out = producer.outputs[std::size_t(in.outputIndex)];
                    if (in.dtype == DType::Undefined)
                        in.dtype = out.dtype;
                    if (in.shape.empty())
                        in.shape = out.shape;
                }
            }
            inputTypes.push_back(in.dtype);
        }
        const onnx::NodeProto *p = build.protoOf[std::size_t(i)];
        for (std::size_t k = 0; k < node.outputs.size(); ++k) {
            NodeOutput &out = node.outputs[k];
            if (auto it = build.types.find(out.name);
                it != build.types.end() && !out.name.empty()) {
                if (out.dtype == DType::Undefined)
                    out.dtype = it->second.dtype;
                if (out.shape.empty())
                    out.shape = it->second.shape;
            }
            if (out.dtype == DType::Undefined && p && !m_geDump)
                out.dtype = inferOnnxOutputDType(*p, int(k), inputTypes);
            if (!out.name.empty())
                build.types[std::string(out.name)] = {out.dtype, out.shape};
        }
    }
}

bool OnnxConverter::convertSubgraphs(GraphBuild &build, const std::vector<const Scope *> &outer,
                                     int depth)
{
    // Bodies of If/Loop/Scan and any other GRAPH/GRAPHS attribute (com.microsoft BeamSearch ...).
    Graph &graph = *build.graph;
    for (std::size_t i = 0; i < build.fileNodes; ++i) {
        const onnx::NodeProto *p = build.protoOf[i];
        if (!p || !hasGraphAttribute(*p))
            continue;
        if (depth + 1 > m_context.options.maxSubgraphDepth) {
            m_context.error(
                "graph-too-deep",
                CoreText::tr("subgraphs are nested more than %1 levels deep (at node '%2')",
                             m_context.options.maxSubgraphDepth, graph.nodes()[i].name),
                CoreText::tr("no real model nests this deep") + "; "
                    + CoreText::tr("the file is probably corrupt or hostile"));
            return false;
        }
        for (const auto &a : p->attribute()) {
            std::vector<const onnx::GraphProto *> bodies;
            if (a.has_g())
                bodies.push_back(&a.g());
            for (const auto &g : a.graphs())
                bodies.push_back(&g);
            for (const auto *body : bodies) {
                auto sub = convert(*body, outer, depth + 1, graph.strings());
                if (!sub)
                    return false;
                if (sub->name.empty())
                    sub->name = std::string(graph.nodes()[i].name) + "/" + a.name();
                graph.nodes()[i].subgraphs.push_back(std::move(sub));
            }
        }
        fillControlFlowOutputs(*p, graph.nodes()[i]);
    }
    return true;
}

} // namespace

std::unique_ptr<Graph> importOnnx(std::string_view bytes, bool text, ImportContext &context)
{
    onnx::ModelProto model;
    if (text ? !parseTextProto(bytes, model, context, "ONNX text model")
             : !parseBinaryProto(bytes, model, context, "an ONNX model"))
        return nullptr;
    if (!model.has_graph()) {
        context.error("graph-empty", CoreText::tr("the ONNX model has no graph"),
                      model.ir_version() == 0
                          ? CoreText::tr("the file does not look like an ONNX model at all")
                          : CoreText::tr("export the model again"));
        return nullptr;
    }
    bool geDump = model.producer_name() == "GE";
    if (!geDump)
        for (const auto &node : model.graph().node())
            if (node.op_type().starts_with("ge:")) {
                geDump = true;
                break;
            }
    OnnxConverter converter(context, model, geDump);
    auto graph = converter.convert(model.graph(), {}, 0);
    if (!graph)
        return nullptr;
    graph->format = geDump ? "ge-onnx" : "onnx";
    converter.reportUnmapped();
    return graph;
}

} // namespace opsinfo
