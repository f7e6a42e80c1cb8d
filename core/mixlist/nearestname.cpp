#include "mixlist/nearestname.h"

#include "common/text.h"

#include <algorithm>
#include <cctype>

namespace opsinfo {

namespace {

std::string lettersOnly(std::string_view s)
{
    std::string out;
    for (char c : s)
        if (std::isalpha(static_cast<unsigned char>(c)))
            out += char(std::tolower(static_cast<unsigned char>(c)));
    if (const auto p = out.find("grey"); p != std::string::npos)
        out.replace(p, 4, "gray");
    return out;
}

} // namespace

std::optional<std::string> nearestKey(std::string_view key, const std::vector<std::string> &allowed)
{
    const std::string k = lettersOnly(key);
    if (k.empty())
        return std::nullopt;
    std::size_t best = 3;
    std::optional<std::string> found;
    bool tie = false;
    for (const auto &candidate : allowed) {
        const std::size_t d = typoDistance(k, lettersOnly(candidate));
        if (d < best) {
            best = d;
            found = candidate;
            tie = false;
        } else if (d == best) {
            tie = true;
        }
    }
    if (tie)
        return std::nullopt;
    return found;
}

std::optional<std::string> nearestOpType(std::string_view type,
                                         const std::vector<std::string> &candidates)
{
    const std::string l = asciiLower(type);
    for (const auto &c : candidates)
        if (c.size() == type.size() && asciiLower(c) == l)
            return c;
    const std::size_t limit = std::max<std::size_t>(1, type.size() / 4);
    std::size_t best = limit + 1;
    std::optional<std::string> found;
    for (const auto &c : candidates) {
        const std::size_t sizeGap
            = c.size() > type.size() ? c.size() - type.size() : type.size() - c.size();
        if (sizeGap >= best)
            continue; // cannot beat the best so far
        // Case-insensitive, so a case slip does not use up the typo budget.
        const std::size_t d = typoDistance(l, asciiLower(c));
        if (d < best) {
            best = d;
            found = c;
        }
    }
    return found;
}

} // namespace opsinfo
