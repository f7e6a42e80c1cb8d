#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace opsinfo {

// `opsinfo library diff`: two libraries give a diff (a table, or the 3x3 transition matrix with
// --matrix); more give the policy atlas (issue 14).
int libraryDiff(const std::vector<std::string> &args, std::ostream &out, std::ostream &err);

} // namespace opsinfo
