#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace opsinfo {

class OpLibrary;

// The soc folders a path offers when it holds several libraries: an opp root's built-in ones
// (built-in/op_impl/ai_core/tbe/config/<soc>), a store root's (op_impl/ai_core/tbe/config/<soc>),
// or a .../tbe/config folder's own sub-folders; those holding .json files, sorted by name. Empty
// for a file, a soc folder (it holds .json files itself) or anything else. Each name loads with
// loadLibraryPath(path, name).
std::vector<std::string> socFoldersOf(const std::string &path);

// The soc folder name of `path` when it lies directly in a .../config/<soc>/ folder (where the
// compiler's libraries are); empty otherwise. Text only: the path is not looked at on disk.
std::string socFolderOfPath(std::string_view path);

// The SoC config folder name a library file belongs to: its file name names it
// ("aic-<soc>-ops-info*.json", also as a user's copy "Model__aic-<soc>-ops-info.json"), else its
// folder (socFolderOfPath); empty when neither says.
std::string socOfLibraryFile(std::string_view path);

// The SoC of a loaded library: that of its first file that names one.
std::string socOfLibrary(const OpLibrary &library);

} // namespace opsinfo
