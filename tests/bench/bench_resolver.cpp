// Resolving a large transformer graph under all 9 precision modes.
//
//   bench_resolver [--graph=OUT.json] [--library=SOC_FOLDER] [google benchmark flags]
//
// --graph: an ATC om->json file (tests/bench/gen_transformer_graph.py writes one), loaded with the
// ATC importer outside the timed region. Without it the same layer structure is generated here.
// --library: an ops-info soc folder (default: the 910b folder of ../shared/data if present, else a
// small built-in library with the same op types).

#include "graph/graph.h"
#include "graph/graphloader.h"
#include "library/libraryloader.h"
#include "resolver/resolver.h"

#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

using namespace opsinfo;

namespace {

std::unique_ptr<Graph> g_graph;
OpLibrary g_library;

struct Gen
{
    Graph graph;
    std::string add(const std::string &name, const std::string &type,
                    std::vector<std::string> inputs = {}, DType out = DType::Float32,
                    std::vector<std::int64_t> shape = {})
    {
        Node n;
        n.name = graph.intern(name);
        n.opType = n.frameworkType = graph.intern(type);
        for (auto &i : inputs) {
            NodeInput in;
            in.producerName = graph.intern(i);
            n.inputs.push_back(std::move(in));
        }
        if (type != "NetOutput")
            n.outputs.push_back({{}, out, std::move(shape)});
        graph.addNode(std::move(n));
        return name;
    }
    std::string linear(const std::string &p, const std::string &x, std::int64_t seq, std::int64_t n)
    {
        const auto w = add(p + "/weight", "Const");
        const auto mm = add(p + "/MatMul", "MatMulV2", {x, w}, DType::Float32, {seq, n});
        const auto b = add(p + "/bias", "Const");
        return add(p + "/Add", "Add", {mm, b}, DType::Float32, {seq, n});
    }
    std::string norm(const std::string &p, const std::string &x, std::int64_t seq, std::int64_t h)
    {
        return add(p + "/LayerNorm", "LayerNorm",
                   {x, add(p + "/gamma", "Const"), add(p + "/beta", "Const")}, DType::Float32,
                   {seq, h});
    }
    std::string heads(const std::string &p, const std::string &x)
    {
        const auto r = add(p + "/Reshape", "Reshape",
                           {x, add(p + "/Reshape/shape", "Const", {}, DType::Int64)});
        return add(p + "/Transpose", "Transpose",
                   {r, add(p + "/Transpose/perm", "Const", {}, DType::Int64)});
    }
};

// Mirrors gen_transformer_graph.py's layer (56 nodes per layer).
std::unique_ptr<Graph> generate(int nodes)
{
    Gen g;
    const std::int64_t s = 128, h = 1024;
    std::string x = g.add("input_ids_embeds", "Data", {}, DType::Float32, {s, h});
    const std::string mask = g.add("attention_mask", "Data", {}, DType::Int64, {s, s});
    for (int n = 0; int(g.graph.nodes().size()) + 56 <= nodes - 3 || n == 0; ++n) {
        const std::string p = "/model/layers." + std::to_string(n);
        const auto ln1 = g.norm(p + "/input_layernorm", x, s, h);
        const auto q = g.heads(p + "/attn/q", g.linear(p + "/attn/q_proj", ln1, s, h));
        const auto k = g.heads(p + "/attn/k", g.linear(p + "/attn/k_proj", ln1, s, h));
        const auto v = g.heads(p + "/attn/v", g.linear(p + "/attn/v_proj", ln1, s, h));
        const auto sc = g.add(p + "/attn/qk/BatchMatMul", "BatchMatMulV2", {q, k});
        const auto mul = g.add(p + "/attn/Mul", "Mul", {sc, g.add(p + "/attn/scale", "Const")});
        const auto mf = g.add(p + "/attn/mask/Cast", "Cast", {mask});
        const auto sm = g.add(p + "/attn/Softmax", "SoftmaxV2",
                              {g.add(p + "/attn/mask/Add", "Add", {mul, mf})});
        const auto ctx = g.add(p + "/attn/av/BatchMatMul", "BatchMatMulV2", {sm, v});
        const auto t
            = g.add(p + "/attn/out/Transpose", "Transpose",
                    {ctx, g.add(p + "/attn/out/Transpose/perm", "Const", {}, DType::Int64)});
        const auto m = g.add(p + "/attn/out/Reshape", "Reshape",
                             {t, g.add(p + "/attn/out/Reshape/shape", "Const", {}, DType::Int64)});
        const auto res1
            = g.add(p + "/attn/residual/Add", "Add", {x, g.linear(p + "/attn/o_proj", m, s, h)});
        const auto ln2 = g.norm(p + "/post_attention_layernorm", res1, s, h);
        const auto act = g.add(p + "/mlp/Gelu", "Gelu", {g.linear(p + "/mlp/fc1", ln2, s, 4 * h)});
        x = g.add(p + "/mlp/residual/Add", "Add", {res1, g.linear(p + "/mlp/fc2", act, s, h)});
    }
    g.add("NetOutput", "NetOutput", {g.norm("/model/norm", x, s, h)});
    g.graph.linkProducers();
    return std::make_unique<Graph>(std::move(g.graph));
}

void resolveAll(benchmark::State &state, bool explanations)
{
    const PolicySource policies = libraryPolicies(g_library);
    ResolveOptions options;
    options.explanations = explanations;
    std::size_t fp16 = 0;
    for (auto _ : state) {
        Resolver resolver(*g_graph, g_library); // per-graph work once, shared by the 9 modes
        for (PrecisionMode mode : kAllPrecisionModes) {
            Resolution r = resolver.resolve(mode, policies, options);
            fp16 += r.summary.fp16Nodes;
            benchmark::DoNotOptimize(r.nodes.data());
        }
    }
    state.counters["nodes"] = double(g_graph->nodes().size());
    state.counters["fp16_nodes_per_run"] = double(fp16) / double(state.iterations());
}

void resolveAllParallel(benchmark::State &state)
{
    const PolicySource policies = libraryPolicies(g_library);
    const std::vector<PrecisionMode> modes(kAllPrecisionModes.begin(), kAllPrecisionModes.end());
    for (auto _ : state) {
        Resolver resolver(*g_graph, g_library);
        std::vector<Resolution> all = resolver.resolveModes(modes, policies);
        benchmark::DoNotOptimize(all.data());
    }
    state.counters["nodes"] = double(g_graph->nodes().size());
}

void prepareOnly(benchmark::State &state)
{
    for (auto _ : state) {
        Resolver resolver(*g_graph, g_library);
        benchmark::DoNotOptimize(resolver.nodeCount());
    }
}

void resolveOneMode(benchmark::State &state)
{
    const PolicySource policies = libraryPolicies(g_library);
    Resolver resolver(*g_graph, g_library);
    for (auto _ : state) {
        Resolution r = resolver.resolve(PrecisionMode::AllowMixPrecisionFp16, policies);
        benchmark::DoNotOptimize(r.nodes.data());
    }
}

std::string flag(int &argc, char **argv, const char *name)
{
    const std::size_t n = std::strlen(name);
    for (int i = 1; i < argc; ++i) {
        if (std::strncmp(argv[i], name, n) == 0 && argv[i][n] == '=') {
            std::string value = argv[i] + n + 1;
            for (int j = i; j + 1 < argc; ++j)
                argv[j] = argv[j + 1];
            --argc;
            return value;
        }
    }
    return {};
}

} // namespace

