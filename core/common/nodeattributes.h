#pragma once

#include <algorithm>
#include <optional>
#include <string_view>
#include <vector>

namespace opsinfo {

// The few attributes of a node that matter for dtypes ("to", "T", "transpose_x1" ...), as views
// into the graph's string pool. Kept in key order, so listing them is stable whatever the file's
// order.
class NodeAttributes
{
public:
    struct Item
    {
        std::string_view key;
        std::string_view value;
    };

    // Sets or replaces. Both views must outlive the node (pooled or static text).
    void set(std::string_view key, std::string_view value)
    {
        const auto it = m_items.begin() + std::ptrdiff_t(lowerBound(key));
        if (it != m_items.end() && it->key == key)
            it->value = value;
        else
            m_items.insert(it, {key, value});
    }

    std::optional<std::string_view> value(std::string_view key) const
    {
        const std::size_t i = lowerBound(key);
        if (i < m_items.size() && m_items[i].key == key)
            return m_items[i].value;
        return std::nullopt;
    }

    bool empty() const { return m_items.empty(); }
    std::size_t size() const { return m_items.size(); }
    auto begin() const { return m_items.begin(); }
    auto end() const { return m_items.end(); }

private:
    // Where `key` is, or would go.
    std::size_t lowerBound(std::string_view key) const
    {
        const auto it
            = std::lower_bound(m_items.begin(), m_items.end(), key,
                               [](const Item &item, std::string_view k) { return item.key < k; });
        return std::size_t(it - m_items.begin());
    }

    std::vector<Item> m_items;
};

} // namespace opsinfo
