#include "mixlist/oppolicy.h"

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
            p.explanation = std::string(policyName(p.library)) + " in " +
                            (p.libraryFile.empty() ? std::string("the library") : p.libraryFile) + " (L2)";
        } else {
            p.explanation = "not in the library (gray)";
        }
        if (auto it = marksByType.find(type); it != marksByType.end())
            p.marks = it->second;
        p.effective = applyMarks(p.library, p.marks);

        const MixlistList current = listOf(p.library);
        for (const auto &m : p.marks) {
            const std::string mark = mixlistMarkName(m.list, m.action) + " at " + where(mixlistPath, m);
            if (m.action == MixlistAction::Remove && m.list == current) {
                p.explanation += "; " + mark + " -> gray (X3)";
            } else if (m.action == MixlistAction::Remove) {
                p.explanation += "; " + mark + " does nothing: the op is not on that list (X3)";
                table.m_warnings.push_back(
                    {Severity::Warning, {mixlistPath, m.line, m.column}, "X3",
                     mixlistMarkName(m.list, m.action) + " of '" + type + "' does nothing: it is " +
                         policyName(p.library) + " in the library, not on " + mixlistListKey(m.list),
                     std::string("remove the entry, or use ") + mixlistListKey(current) +
                         ".to-remove to make it gray"});
            }
        }
        const bool addBlack = std::any_of(p.marks.begin(), p.marks.end(), [](const MixlistMark &m) {
            return m.list == MixlistList::Black && m.action == MixlistAction::Add;
        });
        for (const auto &m : p.marks) {
            if (m.action != MixlistAction::Add)
                continue;
            const std::string mark = mixlistMarkName(m.list, m.action) + " at " + where(mixlistPath, m);
            if (m.list == MixlistList::Black) {
                p.explanation += "; " + mark + " -> black (X3)";
            } else if (m.list == MixlistList::White) {
                p.explanation += addBlack ? "; " + mark + " ignored: black-list.to-add wins (X3)"
                                          : "; " + mark + " -> white (X3)";
            } else {
                p.explanation += "; " + mark + " changes nothing by itself (X3)";
                const bool alone = std::all_of(p.marks.begin(), p.marks.end(), [](const MixlistMark &o) {
                    return o.list == MixlistList::Gray && o.action == MixlistAction::Add;
                });
                if (alone && &m == &p.marks.front())
                    table.m_warnings.push_back(
                        {Severity::Warning, {mixlistPath, m.line, m.column}, "X3",
                         "gray-list.to-add of '" + type + "' alone changes nothing",
                         p.library == Policy::Gray
                             ? std::string("the op is gray already: remove the entry")
                             : std::string("to make this ") + policyName(p.library) + " op gray use " +
                                   mixlistListKey(current) + ".to-remove"});
            }
        }
        if (!p.marks.empty())
            p.explanation += std::string("; effective ") + policyName(p.effective);
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
