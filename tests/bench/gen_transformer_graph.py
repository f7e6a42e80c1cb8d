#!/usr/bin/env python3
"""Writes a deterministic transformer-like graph as ATC om->json style JSON.

Shape of the output (as `atc --mode=1` prints an .om):
  {"name": ..., "graph": [{"name": ..., "input": [...], "op": [
      {"name", "type", "input": ["producer:0", ...], "attr": [...],
       "input_desc": [{"dtype": "DT_FLOAT", "layout": "ND", "shape": {"dim": [...]}}],
       "output_desc": [...]}]}]}

Each decoder layer (about 56 nodes, Const weights included) is
  LayerNorm -> q/k/v MatMulV2 + Add -> Reshape/Transpose -> BatchMatMulV2 -> Mul -> Add(mask)
  -> SoftmaxV2 -> BatchMatMulV2 -> Transpose/Reshape -> o_proj MatMulV2 + Add -> residual Add
  -> LayerNorm -> fc1 MatMulV2 + Add -> Gelu -> fc2 MatMulV2 + Add -> residual Add
with names like /model/layers.N/attn/q_proj/MatMul. The attention mask (int64) is Cast to fp32
once per layer. Same arguments give the same bytes.

Usage: gen_transformer_graph.py [--nodes 200000] [--hidden 1024] [--seq 128] [--lean] OUT.json
"""

import argparse
import json
import sys


