#include "mixlist/oppolicy.h"

#include "common/coretext.h"
#include "library/oplibrary.h"
#include "mixlist/mixlist.h"

#include <algorithm>
#include <map>
#include <set>

namespace opsinfo {

Policy applyMarks(Policy library, const std::vector<MixlistMark> &marks)
{
    Policy effective = library;
    auto has = [&marks](MixlistList list, MixlistAction action) {
        return std::any_of(marks.begin(), marks.end(), [&](const MixlistMark &m) {
            return m.list == list && m.action == action;
        });
    };
    if (has(listOf(library), MixlistAction::Remove))
        effective = Policy::Gray;
    if (has(MixlistList::Black, MixlistAction::Add))
        effective = Policy::Black;
    else if (has(MixlistList::White, MixlistAction::Add))
        effective = Policy::White;
    return effective;
}

namespace {

std::string baseName(const std::string &path)
{
    const auto slash = path.find_last_of("/\\");
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

std::string where(const std::string &file, const MixlistMark &mark)
{
    std::string out = baseName(file.empty() ? std::string("mixlist") : file);
    if (mark.line > 0)
        out += ':' + std::to_string(mark.line);
    return out;
}

} // namespace

PolicyTable PolicyTable::compute(const OpLibrary &library, const Mixlist *mixlist,
                                 const std::string &mixlistPath)
{
    PolicyTable table;
    std::set<std::string, std::less<>> types;
    for (const auto &entry : library.ops())
        types.insert(entry.type);
    std::map<std::string, std::vector<MixlistMark>, std::less<>> marksByType;
    if (mixlist)
        marksByType = mixlist->marksByType();
    for (const auto &marks : marksByType)
        types.insert(marks.first);

    table.m_policies.reserve(types.size());
    for (const auto &type : types) {
        OpPolicy p;
        p.type = type;
        const OpEntry *entry = library.find(type);
        if (entry) {
            p.inLibrary = true;
            p.library = entry->policy;
            if (entry->fileIndex >= 0 && std::size_t(entry->fileIndex) < library.files().size())
                p.libraryFile = baseName(library.files()[std::size_t(entry->fileIndex)].path);
            p.explanation = p.libraryFile.empty()
                ? CoreText::tr("%1 in the library (L2)", policyName(p.library))
                : CoreText::tr("%1 in %2 (L2)", policyName(p.library), p.libraryFile);
        } else {
            p.explanation = CoreText::tr("not in the library (gray)");
        }
        if (auto it = marksByType.find(type); it != marksByType.end())
            p.marks = it->second;
        p.effective = applyMarks(p.library, p.marks);

        const MixlistList current = listOf(p.library);
        // Explanation steps, joined by "; ": each is one template of its own.
        for (const auto &m : p.marks) {
            const std::string mark = mixlistMarkName(m.list, m.action);
            if (m.action == MixlistAction::Remove && m.list == current) {
                p.explanation
                    += "; " + CoreText::tr("%1 at %2 -> gray (X3)", mark, where(mixlistPath, m));
            } else if (m.action == MixlistAction::Remove) {
                p.explanation += "; "
                    + CoreText::tr("%1 at %2 does nothing: the op is not on that list (X3)", mark,
                                   where(mixlistPath, m));
                table.m_warnings.push_back(
                    {Severity::Warning,
                     {mixlistPath, m.line, m.column},
                     "X3",
                     CoreText::tr("%1 of '%2' does nothing: it is %3 in the library, not on %4",
                                  mark, type, policyName(p.library), mixlistListKey(m.list)),
                     CoreText::tr("remove the entry, or use %1.to-remove to make it gray",
                                  mixlistListKey(current))});
            }
        }
        const bool addBlack = std::any_of(p.marks.begin(), p.marks.end(), [](const MixlistMark &m) {
            return m.list == MixlistList::Black && m.action == MixlistAction::Add;
        });
        for (const auto &m : p.marks) {
            if (m.action != MixlistAction::Add)
                continue;
            const std::string mark = mixlistMarkName(m.list, m.action);
            const std::string at = where(mixlistPath, m);
            if (m.list == MixlistList::Black) {
                p.explanation += "; " + CoreText::tr("%1 at %2 -> black (X3)", mark, at);
            } else if (m.list == MixlistList::White) {
                p.explanation += "; "
                    + (addBlack
                           ? CoreText::tr("%1 at %2 ignored: black-list.to-add wins (X3)", mark, at)
                           : CoreText::tr("%1 at %2 -> white (X3)", mark, at));
            } else {
                p.explanation
                    += "; " + CoreText::tr("%1 at %2 changes nothing by itself (X3)", mark, at);
                const bool alone
                    = std::all_of(p.marks.begin(), p.marks.end(), [](const MixlistMark &o) {
                          return o.list == MixlistList::Gray && o.action == MixlistAction::Add;
                      });
                if (alone && &m == &p.marks.front())
                    table.m_warnings.push_back(
                        {Severity::Warning,
                         {mixlistPath, m.line, m.column},
                         "X3",
                         CoreText::tr("gray-list.to-add of '%1' alone changes nothing", type),
                         p.library == Policy::Gray
                             ? CoreText::tr("the op is gray already: remove the entry")
                             : CoreText::tr("to make this %1 op gray use %2.to-remove",
                                            policyName(p.library), mixlistListKey(current))});
            }
        }
        if (!p.marks.empty())
            p.explanation += "; " + CoreText::tr("effective %1", policyName(p.effective));
        table.m_index.emplace(type, table.m_policies.size());
        table.m_policies.push_back(std::move(p));
    }
    return table;
}

const OpPolicy *PolicyTable::find(std::string_view type) const
{
    const auto it = m_index.find(std::string(type));
    return it == m_index.end() ? nullptr : &m_policies[it->second];
}

Policy PolicyTable::effective(std::string_view type) const
{
    const OpPolicy *p = find(type);
    return p ? p->effective : Policy::Gray;
}

} // namespace opsinfo
