#pragma once

#include "library/oplibrary.h"
#include "mixlist/mixlist.h"

#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace opsinfo {

// Loads the libraries named on a command line. Several paths are several stores, the first with
// the highest priority (as custom paths precede the built-in store, L3). Diagnostics go to err;
// a library with errors is refused (nullopt) because predictions from a half-read library would
// look trustworthy and not be.
std::optional<OpLibrary> loadLibrariesForCli(const std::vector<std::string> &paths, const std::string &soc,
                                             std::ostream &err);

// Reads a mixlist strictly, as the compiler would; errors refuse it (nullopt) unless `lenient`,
// where repairs are reported as warnings.
std::optional<Mixlist> loadMixlistForCli(const std::string &path, bool lenient, std::ostream &err);

} // namespace opsinfo
