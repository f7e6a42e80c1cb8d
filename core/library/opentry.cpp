#include "library/opentry.h"

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

const std::string *OpEntry::value(std::string_view item, std::string_view key) const
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

} // namespace opsinfo
