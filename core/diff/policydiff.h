#pragma once

#include "common/policy.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace opsinfo {

class PolicyTable;

// One op type whose effective colour differs between two sides (two libraries, or one library
// with and without a mixlist). nullopt = the op type is absent on that side.
struct PolicyDiffRow
{
    std::string type;
    std::optional<Policy> a;
    std::optional<Policy> b;
    std::string transition() const; // "white->gray", "absent->black"
};

struct PolicyDiff
{
    std::vector<PolicyDiffRow> rows;             // every type that differs, sorted by type
    std::map<std::string, std::size_t> transitions; // "white->gray" -> count
    std::size_t unchanged = 0;
};

// Compares effective colours. Types absent on one side are listed only when `includeAbsent`,
// since two SoCs' libraries differ in hundreds of types that no mixlist could change.
PolicyDiff diffPolicies(const PolicyTable &a, const PolicyTable &b, bool includeAbsent = true);

} // namespace opsinfo