class Builder:
    def __init__(self, seq, hidden, lean=False):
        self.ops = []
        self.seq = seq
        self.hidden = hidden
        self.lean = lean

    def desc(self, dtype, dims):
        if self.lean:
            return {"dtype": dtype, "shape": {"dim": list(dims)}}
        return {"dtype": dtype, "layout": "ND", "shape": {"dim": list(dims)}}

    def op(self, name, type_, inputs, in_descs, out_descs, attrs=()):
        attr = [] if self.lean else [
            {"key": "_datadump_original_op_names", "value": {"list": {"val_type": "VT_LIST_STRING"}}},
            {"key": "_is_origin_node", "value": {"b": True}}]
        attr.extend(attrs)
        op = {"name": name, "type": type_, "input": [f"{p}:{i}" for p, i in inputs]}
        if attr:
            op["attr"] = attr
        if not self.lean:
            op["input_desc"] = in_descs
        op["output_desc"] = out_descs
        self.ops.append(op)
        return name

    def const(self, name, dims, dtype="DT_FLOAT"):
        return self.op(name, "Const", [], [], [self.desc(dtype, dims)])

    def unary(self, name, type_, x, dims, attrs=()):
        d = self.desc("DT_FLOAT", dims)
        return self.op(name, type_, [(x, 0)], [d], [dict(d)], attrs)

    def binary(self, name, type_, a, b, dims_a, dims_b, dims_out):
        return self.op(name, type_, [(a, 0), (b, 0)],
                       [self.desc("DT_FLOAT", dims_a), self.desc("DT_FLOAT", dims_b)],
                       [self.desc("DT_FLOAT", dims_out)])

    def linear(self, prefix, x, n_in, n_out):
        w = self.const(f"{prefix}/weight", (n_in, n_out))
        mm = self.binary(f"{prefix}/MatMul", "MatMulV2", x, w, (self.seq, n_in), (n_in, n_out),
                         (self.seq, n_out))
        b = self.const(f"{prefix}/bias", (n_out,))
        return self.binary(f"{prefix}/Add", "Add", mm, b, (self.seq, n_out), (n_out,), (self.seq, n_out))

    def layer_norm(self, prefix, x):
        h = self.hidden
        g = self.const(f"{prefix}/gamma", (h,))
        b = self.const(f"{prefix}/beta", (h,))
        return self.op(f"{prefix}/LayerNorm", "LayerNorm", [(x, 0), (g, 0), (b, 0)],
                       [self.desc("DT_FLOAT", (self.seq, h)), self.desc("DT_FLOAT", (h,)),
                        self.desc("DT_FLOAT", (h,))],
                       [self.desc("DT_FLOAT", (self.seq, h))])

    def heads(self, prefix, x, heads):
        s, h = self.seq, self.hidden
        shape = self.const(f"{prefix}/Reshape/shape", (3,), "DT_INT64")
        r = self.op(f"{prefix}/Reshape", "Reshape", [(x, 0), (shape, 0)],
                    [self.desc("DT_FLOAT", (s, h)), self.desc("DT_INT64", (3,))],
                    [self.desc("DT_FLOAT", (s, heads, h // heads))])
        perm = self.const(f"{prefix}/Transpose/perm", (3,), "DT_INT64")
        return self.op(f"{prefix}/Transpose", "Transpose", [(r, 0), (perm, 0)],
                       [self.desc("DT_FLOAT", (s, heads, h // heads)), self.desc("DT_INT64", (3,))],
                       [self.desc("DT_FLOAT", (heads, s, h // heads))])

    def decoder_layer(self, n, x, mask):
        s, h, heads = self.seq, self.hidden, 16
        p = f"/model/layers.{n}"
        ln1 = self.layer_norm(f"{p}/input_layernorm", x)
        q = self.heads(f"{p}/attn/q", self.linear(f"{p}/attn/q_proj", ln1, h, h), heads)
        k = self.heads(f"{p}/attn/k", self.linear(f"{p}/attn/k_proj", ln1, h, h), heads)
        v = self.heads(f"{p}/attn/v", self.linear(f"{p}/attn/v_proj", ln1, h, h), heads)
        hd = (heads, s, h // heads)
        scores = self.binary(f"{p}/attn/qk/BatchMatMul", "BatchMatMulV2", q, k, hd, hd, (heads, s, s))
        scale = self.const(f"{p}/attn/scale", ())
        scaled = self.binary(f"{p}/attn/Mul", "Mul", scores, scale, (heads, s, s), (), (heads, s, s))
        mask_f = self.op(f"{p}/attn/mask/Cast", "Cast", [(mask, 0)], [self.desc("DT_INT64", (s, s))],
                         [self.desc("DT_FLOAT", (s, s))], [{"key": "dst_type", "value": {"i": 0}}])
        masked = self.binary(f"{p}/attn/mask/Add", "Add", scaled, mask_f, (heads, s, s), (s, s), (heads, s, s))
        probs = self.unary(f"{p}/attn/Softmax", "SoftmaxV2", masked, (heads, s, s))
        ctx = self.binary(f"{p}/attn/av/BatchMatMul", "BatchMatMulV2", probs, v, (heads, s, s), hd, hd)
        perm = self.const(f"{p}/attn/out/Transpose/perm", (3,), "DT_INT64")
        t = self.op(f"{p}/attn/out/Transpose", "Transpose", [(ctx, 0), (perm, 0)],
                    [self.desc("DT_FLOAT", hd), self.desc("DT_INT64", (3,))],
                    [self.desc("DT_FLOAT", (s, heads, h // heads))])
        shape = self.const(f"{p}/attn/out/Reshape/shape", (2,), "DT_INT64")
        merged = self.op(f"{p}/attn/out/Reshape", "Reshape", [(t, 0), (shape, 0)],
                         [self.desc("DT_FLOAT", (s, heads, h // heads)), self.desc("DT_INT64", (2,))],
                         [self.desc("DT_FLOAT", (s, h))])
        o = self.linear(f"{p}/attn/o_proj", merged, h, h)
        res1 = self.binary(f"{p}/attn/residual/Add", "Add", x, o, (s, h), (s, h), (s, h))
        ln2 = self.layer_norm(f"{p}/post_attention_layernorm", res1)
        fc1 = self.linear(f"{p}/mlp/fc1", ln2, h, 4 * h)
        act = self.unary(f"{p}/mlp/Gelu", "Gelu", fc1, (s, 4 * h))
        fc2 = self.linear(f"{p}/mlp/fc2", act, 4 * h, h)
        return self.binary(f"{p}/mlp/residual/Add", "Add", res1, fc2, (s, h), (s, h), (s, h))


def build(nodes, hidden, seq, lean=False):
    b = Builder(seq, hidden, lean)
    x = b.op("input_ids_embeds", "Data", [], [b.desc("DT_FLOAT", (seq, hidden))],
             [b.desc("DT_FLOAT", (seq, hidden))], [{"key": "index", "value": {"i": 0}}])
    mask = b.op("attention_mask", "Data", [], [b.desc("DT_INT64", (seq, seq))],
                [b.desc("DT_INT64", (seq, seq))], [{"key": "index", "value": {"i": 1}}])
    n = 0
    while len(b.ops) + 56 <= nodes - 3 or n == 0:
        x = b.decoder_layer(n, x, mask)
        n += 1
    x = b.layer_norm("/model/norm", x)
    b.op("NetOutput", "NetOutput", [(x, 0)], [b.desc("DT_FLOAT", (seq, hidden))], [])
    return {"name": "transformer", "version": 1,
            "graph": [{"name": "transformer", "input": ["input_ids_embeds:0", "attention_mask:0"],
                       "op": b.ops}]}, n


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out")
    parser.add_argument("--nodes", type=int, default=200000, help="approximate node count")
    parser.add_argument("--hidden", type=int, default=1024)
    parser.add_argument("--seq", type=int, default=128)
    parser.add_argument("--lean", action="store_true",
                        help="output descriptors only (input dtypes come from the producers), no layouts, no "
                             "attributes beyond the ones dtypes need: about 170 bytes a node instead of 416")
    args = parser.parse_args()
    model, layers = build(args.nodes, args.hidden, args.seq, args.lean)
    with open(args.out, "w") as f:
        json.dump(model, f, separators=(",", ":"))
    print(f"{args.out}: {len(model['graph'][0]['op'])} nodes, {layers} layers", file=sys.stderr)


if __name__ == "__main__":
    main()
