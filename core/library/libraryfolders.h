#pragma once

#include "common/diagnostic.h"

#include <string>
#include <string_view>
#include <vector>

namespace opsinfo {

// L2 on file names: names containing "legacy" first, then shorter names, then by name.
bool loadsBefore(std::string_view fileNameA, std::string_view fileNameB);

// L1 + L2: the regular files of a soc folder whose name ends in ".json" and does not start with
// '.', as full paths in load order. Sub-folders are not searched (FE does not either). A *.json
// that cannot be stat()ed (a symlink loop, a dangling link) is skipped like FE skips it, with a
// warning in `skipped` when given, so the user learns why that file's ops are missing.
std::vector<std::string> socFolderFiles(const std::string &folder,
                                        std::vector<Diagnostic> *skipped = nullptr);

// opp/vendors/config.ini: the vendor names of `load_priority=a,b`, highest priority first.
std::vector<std::string> vendorLoadPriority(const std::string &configIni,
                                            std::vector<Diagnostic> &diagnostics);

} // namespace opsinfo
