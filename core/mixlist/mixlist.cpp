#include "mixlist/mixlist.h"

#include "common/coretext.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>

namespace opsinfo {

void Mixlist::add(MixlistList list, MixlistAction action, std::string opType, int line, int column)
{
    entries(list, action).push_back({std::move(opType), line, column});
}

bool Mixlist::empty() const
{
    return entryCount() == 0;
}

std::size_t Mixlist::entryCount() const
{
    std::size_t n = 0;
    for (const auto &v : m_entries)
        n += v.size();
    return n;
}

std::vector<MixlistMark> Mixlist::marksFor(std::string_view type) const
{
    std::vector<MixlistMark> marks;
    for (auto list : lists) {
        for (auto action : actions) {
            for (const auto &e : entries(list, action)) {
                if (e.opType == type)
                    marks.push_back({list, action, e.line, e.column});
            }
        }
    }
    return marks;
}

std::map<std::string, std::vector<MixlistMark>, std::less<>> Mixlist::marksByType() const
{
    std::map<std::string, std::vector<MixlistMark>, std::less<>> out;
    for (auto list : lists)
        for (auto action : actions)
            for (const auto &e : entries(list, action))
                out[e.opType].push_back({list, action, e.line, e.column});
    return out;
}

std::set<std::string, std::less<>> Mixlist::opTypes() const
{
    std::set<std::string, std::less<>> types;
    for (const auto &v : m_entries)
        for (const auto &e : v)
            types.insert(e.opType);
    return types;
}

bool Mixlist::sameContent(const Mixlist &other) const
{
    for (std::size_t i = 0; i < m_entries.size(); ++i) {
        std::set<std::string> a, b;
        for (const auto &e : m_entries[i])
            a.insert(e.opType);
        for (const auto &e : other.m_entries[i])
            b.insert(e.opType);
        if (a != b)
            return false;
    }
    return true;
}

const char *mixlistListKey(MixlistList list)
{
    switch (list) {
    case MixlistList::Black:
        return "black-list";
    case MixlistList::White:
        return "white-list";
    case MixlistList::Gray:
        return "gray-list";
    }
    return "gray-list";
}

const char *mixlistActionKey(MixlistAction action)
{
    return action == MixlistAction::Add ? "to-add" : "to-remove";
}

std::string mixlistMarkName(MixlistList list, MixlistAction action)
{
    return std::string(mixlistListKey(list)) + '.' + mixlistActionKey(action);
}

MixlistList listOf(Policy policy)
{
    switch (policy) {
    case Policy::Black:
        return MixlistList::Black;
    case Policy::White:
        return MixlistList::White;
    case Policy::Gray:
        return MixlistList::Gray;
    }
    return MixlistList::Gray;
}

namespace {

unsigned markBit(MixlistList list, MixlistAction action)
{
    return 1u << (unsigned(list) * 2 + unsigned(action));
}

unsigned markSet(const std::vector<MixlistMark> &marks)
{
    unsigned set = 0;
    for (const auto &m : marks)
        set |= markBit(m.list, m.action);
    return set;
}

// SEMANTICS §3 X2, in the order listed there.
const std::array<unsigned, 11> &allowedSets()
{
    using L = MixlistList;
    using A = MixlistAction;
    static const std::array<unsigned, 11> sets {
        markBit(L::Black, A::Remove),
        markBit(L::White, A::Remove),
        markBit(L::Gray, A::Add),
        markBit(L::Gray, A::Add) | markBit(L::Black, A::Remove),
        markBit(L::Gray, A::Add) | markBit(L::White, A::Remove),
        markBit(L::White, A::Add),
        markBit(L::White, A::Add) | markBit(L::Gray, A::Remove),
        markBit(L::White, A::Add) | markBit(L::Black, A::Remove),
        markBit(L::Black, A::Add),
        markBit(L::Black, A::Add) | markBit(L::Gray, A::Remove),
        markBit(L::Black, A::Add) | markBit(L::White, A::Remove),
    };
    return sets;
}

} // namespace

bool isAllowedMarkCombination(const std::vector<MixlistMark> &marks)
{
    const unsigned set = markSet(marks);
    const auto &allowed = allowedSets();
    return std::find(allowed.begin(), allowed.end(), set) != allowed.end();
}

std::vector<Diagnostic> checkMixlistCombinations(const Mixlist &mixlist, const std::string &file)
{
    std::vector<Diagnostic> out;
    for (const auto &[type, marks] : mixlist.marksByType()) {
        if (isAllowedMarkCombination(marks))
            continue;
        int adds = 0;
        int removes = 0;
        std::string listed;
        unsigned seen = 0;
        for (const auto &m : marks) {
            const unsigned bit = markBit(m.list, m.action);
            if (seen & bit)
                continue; // a duplicate is a lint finding, not part of the combination
            seen |= bit;
            (m.action == MixlistAction::Add ? adds : removes)++;
            if (!listed.empty())
                listed += ", ";
            listed += mixlistMarkName(m.list, m.action) + " (line " + std::to_string(m.line) + ')';
        }
        std::string hint;
        if (adds > 1)
            hint = CoreText::tr("keep only the to-add of the colour you want");
        else if (removes > 1)
            hint = CoreText::tr(
                "keep one to-remove: an op is on one list, so only that list's to-remove matters");
        else
            hint = CoreText::tr(
                "an op may be added to one list and removed from one other list, not added to and removed from the same list");
        const auto &first = marks.front();
        // `listed` is data: "black-list.to-add (line 3), white-list.to-add (line 5)".
        out.push_back(
            {Severity::Error,
             {file, first.line, first.column},
             "X2",
             CoreText::tr(
                 "op type '%1' is in %2: not one of the 11 combinations the compiler accepts", type,
                 listed),
             hint});
    }
    return out;
}

std::string writeMixlist(const Mixlist &mixlist)
{
    std::string out;
    bool firstList = true;
    for (auto list : Mixlist::lists) {
        std::map<MixlistAction, std::set<std::string>> content;
        for (auto action : Mixlist::actions)
            for (const auto &e : mixlist.entries(list, action))
                content[action].insert(e.opType);
        if (content.empty())
            continue;
        out += firstList ? "{\n" : ",\n";
        firstList = false;
        out += "    \"" + std::string(mixlistListKey(list)) + "\": {\n";
        bool firstAction = true;
        for (const auto &[action, types] : content) {
            if (!firstAction)
                out += ",\n";
            firstAction = false;
            out += "        \"" + std::string(mixlistActionKey(action)) + "\": [\n";
            bool firstType = true;
            for (const auto &type : types) {
                if (!firstType)
                    out += ",\n";
                firstType = false;
                out += "            "
                    + nlohmann::json(type).dump(-1, ' ', false,
                                                nlohmann::json::error_handler_t::replace);
            }
            out += "\n        ]";
        }
        out += "\n    }";
    }
    out += firstList ? "{}\n" : "\n}\n";
    return out;
}

} // namespace opsinfo
