#!/usr/bin/env python3
"""Writes a synthetic ops-info library for the loader benchmark (bench_libraryload).

The file has the exact style of the shipped CANN files (json.dumps(indent=4, sort_keys=True,
separators=(',', ':')), LF, no trailing newline) and item/dtype distributions modelled on
CANN 8.1 ascend910b (about 13 items and 38 leaves per op, mostly short dtype lists with a long
tail). Nothing is copied from real files: names and values are drawn from a fixed vocabulary with a
seeded RNG, so the output is byte-identical for the same arguments.

usage: gen_library.py OUT.json [--ops 20000] [--seed 1]
"""

import argparse
import json
import random

DTYPES = ["float16", "float", "float32", "bfloat16", "int32", "int64", "int8", "uint8", "bool",
          "uint64", "int16", "uint32", "uint16", "int4", "double", "complex64"]
DTYPE_WEIGHTS = [63, 43, 39, 34, 29, 25, 16, 7, 6, 5, 3, 3, 3, 1, 1, 1]
FORMATS = ["ND", "NC1HWC0", "FRACTAL_NZ", "NCHW", "FRACTAL_Z", "C1HWNCoC0", "NHWC", "NDC1HWC0",
           "NCDHW", "FRACTAL_Z_3D", "HWCN", "NDHWC"]
FORMAT_WEIGHTS = [184, 17, 9, 6, 6, 5, 5, 4, 2, 2, 1, 1]
# column counts seen per tensor (value, weight); the tail gives the few very wide kernels
COLUMNS = [(1, 707), (2, 940), (3, 1007), (4, 538), (5, 125), (6, 350), (7, 71), (8, 157), (9, 95),
           (10, 167), (12, 137), (14, 26), (16, 58), (24, 27), (32, 12), (48, 8), (99, 10)]
WORDS = ["Add", "Mul", "Sub", "Div", "Reduce", "Sum", "Mean", "Max", "Min", "Arg", "Batch", "Mat",
         "Conv", "Pool", "Avg", "Layer", "Norm", "Grad", "Apply", "Adam", "Sparse", "Segment",
         "Scatter", "Gather", "Slice", "Strided", "Concat", "Split", "Transpose", "Cast", "Relu",
         "Gelu", "Softmax", "Sigmoid", "Tanh", "Fused", "Dynamic", "Quant", "Dequant", "Flash",
         "Attention", "Rotary", "Embedding", "Bias", "Clip", "Fill", "Tile", "Pad", "Resize",
         "Bilinear", "Nearest", "Roi", "Align", "Nms", "Top", "K", "Sort", "Cumsum", "Log", "Exp"]
SUFFIXES = ["", "", "", "D", "V2", "V3", "Grad", "Ext"]
TENSOR_NAMES = ["x", "y", "x1", "x2", "weight", "bias", "scale", "offset", "indices", "updates",
                "gamma", "beta", "mean", "variance", "grad", "var", "m", "v", "lr", "axes", "shape"]
ATTR_NAMES = ["data_format", "strides", "epsilon", "pads", "axis", "use_locking", "reduction",
              "dilations", "ksize", "mode", "scale", "groups", "axes", "align_corners", "keep_prob",
              "offset_x", "keep_dims", "transpose_a", "transpose_b", "dtype"]
ATTR_TYPES = [("int", "0"), ("bool", "false"), ("float", "1.0"), ("listInt", ""), ("str", "NCHW")]
FLAG_ITEMS = [("dynamicShapeSupport", 0.84), ("dynamicCompileStatic", 0.74), ("dynamicRankSupport", 0.73),
              ("needCheckSupport", 0.35), ("dynamicFormat", 0.36), ("async", 0.09), ("partial", 0.09),
              ("jitCompile", 0.03), ("heavyOp", 0.03), ("softsync", 0.05)]


def snake(name):
    out = []
    for i, c in enumerate(name):
        if c.isupper() and i:
            out.append("_")
        out.append(c.lower())
    return "".join(out)


def op_names(rng, count):
    names, seen = [], set()
    while len(names) < count:
        name = "".join(rng.choice(WORDS) for _ in range(rng.randint(1, 3))) + rng.choice(SUFFIXES)
        if name in seen:
            name += str(len(names))
        if name not in seen:
            seen.add(name)
            names.append(name)
    return names


def tensor(rng, name, columns, with_types, index):
    item = {"name": name, "paramType": rng.choices(["required", "optional", "dynamic"], [90, 8, 2])[0]}
    if with_types:
        item["dtype"] = ",".join(rng.choices(DTYPES, DTYPE_WEIGHTS, k=columns))
        fmt = rng.choices(FORMATS, FORMAT_WEIGHTS)[0]
        item["format"] = ",".join([fmt] * columns if rng.random() < 0.8 else
                                  rng.choices(FORMATS, FORMAT_WEIGHTS, k=columns))
        if rng.random() < 0.75:
            item["unknownshape_format"] = item["format"]
    if rng.random() < 0.55:
        item["shape"] = "all"
    if rng.random() < 0.15:
        item["needCompile"] = "false"
    if index == 1 and rng.random() < 0.05:
        item["valueDepend"] = "optional"
    return item


def op_entry(rng, name):
    op = {}
    with_types = rng.random() < 0.62
    columns = rng.choices([c for c, _ in COLUMNS], [w for _, w in COLUMNS])[0]
    for kind, count in (("input", rng.choices([1, 2, 3, 4, 5, 8], [30, 35, 18, 8, 6, 3])[0]),
                        ("output", rng.choices([1, 2, 3], [80, 15, 5])[0])):
        for i in range(count):
            op["%s%d" % (kind, i)] = tensor(rng, rng.choice(TENSOR_NAMES) + (str(i) if i else ""),
                                            columns, with_types, i)
    if rng.random() < 0.66:
        attrs = rng.sample(ATTR_NAMES, rng.randint(1, 4))
        op["attr"] = {"list": ",".join(attrs)}
        for attr in attrs:
            kind, default = rng.choice(ATTR_TYPES)
            item = {"paramType": rng.choice(["optional", "required"]), "type": kind, "value": "all"}
            if item["paramType"] == "optional":
                item["defaultValue"] = default
            op["attr_" + attr] = item
    for item, chance in FLAG_ITEMS:
        if rng.random() < chance:
            op[item] = {"flag": rng.choices(["true", "false"], [85, 15])[0]}
    if rng.random() < 0.55:
        op["opFile"] = {"value": snake(name)}
        op["opInterface"] = {"value": snake(name)}
    if rng.random() < 0.375:
        op["precision_reduce"] = {"flag": rng.choices(["true", "false", ""], [77, 22, 1])[0]}
    if rng.random() < 0.22:
        op["slicePattern"] = {"value": rng.choice(["elemwise", "elemwiseBroadcast", "reduce", "scatter"])}
    # FE refuses a store whose formatAgnostic/broadcast/reduce op lists no dtype (L6)
    if rng.random() < 0.12 and with_types:
        op["op"] = {"pattern": rng.choice(["formatAgnostic", "broadcast", "reduce"])}
    if rng.random() < 0.09:
        op["compute"] = {"cost": "10"}
    return op


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out")
    parser.add_argument("--ops", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    library = {name: op_entry(rng, name) for name in op_names(rng, args.ops)}
    text = json.dumps(library, indent=4, sort_keys=True, separators=(",", ":"))
    with open(args.out, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)
    print("%s: %d ops, %d bytes" % (args.out, len(library), len(text.encode("utf-8"))))


if __name__ == "__main__":
    main()
