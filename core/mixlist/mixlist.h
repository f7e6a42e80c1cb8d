#pragma once

#include "common/diagnostic.h"
#include "mixlist/oppolicy.h"

#include <array>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace opsinfo {

// One op type named in one list of a modify_mixlist file.
struct MixlistEntry
{
    std::string opType;
    int line = 0; // 0 when the entry was not read from a file
    int column = 0;
    bool operator==(const MixlistEntry &other) const { return opType == other.opType; }
};

// The content of a modify_mixlist file (SEMANTICS §3): black/white/gray list, each with to-add and
// to-remove, entries in file order (duplicates kept so lint can report them).
class Mixlist
{
public:
    std::vector<MixlistEntry> &entries(MixlistList list, MixlistAction action)
    {
        return m_entries[slot(list, action)];
    }
    const std::vector<MixlistEntry> &entries(MixlistList list, MixlistAction action) const
    {
        return m_entries[slot(list, action)];
    }
    void add(MixlistList list, MixlistAction action, std::string opType, int line = 0,
             int column = 0);

    bool empty() const;
    std::size_t entryCount() const;
    // Every mark naming `type`, in list order black, white, gray; to-add before to-remove.
    std::vector<MixlistMark> marksFor(std::string_view type) const;
    // marksFor() of every op type at once (one pass; marksFor per type would be quadratic).
    std::map<std::string, std::vector<MixlistMark>, std::less<>> marksByType() const;
    std::set<std::string, std::less<>> opTypes() const;

    // Same op types in the same lists (positions and order ignored).
    bool sameContent(const Mixlist &other) const;

    static constexpr std::array<MixlistList, 3> lists {MixlistList::Black, MixlistList::White,
                                                       MixlistList::Gray};
    static constexpr std::array<MixlistAction, 2> actions {MixlistAction::Add,
                                                           MixlistAction::Remove};

private:
    static std::size_t slot(MixlistList list, MixlistAction action)
    {
        return std::size_t(list) * 2 + std::size_t(action);
    }
    std::array<std::vector<MixlistEntry>, 6> m_entries;
};

// "black-list", "white-list", "gray-list"; "to-add", "to-remove".
const char *mixlistListKey(MixlistList list);
const char *mixlistActionKey(MixlistAction action);
// "black-list.to-add"
std::string mixlistMarkName(MixlistList list, MixlistAction action);
// The list an op of this colour is on (Gray -> gray-list).
MixlistList listOf(Policy policy);

struct MixlistParseResult
{
    Mixlist mixlist;
    std::vector<Diagnostic> diagnostics; // errors, plus warnings (lenient repairs, BOM)
    bool ok() const { return !hasErrors(diagnostics); }
};

// What the compiler accepts (X1) and the per-op mark combinations it accepts (X2). Every problem
// is an Error with line, column and a suggested fix; parsing goes on after key/shape errors so a
// user sees all of them at once, and stops at the first JSON syntax error.
MixlistParseResult parseMixlistStrict(std::string_view text, const std::string &file);

// Import of a file the compiler would reject: comments, trailing commas, a BOM, CRLF, `grey-list`
// and near-miss keys (`whitelist`, `to-add1`) are repaired, one Warning per repair (with
// line/column). Unrepairable input (broken JSON, X2 conflicts) still gives Errors.
MixlistParseResult parseMixlistLenient(std::string_view text, const std::string &file);

// X2 on an already-read mixlist: one Error per op type whose set of marks is not one of the 11
// allowed combinations.
std::vector<Diagnostic> checkMixlistCombinations(const Mixlist &mixlist, const std::string &file);
bool isAllowedMarkCombination(const std::vector<MixlistMark> &marks);

// Canonical strict form: keys in the order black-list, white-list, gray-list, each with to-add
// before to-remove (the order of the documentation's example); op types sorted and deduplicated;
// lists and objects with nothing in them left out ("{}" for an empty mixlist); 4-space indent,
// one op per line, LF, trailing newline. parseMixlistStrict reads it back unchanged.
std::string writeMixlist(const Mixlist &mixlist);

} // namespace opsinfo
