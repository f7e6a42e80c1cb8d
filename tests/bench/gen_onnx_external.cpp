// Writes a Llama-style decoder LLM as ONNX with external data, the way torch.onnx / onnx's
// convert_model_to_external_data store a model above protobuf's 2 GiB limit: every weight is an
// initializer whose bytes live in one side file (OUT.data) at a 4 KiB-aligned offset, named by
// external_data {location, offset, length}. The side file is written sparse (its size set, no byte
// written): the importer must never read it, and the benchmark checks that it does not.
//
// usage: gen_onnx_external [--layers 22] [--hidden 2048] [--ffn 5632] [--vocab 32000] OUT.onnx
// Defaults give TinyLlama-1.1B's shapes in float16: 2.2 GB of weights, ~600 nodes.
#include <onnx/onnx_pb.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include <fcntl.h>
#include <unistd.h>

namespace {

struct Options
{
    int layers = 22;
    std::int64_t hidden = 2048;
    std::int64_t ffn = 5632;
    std::int64_t vocab = 32000;
    std::int64_t seq = 128;
    std::string out;
};

class Builder
{
public:
    Builder(onnx::GraphProto &graph, std::string dataFile)
        : m_graph(graph)
        , m_dataFile(std::move(dataFile))
    {
    }

    // An initializer in the side file: float16 weights.
    std::string weight(const std::string &name, std::vector<std::int64_t> dims)
    {
        onnx::TensorProto *t = m_graph.add_initializer();
        t->set_name(name);
        t->set_data_type(onnx::TensorProto::FLOAT16);
        std::int64_t bytes = 2;
        for (std::int64_t d : dims) {
            t->add_dims(d);
            bytes *= d;
        }
        t->set_data_location(onnx::TensorProto::EXTERNAL);
        auto entry = [&](const char *key, const std::string &value) {
            onnx::StringStringEntryProto *e = t->add_external_data();
            e->set_key(key);
            e->set_value(value);
        };
        entry("location", m_dataFile);
        entry("offset", std::to_string(m_offset));
        entry("length", std::to_string(bytes));
        m_offset = (m_offset + bytes + 4095) / 4096 * 4096;
        return name;
    }

    // A small constant stored inside the model (shapes, axes, scalars), as exporters keep them.
    std::string constant(const std::string &name, std::vector<std::int64_t> values)
    {
        onnx::NodeProto *n = m_graph.add_node();
        n->set_name(name);
        n->set_op_type("Constant");
        n->add_output(name + "_output_0");
        onnx::AttributeProto *a = n->add_attribute();
        a->set_name("value");
        a->set_type(onnx::AttributeProto::TENSOR);
        onnx::TensorProto *t = a->mutable_t();
        t->set_data_type(onnx::TensorProto::INT64);
        t->add_dims(std::int64_t(values.size()));
        for (std::int64_t v : values)
            t->add_int64_data(v);
        return n->output(0);
    }

    std::string node(const std::string &name, const std::string &type,
                     std::vector<std::string> inputs, int outputs = 1)
    {
        onnx::NodeProto *n = m_graph.add_node();
        n->set_name(name);
        n->set_op_type(type);
        for (const std::string &input : inputs)
            n->add_input(input);
        for (int i = 0; i < outputs; ++i)
            n->add_output(name + "_output_" + std::to_string(i));
        m_last = n;
        return n->output(0);
    }

    void attrInt(const char *name, std::int64_t value)
    {
        onnx::AttributeProto *a = m_last->add_attribute();
        a->set_name(name);
        a->set_type(onnx::AttributeProto::INT);
        a->set_i(value);
    }

