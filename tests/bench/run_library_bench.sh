#!/usr/bin/env bash
# Library loader speed, side by side with Python: generates a ~28 MB, 20,000-op library in the
# shipped files' exact style, times Python's json.loads on it (best of N, GC off like timeit) and
# bench_libraryload (best iteration), and prints both and the ratio. The requirement is that the
# wall-clock ratio is <= 0.25. The CPU-time ratio (our figure counts both threads of the parallel
# read) is printed too: on a machine shared with other jobs wall-clock times swing widely.
#
# usage: tests/bench/run_library_bench.sh [BUILD_DIR] [N]
#   BUILD_DIR  a build folder with bench_libraryload built (default: build)
#   N          Python repetitions (default 5)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
build="${1:-$here/../../build}"
repeats="${2:-5}"
bench="$build/tests/bench/bench_libraryload"
if [[ ! -x "$bench" ]]; then
    echo "error: $bench not found; build it: cmake --build $build --target bench_libraryload" >&2
    exit 2
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
library="$work/aic-synthetic-ops-info.json"
python3 "$here/gen_library.py" "$library" --ops 20000

python_ms="$(python3 - "$library" "$repeats" <<'PY'
import gc, json, sys, time
path, repeats = sys.argv[1], int(sys.argv[2])
with open(path, encoding="utf-8") as f:
    text = f.read()
best = best_cpu = float("inf")
for _ in range(repeats):
    gc.disable()
    cpu = time.process_time()
    start = time.perf_counter()
    data = json.loads(text)
    elapsed = time.perf_counter() - start
    best_cpu = min(best_cpu, time.process_time() - cpu)
    gc.enable()
    del data
    best = min(best, elapsed)
print("%.2f %.2f" % (best * 1000, best_cpu * 1000))
PY
)"

OPSINFO_BENCH_LIBRARY="$library" "$bench" --benchmark_format=json --benchmark_out="$work/bench.json" \
    --benchmark_out_format=json > /dev/null
ours_ms="$(python3 - "$work/bench.json" <<'PY'
import json, sys
run = json.load(open(sys.argv[1]))["benchmarks"][0]
if run.get("error_occurred"):
    sys.exit("bench_libraryload failed: %s" % run.get("error_message"))
print("%.2f %.2f" % (run["best_ms"], run["cpu_best_ms"]))
PY
)"

read -r python_wall python_cpu <<< "$python_ms"
read -r ours_wall ours_cpu <<< "$ours_ms"
ratio="$(python3 -c "print('%.3f' % ($ours_wall / $python_wall))")"
cpu_ratio="$(python3 -c "print('%.3f' % ($ours_cpu / $python_cpu))")"
echo "library: $(stat -c %s "$library") bytes, 20000 ops; machine load: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "python json.loads (best of $repeats): wall $python_wall ms, cpu $python_cpu ms"
echo "loadLibraryFile + index (best):    wall $ours_wall ms, cpu $ours_cpu ms (all threads)"
echo "ratio: wall $ratio (requirement: <= 0.25), cpu $cpu_ratio"
python3 -c "import sys; sys.exit(0 if $ratio <= 0.25 else 1)" || { echo "FAIL: slower than a quarter of json.loads"; exit 1; }
