#pragma once

#include "common/diagnostic.h"
#include "library/opentry.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace opsinfo {

// One ops-info file read into entries. `readable` is false when the file could not be read or is
// not valid JSON / INI as a whole: then `entries` is empty, never a prefix of the file. A readable
// file may still carry errors (L4 leaf types, an invalid flag, a dtype/format count mismatch); its
// entries are kept so a UI can show and fix them, but the load as a whole is not ok.
struct ParsedLibraryFile
{
    std::vector<OpEntry> entries; // file order; an op defined twice keeps its first position and
                                  // its last definition (what Python json and nlohmann do)
    std::vector<Diagnostic> diagnostics;
    bool readable = false;
    // opTypeHash of each entry's type, filled only when the reader found the types strictly
    // ascending (what OpLibrary::buildSorted then need not check again); empty otherwise.
    std::vector<std::uint32_t> ascendingTypeHashes;
};

// The JSON library form (FORMATS "Ops-info library"), parsed with simdjson On-Demand.
ParsedLibraryFile readJsonLibraryFile(const std::string &path);
ParsedLibraryFile readJsonLibraryText(std::string_view text, const std::string &file);

// The INI source form of custom op projects (FORMATS "Ops-info source form").
ParsedLibraryFile readIniLibraryFile(const std::string &path);
ParsedLibraryFile readIniLibraryText(std::string_view text, const std::string &file);

// JSON files from this size on are read in pieces on two threads when the file is in the
// canonical one-member-per-line style (default 8 MiB; shipped files are 0.1-2 MB). The result is
// identical to a serial read; tests lower it to check that.
void setParallelReadThreshold(std::size_t bytes);
// How many reads so far used the pieces (for tests: a silent fallback would hide the path).
std::size_t parallelReadCount();
// Size of the pieces a parallel read cuts the file into (tests make it small to get many pieces).
void setParallelReadPieceBytes(std::size_t bytes);

// Larger files are refused by readLibraryFile before reading (an error naming the size).
inline constexpr std::size_t kMaxLibraryFileBytes = std::size_t(512) << 20;

// By extension: .ini is the source form, anything else JSON.
ParsedLibraryFile readLibraryFile(const std::string &path);

} // namespace opsinfo
