#!/usr/bin/env python3
"""Writes the graph-mode evidence fixtures of tests/data/evidence from the public ResNet-50 GE dumps.

Facts only (node names, op types, the dtypes the compiled graph gives them); durations and
accuracy figures are made up, deterministic, and say nothing about the real run.

  gen_resnet50_evidence.py ../../../../shared/data/graphs/ge_dump/ge_proto_00026_afterUBMatch.txt

writes op_summary_resnet50_graph.csv (msprof op_summary layout, Op Name = GE node names).
"""

import re
import sys

GE_TO_PROFILER = {"DT_FLOAT": "FLOAT", "DT_FLOAT16": "FLOAT16", "DT_BF16": "DT_BF16", "DT_INT32": "INT32",
                  "DT_INT64": "INT64", "DT_UINT8": "UINT8", "DT_INT8": "INT8", "DT_BOOL": "BOOL"}
SKIP = {"Data", "Const", "NetOutput", "PlaceHolder", "End", "Aipp"}


def ops(text):
    """(name, type, input dtypes, output dtypes) of every top-level op, in file order."""
    depth = 0
    current = None
    section = None
    for line in text.splitlines():
        stripped = line.strip()
        if depth == 1 and stripped == "op {":
            current = {"name": None, "type": None, "in": [], "out": []}
        elif current is not None and depth == 2:
            m = re.match(r'(name|type): "(.*)"', stripped)
            if m and current[m.group(1)] is None:
                current[m.group(1)] = m.group(2)
            if stripped in ("input_desc {", "output_desc {"):
                section = "in" if stripped.startswith("input") else "out"
        elif current is not None and depth == 3 and section:
            m = re.match(r"dtype: (DT_\w+)", stripped)
            if m:
                current[section].append(m.group(1))
        depth += stripped.count("{") - stripped.count("}")
        if depth == 2 and stripped == "}":
            section = None
        if current is not None and depth == 1 and stripped == "}":
            yield current["name"], current["type"], current["in"], current["out"]
            current = None


def main():
    text = open(sys.argv[1], encoding="utf-8").read()
    header = ("Device_id,Model ID,Task ID,Stream ID,Op Name,OP Type,Task Type,Task Start Time(us),"
              "Task Duration(us),Task Wait Time(us),Block Dim,Input Shapes,Input Data Types,Input Formats,"
              "Output Shapes,Output Data Types,Output Formats")
    rows = [header]
    start = 1700000000000000.0
    for task, (name, type_, ins, outs) in enumerate(ops(text)):
        if type_ in SKIP or name.startswith("PlaceHolder"):
            continue
        duration = 3.0 + (task * 7919 % 97) / 10.0
        if type_ == "Cast":
            duration = 1.5 + (task % 5) / 10.0
        core = "AI_VECTOR_CORE" if type_ in ("Cast", "TransData", "LeakyRelu", "Eltwise", "Pooling", "SoftmaxV2") else "AI_CORE"
        conv = lambda ds: ";".join(GE_TO_PROFILER.get(d, d) for d in ds)
        rows.append(",".join([
            "0", "1", str(task), "2", name, type_, core, "%.3f" % start, "%.3f" % duration, "0", "8",
            '""', conv(ins), ";".join("ND" for _ in ins), '""', conv(outs), ";".join("ND" for _ in outs)]))
        start += duration + 1.0
    with open("op_summary_resnet50_graph.csv", "w", encoding="utf-8", newline="\r\n") as out:
        out.write("\n".join(rows) + "\n")


if __name__ == "__main__":
    main()
