#pragma once

#include "common/dtype.h"
#include "graph/graph.h"

#include <onnx/onnx_pb.h>

#include <cstdint>
#include <span>
#include <vector>

// Internal to the ONNX importer.
namespace opsinfo {

// The dtype of output `output` of an ONNX node when the file does not state it, from the op's
// type rules (a small table; the default follows the first float input, then input 0).
// `inputs` holds the dtypes of the node's inputs in order (Undefined where unknown or absent).
DType inferOnnxOutputDType(const onnx::NodeProto &node, int output,
                           const std::vector<DType> &inputs);

// DType of an ONNX TensorProto / AttributeProto tensor value.
DType onnxTensorDType(const onnx::TensorProto &tensor);

// A protobuf list of dims as the span Graph::storeShape copies (no vector in between).
inline std::span<const std::int64_t>
dimsOf(const google::protobuf::RepeatedField<std::int64_t> &dims)
{
    return {dims.data(), std::size_t(dims.size())};
}

// GE's ONNX dumps state tensor dtypes/shapes as attributes "input_desc_dtype:<i>",
// "output_desc_dtype:<i>", "..._shape:<i>"; copies them onto the node.
void readGeOnnxDescs(const onnx::NodeProto &proto, Node &node, Graph &graph);

// If/Loop/Scan outputs still untyped after inference take the dtype inferred inside the
// (already converted) body.
void fillControlFlowOutputs(const onnx::NodeProto &proto, Node &node);

} // namespace opsinfo
