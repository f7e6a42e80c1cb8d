#pragma once

#include "common/dtype.h"

#include <onnx/onnx_pb.h>

#include <vector>

// Internal to the ONNX importer.
namespace opsinfo {

// The dtype of output `output` of an ONNX node when the file does not state it, from the op's
// type rules (a small table; the default follows the first float input, then input 0).
// `inputs` holds the dtypes of the node's inputs in order (Undefined where unknown or absent).
DType inferOnnxOutputDType(const onnx::NodeProto &node, int output, const std::vector<DType> &inputs);

// DType of an ONNX TensorProto / AttributeProto tensor value.
DType onnxTensorDType(const onnx::TensorProto &tensor);

} // namespace opsinfo
