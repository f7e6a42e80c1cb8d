#pragma once

#include <nlohmann/json_fwd.hpp>

#include <string>

namespace opsinfo {

// A JSON document as text that never throws: nlohmann's dump() aborts on a string that is not
// UTF-8 (a folder, GE node or INI section name from a file in another encoding). Such bytes are
// written as U+FFFD instead, and `firstInvalid` (optional) gets the JSON pointer of the first
// value or key that had them ("/nodes/12/name"), empty when there was none, so the caller can
// say that the output differs from the input.
std::string dumpJson(const nlohmann::json &value, int indent = 2,
                     std::string *firstInvalid = nullptr);

} // namespace opsinfo
