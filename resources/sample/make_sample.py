#!/usr/bin/env python3
"""Builds resources/sample/aic-ascend910b-ops-info.json, the embedded sample library of opsinfo-studio.

It is a verbatim excerpt of ~150 op types of the real CANN 8.1 ascend910b library: the types a
transformer block and a ResNet block lower to (forward and backward), plus a spread of white, black and
gray types so every feature of the app has something to show. Entries are copied whole (every item,
every key), and the file is written in the library's canonical style (json.dumps indent=4,
sort_keys, separators (',', ':'), no trailing newline), so a save of the sample is byte-identical.

usage: make_sample.py [SOURCE.json] [OUT.json]
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_SOURCE = os.path.join(HERE, '..', '..', '..', 'shared', 'data', 'opsinfo', 'cann-8.1.RC1', 'op_impl',
                              'ai_core', 'tbe', 'config', 'ascend910b', 'aic-ascend910b-ops-info.json')
DEFAULT_OUT = os.path.join(HERE, 'aic-ascend910b-ops-info.json')
TARGET = 150

# Transformer blocks (attention, layer norm, GELU/FFN, embeddings, softmax, dropout, optimizers).
TRANSFORMER = """
MatMul MatMulV2 MatMulV3 BatchMatMul BatchMatMulV2 FullyConnection Transpose TransposeD Reshape
Softmax SoftmaxV2 SoftmaxGrad LogSoftmaxV2 LogSoftmaxGrad LayerNorm LayerNormV3 LayerNormGrad
LayerNormBetaGammaBackpropV2 LayerNormXBackpropV2 RmsNorm RmsNormGrad Gelu GeluGrad FastGelu
FastGeluGrad Swish SwiGlu Silu Add AddV2 Sub Mul RealDiv Div Neg Sqrt Rsqrt Pow Square Exp Log
Tanh TanhGrad Sigmoid SigmoidGrad Erf Cast ConcatD ConcatV2D Concat SplitD SplitVD Split StridedSliceD
StridedSlice Slice SliceD GatherV2 GatherV2D Gather GatherNd ScatterNd UnsortedSegmentSum Embedding
EmbeddingDenseGrad DropOutDoMask DropOutGenMask DropOutDoMaskV3 StatelessDropOutGenMask ReduceMean
ReduceMeanD ReduceSum ReduceSumD ReduceMax ReduceMaxD ReduceMin ArgMaxV2 ArgMaxD TopK TopKV2 OneHot
OneHotD Select SelectV2 Where Equal NotEqual Less Greater LessEqual GreaterEqual LogicalAnd LogicalOr
LogicalNot Fill Fills FillD Tile TileD BroadcastTo BroadcastToD ExpandDims Squeeze Unsqueeze Pack Unpack
Cumsum CumsumD MaskedFill TensorMove Identity Maximum Minimum ClipByValue ClipByNormNoDivSum Abs Sign
FlashAttentionScore FlashAttentionScoreGrad PromptFlashAttention IncreFlashAttention RotaryMul
RotaryMulGrad ApplyAdamW ApplyAdamD ApplyAdam ApplyMomentum ApplyGradientDescent LambNextMV LambUpdateWithLrV2
SoftmaxCrossEntropyWithLogits SparseSoftmaxCrossEntropyWithLogits NLLLoss NLLLossGrad MseLoss
SquareSumV1 SquareSumAll L2Loss AddN AccumulateNV2 Assign AssignAdd AssignSub MulNoNan Axpy
AdaLayerNorm GroupNorm InstanceNorm
"""

# ResNet blocks (convolution, batch norm, pooling, ReLU family) and their gradients.
RESNET = """
Conv2D Conv2DBackpropInput Conv2DBackpropFilter Conv2DBackpropInputD Conv2DBackpropFilterD Conv3D
Conv2DTranspose Conv2DTransposeD DepthwiseConv2D DepthwiseConv2DBackpropInputD BiasAdd BiasAddGrad
BNTrainingReduce BNTrainingUpdate BNTrainingUpdateGrad BNTrainingReduceGrad BNInfer BNInferGrad
BatchNorm BatchNormExt2 FusedBatchNorm Relu ReluV2 ReluGrad ReluGradV2 Relu6 Relu6D Relu6Grad
LeakyRelu LeakyReluGrad Elu EluGrad PRelu MaxPool MaxPoolV3 MaxPoolWithArgmax MaxPoolGrad
MaxPoolGradWithArgmax AvgPool AvgPoolV2 AvgPoolGrad AdaptiveAvgPool2d GlobalAveragePool Pooling
ResizeBilinearV2 ResizeNearestNeighborV2 Pad PadD PadV3 MirrorPad Flatten TransData Eltwise
"""


def words(text):
    return [w for w in text.split() if w]


def policy(entry):
    flag = entry.get('precision_reduce', {}).get('flag')
    return {'true': 'white', 'false': 'black'}.get(flag, 'gray')


def pick(library):
    curated = []
    for name in words(TRANSFORMER) + words(RESNET):
        if name in library and name not in curated:
            curated.append(name)
    # Every white and black type of the blocks, topped up to a fair share per colour by name order
    # (deterministic, so regenerating gives the same file); then gray types of the blocks in the
    # order listed above until the sample has TARGET types.
    wanted = [n for n in curated if policy(library[n]) != 'gray']
    counts = {'white': 0, 'black': 0, 'gray': 0}
    for name in wanted:
        counts[policy(library[name])] += 1
    for colour, minimum in (('white', 40), ('black', 25)):
        for name in sorted(library):
            if counts[colour] >= minimum:
                break
            if name not in wanted and policy(library[name]) == colour:
                wanted.append(name)
                counts[colour] += 1
    for name in curated:
        if len(wanted) >= TARGET:
            break
        if policy(library[name]) == 'gray':
            wanted.append(name)
            counts['gray'] += 1
    return wanted, counts


def main():
    source = sys.argv[1] if len(sys.argv) > 1 else DEFAULT_SOURCE
    out = sys.argv[2] if len(sys.argv) > 2 else DEFAULT_OUT
    with open(source, encoding='utf-8') as f:
        library = json.load(f)
    names, counts = pick(library)
    excerpt = {name: library[name] for name in names}
    text = json.dumps(excerpt, indent=4, sort_keys=True, separators=(',', ':'))
    with open(out, 'w', encoding='utf-8', newline='\n') as f:
        f.write(text)
    print(f'{out}: {len(excerpt)} op types ({counts["white"]} white, {counts["black"]} black, '
          f'{counts["gray"]} gray), {len(text)} bytes')


if __name__ == '__main__':
    main()
