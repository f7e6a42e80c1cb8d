#include "diff/policydiff.h"

#include "mixlist/oppolicy.h"

namespace opsinfo {

namespace {
std::string sideName(const std::optional<Policy> &p)
{
    return p ? policyName(*p) : "absent";
}
} // namespace

std::string PolicyDiffRow::transition() const
{
    return sideName(a) + "->" + sideName(b);
}

PolicyDiff diffPolicies(const PolicyTable &a, const PolicyTable &b, bool includeAbsent)
{
    PolicyDiff diff;
    const auto &left = a.all();
    const auto &right = b.all();
    // Both sides are sorted by type: one merge pass.
    std::size_t i = 0, j = 0;
    while (i < left.size() || j < right.size()) {
        PolicyDiffRow row;
        if (j >= right.size() || (i < left.size() && left[i].type < right[j].type)) {
            row = {left[i].type, left[i].effective, std::nullopt};
            ++i;
        } else if (i >= left.size() || right[j].type < left[i].type) {
            row = {right[j].type, std::nullopt, right[j].effective};
            ++j;
        } else {
            row = {left[i].type, left[i].effective, right[j].effective};
            ++i;
            ++j;
        }
        if (row.a == row.b) {
            ++diff.unchanged;
            continue;
        }
        if ((!row.a || !row.b) && !includeAbsent)
            continue;
        ++diff.transitions[row.transition()];
        diff.rows.push_back(std::move(row));
    }
    return diff;
}

} // namespace opsinfo
