#include "evidence/evidencedtype.h"

#include "common/text.h"

#include <array>
#include <cctype>
#include <string>
#include <utility>

namespace opsinfo {

namespace {

// Blanks and the quotes some exporters put around a dtype word (not white space in general).
std::string_view withoutBlanksOrQuotes(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '"'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '"'))
        s.remove_suffix(1);
    return s;
}

} // namespace

std::optional<DType> parseEvidenceDType(std::string_view word)
{
    std::string w = asciiLower(withoutBlanksOrQuotes(word));
    for (std::string_view prefix : {"torch.", "mindspore.", "number_type_", "dt_", "ms."}) {
        if (w.rfind(prefix, 0) == 0) {
            w.erase(0, prefix.size());
            break;
        }
    }
    static const std::array<std::pair<std::string_view, DType>, 34> kWords {{
        {"", DType::Undefined},
        {"n/a", DType::Undefined},
        {"undefined", DType::Undefined},
        {"unknown", DType::Undefined},
        {"none", DType::Undefined},
        {"float", DType::Float32},
        {"float32", DType::Float32},
        {"fp32", DType::Float32},
        {"float16", DType::Float16},
        {"half", DType::Float16},
        {"fp16", DType::Float16},
        {"bf16", DType::BFloat16},
        {"bfloat16", DType::BFloat16},
        {"double", DType::Float64},
        {"float64", DType::Float64},
        {"int8", DType::Int8},
        {"int16", DType::Int16},
        {"int32", DType::Int32},
        {"int64", DType::Int64},
        {"uint8", DType::UInt8},
        {"uint16", DType::UInt16},
        {"uint32", DType::UInt32},
        {"uint64", DType::UInt64},
        {"bool", DType::Bool},
        {"int4", DType::Int4},
        {"uint1", DType::UInt1},
        {"complex32", DType::Complex32},
        {"complex64", DType::Complex64},
        {"complex128", DType::Complex128},
        {"hifloat8", DType::HiFloat8},
        {"float8_e4m3fn", DType::Float8E4M3FN},
        {"float8_e5m2", DType::Float8E5M2},
        {"string", DType::String},
        {"long", DType::Int64},
    }};
    for (const auto &[name, type] : kWords)
        if (w == name)
            return type;
    // Other words a dtype column holds (qint8, "tensortype" ...) are dtypes we do not decide;
    // formats and numbers are not dtypes at all.
    if (w.rfind("format_", 0) == 0 || w == "nchw" || w == "nhwc" || w == "nd" || w == "nc1hwc0"
        || w == "fractal_nz" || w == "fractal_z" || w == "ncdhw" || w == "ndhwc" || w == "ncl")
        return std::nullopt;
    if (!w.empty() && (std::isdigit(static_cast<unsigned char>(w[0])) || w[0] == '-'))
        return std::nullopt;
    return DType::Other;
}

std::optional<std::vector<DType>> parseEvidenceDTypeList(std::string_view list, char separator)
{
    std::vector<DType> out;
    list = withoutBlanksOrQuotes(list);
    if (list.empty())
        return out;
    std::size_t pos = 0;
    while (pos <= list.size()) {
        std::size_t end = list.find(separator, pos);
        if (end == std::string_view::npos)
            end = list.size();
        const auto type = parseEvidenceDType(list.substr(pos, end - pos));
        if (!type)
            return std::nullopt;
        out.push_back(*type);
        pos = end + 1;
    }
    return out;
}

} // namespace opsinfo
