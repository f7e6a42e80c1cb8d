#!/usr/bin/env python3
"""Writes a deterministic transformer-like GE graph dump (ge_proto_*.txt: GE's ModelDef in protobuf
text format) for the GE import benchmark.

The graph is the one gen_transformer_graph.py builds (decoder layers of about 56 ops, Const weights
included); each op is written the way GE's dumps write it (ge_proto_00017_*: multi-line, two spaces
per level): its attributes (_datadump_original_op_names, _input_name_idx_key/_value, the op's own),
has_out_attr, id, and every input/output descriptor with dtype, shape, layout, the origin_* attributes,
size, device_type and real_dim_cnt. That is about 2.2 KB per op, as in real dumps, so 100,000 ops
make a ~220 MB file, the size of an LLM's dump. Same arguments give the same bytes.

Usage: gen_ge_dump.py [--nodes 100000] [--hidden 1024] [--seq 128] OUT.txt
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_transformer_graph import build  # noqa: E402

DTYPE_BYTES = {"DT_FLOAT": 4, "DT_FLOAT16": 2, "DT_INT64": 8, "DT_INT32": 4}


def attr_block(out, indent, key, value_lines):
    pad = " " * indent
    out.append(f"{pad}attr {{\n{pad}  key: \"{key}\"\n{pad}  value {{\n")
    out.extend(f"{pad}    {line}\n" for line in value_lines)
    out.append(f"{pad}  }}\n{pad}}}\n")


def list_value(kind, items, val_type):
    lines = ["list {"]
    lines += [f"  {kind}: {item}" for item in items]
    lines += [f"  val_type: {val_type}", "}"]
    return lines


def desc_block(out, field, desc):
    dims = desc["shape"]["dim"]
    out.append(f"    {field} {{\n      dtype: {desc['dtype']}\n      shape {{\n")
    out.extend(f"        dim: {d}\n" for d in dims)
    out.append(f"      }}\n      layout: \"{desc['layout']}\"\n")
    attr_block(out, 6, "origin_data_type", [f"s: \"{desc['dtype']}\""])
    attr_block(out, 6, "origin_format", [f"s: \"{desc['layout']}\""])
    attr_block(out, 6, "origin_shape", list_value("i", dims, "VT_LIST_INT"))
    size = DTYPE_BYTES.get(desc["dtype"], 4)
    for d in dims:
        size *= d
    out.append(f"      has_out_attr: true\n      size: {size}\n      device_type: \"NPU\"\n"
               f"      real_dim_cnt: {len(dims)}\n    }}\n")


def op_text(op, index):
    out = [f"  op {{\n    name: \"{op['name']}\"\n    type: \"{op['type']}\"\n"]
    out.extend(f"    input: \"{i}\"\n" for i in op["input"])
    attr_block(out, 4, "_datadump_original_op_names",
               list_value("s", [f"\"{op['name'].rsplit('/', 1)[-1]}\""], "VT_LIST_STRING"))
    names = ["x", "y", "bias"][:len(op["input"])]
    attr_block(out, 4, "_input_name_idx_key", list_value("s", [f"\"{n}\"" for n in names], "VT_LIST_STRING"))
    attr_block(out, 4, "_input_name_idx_value", list_value("i", range(len(names)), "VT_LIST_INT"))
    for attr in op["attr"]:
        value = attr["value"]
        if "i" in value:
            attr_block(out, 4, attr["key"], [f"i: {value['i']}"])
        elif "b" in value:
            attr_block(out, 4, attr["key"], [f"b: {'true' if value['b'] else 'false'}"])
    out.append(f"    has_out_attr: true\n    id: {index}\n")
    for desc in op["input_desc"]:
        desc_block(out, "input_desc", desc)
    for desc in op["output_desc"]:
        desc_block(out, "output_desc", desc)
    out.append("  }\n")
    return "".join(out)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out")
    parser.add_argument("--nodes", type=int, default=100000, help="approximate op count")
    parser.add_argument("--hidden", type=int, default=1024)
    parser.add_argument("--seq", type=int, default=128)
    args = parser.parse_args()
    model, layers = build(args.nodes, args.hidden, args.seq)
    graph = model["graph"][0]
    with open(args.out, "w", encoding="utf-8", newline="\n") as f:
        f.write(f"graph {{\n  name: \"{graph['name']}\"\n")
        for name in graph["input"]:
            f.write(f"  input: \"{name}\"\n")
        chunk = []
        for index, op in enumerate(graph["op"]):
            chunk.append(op_text(op, index))
            if len(chunk) == 1000:
                f.write("".join(chunk))
                chunk = []
        f.write("".join(chunk))
        f.write("}\n")
    print(f"{args.out}: {len(graph['op'])} ops, {layers} layers, {os.path.getsize(args.out)} bytes",
          file=sys.stderr)


if __name__ == "__main__":
    main()
