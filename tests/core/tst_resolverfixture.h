#pragma once

// Small hand-built libraries and graphs for the resolver tests. Op facts (types, colours, dtype
// columns) are modelled on the ascend910b ops-info files but trimmed to what a rule needs.

#include "graph/graph.h"
#include "library/oplibrary.h"
#include "resolver/resolver.h"

#include <initializer_list>
#include <map>
#include <string>
#include <vector>

namespace opsinfo::testing {

inline DType dt(const std::string &name)
{
    return name.empty() ? DType::Undefined : parseOpsInfoDType(name);
}

inline std::vector<DType> dts(std::initializer_list<const char *> names)
{
    std::vector<DType> out;
    for (const char *n : names)
        out.push_back(dt(n));
    return out;
}

// One op entry: `inputs` / `outputs` are per tensor the comma-free dtype list of its columns.
inline OpEntry op(const std::string &type, Policy policy, std::vector<std::vector<DType>> inputs,
                  std::vector<std::vector<DType>> outputs, const std::string &opFile = {})
{
    OpEntry e;
    e.type = type;
    e.policy = policy;
    e.hasPrecisionReduce = policy != Policy::Gray;
    e.opFile = opFile;
    e.fileIndex = 0;
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        TensorInfo t;
        t.item = "input" + std::to_string(i);
        t.index = int(i);
        t.paramType = "required";
        t.dtypes = inputs[i];
        e.inputs.push_back(t);
    }
    for (std::size_t i = 0; i < outputs.size(); ++i) {
        TensorInfo t;
        t.item = "output" + std::to_string(i);
        t.index = int(i);
        t.paramType = "required";
        t.dtypes = outputs[i];
        e.outputs.push_back(t);
    }
    return e;
}

// The test library. Column lists read top to bottom as in the files.
inline OpLibrary testLibrary()
{
    const auto f16 = DType::Float16, f32 = DType::Float32, bf = DType::BFloat16, i32 = DType::Int32;
    std::vector<OpEntry> e;
    // Cube ops with the M3 fallbacks: (fp16,fp32) present / only (fp32,fp32)+(fp16,fp16) / only
    // (fp16,fp16) / none of them.
    e.push_back(op("MatMulV2", Policy::White, {{f16, f32, f16, bf}, {f16, f32, f16, bf}},
                   {{f32, f32, f16, bf}}));
    e.push_back(op("MatMul", Policy::White, {{f32, f16}, {f32, f16}}, {{f32, f16}}));
    e.push_back(op("Conv2D", Policy::White, {{f16}, {f16}}, {{f16}}));
    e.push_back(op("BatchMatMul", Policy::White, {{bf}, {bf}}, {{bf}}));
    e.push_back(
        op("Add", Policy::Gray, {{f16, f32, bf, i32}, {f16, f32, bf, i32}}, {{f16, f32, bf, i32}}));
    e.push_back(op("Relu", Policy::Gray, {{f16, f32, bf}}, {{f16, f32, bf}}));
    e.push_back(op("Exp", Policy::Black, {{f16}}, {{f16}})); // black, no fp32 kernel
    e.push_back(op("SoftmaxV2", Policy::Black, {{f16, f32}}, {{f16, f32}}));
    e.push_back(op("Gelu", Policy::White, {{f16, f32, bf}}, {{f16, f32, bf}}));
    e.push_back(op("Erf", Policy::White, {{f32}}, {{f32}})); // white without fp16
    e.push_back(op("Sqrt", Policy::Gray, {{f16}}, {{f16}})); // fp16 only
    e.push_back(op("Fp32Only", Policy::Gray, {{f32}}, {{f32}}));
    e.push_back(op("BfOnly", Policy::Gray, {{f16, bf}}, {{f16, bf}})); // no fp32 kernel
    e.push_back(op("ReduceMeanX", Policy::Gray, {{f16, f16, f32}}, {{f32, f16, f32}}));
    e.push_back(
        op("Reshape", Policy::Gray, {{f16, f32, bf}, {i32, i32, i32}}, {{f16, f32, bf}}, "Null"));
    e.push_back(op("Cast", Policy::Gray, {{f16, f32, f32, i32}}, {{f32, f16, i32, f32}}));
    e.push_back(op("GatherV2", Policy::Gray, {{f16, f32}, {i32, i32}}, {{f16, f32}}));
    OpEntry layerNorm = op("LayerNorm", Policy::Gray, {{}, {}, {}}, {{}});
    layerNorm.dynamicFormat = true; // like many real 910b entries: no dtype lists
    e.push_back(layerNorm);
    OpEntry anyCube = op("BatchMatMulV2", Policy::White, {{}, {}}, {{}});
    anyCube.dynamicFormat = true;
    e.push_back(anyCube);
    std::vector<LibraryFile> files {{"aic-test-ops-info.json", 0, e.size()}};
    return OpLibrary::build({{"built-in", "test", LibraryStore::Kind::BuiltIn}}, files,
                            std::move(e));
}

// Builds a graph from "name = Type(in1, in2:1) -> dtypes" style calls.
class GraphBuilder
{
public:
    // inputs: producer names ("x" or "x:1"); inDtypes may be empty (taken from producers).
    GraphBuilder &node(const std::string &name, const std::string &type,
                       std::vector<std::string> inputs, std::vector<DType> outDtypes,
                       std::vector<std::int64_t> shape = {})
    {
        Node n;
        n.name = m_graph.intern(name);
        n.opType = m_graph.intern(type);
        n.frameworkType = n.opType;
        std::vector<NodeInput> nodeInputs;
        for (const std::string &in : inputs) {
            NodeInput &input = nodeInputs.emplace_back();
            const auto colon = in.find(':');
            input.producerName = m_graph.intern(std::string_view(in).substr(0, colon));
            input.outputIndex = colon == std::string::npos ? 0 : std::stoi(in.substr(colon + 1));
        }
        n.inputs = m_graph.store(nodeInputs);
        std::vector<NodeOutput> outputs;
        for (DType d : outDtypes)
            outputs.push_back({{}, d, m_graph.storeShape(shape)});
        n.outputs = m_graph.store(outputs);
        m_graph.addNode(std::move(n));
        return *this;
    }
    Graph build()
    {
        m_graph.linkProducers();
        // Input dtypes as the file would state them: the producer's output dtype.
        for (Node &n : m_graph.nodes())
            for (NodeInput &in : n.inputs)
                if (in.producer >= 0)
                    in.dtype = m_graph.nodes()[std::size_t(in.producer)]
                                   .outputs[std::size_t(in.outputIndex)]
                                   .dtype;
        return std::move(m_graph);
    }

private:
    Graph m_graph;
};

// Policy source from a map, falling back to the library colour.
inline PolicySource policies(const OpLibrary &library, std::map<std::string, Policy> overrides = {})
{
    PolicySource source;
    source.effective = [&library, overrides](std::string_view type) {
        if (auto it = overrides.find(std::string(type)); it != overrides.end())
            return it->second;
        const OpEntry *entry = library.find(type);
        return entry ? entry->policy : Policy::Gray;
    };
    source.origin = "test policy";
    return source;
}

inline const NodeResolution &byName(const Graph &graph, const Resolution &r,
                                    const std::string &name)
{
    return r.nodes.at(std::size_t(graph.indexOf(name)));
}

} // namespace opsinfo::testing
