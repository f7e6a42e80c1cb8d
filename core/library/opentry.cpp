#include "library/opentry.h"

#include "library/opentryarena.h"

#include <algorithm>

namespace opsinfo {

std::size_t OpEntry::columnCount() const
{
    std::size_t count = 0;
    for (const auto *tensors : {&inputs, &outputs})
        for (const TensorInfo &t : *tensors)
            count = std::max(count, t.dtypes.size());
    return count;
}

const std::string_view *OpEntry::value(std::string_view item, std::string_view key) const
{
    for (const OpItem &i : items) {
        if (i.name != item)
            continue;
        for (const auto &[k, v] : i.values)
            if (k == key)
                return &v;
    }
    return nullptr;
}

void OpEntry::setItems(const std::vector<OpItemText> &texts)
{
    auto owned = std::make_shared<OpEntryArena>(4096);
    std::span<OpItem> stored = owned->allocate<OpItem>(texts.size());
    for (std::size_t i = 0; i < texts.size(); ++i) {
        std::span<OpValue> values = owned->allocate<OpValue>(texts[i].values.size());
        for (std::size_t k = 0; k < values.size(); ++k)
            values[k] = {owned->copy(texts[i].values[k].first), owned->copy(texts[i].values[k].second)};
        stored[i] = {owned->copy(texts[i].name), values};
    }
    items = stored;
    arena = std::move(owned);
}

} // namespace opsinfo
