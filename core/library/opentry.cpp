#include "library/opentry.h"

#include "library/opentryarena.h"
#include "library/opentryfields.h"

#include <algorithm>
#include <functional>

namespace opsinfo {

std::uint32_t opTypeHash(std::string_view type)
{
    return std::uint32_t(std::hash<std::string_view> {}(type));
}

std::size_t OpEntry::columnCount() const
{
    std::size_t count = 0;
    for (const auto *tensors : {&inputs, &outputs})
        for (const TensorInfo &t : *tensors)
            count = std::max(count, t.dtypes.size());
    return count;
}

std::optional<std::string_view> OpEntry::value(std::string_view item, std::string_view key) const
{
    for (const OpItem &i : items) {
        if (i.name != item)
            continue;
        for (const auto &[k, v] : i.values)
            if (k == key)
                return v;
    }
    return std::nullopt;
}

void OpEntry::setItems(const std::vector<OpItemText> &texts)
{
    std::vector<std::string_view> names;
    LeafPositions positions;
    std::vector<OpValue> leaves;
    for (const OpItemText &text : texts) {
        names.push_back(text.name);
        positions.ranges.emplace_back(std::uint32_t(leaves.size()),
                                      std::uint32_t(text.values.size()));
        for (const auto &[key, value] : text.values)
            leaves.emplace_back(key, value);
    }
    storeItems(*this, std::make_shared<OpEntryArena>(4096), names, positions, leaves);
}

} // namespace opsinfo
