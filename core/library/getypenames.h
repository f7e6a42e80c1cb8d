#pragma once

#include "common/dtype.h"

#include <optional>
#include <string_view>

namespace opsinfo {

// The dtype and format words FE's ops-info loader accepts (SEMANTICS L6). FE turns a dtype token
// into GE's enum by its serial name: "float32" as written, anything else upper-cased behind "DT_"
// (`utils/common/fe_type_utils.cc:91-105`), so "Float16" is fp16 and "fp32" or "float64" are
// unknown; a format token is looked up as written, with an optional ":<sub format>" suffix of
// digits up to 0xffff (GE's TypeUtils::SerialStringToFormat). The name tables are GE's (metadef
// `type_utils`), which hicann/ge does not contain: taken from the newest public copy, so a token
// a newer CANN added is accepted (approx: an older compiler may refuse it).

// The DType of an ops-info dtype token (trimmed), or nullopt when FE does not know the word. A word
// GE knows but the resolver does not model (qint8, resource, dual ...) gives DType::Other.
std::optional<DType> geDtypeOfToken(std::string_view token);

// The GE spelling of a dtype word people write for it and FE does not know ("fp32" -> "float32",
// "fp16", "bf16", "half", "fp64"/"float64" -> "double", "boolean" -> "bool"), case-insensitive;
// nullopt for every other word. Only words with one meaning are here: they make certain fix-its.
std::optional<std::string_view> geSpellingOfDtypeAlias(std::string_view token);

// Whether FE knows the format token (trimmed). `null` is set for "NULL" (FE skips such a column in
// unknownshape_format).
bool isGeFormatToken(std::string_view token, bool *null = nullptr);

} // namespace opsinfo
