#pragma once

#include <map>
#include <string>
#include <string_view>

namespace opsinfo {

// The three-level ops-info object: op type -> item -> key -> string value (FORMATS "Ops-info
// library"). std::map orders std::string keys bytewise (char_traits compares as unsigned char),
// which for UTF-8 is code point order: exactly the order Python's sort_keys=True produces.
using OpsInfoObject
    = std::map<std::string, std::map<std::string, std::map<std::string, std::string>>>;

struct CanonicalJsonOptions
{
    // CANN 8.1 files end without a newline, newer split files with one ('\n').
    bool trailingNewline = false;
};

// Appends `utf8` as a JSON string literal the way Python's json.dumps(ensure_ascii=True) writes it:
// \" \\ \n \r \t \b \f, other bytes outside 0x20..0x7e as lower-case \uXXXX, code points above
// U+FFFF as a surrogate pair. Returns false when `utf8` is not valid UTF-8; each bad byte is then
// written as \ufffd (Python could not have read such text at all, so callers report it).
bool appendPythonJsonString(std::string &out, std::string_view utf8);

// json.dumps(object, indent=4, sort_keys=True, separators=(',', ':')) of a three-level object,
// byte for byte; the form of the shipped CANN libraries and of parse_ini_to_json.py's output.
std::string writeCanonicalJson(const OpsInfoObject &object,
                               const CanonicalJsonOptions &options = {});

} // namespace opsinfo
