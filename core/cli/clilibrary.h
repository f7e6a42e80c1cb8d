#pragma once

#include "cli/clicommon.h"
#include "library/oplibrary.h"
#include "mixlist/mixlist.h"

#include <ostream>
#include <string>
#include <vector>

namespace opsinfo {

// Loads the libraries named on a command line. Several paths are several stores, the first with
// the highest priority (as custom paths precede the built-in store, L3). Diagnostics go to err.
// Refused, because predictions from it would look trustworthy and not be:
// - a path that cannot be read (missing, unreadable folder, not a file or folder, too large), or
//   that holds no ops-info file at all: exit 2, the command could not run;
// - a library with errors, or whose files hold no op type: exit 1.
Loaded<OpLibrary> loadLibrariesForCli(const std::vector<std::string> &paths, const std::string &soc,
                                      std::ostream &err);

// Reads a mixlist strictly, as the compiler would; errors refuse it (exit 1) unless `lenient`,
// where repairs are reported as warnings. A file that cannot be read: exit 2.
Loaded<Mixlist> loadMixlistForCli(const std::string &path, bool lenient, std::ostream &err);

} // namespace opsinfo