    std::int64_t dataBytes() const { return m_offset; }

private:
    onnx::GraphProto &m_graph;
    std::string m_dataFile;
    std::int64_t m_offset = 0;
    onnx::NodeProto *m_last = nullptr;
};

void valueInfo(onnx::ValueInfoProto *info, const std::string &name, int elemType,
               std::vector<std::int64_t> dims)
{
    info->set_name(name);
    onnx::TypeProto_Tensor *t = info->mutable_type()->mutable_tensor_type();
    t->set_elem_type(elemType);
    for (std::int64_t d : dims)
        t->mutable_shape()->add_dim()->set_dim_value(d);
}

std::string rmsNorm(Builder &b, const std::string &prefix, const std::string &x,
                    std::int64_t hidden)
{
    const std::string w = b.weight(prefix + ".weight", {hidden});
    const std::string cast = b.node(prefix + "/Cast", "Cast", {x});
    b.attrInt("to", onnx::TensorProto::FLOAT);
    const std::string pow
        = b.node(prefix + "/Pow", "Pow", {cast, b.constant(prefix + "/Constant", {2})});
    const std::string mean = b.node(prefix + "/ReduceMean", "ReduceMean", {pow});
    const std::string add
        = b.node(prefix + "/Add", "Add", {mean, b.constant(prefix + "/Constant_1", {0})});
    const std::string sqrt = b.node(prefix + "/Sqrt", "Sqrt", {add});
    const std::string div = b.node(prefix + "/Div", "Div", {cast, sqrt});
    const std::string back = b.node(prefix + "/Cast_1", "Cast", {div});
    b.attrInt("to", onnx::TensorProto::FLOAT16);
    return b.node(prefix + "/Mul", "Mul", {w, back});
}

std::string decoderLayer(Builder &b, int n, const std::string &x, const Options &o)
{
    const std::string p = "/model/layers." + std::to_string(n);
    const std::string wp = "model.layers." + std::to_string(n);
    const std::string h = rmsNorm(b, p + "/input_layernorm", x, o.hidden);
    auto proj = [&](const char *name, const std::string &in, std::int64_t rows, std::int64_t cols) {
        const std::string w = b.weight(wp + "." + name + ".weight", {rows, cols});
        return b.node(p + "/" + name + "/MatMul", "MatMul", {in, w});
    };
    const std::string q = proj("self_attn.q_proj", h, o.hidden, o.hidden);
    const std::string k = proj("self_attn.k_proj", h, o.hidden, o.hidden / 8);
    const std::string v = proj("self_attn.v_proj", h, o.hidden, o.hidden / 8);
    auto heads = [&](const std::string &name, const std::string &t) {
        const std::string r
            = b.node(p + "/self_attn/" + name + "/Reshape", "Reshape",
                     {t, b.constant(p + "/self_attn/" + name + "/shape", {1, o.seq, -1, 64})});
        return b.node(p + "/self_attn/" + name + "/Transpose", "Transpose", {r});
    };
    auto rotary = [&](const std::string &name, const std::string &t) {
        const std::string cos = b.node(p + "/self_attn/" + name + "/Mul", "Mul", {t, "rotary_cos"});
        const std::string s1 = b.node(p + "/self_attn/" + name + "/Slice", "Slice", {t});
        const std::string s2 = b.node(p + "/self_attn/" + name + "/Slice_1", "Slice", {t});
        const std::string neg = b.node(p + "/self_attn/" + name + "/Neg", "Neg", {s2});
        const std::string cat = b.node(p + "/self_attn/" + name + "/Concat", "Concat", {neg, s1});
        b.attrInt("axis", -1);
        const std::string sin
            = b.node(p + "/self_attn/" + name + "/Mul_1", "Mul", {cat, "rotary_sin"});
        return b.node(p + "/self_attn/" + name + "/Add", "Add", {cos, sin});
    };
    const std::string qh = rotary("q_rot", heads("q", q));
    const std::string kh = rotary("k_rot", heads("k", k));
    const std::string vh = heads("v", v);
    const std::string kt = b.node(p + "/self_attn/k/Transpose_1", "Transpose", {kh});
    const std::string scores = b.node(p + "/self_attn/MatMul", "MatMul", {qh, kt});
    const std::string scaled
        = b.node(p + "/self_attn/Div", "Div", {scores, b.constant(p + "/self_attn/scale", {8})});
    const std::string masked = b.node(p + "/self_attn/Add", "Add", {scaled, "attention_bias"});
    const std::string probs = b.node(p + "/self_attn/Softmax", "Softmax", {masked});
    b.attrInt("axis", -1);
    const std::string ctx = b.node(p + "/self_attn/MatMul_1", "MatMul", {probs, vh});
    const std::string t = b.node(p + "/self_attn/Transpose", "Transpose", {ctx});
    const std::string merged
        = b.node(p + "/self_attn/Reshape", "Reshape",
                 {t, b.constant(p + "/self_attn/out_shape", {1, o.seq, o.hidden})});
    const std::string attn = proj("self_attn.o_proj", merged, o.hidden, o.hidden);
    const std::string res1 = b.node(p + "/Add", "Add", {x, attn});
    const std::string h2 = rmsNorm(b, p + "/post_attention_layernorm", res1, o.hidden);
    const std::string gate = proj("mlp.gate_proj", h2, o.hidden, o.ffn);
    const std::string sig = b.node(p + "/mlp/act_fn/Sigmoid", "Sigmoid", {gate});
    const std::string silu = b.node(p + "/mlp/act_fn/Mul", "Mul", {gate, sig});
    const std::string up = proj("mlp.up_proj", h2, o.hidden, o.ffn);
    const std::string prod = b.node(p + "/mlp/Mul", "Mul", {silu, up});
    const std::string down = proj("mlp.down_proj", prod, o.ffn, o.hidden);
    return b.node(p + "/Add_1", "Add", {res1, down});
}

int usage()
{
    std::fprintf(
        stderr,
        "usage: gen_onnx_external [--layers N] [--hidden N] [--ffn N] [--vocab N] OUT.onnx\n");
    return 2;
}

} // namespace

