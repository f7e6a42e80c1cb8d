#pragma once

#include "common/dtype.h"

#include <optional>
#include <string_view>
#include <vector>

namespace opsinfo {

// A dtype word as evidence files write it: profiler "FLOAT", "FLOAT16", "DT_BF16", "DT_UNDEFINED";
// msprobe "torch.float32" / "Float32" / "BFloat16"; MindSpore "float32", "NUMBER_TYPE_FLOAT16".
// "N/A", "UNDEFINED", "UNKNOWN" and "" give Undefined; nullopt when the word is no dtype at all
// (a format such as "FORMAT_ND" where a shifted row put it).
std::optional<DType> parseEvidenceDType(std::string_view word);

// A ';'-separated list ("DT_BF16;INT64;INT64"); nullopt when any item is no dtype.
std::optional<std::vector<DType>> parseEvidenceDTypeList(std::string_view list,
                                                         char separator = ';');

} // namespace opsinfo
