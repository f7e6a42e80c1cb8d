#pragma once

#include <algorithm>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

namespace opsinfo {

// The few attributes of a node that matter for dtypes ("to", "T", "transpose_x1" ...), as views
// into the graph's string pool. Kept in key order, so listing them is stable whatever the file's
// order. Most nodes have none: those hold one null pointer (a node of a 186,000-node graph costs
// 8 bytes here, not an empty vector's 24).
class NodeAttributes
{
public:
    NodeAttributes() = default;
    NodeAttributes(NodeAttributes &&) noexcept = default;
    NodeAttributes &operator=(NodeAttributes &&) noexcept = default;
    NodeAttributes(const NodeAttributes &other)
        : m_items(other.m_items ? std::make_unique<std::vector<Item>>(*other.m_items) : nullptr)
    {
    }
    NodeAttributes &operator=(const NodeAttributes &other)
    {
        if (this != &other)
            m_items = other.m_items ? std::make_unique<std::vector<Item>>(*other.m_items) : nullptr;
        return *this;
    }

    struct Item
    {
        std::string_view key;
        std::string_view value;
    };

    // Sets or replaces. Both views must outlive the node (pooled or static text).
    void set(std::string_view key, std::string_view value)
    {
        if (!m_items)
            m_items = std::make_unique<std::vector<Item>>();
        const auto it = m_items->begin() + std::ptrdiff_t(lowerBound(key));
        if (it != m_items->end() && it->key == key)
            it->value = value;
        else
            m_items->insert(it, {key, value});
    }

    std::optional<std::string_view> value(std::string_view key) const
    {
        const std::size_t i = lowerBound(key);
        if (i < size() && items()[i].key == key)
            return items()[i].value;
        return std::nullopt;
    }

    bool empty() const { return size() == 0; }
    std::size_t size() const { return m_items ? m_items->size() : 0; }
    const Item *begin() const { return items(); }
    const Item *end() const { return items() + size(); }

private:
    const Item *items() const { return m_items ? m_items->data() : nullptr; }

    // Where `key` is, or would go.
    std::size_t lowerBound(std::string_view key) const
    {
        const auto it = std::lower_bound(
            begin(), end(), key, [](const Item &item, std::string_view k) { return item.key < k; });
        return std::size_t(it - begin());
    }

    std::unique_ptr<std::vector<Item>> m_items; // null: none
};

} // namespace opsinfo
