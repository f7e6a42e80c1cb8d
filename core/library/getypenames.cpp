#include "library/getypenames.h"

#include "library/formatnames.h"

#include <array>
#include <cstring>

namespace opsinfo {

namespace {

struct GeName
{
    std::string_view upper; // the serial name without "DT_"
    DType type;
};

// GE's serial data type names that map to a defined type (DT_UNDEFINED and "RESERVED" do not).
constexpr std::array kGeDtypes {
    GeName {"FLOAT", DType::Float32},
    GeName {"FLOAT32", DType::Float32},
    GeName {"FLOAT16", DType::Float16},
    GeName {"BFLOAT16", DType::BFloat16},
    GeName {"INT8", DType::Int8},
    GeName {"INT16", DType::Int16},
    GeName {"INT32", DType::Int32},
    GeName {"INT64", DType::Int64},
    GeName {"UINT8", DType::UInt8},
    GeName {"UINT16", DType::UInt16},
    GeName {"UINT32", DType::UInt32},
    GeName {"UINT64", DType::UInt64},
    GeName {"BOOL", DType::Bool},
    GeName {"DOUBLE", DType::Float64},
    GeName {"INT4", DType::Int4},
    GeName {"UINT1", DType::UInt1},
    GeName {"COMPLEX32", DType::Complex32},
    GeName {"COMPLEX64", DType::Complex64},
    GeName {"COMPLEX128", DType::Complex128},
    GeName {"HIFLOAT8", DType::HiFloat8},
    GeName {"FLOAT8_E5M2", DType::Float8E5M2},
    GeName {"FLOAT8_E4M3FN", DType::Float8E4M3FN},
    GeName {"STRING", DType::String},
    GeName {"DUAL", DType::Other},
    GeName {"DUAL_SUB_INT8", DType::Other},
    GeName {"DUAL_SUB_UINT8", DType::Other},
    GeName {"QINT8", DType::Other},
    GeName {"QINT16", DType::Other},
    GeName {"QINT32", DType::Other},
    GeName {"QUINT8", DType::Other},
    GeName {"QUINT16", DType::Other},
    GeName {"RESOURCE", DType::Other},
    GeName {"STRING_REF", DType::Other},
    GeName {"VARIANT", DType::Other},
    GeName {"INT2", DType::Other},
    GeName {"UINT2", DType::Other},
    GeName {"FLOAT8_E8M0", DType::Other},
    GeName {"FLOAT6_E3M2", DType::Other},
    GeName {"FLOAT6_E2M3", DType::Other},
    GeName {"HIFLOAT4", DType::Other},
    GeName {"FLOAT4_E2M1", DType::Other},
    GeName {"FLOAT4_E1M2", DType::Other},
};

char upper(char c)
{
    return c >= 'a' && c <= 'z' ? char(c - 32) : c;
}

// `token` is `upperName` in any case.
bool isUpperName(std::string_view token, std::string_view upperName)
{
    if (token.size() != upperName.size())
        return false;
    for (std::size_t i = 0; i < token.size(); ++i)
        if (upper(token[i]) != upperName[i])
            return false;
    return true;
}

} // namespace

std::optional<DType> geDtypeOfToken(std::string_view token)
{
    if (token.empty() || token.size() > 16)
        return std::nullopt;
    for (const GeName &name : kGeDtypes)
        if (isUpperName(token, name.upper))
            return name.type;
    return std::nullopt;
}

std::optional<std::string_view> geSpellingOfDtypeAlias(std::string_view token)
{
    struct Alias
    {
        std::string_view upper, spelling;
    };
    static constexpr Alias kAliases[] = {
        {"FP16", "float16"}, {"HALF", "float16"},   {"FP32", "float32"}, {"BF16", "bfloat16"},
        {"FP64", "double"},  {"FLOAT64", "double"}, {"BOOLEAN", "bool"},
    };
    for (const Alias &alias : kAliases)
        if (isUpperName(token, alias.upper))
            return alias.spelling;
    return std::nullopt;
}

bool isGeFormatToken(std::string_view token, bool *null)
{
    if (null)
        *null = false;
    const std::size_t colon = token.find(':');
    if (colon != std::string_view::npos) {
        const std::string_view sub = token.substr(colon + 1);
        if (sub.empty())
            return false; // GE: std::stoi("") throws
        unsigned long value = 0;
        for (char c : sub) {
            if (c < '0' || c > '9')
                return false;
            value = value * 10 + unsigned(c - '0');
            if (value > 0xffff)
                return false;
        }
        token = token.substr(0, colon);
    }
    for (std::string_view name : geSerialFormatNames()) {
        if (name.size() == token.size()
            && std::memcmp(name.data(), token.data(), token.size()) == 0) {
            if (null)
                *null = name == "NULL";
            return true;
        }
    }
    return false;
}

} // namespace opsinfo
