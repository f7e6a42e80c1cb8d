#!/usr/bin/env python3
"""Writes resources/sample/ge_proto_sample_graph.txt, the sample graph opsinfo-studio opens at start.

A GE dump (protobuf text of GE's ModelDef, FORMATS.md "Graphs") of a small fp32 model: a two-layer
transformer decoder (layer norm, q/k/v projections with a LoRA adapter on layer 0, scaled dot-product
attention with a mask, output projection, GELU MLP, residual adds) and a ResNet basic block (conv stem,
folded batch norm as Mul + AddV2, max pool, two 3x3 convolutions with a residual add, average pool and
a classifier head). Every op type is one of the embedded sample library
(resources/sample/aic-ascend910b-ops-info.json); names carry PyTorch-style scopes
(/model/layers.0/attn/q_proj/MatMul) so the graph view can group and collapse them. The library has no
Relu nor BN ops, so activations are Swish and batch norms are folded, as an exported inference graph has
them.

Plain python3, no third-party module: GE's text format is simple enough to write directly.

usage: make_sample_graph.py [OUT.txt]
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_OUT = os.path.join(HERE, 'ge_proto_sample_graph.txt')

FP32 = 'DT_FLOAT'
INT32 = 'DT_INT32'


class GraphWriter:
    def __init__(self, name):
        self.name = name
        self.ops = []
        self.shapes = {}  # "node:index" -> (dtype, shape)
        self.data_index = 0

    def op(self, name, op_type, inputs=(), outputs=((FP32, None),), attrs=()):
        """inputs: "node:index" strings; outputs: (dtype, shape) per output (shape None = as input 0)."""
        descs = [self.shapes[i] for i in inputs]
        resolved = []
        for dtype, shape in outputs:
            if shape is None:
                shape = descs[0][1] if descs else []
            resolved.append((dtype, list(shape)))
        for index, desc in enumerate(resolved):
            self.shapes[f'{name}:{index}'] = desc
        self.ops.append((name, op_type, list(inputs), descs, resolved, list(attrs)))
        return f'{name}:0'

    def data(self, name, dtype, shape):
        out = self.op(name, 'Data', (), ((dtype, shape),), (('index', f'i: {self.data_index}'),))
        self.data_index += 1
        return out

    def const(self, name, dtype, shape):
        return self.op(name, 'Const', (), ((dtype, shape),))

    def text(self, outputs):
        lines = ['graph {', f'  name: "{self.name}"']
        for o in outputs:
            lines.append(f'  output: "{o}"')
        for name, op_type, inputs, in_descs, out_descs, attrs in self.ops:
            lines.append('  op {')
            lines.append(f'    name: "{name}"')
            lines.append(f'    type: "{op_type}"')
            for i in inputs:
                lines.append(f'    input: "{i}"')
            for dtype, shape in in_descs:
                lines.append(f'    input_desc {{ dtype: {dtype} {shape_text(shape)}layout: "ND" }}')
            if op_type == 'Data':  # GE dumps give Data an input_desc equal to its output
                for dtype, shape in out_descs:
                    lines.append(f'    input_desc {{ dtype: {dtype} {shape_text(shape)}layout: "ND" }}')
            for dtype, shape in out_descs:
                lines.append(f'    output_desc {{ dtype: {dtype} {shape_text(shape)}layout: "ND" }}')
            for key, value in attrs:
                lines.append(f'    attr {{ key: "{key}" value {{ {value} }} }}')
            lines.append('  }')
        lines.append('}')
        return '\n'.join(lines) + '\n'


def shape_text(shape):
    if not shape:
        return ''
    return 'shape { ' + ' '.join(f'dim: {d}' for d in shape) + ' } '


def transformer(g, hidden_in, mask, layers=2, seq=128, hidden=512, heads=8, ffn=2048):
    head_dim = hidden // heads
    x = hidden_in
    for layer in range(layers):
        p = f'/model/layers.{layer}'
        ln = g.op(f'{p}/input_layernorm/LayerNorm', 'LayerNorm',
                  (x, g.const(f'{p}/input_layernorm/weight', FP32, [hidden]),
                   g.const(f'{p}/input_layernorm/bias', FP32, [hidden])),
                  ((FP32, None), (FP32, [1, seq, 1]), (FP32, [1, seq, 1])))
        proj = {}
        for which in ('q', 'k', 'v'):
            out = g.op(f'{p}/attn/{which}_proj/MatMul', 'MatMulV2',
                       (ln, g.const(f'{p}/attn/{which}_proj/weight', FP32, [hidden, hidden])),
                       ((FP32, [1, seq, hidden]),))
            if layer == 0 and which == 'q':
                # A LoRA adapter: AddLora has fp16 kernels only (an error under must_keep_origin_dtype).
                out = g.op(f'{p}/attn/q_proj/lora/AddLora', 'AddLora',
                           (out, ln, g.const(f'{p}/attn/q_proj/lora/weight_b', FP32, [1, 1, hidden, 16]),
                            g.const(f'{p}/attn/q_proj/lora/indices', INT32, [seq]),
                            g.const(f'{p}/attn/q_proj/lora/weight_a', FP32, [1, 1, 16, hidden])),
                           ((FP32, [1, seq, hidden]),))
            shaped = g.op(f'{p}/attn/{which}_reshape/Reshape', 'Reshape',
                          (out, g.const(f'{p}/attn/{which}_reshape/shape', INT32, [4])),
                          ((FP32, [1, seq, heads, head_dim]),))
            perm = [1, heads, head_dim, seq] if which == 'k' else [1, heads, seq, head_dim]
            proj[which] = g.op(f'{p}/attn/{which}_transpose/TransposeD', 'TransposeD', (shaped,),
                               ((FP32, perm),))
        scores = g.op(f'{p}/attn/scores/BatchMatMul', 'BatchMatMulV2', (proj['q'], proj['k']),
                      ((FP32, [1, heads, seq, seq]),))
        scaled = g.op(f'{p}/attn/scale/Mul', 'Mul', (scores, g.const(f'{p}/attn/scale/factor', FP32, [1])))
        masked = g.op(f'{p}/attn/mask/Add', 'Add', (scaled, mask))
        probs = g.op(f'{p}/attn/softmax/SoftmaxV2', 'SoftmaxV2', (masked,))
        context = g.op(f'{p}/attn/context/BatchMatMul', 'BatchMatMulV2', (probs, proj['v']),
                       ((FP32, [1, heads, seq, head_dim]),))
        merged = g.op(f'{p}/attn/out_transpose/TransposeD', 'TransposeD', (context,),
                      ((FP32, [1, seq, heads, head_dim]),))
        merged = g.op(f'{p}/attn/out_reshape/Reshape', 'Reshape',
                      (merged, g.const(f'{p}/attn/out_reshape/shape', INT32, [3])),
                      ((FP32, [1, seq, hidden]),))
        attn = g.op(f'{p}/attn/o_proj/MatMul', 'MatMulV2',
                    (merged, g.const(f'{p}/attn/o_proj/weight', FP32, [hidden, hidden])),
                    ((FP32, [1, seq, hidden]),))
        x = g.op(f'{p}/residual_attn/AddV2', 'AddV2', (x, attn))
        ln2 = g.op(f'{p}/post_attention_layernorm/LayerNorm', 'LayerNorm',
                   (x, g.const(f'{p}/post_attention_layernorm/weight', FP32, [hidden]),
                    g.const(f'{p}/post_attention_layernorm/bias', FP32, [hidden])),
                   ((FP32, None), (FP32, [1, seq, 1]), (FP32, [1, seq, 1])))
        up = g.op(f'{p}/mlp/fc1/MatMul', 'MatMulV2',
                  (ln2, g.const(f'{p}/mlp/fc1/weight', FP32, [hidden, ffn])), ((FP32, [1, seq, ffn]),))
        act = g.op(f'{p}/mlp/act/Gelu', 'Gelu', (up,))
        down = g.op(f'{p}/mlp/fc2/MatMul', 'MatMulV2',
                    (act, g.const(f'{p}/mlp/fc2/weight', FP32, [ffn, hidden])), ((FP32, [1, seq, hidden]),))
        x = g.op(f'{p}/residual_mlp/AddV2', 'AddV2', (x, down))
    normed = g.op('/model/norm/RmsNorm', 'RmsNorm', (x, g.const('/model/norm/weight', FP32, [hidden])),
                  ((FP32, None), (FP32, [1, seq, 1])))
    logits = g.op('/model/lm_head/MatMul', 'MatMulV2',
                  (normed, g.const('/model/lm_head/weight', FP32, [hidden, 32000])), ((FP32, [1, seq, 32000]),))
    return g.op('/model/log_probs/LogSoftmaxV2', 'LogSoftmaxV2', (logits,))


def resnet(g, pixels):
    def conv_bn(scope, x, cin, cout, size, stride=1):
        n, _, h, w = g.shapes[x][1]
        out = [n, cout, h // stride, w // stride]
        y = g.op(f'{scope}/conv/Conv2D', 'Conv2D', (x, g.const(f'{scope}/conv/weight', FP32, [cout, cin, size, size])),
                 ((FP32, out),), (('strides', f'list {{ i: 1 i: 1 i: {stride} i: {stride} }}'),))
        y = g.op(f'{scope}/bn/Mul', 'Mul', (y, g.const(f'{scope}/bn/scale', FP32, [1, cout, 1, 1])))
        return g.op(f'{scope}/bn/AddV2', 'AddV2', (y, g.const(f'{scope}/bn/shift', FP32, [1, cout, 1, 1])))

    x = conv_bn('/resnet/stem', pixels, 3, 64, 7, 2)
    x = g.op('/resnet/stem/act/Swish', 'Swish', (x,))
    x = g.op('/resnet/stem/pool/MaxPool', 'MaxPool', (x,), ((FP32, [1, 64, 56, 56]),))
    shortcut = x
    y = conv_bn('/resnet/layer1.0/block1', x, 64, 64, 3)
    y = g.op('/resnet/layer1.0/block1/act/Swish', 'Swish', (y,))
    y = conv_bn('/resnet/layer1.0/block2', y, 64, 64, 3)
    y = g.op('/resnet/layer1.0/residual/AddV2', 'AddV2', (y, shortcut))
    y = g.op('/resnet/layer1.0/act/Swish', 'Swish', (y,))
    pooled = g.op('/resnet/head/avgpool/ReduceMean', 'ReduceMean',
                  (y, g.const('/resnet/head/avgpool/axes', INT32, [2])), ((FP32, [1, 64]),))
    logits = g.op('/resnet/head/fc/MatMul', 'MatMulV2', (pooled, g.const('/resnet/head/fc/weight', FP32, [64, 1000])),
                  ((FP32, [1, 1000]),))
    return g.op('/resnet/head/softmax/SoftmaxV2', 'SoftmaxV2', (logits,))


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else DEFAULT_OUT
    g = GraphWriter('sample_transformer_resnet')
    ids = g.data('input_ids', INT32, [1, 128])
    mask = g.data('attention_mask', FP32, [1, 1, 128, 128])
    pixels = g.data('pixel_values', FP32, [1, 3, 224, 224])
    table = g.const('/model/embed_tokens/weight', FP32, [32000, 512])
    hidden = g.op('/model/embed_tokens/GatherV2', 'GatherV2', (table, ids, g.const('/model/embed_tokens/axis', INT32, [1])),
                  ((FP32, [1, 128, 512]),))
    log_probs = transformer(g, hidden, mask)
    probs = resnet(g, pixels)
    g.op('output', 'NetOutput', (log_probs, probs), ())
    text = g.text(['output:0'])
    with open(out, 'w', encoding='utf-8', newline='\n') as f:
        f.write(text)
    print(f'{out}: {len(g.ops)} nodes, {len(text)} bytes')


if __name__ == '__main__':
    main()
