#include "diff/transitionmatrix.h"

namespace opsinfo {

void TransitionMatrix::add(std::optional<Policy> a, std::optional<Policy> b)
{
    if (a && b)
        ++m_cells[index(*a)][index(*b)];
    else if (a)
        ++m_onlyA[index(*a)];
    else if (b)
        ++m_onlyB[index(*b)];
}

std::size_t TransitionMatrix::common() const
{
    std::size_t total = 0;
    for (const auto &row : m_cells)
        for (std::size_t cell : row)
            total += cell;
    return total;
}

std::size_t TransitionMatrix::changed() const
{
    std::size_t total = 0;
    for (std::size_t a = 0; a < 3; ++a)
        for (std::size_t b = 0; b < 3; ++b)
            total += a == b ? 0 : m_cells[a][b];
    return total;
}

std::size_t TransitionMatrix::onlyACount() const
{
    return m_onlyA[0] + m_onlyA[1] + m_onlyA[2];
}

std::size_t TransitionMatrix::onlyBCount() const
{
    return m_onlyB[0] + m_onlyB[1] + m_onlyB[2];
}

} // namespace opsinfo
