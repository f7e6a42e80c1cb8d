#!/bin/sh
# Side by side: Python's json.load of a generated 200k-node ATC JSON graph vs resolving the same
# graph under all 9 precision modes (bench_resolver, Resolver construction included).
#
#   tests/bench/run_resolver_bench.sh [BUILD_DIR] [NODES] [REPEATS]
#
# Both wall and CPU time are shown: on a shared, loaded machine CPU time is the steadier figure.
#
# Not the user's ratio: the resolver side starts from a graph already in memory while Python's
# side reads the file. The ratio issue 15 holds us to (whole `opsinfo resolve --all-modes` process
# vs whole `python3 json.load` process, same file, same run) is run_command_bench.py's.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/../../build}
nodes=${2:-200000}
repeats=${3:-3}
bench=$build/tests/bench/bench_resolver
[ -x "$bench" ] || { echo "build bench_resolver first: cmake --build $build --target bench_resolver" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
graph=$work/transformer.json

python3 "$here/gen_transformer_graph.py" --nodes "$nodes" "$graph"
python3 - "$graph" "$repeats" > "$work/python.txt" <<'PY'
import json, sys, time
path, repeats = sys.argv[1], int(sys.argv[2])
best_wall = best_cpu = None
for _ in range(repeats):
    w, c = time.perf_counter(), time.process_time()
    with open(path) as f:
        json.load(f)
    w, c = time.perf_counter() - w, time.process_time() - c
    best_wall = w if best_wall is None else min(best_wall, w)
    best_cpu = c if best_cpu is None else min(best_cpu, c)
print(best_wall, best_cpu)
PY
"$bench" --graph="$graph" --benchmark_filter='ResolveAll9Modes|PrepareOnly|ResolveOneMode' \
    --benchmark_format=console --benchmark_out="$work/bench.json" --benchmark_out_format=json
python3 - "$work/python.txt" "$work/bench.json" "$graph" <<'PY'
import json, os, sys
py_wall, py_cpu = map(float, open(sys.argv[1]).read().split())
bench = json.load(open(sys.argv[2]))
size = os.path.getsize(sys.argv[3]) / 1e6
print(f"\ngraph: {size:.1f} MB ATC JSON")
print(f"python3 json.load (best of N):       wall {py_wall*1000:9.0f} ms   cpu {py_cpu*1000:9.0f} ms")
for b in bench["benchmarks"]:
    unit = {"ms": 1.0, "us": 1e-3, "ns": 1e-6, "s": 1e3}[b.get("time_unit", "ms")]
    wall, cpu = b["real_time"] * unit, b["cpu_time"] * unit
    print(f"{b['name']:<36} wall {wall:9.0f} ms   cpu {cpu:9.0f} ms   "
          f"ratio (python / resolver): wall {py_wall*1000/wall:5.2f}x  cpu {py_cpu*1000/cpu:5.2f}x")
PY
