// Loading + indexing a large ops-info library (the speed requirement of the library loader: at
// most a quarter of Python's json.loads on the same file). run_library_bench.sh generates the file
// with gen_library.py, runs this, and prints the ratio to Python side by side.
#include "library/libraryloader.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <string>

namespace {

void BM_LoadLibraryFile(benchmark::State &state)
{
    const char *path = std::getenv("OPSINFO_BENCH_LIBRARY");
    if (!path || !*path) {
        state.SkipWithError("set OPSINFO_BENCH_LIBRARY to a library file (run_library_bench.sh does)");
        return;
    }
    double best = 1e30;
    double total = 0;
    std::size_t ops = 0;
    for (auto _ : state) {
        const auto start = std::chrono::steady_clock::now();
        opsinfo::LibraryLoadResult result = opsinfo::loadLibraryFile(path);
        const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        best = std::min(best, ms);
        total += ms;
        ops = result.library.ops().size();
        if (!result.ok()) {
            state.SkipWithError("the library did not load cleanly");
            break;
        }
        // Freeing the library is not part of loading (Python's timing excludes it too).
        state.PauseTiming();
        { opsinfo::LibraryLoadResult dropped = std::move(result); }
        state.ResumeTiming();
    }
    state.counters["ops"] = double(ops);
    state.counters["best_ms"] = best;
    state.counters["mean_ms"] = state.iterations() ? total / double(state.iterations()) : 0;
}
BENCHMARK(BM_LoadLibraryFile)->Unit(benchmark::kMillisecond)->UseRealTime()->MinTime(2.0);

} // namespace

BENCHMARK_MAIN();
