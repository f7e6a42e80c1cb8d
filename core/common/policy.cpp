#include "common/policy.h"

#include "common/text.h"

#include <string>

namespace opsinfo {

const char *policyName(Policy policy)
{
    switch (policy) {
    case Policy::White:
        return "white";
    case Policy::Black:
        return "black";
    case Policy::Gray:
        return "gray";
    }
    return "gray";
}

std::optional<Policy> policyFromFlag(std::string_view flag)
{
    const std::string lower = asciiLower(trimmed(flag));
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
    case Policy::White:
        return "true";
    case Policy::Black:
        return "false";
    case Policy::Gray:
        return "";
    }
    return "";
}

const char *policyFillColour(Policy policy)
{
    switch (policy) {
    case Policy::White:
        return "#fafafa";
    case Policy::Black:
        return "#262626";
    case Policy::Gray:
        break;
    }
    return "#9e9e9e";
}

} // namespace opsinfo
