#include "layout/syntheticgraph.h"

#include <string>
#include <vector>

namespace opsinfo {

namespace {

class Builder
{
public:
    explicit Builder(Graph &graph)
        : m_graph(graph)
    {
    }

    std::string add(const std::string &name, const std::string &type,
                    std::initializer_list<std::string> inputs, NodeOrigin origin = NodeOrigin::File)
    {
        Node node;
        node.name = m_graph.intern(name);
        node.opType = node.frameworkType = m_graph.intern(type);
        node.origin = origin;
        std::vector<NodeInput> nodeInputs;
        for (const std::string &input : inputs)
            nodeInputs.push_back({m_graph.intern(input), 0, -1, DType::Float32, {}});
        node.inputs = m_graph.store(nodeInputs);
        node.outputs
            = m_graph.store({NodeOutput {m_graph.intern(name + ":0"), DType::Float32, {}}});
        m_graph.addNode(std::move(node));
        return name;
    }
    std::string weight(const std::string &name)
    {
        return add(name, "Const", {}, NodeOrigin::Initializer);
    }

    std::string layerNorm(const std::string &scope, const std::string &weights,
                          const std::string &x)
    {
        const auto mean = add(scope + "/ReduceMean", "ReduceMean", {x});
        const auto centered = add(scope + "/Sub", "Sub", {x, mean});
        const auto squared
            = add(scope + "/Pow", "Pow", {centered, weight(weights + ".pow_exponent")});
        const auto variance = add(scope + "/ReduceMean_1", "ReduceMean", {squared});
        const auto stable = add(scope + "/Add", "Add", {variance, weight(weights + ".eps")});
        const auto deviation = add(scope + "/Sqrt", "Sqrt", {stable});
        const auto normed = add(scope + "/Div", "RealDiv", {centered, deviation});
        const auto scaled = add(scope + "/Mul", "Mul", {normed, weight(weights + ".weight")});
        return add(scope + "/Add_1", "Add", {scaled, weight(weights + ".bias")});
    }

    std::string linear(const std::string &scope, const std::string &weights, const std::string &x)
    {
        const auto product = add(scope + "/MatMul", "MatMul", {x, weight(weights + ".weight")});
        return add(scope + "/Add", "Add", {product, weight(weights + ".bias")});
    }

    std::string heads(const std::string &scope, const std::string &x)
    {
        const auto reshaped = add(scope + "/Reshape", "Reshape", {x, weight(scope + "/Constant")});
        return add(scope + "/Transpose", "Transpose", {reshaped});
    }

private:
    Graph &m_graph;
};

} // namespace

Graph makeTransformerGraph(int layers)
{
    Graph graph;
    graph.name = "synthetic-transformer";
    graph.format = "onnx";
    Builder b(graph);
    const auto ids = b.add("input_ids", "Data", {}, NodeOrigin::GraphInput);
    const auto mask = b.add("attention_mask", "Data", {}, NodeOrigin::GraphInput);
    const auto maskCast = b.add("/model/Cast", "Cast", {mask});
    const auto maskScaled = b.add("/model/Mul", "Mul", {maskCast, b.weight("/model/Constant")});
    auto x = b.add("/model/embed_tokens/Gather", "Gather",
                   {b.weight("model.embed_tokens.weight"), ids});
    graph.inputs = {ids, mask};
    for (int i = 0; i < layers; ++i) {
        const std::string layer = "/model/layers." + std::to_string(i);
        const std::string weights = "model.layers." + std::to_string(i);
        const auto normed
            = b.layerNorm(layer + "/input_layernorm", weights + ".input_layernorm", x);
        const auto q = b.heads(layer + "/self_attn/q",
                               b.linear(layer + "/self_attn/q_proj", weights + ".q_proj", normed));
        const auto k = b.heads(layer + "/self_attn/k",
                               b.linear(layer + "/self_attn/k_proj", weights + ".k_proj", normed));
        const auto v = b.heads(layer + "/self_attn/v",
                               b.linear(layer + "/self_attn/v_proj", weights + ".v_proj", normed));
        const auto kT = b.add(layer + "/self_attn/Transpose", "Transpose", {k});
        const auto scores = b.add(layer + "/self_attn/MatMul", "BatchMatMul", {q, kT});
        const auto scaled = b.add(layer + "/self_attn/Div", "RealDiv",
                                  {scores, b.weight(layer + "/self_attn/Constant")});
        const auto masked = b.add(layer + "/self_attn/Add", "Add", {scaled, maskScaled});
        const auto probs = b.add(layer + "/self_attn/Softmax", "SoftmaxV2", {masked});
        const auto context = b.add(layer + "/self_attn/MatMul_1", "BatchMatMul", {probs, v});
        const auto merged = b.add(layer + "/self_attn/Transpose_1", "Transpose", {context});
        const auto flat = b.add(layer + "/self_attn/Reshape", "Reshape",
                                {merged, b.weight(layer + "/self_attn/Constant_1")});
        const auto attn = b.linear(layer + "/self_attn/o_proj", weights + ".o_proj", flat);
        const auto residual = b.add(layer + "/Add", "Add", {x, attn});
        const auto normed2 = b.layerNorm(layer + "/post_attention_layernorm",
                                         weights + ".post_attention_layernorm", residual);
        const auto up = b.linear(layer + "/mlp/up_proj", weights + ".up_proj", normed2);
        const auto halfX
            = b.add(layer + "/mlp/act/Div", "RealDiv", {up, b.weight(layer + "/mlp/act/Constant")});
        const auto erf = b.add(layer + "/mlp/act/Erf", "Erf", {halfX});
        const auto erf1
            = b.add(layer + "/mlp/act/Add", "Add", {erf, b.weight(layer + "/mlp/act/Constant_1")});
        const auto gated = b.add(layer + "/mlp/act/Mul", "Mul", {up, erf1});
        const auto gelu = b.add(layer + "/mlp/act/Mul_1", "Mul",
                                {gated, b.weight(layer + "/mlp/act/Constant_2")});
        const auto down = b.linear(layer + "/mlp/down_proj", weights + ".down_proj", gelu);
        x = b.add(layer + "/Add_1", "Add", {residual, down});
    }
    const auto normed = b.layerNorm("/model/norm", "model.norm", x);
    const auto logits = b.add("/lm_head/MatMul", "MatMul", {normed, b.weight("lm_head.weight")});
    b.add("logits", "NetOutput", {logits});
    graph.outputs = {"logits"};
    graph.linkProducers();
    return graph;
}

Graph makeTransformerGraphOfSize(int nodes)
{
    const int perLayer
        = int(makeTransformerGraph(1).nodes().size() - makeTransformerGraph(0).nodes().size());
    const int fixed = int(makeTransformerGraph(0).nodes().size());
    const int layers = nodes <= fixed ? 0 : (nodes - fixed + perLayer - 1) / perLayer;
    return makeTransformerGraph(layers);
}

} // namespace opsinfo
