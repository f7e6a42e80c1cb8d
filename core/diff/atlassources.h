#pragma once

#include <string>
#include <vector>

namespace opsinfo {

// One source of an atlas as a user names it: a path (a library file, a soc folder, or an opp /
// store / config folder with the soc to pick in it).
struct AtlasSourceSpec
{
    std::string path;
    std::string soc; // empty: the path is the library itself
};

// Column names for the sources, in order: the soc folder or file name; where two share one, with
// their parent folder (two user copies) or their opp folder (one SoC of two CANN versions) when
// that tells them apart, else numbered "name #2" (the same library twice, with two mixlists).
std::vector<std::string> atlasSourceNames(const std::vector<AtlasSourceSpec> &sources);

// The library files (.json, .ini) directly in a folder, sorted by name; empty for anything else.
std::vector<std::string> libraryFilesIn(const std::string &folder);

// Whether the files of a folder are copies of libraries (each a library of its own, such as user
// copies saved as <model>__aic-ascend910-ops-info.json) rather than the pieces of one soc's
// library: FE reads every .json of a soc folder as one library (L1), and its pieces are all named
// aic-<soc>-ops-info*.json with one soc (CANN 8.5's split layout: -legacy, -nn, -math ...).
bool areLibraryCopies(const std::vector<std::string> &files);

} // namespace opsinfo
