#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace opsinfo {

// A small JSON reader that keeps the byte offset of every value and key. Mixlist files are tiny,
// and their diagnostics need exact positions of comments and trailing commas, which general
// parsers either reject without detail or silently accept.
struct LocatedJsonMember;

struct LocatedJson
{
    enum class Kind { Null, Bool, Number, String, Array, Object };
    Kind kind = Kind::Null;
    std::size_t offset = 0;
    std::string text; // decoded string, or the literal as written
    std::vector<LocatedJsonMember> members; // objects, in file order, duplicates kept
    std::vector<LocatedJson> elements; // arrays
};

struct LocatedJsonMember
{
    std::string key;
    std::size_t keyOffset = 0;
    LocatedJson value;
};

const char *locatedJsonKindName(LocatedJson::Kind kind); // "an object", "a string" ...

// Things strict JSON forbids but the reader steps over, so the caller can either reject or repair.
struct LocatedJsonIssue
{
    enum class Kind { LineComment, BlockComment, TrailingComma, Bom };
    Kind kind;
    std::size_t offset = 0;
};

struct LocatedJsonSyntaxError
{
    std::size_t offset = 0;
    std::string message;
    std::string hint;
};

struct LocatedJsonResult
{
    std::optional<LocatedJson> root; // empty on a syntax error or an empty document
    std::vector<LocatedJsonIssue> issues;
    std::optional<LocatedJsonSyntaxError> error;
};

LocatedJsonResult readLocatedJson(std::string_view text);

} // namespace opsinfo
