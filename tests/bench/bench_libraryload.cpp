// Loading + indexing a large ops-info library (the speed requirement of the library loader: at
// most a quarter of Python's json.loads on the same file). run_library_bench.sh generates the file
// with gen_library.py, runs this, and prints the ratio to Python side by side.
#include "library/libraryloader.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <ctime>
#include <string>

namespace {

// CPU time of the whole process (all threads): a load-independent figure when the machine is busy.
double processCpuMs()
{
    timespec ts {};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) / 1e6;
}

void BM_LoadLibraryFile(benchmark::State &state)
{
    const char *path = std::getenv("OPSINFO_BENCH_LIBRARY");
    if (!path || !*path) {
        state.SkipWithError(
            "set OPSINFO_BENCH_LIBRARY to a library file (run_library_bench.sh does)");
        return;
    }
    double best = 1e30;
    double bestCpu = 1e30;
    double total = 0;
    std::size_t ops = 0;
    for (auto _ : state) {
        const double cpuStart = processCpuMs();
        const auto start = std::chrono::steady_clock::now();
        opsinfo::LibraryLoadResult result = opsinfo::loadLibraryFile(path);
        const double ms
            = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                  .count();
        bestCpu = std::min(bestCpu, processCpuMs() - cpuStart);
        best = std::min(best, ms);
        total += ms;
        ops = result.library.ops().size();
        if (!result.ok()) {
            state.SkipWithError("the library did not load cleanly");
            break;
        }
        // Freeing the library is not part of loading (Python's timing excludes it too).
        state.PauseTiming();
        {
            opsinfo::LibraryLoadResult dropped = std::move(result);
        }
        state.ResumeTiming();
    }
    state.counters["ops"] = double(ops);
    state.counters["best_ms"] = best;
    state.counters["cpu_best_ms"] = bestCpu;
    state.counters["mean_ms"] = state.iterations() ? total / double(state.iterations()) : 0;
}
BENCHMARK(BM_LoadLibraryFile)->Unit(benchmark::kMillisecond)->UseRealTime()->MinTime(2.0);

} // namespace

BENCHMARK_MAIN();
