#pragma once

#include "common/diagnostic.h"
#include "library/opentry.h"
#include "library/opentryarena.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace opsinfo {

// Where each leaf value of OpEntry::items sits in its file: item i's k-th value starts at
// offsets[ranges[i].first + k]. Only used to place diagnostics, so readers keep it in a scratch
// buffer reused for every op.
struct LeafPositions
{
    std::vector<std::size_t> offsets;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> ranges; // per item: first, count

    void clear()
    {
        offsets.clear();
        ranges.clear();
    }
    std::size_t at(std::size_t item, std::size_t key) const
    {
        return item < ranges.size() && key < ranges[item].second ? offsets[ranges[item].first + key]
                                                                 : std::size_t(-1);
    }
};

// Where the strings of an op's items lie, summed up by a reader as it sees them go by. Strings the
// reader later drops may be in it: it only has to cover every string kept.
struct ItemTextSpan
{
    const char *low = nullptr, *high = nullptr;
    std::size_t length = 0; // bytes of the strings added
    std::size_t strings = 0;

    void add(std::string_view s)
    {
        if (s.empty())
            return;
        if (!low || s.data() < low)
            low = s.data();
        if (!high || s.data() + s.size() > high)
            high = s.data() + s.size();
        length += s.size();
        ++strings;
    }
};

// Sets entry.items (and entry.arena) to copies in `arena` of the items read: item i is names[i]
// with the leaves [positions.ranges[i].first, + .second) of `leaves` (views into the text being
// read, or into a parser's buffer, valid until this returns). `seen`, when the reader kept one,
// spares a pass over the strings.
void storeItems(OpEntry &entry, const std::shared_ptr<OpEntryArena> &arena,
                std::span<const std::string_view> names, const LeafPositions &positions,
                std::span<const OpValue> leaves, const ItemTextSpan *seen = nullptr);

// Receives the findings about one entry; the reader turns offsets into lines and columns.
class EntryReporter
{
public:
    virtual ~EntryReporter() = default;
    virtual void report(std::size_t offset, Severity severity, std::string code,
                        std::string message, std::string hint)
        = 0;
    // Offset in the file of byte `index` of a leaf value whose text starts at `valueOffset` (the
    // offsets LeafPositions holds), to point at one item of a list. The reader knows how values
    // are written (JSON quotes and escapes them, INI does not).
    virtual std::size_t offsetInValue(std::size_t valueOffset, std::size_t index) const
    {
        return valueOffset + index;
    }
    // Offers a certain repair with the diagnostic reported last: `original` at byte `offset`
    // becomes `replacement`. A reader whose bytes there are not `original` (an escaped JSON
    // string) offers nothing.
    virtual void offerFix(std::size_t offset, std::string_view original, std::string replacement)
        = 0;
};

// Rules that differ between the JSON library and the INI source form (FORMATS.md).
struct EntryRules
{
    bool requireTensorNameAndParamType = false; // INI: input*/output* need name + valid paramType
    bool strictFlags = false; // INI: every `.flag` value exactly true/false
};

// Fills the typed fields of `entry` (inputs/outputs, policy, flag, dynamicFormat, opFile) from its
// verbatim items and reports what the real compiler would refuse: an invalid precision_reduce.flag,
// and the L6 store refusals (SEMANTICS §2: dtype/format counts, column counts across tensors,
// unknown dtype or format words, sub_format items, tensors without name or with a bad paramType).
void deriveEntryFields(OpEntry &entry, const LeafPositions &positions, const EntryRules &rules,
                       EntryReporter &reporter);

// "input3" -> 3 and "output0" -> 0 (also "Input3", "Output0") with isInput set; -1 for other item
// names.
int tensorItemIndex(std::string_view item, bool *isInput);

} // namespace opsinfo
