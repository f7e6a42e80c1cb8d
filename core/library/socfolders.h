#pragma once

#include <string>
#include <vector>

namespace opsinfo {

// The soc folders a path offers when it holds several libraries: an opp root's built-in ones
// (built-in/op_impl/ai_core/tbe/config/<soc>), a store root's (op_impl/ai_core/tbe/config/<soc>),
// or a .../tbe/config folder's own sub-folders; those holding .json files, sorted by name. Empty
// for a file, a soc folder (it holds .json files itself) or anything else. Each name loads with
// loadLibraryPath(path, name).
std::vector<std::string> socFoldersOf(const std::string &path);

} // namespace opsinfo
