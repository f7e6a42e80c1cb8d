// Layered layout of transformer-shaped graphs. Goals (issue 4): 10,000 nodes < 1 s, 100,000 < 10 s.
#include "layout/graphlayout.h"
#include "layout/syntheticgraph.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <map>
#include <memory>
#include <random>

using namespace opsinfo;

namespace {

const Graph &transformer(int nodes)
{
    static std::map<int, std::unique_ptr<Graph>> cache;
    auto &slot = cache[nodes];
    if (!slot)
        slot = std::make_unique<Graph>(makeTransformerGraphOfSize(nodes));
    return *slot;
}

void BM_LayoutTransformer(benchmark::State &state)
{
    const Graph &graph = transformer(int(state.range(0)));
    GraphLayout layout;
    for (auto _ : state) {
        layout = layoutGraph(graph);
        benchmark::DoNotOptimize(layout.bounds);
    }
    state.counters["nodes"] = double(graph.nodes().size());
    state.counters["edges"] = double(layout.edges.size());
    state.counters["layers"] = double(layout.layerCount);
    state.counters["virtual"] = double(layout.virtualNodes);
}

void BM_ScopeTree(benchmark::State &state)
{
    const Graph &graph = transformer(int(state.range(0)));
    for (auto _ : state) {
        ScopeTree tree = buildScopeTree(graph);
        benchmark::DoNotOptimize(tree.size());
    }
}

// Every decoder layer collapsed: what the view shows first on a large model.
void BM_LayoutCollapsedLayers(benchmark::State &state)
{
    const Graph &graph = transformer(int(state.range(0)));
    const ScopeTree tree = buildScopeTree(graph);
    const int layersScope = tree.find("/model");
    std::vector<int> collapsed = tree.scopesAtDepth(2);
    int visible = 0;
    for (auto _ : state) {
        const CollapsedGraph view = collapseScopes(graph, tree, collapsed);
        const GraphLayout layout = layoutGraph(graph, tree, view);
        visible = view.size();
        benchmark::DoNotOptimize(layout.bounds);
    }
    state.counters["visible"] = visible;
    state.counters["modelScope"] = layersScope;
}

// Not a transformer: a wide, tangled DAG (each node reads two of the previous 2,000 nodes and one
// in 50 reads any earlier node) — wide layers and many long edges, the worst case for the sweeps
// and for virtual nodes.
void BM_LayoutRandomDag(benchmark::State &state)
{
    const int n = int(state.range(0));
    LayeredInput input;
    input.sizes.assign(std::size_t(n), LayoutSize {80.0, 28.0});
    std::mt19937 random(42);
    for (int v = 1; v < n; ++v) {
        for (int k = 0; k < 2; ++k)
            input.edges.push_back({std::max(0, v - 1 - int(random() % 2000u)), v});
        if (random() % 50u == 0)
            input.edges.push_back({int(random() % unsigned(v)), v});
    }
    GraphLayout layout;
    for (auto _ : state) {
        layout = layoutLayered(input);
        benchmark::DoNotOptimize(layout.bounds);
    }
    state.counters["layers"] = double(layout.layerCount);
    state.counters["virtual"] = double(layout.virtualNodes);
}

} // namespace

BENCHMARK(BM_LayoutRandomDag)->Arg(10000)->Arg(100000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LayoutTransformer)->Arg(1000)->Arg(10000)->Arg(100000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ScopeTree)->Arg(100000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LayoutCollapsedLayers)->Arg(100000)->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
