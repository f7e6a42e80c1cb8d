#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>

namespace opsinfo {

// Lets a map keyed by std::string be searched with a string_view (a node's name, a view into the
// file) without building a std::string per lookup.
struct TextHash
{
    using is_transparent = void;
    std::size_t operator()(std::string_view text) const
    {
        return std::hash<std::string_view> {}(text);
    }
};

template<typename Value>
using TextMap = std::unordered_map<std::string, Value, TextHash, std::equal_to<>>;

} // namespace opsinfo
