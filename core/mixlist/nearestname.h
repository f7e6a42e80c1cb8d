#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace opsinfo {

// The allowed mixlist key a misspelt one most likely means: compared on lower-case letters only,
// with "grey" read as "gray" (`grey-list`, `whitelist`, `to-add1`, `White_List`), then within
// edit distance 2 (`whi-list`). nullopt when nothing is close or two are equally close.
std::optional<std::string> nearestKey(std::string_view key,
                                      const std::vector<std::string> &allowed);

// The op type a misspelt one most likely means (X4): a case-insensitive match first (`Matmul` ->
// `MatMul`), else the smallest edit distance if it is at most max(1, size/4). `candidates` must
// be sorted; ties go to the first.
std::optional<std::string> nearestOpType(std::string_view type,
                                         const std::vector<std::string> &candidates);

} // namespace opsinfo
