#include "graph/onnxdtypes.h"

#include "graph/importcontext.h"

#include <string_view>
#include <unordered_set>

namespace opsinfo {

namespace {

const onnx::AttributeProto *findAttribute(const onnx::NodeProto &node, std::string_view name)
{
    for (const auto &attribute : node.attribute())
        if (attribute.name() == name)
            return &attribute;
    return nullptr;
}

DType inputAt(const std::vector<DType> &inputs, std::size_t index)
{
    return index < inputs.size() ? inputs[index] : DType::Undefined;
}

// Element type of output `k` of a subgraph, as the subgraph declares it.
DType subgraphOutput(const onnx::NodeProto &node, std::string_view attribute, int k)
{
    const auto *a = findAttribute(node, attribute);
    if (!a || !a->has_g() || k < 0 || k >= a->g().output_size())
        return DType::Undefined;
    const auto &type = a->g().output(k).type();
    return type.has_tensor_type() ? fromOnnxElemType(type.tensor_type().elem_type())
                                  : DType::Undefined;
}

DType fromAttributeType(const onnx::NodeProto &node, std::string_view name, DType fallback)
{
    const auto *a = findAttribute(node, name);
    return a && a->has_i() ? fromOnnxElemType(int(a->i())) : fallback;
}

const std::unordered_set<std::string_view> kOnnxBoolResult {
    "Equal", "Less",  "Greater", "LessOrEqual",    "GreaterOrEqual",    "Not", "And", "Or",
    "Xor",   "IsNaN", "IsInf",   "RegexFullMatch", "OptionalHasElement"};

const std::unordered_set<std::string_view> kInt64Result {"Shape",  "Size",   "NonZero",
                                                         "ArgMax", "ArgMin", "NonMaxSuppression"};

// Ops whose outputs follow input 0 whatever its dtype (data movement and the cube ops, whose
// other inputs are weights of the same type).
const std::unordered_set<std::string_view> kFollowInput0 {"MatMul",
                                                          "Gemm",
                                                          "Conv",
                                                          "ConvTranspose",
                                                          "Gather",
                                                          "GatherElements",
                                                          "GatherND",
                                                          "Slice",
                                                          "Reshape",
                                                          "Transpose",
                                                          "Squeeze",
                                                          "Unsqueeze",
                                                          "Expand",
                                                          "Tile",
                                                          "Pad",
                                                          "Concat",
                                                          "Split",
                                                          "Flatten",
                                                          "Identity",
                                                          "Dropout",
                                                          "Resize",
                                                          "Upsample",
                                                          "TopK",
                                                          "MaxPool",
                                                          "AveragePool",
                                                          "LSTM",
                                                          "GRU",
                                                          "RNN",
                                                          "LayerNormalization",
                                                          "BatchNormalization",
                                                          "InstanceNormalization",
                                                          "ReduceMax",
                                                          "ReduceMin",
                                                          "ReduceSum",
                                                          "ReduceMean",
                                                          "ReduceProd",
                                                          "Range",
                                                          "ScatterND",
                                                          "ScatterElements",
                                                          "Scatter",
                                                          "SpaceToDepth",
                                                          "DepthToSpace",
                                                          "Trilu",
                                                          "ReverseSequence",
                                                          "CumSum",
                                                          "Compress",
                                                          "OneHot",
                                                          "Einsum",
                                                          "SequenceAt"};

} // namespace

DType onnxTensorDType(const onnx::TensorProto &tensor)
{
    return fromOnnxElemType(tensor.data_type());
}

DType inferOnnxOutputDType(const onnx::NodeProto &node, int output,
                           const std::vector<DType> &inputs)
{
    const std::string &op = node.op_type();
    if (op == "Cast")
        return fromAttributeType(node, "to", DType::Undefined);
    if (op == "CastLike")
        return inputAt(inputs, 1);
    if (kOnnxBoolResult.count(op))
        return DType::Bool;
    if (op == "Dropout" && output == 1)
        return DType::Bool;
    // Index outputs: MaxPool's Indices, TopK's Indices, Unique's indices and counts.
    if ((op == "MaxPool" || op == "TopK" || op == "Unique") && output >= 1)
        return DType::Int64;
    if (op == "Unique")
        return inputAt(inputs, 0);
    if (kInt64Result.count(op))
        return DType::Int64;
    if (op == "ConstantOfShape") {
        const auto *value = findAttribute(node, "value");
        return value && value->has_t() ? onnxTensorDType(value->t()) : DType::Float32;
    }
    if (op == "Constant") {
        if (const auto *value = findAttribute(node, "value"); value && value->has_t())
            return onnxTensorDType(value->t());
        if (const auto *sparse = findAttribute(node, "sparse_value");
            sparse && sparse->has_sparse_tensor())
            return onnxTensorDType(sparse->sparse_tensor().values());
        if (findAttribute(node, "value_float") || findAttribute(node, "value_floats"))
            return DType::Float32;
        if (findAttribute(node, "value_int") || findAttribute(node, "value_ints"))
            return DType::Int64;
        if (findAttribute(node, "value_string") || findAttribute(node, "value_strings"))
            return DType::String;
        return DType::Undefined;
    }
    if (op == "EyeLike" || op == "RandomNormalLike" || op == "RandomUniformLike")
        return fromAttributeType(node, "dtype", inputAt(inputs, 0));
    if (op == "RandomNormal" || op == "RandomUniform" || op == "Multinomial" || op == "Bernoulli")
        return fromAttributeType(node, "dtype",
                                 op == "Multinomial" ? DType::Int32 : DType::Float32);
    if (op == "QuantizeLinear" || op == "DynamicQuantizeLinear") {
        if (op == "DynamicQuantizeLinear")
            return output == 1 ? DType::Float32 : DType::UInt8;
        const DType zeroPoint = inputAt(inputs, 2);
        return zeroPoint != DType::Undefined
            ? zeroPoint
            : fromAttributeType(node, "output_dtype", DType::UInt8);
    }
    if (op == "DequantizeLinear") {
        const DType scale = inputAt(inputs, 1);
        return scale != DType::Undefined ? scale : DType::Float32;
    }
    if (op == "MatMulInteger" || op == "ConvInteger")
        return DType::Int32;
    if (op == "QLinearConv" || op == "QLinearMatMul")
        return inputAt(inputs, 7);
    if (op == "Where")
        return inputAt(inputs, 1);
    if (op == "If")
        return subgraphOutput(node, "then_branch", output);
    if (op == "Loop")
        return subgraphOutput(node, "body", output + 1); // body output 0 is the condition
    if (op == "Scan")
        return subgraphOutput(node, "body", output);
    if (kFollowInput0.count(op))
        return inputAt(inputs, 0);
    // Elementwise and unary ops: the first float input decides (an int64 exponent or index does
    // not).
    for (DType t : inputs)
        if (isDecidedFloat(t) || t == DType::Float64)
            return t;
    for (DType t : inputs)
        if (t != DType::Undefined)
            return t;
    return DType::Undefined;
}

// GE writes tensor descriptions as node attributes "input_desc_dtype:<i>" /
// "output_desc_dtype:<i>".
void readGeOnnxDescs(const onnx::NodeProto &proto, Node &node, Graph &graph)
{
    for (const auto &a : proto.attribute()) {
        const std::string &name = a.name();
        const bool isOutput = name.starts_with("output_desc_");
        if (!isOutput && !name.starts_with("input_desc_"))
            continue;
        const TensorRef ref = parseTensorRef(name);
        if (ref.index < 0 || ref.index > 4096 || ref.producer == name)
            continue;
        const std::size_t k = std::size_t(ref.index);
        const std::string field(ref.producer.substr(isOutput ? 12 : 11));
        if (isOutput && node.outputs.size() <= k)
            graph.resize(node.outputs, k + 1);
        auto setDesc = [&](DType *dtype, TensorShape *shape) {
            if (field == "dtype" && a.has_s())
                *dtype = parseEnumDType(a.s());
            else if (field == "shape")
                *shape = graph.storeShape(dimsOf(a.ints()));
        };
        if (isOutput)
            setDesc(&node.outputs[k].dtype, &node.outputs[k].shape);
        else if (k < node.inputs.size())
            setDesc(&node.inputs[k].dtype, &node.inputs[k].shape);
    }
}

// An If/Loop/Scan output the branch does not type: take what the converted body inferred.
void fillControlFlowOutputs(const onnx::NodeProto &proto, Node &node)
{
    const std::string &op = proto.op_type();
    if (node.subgraphs.empty() || (op != "If" && op != "Loop" && op != "Scan"))
        return;
    const Graph &body = *node.subgraphs.front();
    const std::size_t skip = op == "Loop" ? 1 : 0; // Loop's body output 0 is the condition
    for (std::size_t k = 0; k < node.outputs.size(); ++k) {
        if (node.outputs[k].dtype != DType::Undefined || k + skip >= body.outputs.size())
            continue;
        const std::string &tensor = body.outputs[k + skip];
        for (const Node &inner : body.nodes())
            for (const NodeOutput &out : inner.outputs)
                if (out.name == tensor && out.dtype != DType::Undefined)
                    node.outputs[k].dtype = out.dtype;
    }
}

} // namespace opsinfo
