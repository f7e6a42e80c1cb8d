#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace opsinfo {

// Reads a protobuf base-128 varint at bytes[pos] and moves pos past it. False when the bytes end
// first or the varint runs past ten bytes (pos is then somewhere inside it).
inline bool readVarint(std::string_view bytes, std::size_t &pos, std::uint64_t &value)
{
    value = 0;
    for (int shift = 0; shift < 64 && pos < bytes.size(); shift += 7) {
        const auto byte = static_cast<unsigned char>(bytes[pos++]);
        value |= std::uint64_t(byte & 0x7f) << shift;
        if (!(byte & 0x80))
            return true;
    }
    return false;
}

} // namespace opsinfo
