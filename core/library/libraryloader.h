#pragma once

#include "common/diagnostic.h"
#include "library/oplibrary.h"

#include <string>
#include <vector>

namespace opsinfo {

// A loaded library and what was found on the way. Not ok() as soon as any file has an error (the
// diagnostics name the file): the library then holds what could be read, for display and repair,
// and must not be used as the compiler's library (the CLI refuses it). Files that are not valid
// JSON / INI contribute no entry at all, never a prefix.
struct LibraryLoadResult
{
    OpLibrary library;
    std::vector<Diagnostic> diagnostics;

    bool ok() const { return !hasErrors(diagnostics); }
};

// One store for loadStores(): a soc folder (all its .json files, L1/L2) or a single .json/.ini
// file.
struct LibrarySourceSpec
{
    std::string path;
    LibraryStore::Kind kind = LibraryStore::Kind::Custom;
    std::string name; // shown to users; empty: the path
};

// A single .json library or .ini source file, as one custom store.
LibraryLoadResult loadLibraryFile(const std::string &path);

// One soc folder `.../tbe/config/<soc>/` (L1: every regular *.json not starting with '.';
// L2: "legacy" names first, then shortest name first, then by name; a later file replaces the
// whole entry of an earlier one).
LibraryLoadResult loadSocFolder(const std::string &folder);

// Several stores, highest priority first (L3: custom paths in order, then vendors, then built-in).
LibraryLoadResult loadStores(const std::vector<LibrarySourceSpec> &stores);

// An installed opp folder: custom opp paths (each an opp-like folder with
// op_impl/ai_core/tbe/config/<soc>, or a soc folder itself), then
// vendors/<name>/op_impl/ai_core/tbe/config/<soc> in vendors/config.ini load_priority order, then
// built-in/op_impl/ai_core/tbe/config/<soc>. `soc` is a folder name or a SoC version (L5); empty
// picks the only soc folder and is an error when there are several.
LibraryLoadResult loadOppRoot(const std::string &oppFolder, const std::string &soc = {},
                              const std::vector<std::string> &customOppPaths = {});

// Whatever the user pointed at: a .json/.ini file, a soc folder, an opp root (has built-in/ or
// vendors/), a store root (has op_impl/ai_core/tbe/config/), or a config folder (with `soc`).
LibraryLoadResult loadLibraryPath(const std::string &path, const std::string &soc = {});

} // namespace opsinfo
