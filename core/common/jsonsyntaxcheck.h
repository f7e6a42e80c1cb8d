#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace opsinfo {

struct JsonSyntaxError
{
    std::size_t offset = 0; // byte offset of the offending character (text size at end of input)
    std::string message; // Python json's wording ("Expecting ',' delimiter") so users can search it
};

// Strict RFC 8259 check (plus an optional UTF-8 BOM) that stops at the first problem. simdjson says
// that a document is broken but not where; this small scanner runs only on that error path to
// point at the line and column. Returns nullopt for valid JSON.
std::optional<JsonSyntaxError> findJsonSyntaxError(std::string_view text);

} // namespace opsinfo
