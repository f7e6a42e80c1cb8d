#include "mixlist/nearestname.h"

#include <algorithm>
#include <cctype>

namespace opsinfo {

std::size_t typoDistance(std::string_view a, std::string_view b)
{
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j)
        row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t up = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
            diagonal = up;
        }
    }
    return row[b.size()];
}

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

std::string lower(std::string_view s)
{
    std::string out(s);
    for (auto &c : out)
        c = char(std::tolower(static_cast<unsigned char>(c)));
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

std::optional<std::string> nearestOpType(std::string_view type, const std::vector<std::string> &candidates)
{
    const std::string l = lower(type);
    for (const auto &c : candidates)
        if (c.size() == type.size() && lower(c) == l)
            return c;
    const std::size_t limit = std::max<std::size_t>(1, type.size() / 4);
    std::size_t best = limit + 1;
    std::optional<std::string> found;
    for (const auto &c : candidates) {
        const std::size_t sizeGap = c.size() > type.size() ? c.size() - type.size() : type.size() - c.size();
        if (sizeGap >= best)
            continue; // cannot beat the best so far
        // Case-insensitive, so a case slip does not use up the typo budget.
        const std::size_t d = typoDistance(l, lower(c));
        if (d < best) {
            best = d;
            found = c;
        }
    }
    return found;
}

} // namespace opsinfo
