#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace opsinfo {

// `opsinfo library fix`: applies the certain fix-its of one library file (a dtype word with one
// known spelling), changing only those bytes, and says what the compiler would still refuse.
int libraryFix(const std::vector<std::string> &args, std::ostream &out, std::ostream &err);

} // namespace opsinfo
