#!/usr/bin/env python3
"""Whole-command benchmarks: the `opsinfo` command a user runs, timed side by side with Python's
equivalent on the same file in the same run.

Each case generates its input (cached in --work), then runs the two commands alternately
(one untimed warm-up each, so both read the file from the page cache), N times each, as separate
processes. Wall time comes from the parent's clock around fork..wait, CPU time (user + sys) and
peak resident memory (the same `ru_maxrss` that `/usr/bin/time -v` prints as "Maximum resident set
size") from wait4(). The ratio is median(opsinfo wall) / median(Python wall). Alternating the runs
puts both sides under the same machine load; the load average is printed before and after.

Cases and goals (issue 22; the lean graph is the issue's steering file, 32 MiB for 186,000 nodes):
  library       opsinfo library stats LIB.json (20,000 ops)     vs json.load  ratio <= 0.2, peak <= 3x file
  graph-info-lean  opsinfo graph info LEAN.json                 vs json.load  ratio <= 0.1, peak <= 2x file
  resolve-lean  opsinfo resolve LEAN.json --all-modes           vs json.load  ratio <= 0.3, peak <= 3x file
  graph-info    the same on the 77 MB graph with ATC's attributes and input descriptors (same goals)
  resolve       the same on the 77 MB graph (same goals)
  ge-dump       opsinfo graph info ge_proto_*.txt (200 MB generated; no Python baseline: protobuf's
                Python module is not installed here)                         rate >= 200 MB/s
  onnx-external opsinfo graph info model.onnx with external weights         reads no weight byte

Each row prints the load average before and after it and the peak resident memory of both sides.
--readme rewrites the table between the bench markers in README.md from the rows of this run.

Exit status: 0 when every case meets its goals, 1 when one does not, 2 on a setup error.

usage: run_command_bench.py [--build DIR] [--runs N] [--work DIR] [--nodes N] [--readme] [CASE ...]
"""

import argparse
import hashlib
import shutil
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.normpath(os.path.join(HERE, "..", ".."))
SHARED_LIBRARY = os.path.join(SOURCE, "..", "shared", "data", "opsinfo", "cann-8.1.RC1", "op_impl", "ai_core",
                              "tbe", "config", "ascend910b", "aic-ascend910b-ops-info.json")
PYTHON_JSON_LOAD = [sys.executable, "-c", "import json, sys; json.load(open(sys.argv[1], encoding='utf-8'))"]


def git_revision():
    result = subprocess.run(["git", "-C", SOURCE, "describe", "--always", "--dirty"], capture_output=True,
                            text=True)
    return result.stdout.strip() or "unknown"


def load_average():
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


class Run:
    def __init__(self, wall, cpu, peak_kb, code):
        self.wall, self.cpu, self.peak_kb, self.code = wall, cpu, peak_kb, code


def run_once(argv, stdout=subprocess.DEVNULL):
    start = time.perf_counter()
    process = subprocess.Popen(argv, stdout=stdout, stderr=subprocess.PIPE)
    # wait4 gives this child's own rusage (not the sum over every child so far).
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    stderr = process.stderr.read().decode(errors="replace")
    process.stderr.close()
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        sys.exit(f"error: {' '.join(argv)} exited {process.returncode}:\n{stderr}")
    return Run(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss, process.returncode)


def side_by_side(ours, python, runs):
    """Alternates the two commands; returns (ours runs, python runs)."""
    run_once(ours)
    if python:
        run_once(python)
    mine, theirs = [], []
    for _ in range(runs):
        mine.append(run_once(ours))
        if python:
            theirs.append(run_once(python))
    return mine, theirs


def describe(runs):
    walls = [r.wall for r in runs]
    cpus = [r.cpu for r in runs]
    return {"median": statistics.median(walls), "best": min(walls), "cpu": statistics.median(cpus),
            "peak_mb": max(r.peak_kb for r in runs) / 1024}


def line(label, d):
    return (f"  {label:<44} wall median {d['median'] * 1000:8.0f} ms  best {d['best'] * 1000:8.0f} ms  "
            f"cpu {d['cpu'] * 1000:8.0f} ms  peak {d['peak_mb']:7.1f} MB")


