#pragma once

#include "common/policy.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace opsinfo {

class Mixlist;
class OpLibrary;

// The decided float dtypes (SEMANTICS §4) an ops-info entry can run in, as bits.
enum FloatColumn : std::uint8_t { Fp16Column = 1, Bf16Column = 2, Fp32Column = 4 };
constexpr std::uint8_t kAllFloatColumns = Fp16Column | Bf16Column | Fp32Column;

// One op type in one source of an atlas.
struct AtlasCell
{
    std::optional<Policy> policy; // effective colour (X3); nullopt: the source has no such type
    bool inLibrary = false; // false: only the source's mixlist names the type
    bool dynamicFormat = false; // dtypes known only at compile time (op_select_format)
    bool dtypesListed = false; // the entry lists dtypes (none for most dynamicFormat entries)
    std::uint8_t floats = 0; // FloatColumn bits of the dtypes it lists (any input or output)

    bool present() const { return policy.has_value(); }
    // Listed dtypes without this float dtype: the op has no kernel column for it.
    bool lacks(FloatColumn column) const { return present() && dtypesListed && !(floats & column); }
    bool operator==(const AtlasCell &other) const = default;
};

// One source of an atlas: its name (a SoC, a CANN version, a user copy) and every op type it has,
// sorted by type.
struct AtlasColumn
{
    struct Entry
    {
        std::string type;
        AtlasCell cell;
    };
    std::string name;
    std::vector<Entry> entries;
};

// The effective colours (with `mixlist` applied when given) and float dtypes of every op type of
// a library, as one atlas column.
AtlasColumn atlasColumn(std::string name, const OpLibrary &library,
                        const Mixlist *mixlist = nullptr, const std::string &mixlistPath = {});

// How a row's sources disagree, in the order the atlas lists them.
enum class AtlasDifference {
    Colour, // two sources that have the type give it different colours
    Presence, // same colour wherever present, but some sources lack the type
    None,
};

struct AtlasRow
{
    std::string type;
    std::vector<AtlasCell> cells; // one per source, in source order
    AtlasDifference difference = AtlasDifference::None;
    // Whether sources i and j disagree on this type, as `opsinfo library diff i j` counts it: other
    // colours, or present in one only.
    bool differs(std::size_t i, std::size_t j) const { return cells[i].policy != cells[j].policy; }
};

// Many policy sources at once (issue 14): one row per op type of any source, one column per
// source, differing rows first (colour, then presence), each group by type.
struct PolicyAtlas
{
    std::vector<std::string> sources;
    std::vector<AtlasRow> rows;
    std::size_t colourDiffers = 0;
    std::size_t presenceDiffers = 0;
    std::size_t same = 0;
};

PolicyAtlas buildAtlas(const std::vector<AtlasColumn> &columns);

const char *atlasDifferenceName(AtlasDifference difference); // "colour", "presence", "none"
// The float dtypes listed ("fp16 bf16 fp32"), "none" when the listed dtypes have no float; when
// none are listed: "dynamic" (dynamicFormat), "unlisted", or "mixlist-only"; "" when absent.
std::string atlasFloatsText(const AtlasCell &cell);

} // namespace opsinfo