int main(int argc, char **argv)
{
    Options o;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        auto number = [&](auto &target) {
            if (i + 1 >= argc)
                std::exit(usage());
            target = std::strtoll(argv[++i], nullptr, 10);
        };
        if (arg == "--layers")
            number(o.layers);
        else if (arg == "--hidden")
            number(o.hidden);
        else if (arg == "--ffn")
            number(o.ffn);
        else if (arg == "--vocab")
            number(o.vocab);
        else if (!arg.empty() && arg[0] != '-' && o.out.empty())
            o.out = arg;
        else
            return usage();
    }
    if (o.out.empty() || o.layers <= 0 || o.hidden < 64 || o.ffn <= 0 || o.vocab <= 0)
        return usage();
    const std::string dataPath = o.out + ".data";
    const std::string dataName = dataPath.substr(dataPath.find_last_of('/') + 1);

    onnx::ModelProto model;
    model.set_ir_version(8);
    model.set_producer_name("pytorch");
    model.set_producer_version("2.1.0");
    model.add_opset_import()->set_version(17);
    onnx::GraphProto &graph = *model.mutable_graph();
    graph.set_name("main_graph");
    valueInfo(graph.add_input(), "input_ids", onnx::TensorProto::INT64, {1, o.seq});
    valueInfo(graph.add_input(), "attention_bias", onnx::TensorProto::FLOAT16,
              {1, 1, o.seq, o.seq});
    valueInfo(graph.add_input(), "rotary_cos", onnx::TensorProto::FLOAT16, {1, 1, o.seq, 64});
    valueInfo(graph.add_input(), "rotary_sin", onnx::TensorProto::FLOAT16, {1, 1, o.seq, 64});
    Builder b(graph, dataName);
    const std::string embed = b.weight("model.embed_tokens.weight", {o.vocab, o.hidden});
    std::string x = b.node("/model/embed_tokens/Gather", "Gather", {embed, "input_ids"});
    for (int n = 0; n < o.layers; ++n)
        x = decoderLayer(b, n, x, o);
    x = rmsNorm(b, "/model/norm", x, o.hidden);
    const std::string logits
        = b.node("/lm_head/MatMul", "MatMul", {x, b.weight("lm_head.weight", {o.hidden, o.vocab})});
    valueInfo(graph.add_output(), logits, onnx::TensorProto::FLOAT16, {1, o.seq, o.vocab});

    std::ofstream out(o.out, std::ios::binary | std::ios::trunc);
    if (!model.SerializeToOstream(&out) || !out.flush()) {
        std::fprintf(stderr, "gen_onnx_external: cannot write %s\n", o.out.c_str());
        return 1;
    }
    // Sparse: the size is set, no block is written.
    const int fd = ::open(dataPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0 || ::ftruncate(fd, b.dataBytes()) != 0 || ::close(fd) != 0) {
        std::fprintf(stderr, "gen_onnx_external: cannot write %s\n", dataPath.c_str());
        return 1;
    }
    std::fprintf(stderr, "%s: %d nodes, %d initializers; %s: %lld bytes of weights (sparse)\n",
                 o.out.c_str(), graph.node_size(), graph.initializer_size(), dataPath.c_str(),
                 static_cast<long long>(b.dataBytes()));
    return 0;
}
