#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace opsinfo {

// JSON string escapes (RFC 8259 §7), read the one strict way every reader of the engine shares:
// a \u escape naming half of a surrogate pair without its other half is refused, as the
// compiler's JSON reader refuses it (the half has no UTF-8 form, and writing it through would give
// bytes a strict reader rejects).
struct JsonEscape
{
    enum Problem {
        None,
        UnknownEscape, // a backslash followed by none of " \ / b f n r t u (or by the end of the
                       // text)
        Truncated, // fewer than four characters after \u
        BadHexDigit, // a non-hex character among the four after \u
        LoneSurrogate, // \uD800-\uDBFF not followed by a \uDC00-\uDFFF escape, or a lone
                       // \uDC00-\uDFFF
    };
    Problem problem = None;
    std::size_t length = 0; // bytes from the backslash to the end of the escape (2, 6 or 12)
    std::uint32_t codePoint = 0; // what it stands for (a pair combined)
    std::size_t problemAt = 0; // offset of the problem: the backslash, the bad digit, or where
                               // the four digits of a truncated \u should start
};

// Reads the escape whose backslash is at text[at].
JsonEscape readJsonEscape(std::string_view text, std::size_t at);

// The text between a JSON string's quotes with its escapes decoded (code points as UTF-8; the bytes
// outside escapes are copied, not checked). nullopt at the first bad escape, described in `problem`
// (its problemAt an offset in `content`).
std::optional<std::string> decodeJsonString(std::string_view content,
                                            JsonEscape *problem = nullptr);

} // namespace opsinfo
