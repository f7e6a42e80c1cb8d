#pragma once

#include "common/diagnostic.h"
#include "common/policy.h"

#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace opsinfo {

class OpLibrary;
class Mixlist;

// Which list of a modify_mixlist file names an op, and how.
enum class MixlistList { Black, White, Gray };
enum class MixlistAction { Add, Remove };

struct MixlistMark
{
    MixlistList list = MixlistList::Black;
    MixlistAction action = MixlistAction::Add;
    int line = 0; // where the entry is in the mixlist file (0 if not from a file)
    int column = 0;
};

// The effective colour of one op type (X3) and how it came about, for explanations and tooltips.
struct OpPolicy
{
    std::string type;
    Policy library = Policy::Gray; // colour in the loaded library
    Policy effective = Policy::Gray; // after the mixlist
    bool inLibrary = false; // false: only the mixlist names the type
    std::string libraryFile; // file the library colour comes from ("" if not in library)
    std::vector<MixlistMark> marks; // mixlist entries naming this type
    bool changedByMixlist() const { return library != effective; }
    // e.g. "white in aic-ascend910b-ops-info.json (L2); black-list.to-add at ops_info.json:3 ->
    // black (X3)"
    std::string explanation;
};

// Effective policies of every op type in a library and/or a mixlist.
// X3 for one op type: start from the library colour; a to-remove of the list the op is on makes it
// GRAY; then add-black makes it BLACK, else add-white makes it WHITE. Other marks change nothing.
Policy applyMarks(Policy library, const std::vector<MixlistMark> &marks);

class PolicyTable
{
public:
    // Library colours with the mixlist applied per X3. `mixlist` may be null. Op types only in the
    // mixlist (not in the library) get an entry too, with libraryFile "".
    static PolicyTable compute(const OpLibrary &library, const Mixlist *mixlist,
                               const std::string &mixlistPath = {});

    const OpPolicy *find(std::string_view type) const;
    // Effective colour; Gray for unknown types.
    Policy effective(std::string_view type) const;
    const std::vector<OpPolicy> &all() const { return m_policies; } // sorted by type
    // Marks that do nothing (a to-remove of a list the op is not on; gray-list.to-add alone),
    // as Warnings with the mark's position in `mixlistPath`.
    const std::vector<Diagnostic> &warnings() const { return m_warnings; }

private:
    std::vector<OpPolicy> m_policies;
    std::vector<Diagnostic> m_warnings;
    std::unordered_map<std::string, std::size_t> m_index;
};

} // namespace opsinfo
