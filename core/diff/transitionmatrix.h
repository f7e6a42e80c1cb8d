#pragma once

#include "common/policy.h"

#include <array>
#include <cstddef>
#include <optional>

namespace opsinfo {

// How many op types go from each list colour on side A to each on side B: the 3x3 white/black/gray
// matrix of a policy diff (the diagonal holds the unchanged types), plus the types that only one
// side has, by their colour there. Rows are A, columns B.
class TransitionMatrix
{
public:
    // The colours in the order the matrix shows them (rows and columns).
    static constexpr std::array<Policy, 3> order = {Policy::White, Policy::Black, Policy::Gray};

    // One op type: nullopt = absent on that side. A type absent on both sides is not counted.
    void add(std::optional<Policy> a, std::optional<Policy> b);

    std::size_t count(Policy a, Policy b) const { return m_cells[index(a)][index(b)]; }
    std::size_t onlyA(Policy a) const { return m_onlyA[index(a)]; }
    std::size_t onlyB(Policy b) const { return m_onlyB[index(b)]; }
    // Types on both sides, on one side only, and whose colour differs (off the diagonal).
    std::size_t common() const;
    std::size_t changed() const;
    std::size_t onlyACount() const;
    std::size_t onlyBCount() const;

    bool operator==(const TransitionMatrix &other) const = default;

private:
    static std::size_t index(Policy p) { return std::size_t(p); }

    std::array<std::array<std::size_t, 3>, 3> m_cells {};
    std::array<std::size_t, 3> m_onlyA {};
    std::array<std::size_t, 3> m_onlyB {};
};

} // namespace opsinfo
