// `opsinfo advise` on a 5,000-node transformer with 20 protected nodes (goal: under 1 s), timed as
// the whole command a user runs (graph and library loading included), side by side with the
// baseline's same work in the same run: `opsinfo resolve --json` on the same inputs, which loads
// the same files and resolves once (the advisor resolves once per candidate and plan).
//
//   bench_advise [--nodes=5000] [--library=SOC_FOLDER] [google benchmark flags]
//
// The graph is written by tests/bench/gen_transformer_graph.py into a temporary folder. The library
// is the 910b folder of ../shared/data when present, else the embedded sample's 150-op library.

#include "cli/cli.h"

#include <benchmark/benchmark.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

namespace {

std::string g_graph;
std::string g_library;
std::vector<std::string> g_protect;

int run(const std::vector<std::string> &args)
{
    std::ostringstream out, err;
    const int code = opsinfo::runCli(args, out, err);
    if (code != 0) {
        std::fprintf(stderr, "%s", err.str().c_str());
        std::abort();
    }
    return code;
}

void Advise20Protected(benchmark::State &state)
{
    std::vector<std::string> args {
        "advise", g_graph, "--library", g_library, "--mode", "allow_mix_precision_fp16", "--json"};
    for (const std::string &name : g_protect) {
        args.push_back("--keep-fp32");
        args.push_back(name);
    }
    for (auto _ : state)
        benchmark::DoNotOptimize(run(args));
}

void ResolveBaseline(benchmark::State &state)
{
    const std::vector<std::string> args {
        "resolve", g_graph, "--library", g_library, "--mode", "allow_mix_precision_fp16", "--json"};
    for (auto _ : state)
        benchmark::DoNotOptimize(run(args));
}

} // namespace

int main(int argc, char **argv)
{
    int nodes = 5000;
    std::vector<char *> rest {argv[0]};
    for (int i = 1; i < argc; ++i) {
        if (std::strncmp(argv[i], "--nodes=", 8) == 0)
            nodes = std::atoi(argv[i] + 8);
        else if (std::strncmp(argv[i], "--library=", 10) == 0)
            g_library = argv[i] + 10;
        else
            rest.push_back(argv[i]);
    }
    const std::filesystem::path source(OPSINFO_SOURCE_DIR);
    if (g_library.empty()) {
        const auto shared
            = source / "../shared/data/opsinfo/cann-8.1.RC1/op_impl/ai_core/tbe/config/ascend910b";
        g_library = std::filesystem::exists(shared)
            ? shared.string()
            : (source / "resources/sample/aic-ascend910b-ops-info.json").string();
    }
    const auto folder = std::filesystem::temp_directory_path()
        / ("opsinfo-bench-advise-" + std::to_string(::getpid()));
    std::filesystem::create_directories(folder);
    g_graph = (folder / "transformer.json").string();
    const std::string generate = "python3 '"
        + (source / "tests/bench/gen_transformer_graph.py").string() + "' --nodes "
        + std::to_string(nodes) + " '" + g_graph + "'";
    if (std::system(generate.c_str()) != 0) {
        std::fprintf(stderr, "cannot generate the graph: %s\n", generate.c_str());
        return 2;
    }
    // 20 protected nodes: the softmax and the Gelu of the first ten layers (fp16 in the fp16 mixed
    // mode).
    for (int layer = 0; layer < 10; ++layer) {
        g_protect.push_back("/model/layers." + std::to_string(layer) + "/attn/Softmax");
        g_protect.push_back("/model/layers." + std::to_string(layer) + "/mlp/Gelu");
    }
    std::fprintf(stderr, "graph %s (%d nodes asked), library %s, %zu protected nodes\n",
                 g_graph.c_str(), nodes, g_library.c_str(), g_protect.size());
    benchmark::RegisterBenchmark("Advise20Protected", Advise20Protected)
        ->Unit(benchmark::kMillisecond)
        ->MeasureProcessCPUTime()
        ->UseRealTime();
    benchmark::RegisterBenchmark("ResolveBaseline", ResolveBaseline)
        ->Unit(benchmark::kMillisecond)
        ->MeasureProcessCPUTime()
        ->UseRealTime();
    int count = int(rest.size());
    benchmark::Initialize(&count, rest.data());
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    std::filesystem::remove_all(folder);
    return 0;
}