def generated(work, name, argv):
    """Runs a generator once per distinct argument list and generator source; returns the file."""
    key = hashlib.sha1(" ".join(argv).encode())
    for part in argv:
        if part.endswith(".py") and os.path.exists(part):
            key.update(open(part, "rb").read())
    path = os.path.join(work, f"{key.hexdigest()[:10]}-{name}")
    done = path + ".done"  # written last: an interrupted generation is redone
    if not os.path.exists(done):
        print(f"generating {name} ...", flush=True)
        subprocess.run(argv + [path], check=True, stdout=subprocess.DEVNULL)
        open(done, "w").close()
    return path


def check_output(argv, fragment):
    """The command does the work the user expects: its output names what it read."""
    result = subprocess.run(argv, capture_output=True, text=True)
    if result.returncode != 0 or fragment not in result.stdout:
        sys.exit(f"error: {' '.join(argv)} did not print '{fragment}' (exit {result.returncode}):\n"
                 f"{result.stdout[-2000:]}{result.stderr[-2000:]}")


class Row:
    """One line of the README table: what ran, both sides' figures, and each goal's verdict."""

    def __init__(self, work, size_mb, load_before):
        self.work, self.size_mb, self.load_before = work, size_mb, load_before
        self.python = self.ours = None
        self.result = ""
        self.goals = []
        self.load_after = ""


def figures(d):
    return f"{d['median'] * 1000:,.0f} ms / {d['cpu'] * 1000:,.0f} ms / {d['peak_mb']:,.0f} MB"


def markdown(rows, runs):
    lines = [f"| work | Python `json.load` (wall / CPU / peak) | `opsinfo` (wall / CPU / peak) | "
             f"result | goals | load average |",
             "|---|---|---|---|---|---|"]
    for r in rows:
        python = figures(r.python) if r.python else "-"
        goals = "; ".join(f"{text}: {'met' if ok else '**not met**'}" for text, ok in r.goals)
        lines.append(f"| {r.work}, {r.size_mb:.1f} MB | {python} | {figures(r.ours)} | {r.result} | "
                     f"{goals} | {r.load_before} -> {r.load_after} |")
    lines.append("")
    lines.append(f"Medians of {runs} runs per side, alternating, whole processes "
                 f"(`tests/bench/run_command_bench.py`).")
    return "\n".join(lines)


README_BEGIN = "<!-- run_command_bench.py: begin -->"
README_END = "<!-- run_command_bench.py: end -->"


def rewrite_readme(table, machine):
    path = os.path.join(SOURCE, "README.md")
    text = open(path, encoding="utf-8").read()
    begin, end = text.find(README_BEGIN), text.find(README_END)
    if begin < 0 or end < begin:
        sys.exit(f"error: {path} has no {README_BEGIN} ... {README_END} section")
    text = text[:begin + len(README_BEGIN)] + "\n" + machine + "\n\n" + table + "\n" + text[end:]
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, path)
    print(f"README.md: table rewritten ({len(table.splitlines()) - 4} rows)")


