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

} // namespace opsinfo
