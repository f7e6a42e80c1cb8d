// Layered layout of transformer-shaped graphs. Goals (issue 4): 10,000 nodes < 1 s, 100,000 < 10 s.
#include "layout/graphlayout.h"
#include "layout/syntheticgraph.h"

#include <benchmark/benchmark.h>

#include <map>
#include <memory>

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

} // namespace

BENCHMARK(BM_LayoutTransformer)->Arg(1000)->Arg(10000)->Arg(100000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ScopeTree)->Arg(100000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LayoutCollapsedLayers)->Arg(100000)->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
