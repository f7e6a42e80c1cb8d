#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <stdexcept>

namespace opsinfo {

// A node's run of items (its inputs, outputs, control inputs) in its graph's arena: a view that
// reads like the vector it replaced, but a const node gives const items. Made by Graph::store.
template<typename T> class PooledSpan
{
public:
    PooledSpan() = default;
    explicit PooledSpan(std::span<T> items)
        : m_data(items.data())
        , m_size(std::uint32_t(items.size()))
    {
    }

    std::size_t size() const { return m_size; }
    bool empty() const { return m_size == 0; }

    T *begin() { return m_data; }
    T *end() { return m_data + m_size; }
    const T *begin() const { return m_data; }
    const T *end() const { return m_data + m_size; }

    T &operator[](std::size_t i) { return m_data[i]; }
    const T &operator[](std::size_t i) const { return m_data[i]; }
    const T &at(std::size_t i) const
    {
        if (i >= m_size)
            throw std::out_of_range("PooledSpan::at");
        return m_data[i];
    }
    T &front() { return m_data[0]; }
    const T &front() const { return m_data[0]; }
    T &back() { return m_data[m_size - 1]; }
    const T &back() const { return m_data[m_size - 1]; }

private:
    T *m_data = nullptr;
    std::uint32_t m_size = 0;
};

} // namespace opsinfo
