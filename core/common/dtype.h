#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace opsinfo {

// Tensor element types, named as the ops-info library names them. Only Float16, BFloat16 and
// Float32 are "decided" by a precision mode; everything else keeps its dtype (SEMANTICS §4).
enum class DType {
    Undefined,
    Float32,
    Float16,
    BFloat16,
    Float64,
    Int8,
    Int16,
    Int32,
    Int64,
    UInt8,
    UInt16,
    UInt32,
    UInt64,
    Bool,
    Int4,
    UInt1,
    Complex32,
    Complex64,
    Complex128,
    Float8E4M3FN,
    Float8E5M2,
    HiFloat8,
    String,
    Other,
};

// Canonical ops-info spelling: "float32" is written "float32" (the library's "float" parses to it).
const char *dtypeName(DType type);

// Ops-info spellings ("float", "float32", "float16", "bfloat16", "int8", "bool" ...),
// case-sensitive as in the files; unknown names give Other, an empty string Undefined.
DType parseOpsInfoDType(std::string_view name);

// GE / TensorFlow enum names: "DT_FLOAT", "DT_FLOAT16", "DT_BF16", "DT_BFLOAT16", "DT_INT32" ...
DType parseEnumDType(std::string_view name);

// ONNX TensorProto.DataType numbers (1 = FLOAT, 10 = FLOAT16, 16 = BFLOAT16 ...).
DType fromOnnxElemType(int elemType);

// Element size in bytes for activation-memory estimates; 0 when unknown.
int dtypeBytes(DType type);

// The three dtypes a precision mode decides.
inline bool isDecidedFloat(DType t)
{
    return t == DType::Float32 || t == DType::Float16 || t == DType::BFloat16;
}

// Precision rank among decided floats: fp16 < bf16 < fp32 ("higher" and "lower" in SEMANTICS §8.3).
// Returns -1 for non-decided types.
int floatRank(DType t);

} // namespace opsinfo
