#include "common/policy.h"

#include <algorithm>
#include <cctype>
#include <string>

namespace opsinfo {

const char *policyName(Policy policy)
{
    switch (policy) {
    case Policy::White: return "white";
    case Policy::Black: return "black";
    case Policy::Gray: return "gray";
    }
    return "gray";
}

std::optional<Policy> policyFromFlag(std::string_view flag)
{
    auto isSpace = [](unsigned char c) { return std::isspace(c) != 0; };
    while (!flag.empty() && isSpace(flag.front()))
        flag.remove_prefix(1);
    while (!flag.empty() && isSpace(flag.back()))
        flag.remove_suffix(1);
    std::string lower(flag);
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    if (lower == "true")
        return Policy::White;
    if (lower == "false")
        return Policy::Black;
    if (lower.empty())
        return Policy::Gray;
    return std::nullopt;
}

const char *flagForPolicy(Policy policy)
{
    switch (policy) {
    case Policy::White: return "true";
    case Policy::Black: return "false";
    case Policy::Gray: return "";
    }
    return "";
}

} // namespace opsinfo
