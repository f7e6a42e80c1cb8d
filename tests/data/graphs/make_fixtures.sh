#!/bin/sh
# Regenerates the binary graph fixtures from their text sources (needs protoc and libonnx-dev).
set -e
cd "$(dirname "$0")"
core=../../../core
sed -n '/^[^#]/,$p' tiny_infer.onnx.txt \
    | protoc --proto_path=/usr/include --encode=onnx.ModelProto onnx/onnx.proto > tiny_infer.onnx
# protoc --encode rejects the fields our .proto leaves out (tensor values, versions), so drop those lines.
sed -n '/^[^#]/,$p' tf_fixture.pbtxt | grep -v -e 'tensor {' -e '^versions' \
    | protoc --proto_path=$core --encode=opsinfo.tfgraph.GraphDef graph/proto/tf_graph.proto > tf_fixture.pb
