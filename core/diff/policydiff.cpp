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

PolicyDiff diffPolicies(const PolicyTable &a, const PolicyTable &b,
                        const PolicyDiffOptions &options)
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
        diff.matrix.add(row.a, row.b);
        if (!row.changed()) {
            ++diff.unchanged;
            if (options.includeUnchanged)
                diff.rows.push_back(std::move(row));
            continue;
        }
        if ((!row.a || !row.b) && !options.includeAbsent)
            continue;
        ++diff.transitions[row.transition()];
        diff.rows.push_back(std::move(row));
    }
    return diff;
}

} // namespace opsinfo
