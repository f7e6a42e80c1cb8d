#pragma once

#include "common/policy.h"
#include "diff/transitionmatrix.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace opsinfo {

class PolicyTable;

// One op type compared between two sides (two libraries, or one library with and without a
// mixlist). nullopt = the op type is absent on that side.
struct PolicyDiffRow
{
    std::string type;
    std::optional<Policy> a;
    std::optional<Policy> b;
    std::string transition() const; // "white->gray", "absent->black", "white->white"
    bool changed() const { return a != b; }
};

struct PolicyDiffOptions
{
    // List the types only one side has (absent->white ...): two SoCs' libraries differ in hundreds
    // of types that no mixlist could change, so a caller may leave them out.
    bool includeAbsent = true;
    // List the unchanged types too (white->white ...), so that a view can show every type of a
    // matrix cell, the diagonal included.
    bool includeUnchanged = false;
};

struct PolicyDiff
{
    std::vector<PolicyDiffRow> rows; // sorted by type: the changed ones, and what the options add
    std::map<std::string, std::size_t> transitions; // changed types per "white->gray"
    std::size_t unchanged = 0; // types on both sides with the same colour
    // Every type of either side, whatever the options list.
    TransitionMatrix matrix;
};

// Compares effective colours, type by type (one merge of the two sorted tables).
PolicyDiff diffPolicies(const PolicyTable &a, const PolicyTable &b,
                        const PolicyDiffOptions &options);
inline PolicyDiff diffPolicies(const PolicyTable &a, const PolicyTable &b,
                               bool includeAbsent = true)
{
    return diffPolicies(a, b, PolicyDiffOptions {includeAbsent, false});
}

} // namespace opsinfo
