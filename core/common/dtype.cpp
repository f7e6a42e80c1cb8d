#include "common/dtype.h"

#include <array>
#include <utility>

namespace opsinfo {

namespace {

struct NamedType
{
    std::string_view name;
    DType type;
};

constexpr std::array kOpsInfoNames {
    NamedType {"float32", DType::Float32},
    NamedType {"float", DType::Float32},
    NamedType {"float16", DType::Float16},
    NamedType {"bfloat16", DType::BFloat16},
    NamedType {"double", DType::Float64},
    NamedType {"float64", DType::Float64},
    NamedType {"int8", DType::Int8},
    NamedType {"int16", DType::Int16},
    NamedType {"int32", DType::Int32},
    NamedType {"int64", DType::Int64},
    NamedType {"uint8", DType::UInt8},
    NamedType {"uint16", DType::UInt16},
    NamedType {"uint32", DType::UInt32},
    NamedType {"uint64", DType::UInt64},
    NamedType {"bool", DType::Bool},
    NamedType {"int4", DType::Int4},
    NamedType {"uint1", DType::UInt1},
    NamedType {"complex32", DType::Complex32},
    NamedType {"complex64", DType::Complex64},
    NamedType {"complex128", DType::Complex128},
    NamedType {"float8_e4m3fn", DType::Float8E4M3FN},
    NamedType {"float8_e5m2", DType::Float8E5M2},
    NamedType {"hifloat8", DType::HiFloat8},
    NamedType {"string", DType::String},
};

constexpr std::array kEnumNames {
    NamedType {"DT_FLOAT", DType::Float32},
    NamedType {"DT_FLOAT16", DType::Float16},
    NamedType {"DT_HALF", DType::Float16},
    NamedType {"DT_BF16", DType::BFloat16},
    NamedType {"DT_BFLOAT16", DType::BFloat16},
    NamedType {"DT_DOUBLE", DType::Float64},
    NamedType {"DT_INT8", DType::Int8},
    NamedType {"DT_INT16", DType::Int16},
    NamedType {"DT_INT32", DType::Int32},
    NamedType {"DT_INT64", DType::Int64},
    NamedType {"DT_UINT8", DType::UInt8},
    NamedType {"DT_UINT16", DType::UInt16},
    NamedType {"DT_UINT32", DType::UInt32},
    NamedType {"DT_UINT64", DType::UInt64},
    NamedType {"DT_BOOL", DType::Bool},
    NamedType {"DT_INT4", DType::Int4},
    NamedType {"DT_UINT1", DType::UInt1},
    NamedType {"DT_COMPLEX32", DType::Complex32},
    NamedType {"DT_COMPLEX64", DType::Complex64},
    NamedType {"DT_COMPLEX128", DType::Complex128},
    NamedType {"DT_FLOAT8_E4M3FN", DType::Float8E4M3FN},
    NamedType {"DT_FLOAT8_E5M2", DType::Float8E5M2},
    NamedType {"DT_HIFLOAT8", DType::HiFloat8},
    NamedType {"DT_STRING", DType::String},
};

DType lookup(auto const &table, std::string_view name)
{
    if (name.empty())
        return DType::Undefined;
    for (const auto &entry : table)
        if (entry.name == name)
            return entry.type;
    return DType::Other;
}

} // namespace

const char *dtypeName(DType type)
{
    switch (type) {
    case DType::Undefined:
        return "";
    case DType::Float32:
        return "float32";
    case DType::Float16:
        return "float16";
    case DType::BFloat16:
        return "bfloat16";
    case DType::Float64:
        return "float64";
    case DType::Int8:
        return "int8";
    case DType::Int16:
        return "int16";
    case DType::Int32:
        return "int32";
    case DType::Int64:
        return "int64";
    case DType::UInt8:
        return "uint8";
    case DType::UInt16:
        return "uint16";
    case DType::UInt32:
        return "uint32";
    case DType::UInt64:
        return "uint64";
    case DType::Bool:
        return "bool";
    case DType::Int4:
        return "int4";
    case DType::UInt1:
        return "uint1";
    case DType::Complex32:
        return "complex32";
    case DType::Complex64:
        return "complex64";
    case DType::Complex128:
        return "complex128";
    case DType::Float8E4M3FN:
        return "float8_e4m3fn";
    case DType::Float8E5M2:
        return "float8_e5m2";
    case DType::HiFloat8:
        return "hifloat8";
    case DType::String:
        return "string";
    case DType::Other:
        return "other";
    }
    return "other";
}

DType parseOpsInfoDType(std::string_view name)
{
    return lookup(kOpsInfoNames, name);
}

DType parseEnumDType(std::string_view name)
{
    return lookup(kEnumNames, name);
}

DType fromOnnxElemType(int elemType)
{
    switch (elemType) {
    case 0:
        return DType::Undefined;
    case 1:
        return DType::Float32;
    case 2:
        return DType::UInt8;
    case 3:
        return DType::Int8;
    case 4:
        return DType::UInt16;
    case 5:
        return DType::Int16;
    case 6:
        return DType::Int32;
    case 7:
        return DType::Int64;
    case 8:
        return DType::String;
    case 9:
        return DType::Bool;
    case 10:
        return DType::Float16;
    case 11:
        return DType::Float64;
    case 12:
        return DType::UInt32;
    case 13:
        return DType::UInt64;
    case 14:
        return DType::Complex64;
    case 15:
        return DType::Complex128;
    case 16:
        return DType::BFloat16;
    case 17:
        return DType::Float8E4M3FN;
    case 19:
        return DType::Float8E5M2;
    case 22:
        return DType::Int4;
    default:
        return DType::Other;
    }
}

int dtypeBytes(DType type)
{
    switch (type) {
    case DType::Float32:
    case DType::Int32:
    case DType::UInt32:
    case DType::Complex32:
        return 4;
    case DType::Float16:
    case DType::BFloat16:
    case DType::Int16:
    case DType::UInt16:
        return 2;
    case DType::Float64:
    case DType::Int64:
    case DType::UInt64:
    case DType::Complex64:
        return 8;
    case DType::Complex128:
        return 16;
    case DType::Int8:
    case DType::UInt8:
    case DType::Bool:
    case DType::Float8E4M3FN:
    case DType::Float8E5M2:
    case DType::HiFloat8:
        return 1;
    default:
        return 0;
    }
}

int floatRank(DType t)
{
    switch (t) {
    case DType::Float16:
        return 0;
    case DType::BFloat16:
        return 1;
    case DType::Float32:
        return 2;
    default:
        return -1;
    }
}

} // namespace opsinfo
