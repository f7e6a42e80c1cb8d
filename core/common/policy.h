#pragma once

#include <optional>
#include <string_view>

namespace opsinfo {

// The list an op type is on (SEMANTICS §1): WHITE may lower precision, BLACK keeps it,
// GRAY follows its producers (rule G).
enum class Policy { Gray, White, Black };

const char *policyName(Policy policy); // "white", "black", "gray"
// The fill every picture gives a list colour ("#fafafa" white, "#262626" black, "#9e9e9e" gray):
// the app's chips and table cells and the engine's SVG matrix and atlas.
const char *policyFillColour(Policy policy);

// precision_reduce.flag: trimmed, case-insensitive "true" -> White, "false" -> Black, "" -> Gray;
// anything else is invalid (nullopt) and the real compiler refuses the file.
std::optional<Policy> policyFromFlag(std::string_view flag);

// The flag text written for a policy ("true"/"false"); Gray has none (the item is removed).
const char *flagForPolicy(Policy policy);

} // namespace opsinfo