class Case:
    def __init__(self, args):
        self.args = args
        self.opsinfo = os.path.join(args.build, "app", "opsinfo")
        self.failures = []
        self.rows = []

    def goal(self, ok, text):
        print(f"  goal: {text}: {'met' if ok else 'NOT MET'}")
        self.rows[-1].goals.append((text.split(": ", 1)[-1], ok))
        if not ok:
            self.failures.append(text)

    def compare(self, title, file, ours, python, ratio_goal, peak_factor=None):
        size_mb = os.path.getsize(file) / 1e6
        row = Row(title, size_mb, load_average())
        self.rows.append(row)
        print(f"\n{title}\n  file: {file} ({size_mb:.1f} MB)\n  load average before: {row.load_before}")
        mine, theirs = side_by_side(ours, python, self.args.runs)
        a, b = describe(mine), describe(theirs)
        row.ours, row.python, row.load_after = a, b, load_average()
        print(line("python3 json.load (whole process)", b))
        print(line(os.path.basename(ours[0]) + " " + " ".join(ours[1:3]) + " (whole process)", a))
        ratio = a["median"] / b["median"]
        row.result = f"{ratio:.3f}x (CPU {a['cpu'] / b['cpu']:.3f}x)"
        print(f"  ratio (opsinfo / python, median wall): {ratio:.3f}; cpu ratio {a['cpu'] / b['cpu']:.3f}; "
              f"load average after: {row.load_after}")
        self.goal(ratio <= ratio_goal, f"{title}: wall ratio {ratio:.3f} <= {ratio_goal}")
        if peak_factor:
            self.goal(a["peak_mb"] * 1024 * 1024 <= peak_factor * os.path.getsize(file),
                      f"{title}: peak {a['peak_mb'] * 1024 * 1024 / os.path.getsize(file):.1f}x file "
                      f"<= {peak_factor}x")

    def library(self):
        lib = generated(self.args.work, "library.json",
                        [sys.executable, os.path.join(HERE, "gen_library.py"), "--ops", "20000"])
        ours = [self.opsinfo, "library", "stats", lib]
        check_output(ours, "ops:       20000")
        self.compare("`library stats`, 20,000-op library", lib, ours, PYTHON_JSON_LOAD + [lib], 0.2, 3)

    def transformer(self, lean):
        name = f"transformer-{self.args.nodes}{'-lean' if lean else ''}.json"
        return generated(self.args.work, name,
                         [sys.executable, os.path.join(HERE, "gen_transformer_graph.py"), "--nodes",
                          str(self.args.nodes)] + (["--lean"] if lean else []))

    def graph_info(self, lean=False):
        graph = self.transformer(lean)
        ours = [self.opsinfo, "graph", "info", graph]
        check_output(ours, "format:     atc-json")
        kind = "lean ATC JSON" if lean else "ATC JSON with attributes"
        self.compare(f"`graph info`, {self.args.nodes:,}-node {kind}", graph, ours,
                     PYTHON_JSON_LOAD + [graph], 0.1, 2)

    def graph_info_lean(self):
        self.graph_info(lean=True)

    def resolve(self, lean=False):
        graph = self.transformer(lean)
        library = SHARED_LIBRARY if os.path.exists(SHARED_LIBRARY) else os.path.join(
            SOURCE, "resources", "sample", "aic-ascend910b-ops-info.json")
        ours = [self.opsinfo, "resolve", graph, "--all-modes", "--library", library]
        check_output(ours, "allow_mix_precision")
        print(f"\n(resolve uses the library {os.path.normpath(library)})", end="")
        kind = "lean ATC JSON" if lean else "ATC JSON with attributes"
        self.compare(f"`resolve --all-modes` (9 modes), {self.args.nodes:,}-node {kind}", graph, ours,
                     PYTHON_JSON_LOAD + [graph], 0.3, 3)

    def resolve_lean(self):
        self.resolve(lean=True)

    def rate(self, title, file, ours, goal_mb_s=None, peak_note=True):
        size_mb = os.path.getsize(file) / 1e6
        row = Row(title, size_mb, load_average())
        self.rows.append(row)
        print(f"\n{title}\n  file: {file} ({size_mb:.1f} MB)\n  load average before: {row.load_before}")
        mine, _ = side_by_side(ours, None, self.args.runs)
        a = describe(mine)
        row.ours, row.load_after = a, load_average()
        print(line(os.path.basename(ours[0]) + " " + " ".join(ours[1:3]) + " (whole process)", a))
        rate = size_mb / a["median"]
        row.result = f"{rate:,.0f} MB/s"
        print(f"  rate: {rate:.1f} MB/s (file size / median wall of the whole command); "
              f"load average after: {row.load_after}")
        if goal_mb_s:
            self.goal(rate >= goal_mb_s, f"{title}: {rate:.1f} MB/s >= {goal_mb_s} MB/s")
        return a

    def ge_dump(self):
        dump = generated(self.args.work, f"ge_proto_{self.args.ge_nodes}.txt",
                         [sys.executable, os.path.join(HERE, "gen_ge_dump.py"), "--nodes",
                          str(self.args.ge_nodes)])
        ours = [self.opsinfo, "graph", "info", dump]
        check_output(ours, "format:     ge-proto")
        self.rate(f"`graph info`, {self.args.ge_nodes:,}-node GE text dump", dump, ours, 200)

    def onnx_external(self):
        tool = os.path.join(self.args.build, "tests", "bench", "gen_onnx_external")
        if not os.path.exists(tool):
            sys.exit(f"error: {tool} not found; build it: cmake --build {self.args.build} --target gen_onnx_external")
        model = generated(self.args.work, f"llm-{self.args.onnx_layers}.onnx",
                          [tool, "--layers", str(self.args.onnx_layers)])
        weights = model + ".data"
        ours = [self.opsinfo, "graph", "info", model]
        check_output(ours, "format:     onnx")
        total = os.path.getsize(model) + os.path.getsize(weights)
        print(f"\n(model {os.path.getsize(model) / 1e6:.2f} MB + external weights "
              f"{os.path.getsize(weights) / 1e9:.2f} GB in {os.path.basename(weights)})", end="")
        a = self.rate(f"`graph info`, ONNX LLM with external data ({self.args.onnx_layers} layers)", model, ours)
        print(f"  model + weights: {total / 1e9:.2f} GB in {a['median'] * 1000:.0f} ms")
        self.goal(a["peak_mb"] * 1e6 < os.path.getsize(weights) / 20,
                  f"ONNX external data: peak {a['peak_mb']:.0f} MB, far below the weights' "
                  f"{os.path.getsize(weights) / 1e9:.1f} GB")
        if shutil.which("strace"):
            log = os.path.join(self.args.work, "strace.log")
            subprocess.run(["strace", "-f", "-e", "trace=open,openat", "-o", log] + ours,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
            opened = os.path.basename(weights) in open(log).read()
            self.goal(not opened, "ONNX external data: the weights file is never opened (strace)")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("cases", nargs="*", default=["library", "graph-info-lean", "resolve-lean", "ge-dump"],
                        help="library, graph-info-lean, resolve-lean, graph-info, resolve, ge-dump, onnx-external, "
                             "all (default: the issue's four rows)")
    parser.add_argument("--build", default=os.path.join(SOURCE, "build"), help="build folder with app/opsinfo")
    parser.add_argument("--runs", type=int, default=5, help="timed runs per side (median reported)")
    parser.add_argument("--work", default=os.path.join(os.environ.get("TMPDIR", "/tmp"), "opsinfo-bench"),
                        help="where generated inputs are cached")
    parser.add_argument("--nodes", type=int, default=186000, help="transformer graph size (graph-info, resolve)")
    parser.add_argument("--ge-nodes", type=int, default=104000, help="GE dump size (ge-dump; 104,000: 200 MB)")
    parser.add_argument("--readme", action="store_true", help="rewrite README.md's table from this run")
    parser.add_argument("--onnx-layers", type=int, default=22, help="decoder layers of the ONNX model (22: TinyLlama-1.1B, 2.2 GB of fp16 weights)")
    args = parser.parse_args()
    cases = args.cases
    if "all" in cases:
        cases = ["library", "graph-info-lean", "resolve-lean", "graph-info", "resolve", "ge-dump", "onnx-external"]
    os.makedirs(args.work, exist_ok=True)
    bench = Case(args)
    if not os.access(bench.opsinfo, os.X_OK):
        sys.exit(f"error: {bench.opsinfo} not found; build it: cmake --build {args.build} --target opsinfo")
    machine = (f"Measured {time.strftime('%Y-%m-%d %H:%M')} on {os.cpu_count()} cores, load average at the start "
               f"{load_average()}, at git {git_revision()}.")
    print(f"machine: {os.cpu_count()} cores; load average at start: {load_average()}; {args.runs} runs per side")
    for case in cases:
        method = getattr(bench, case.replace("-", "_"), None)
        if method is None:
            sys.exit(f"error: unknown case '{case}'")
        method()
    table = markdown(bench.rows, args.runs)
    print("\n" + table)
    if args.readme:
        rewrite_readme(table, machine)
    if bench.failures:
        print("\nFAIL: " + "; ".join(bench.failures))
        return 1
    print("\nall goals met")
    return 0


if __name__ == "__main__":
    sys.exit(main())