int main(int argc, char **argv)
{
    const std::string graphPath = flag(argc, argv, "--graph");
    std::string libraryPath = flag(argc, argv, "--library");
    if (libraryPath.empty()) {
        const std::string shared = std::string(OPSINFO_SOURCE_DIR)
            + "/../shared/data/opsinfo/cann-8.1.RC1/op_impl/ai_core/tbe/config/ascend910b";
        if (std::filesystem::is_directory(shared))
            libraryPath = shared;
    }
    const auto t0 = std::chrono::steady_clock::now();
    if (!graphPath.empty()) {
        GraphLoadResult loaded = loadGraph(graphPath);
        if (!loaded.graph) {
            for (const Diagnostic &d : loaded.diagnostics)
                std::fprintf(stderr, "%s\n", formatDiagnostic(d).c_str());
            return 1;
        }
        g_graph = std::move(loaded.graph);
    } else {
        g_graph = generate(200000);
    }
    const auto t1 = std::chrono::steady_clock::now();
    if (!libraryPath.empty()) {
        g_library = loadSocFolder(libraryPath).library;
    } else {
        std::fprintf(stderr, "no ops-info library: pass --library=<soc folder>\n");
        return 1;
    }
    std::fprintf(
        stderr, "graph: %zu nodes (%s, %.2f s to load, untimed); library: %zu op types from %s\n",
        g_graph->nodes().size(), graphPath.empty() ? "generated in C++" : graphPath.c_str(),
        std::chrono::duration<double>(t1 - t0).count(), g_library.ops().size(),
        libraryPath.c_str());

    benchmark::RegisterBenchmark("ResolveAll9Modes", resolveAll, true)
        ->Unit(benchmark::kMillisecond)
        ->Iterations(3);
    benchmark::RegisterBenchmark("ResolveAll9ModesNoExplanations", resolveAll, false)
        ->Unit(benchmark::kMillisecond)
        ->Iterations(3);
    benchmark::RegisterBenchmark("ResolveAll9ModesThreads", resolveAllParallel)
        ->Unit(benchmark::kMillisecond)
        ->Iterations(3)
        ->UseRealTime();
    benchmark::RegisterBenchmark("PrepareOnly", prepareOnly)
        ->Unit(benchmark::kMillisecond)
        ->Iterations(3);
    benchmark::RegisterBenchmark("ResolveOneMode", resolveOneMode)
        ->Unit(benchmark::kMillisecond)
        ->Iterations(3);
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
