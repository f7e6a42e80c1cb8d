#include "common/coretext.h"
#include "common/lineindex.h"
#include "mixlist/locatedjson.h"
#include "mixlist/mixlist.h"
#include "mixlist/nearestname.h"

#include <algorithm>
#include <map>

namespace opsinfo {

namespace {

constexpr std::string_view listKeys[] = {"black-list", "white-list", "gray-list"};
constexpr std::string_view actionKeys[] = {"to-add", "to-remove"};

// Reads a located JSON tree into a Mixlist; `lenient` turns repairable X1 problems into warnings.
class MixlistReader
{
public:
    MixlistReader(std::string_view text, const std::string &file, bool lenient)
        : m_text(text)
        , m_file(file)
        , m_lenient(lenient)
        , m_lines(text)
    {
    }

    MixlistParseResult run()
    {
        auto json = readLocatedJson(m_text);
        reportIssues(json.issues);
        if (m_lenient && m_text.find("\r\n") != std::string_view::npos)
            add(Severity::Warning, m_text.find("\r\n"),
                CoreText::tr("CRLF line ends (a canonical export uses LF)"),
                CoreText::tr("nothing to do: they are harmless to the compiler"));
        if (json.error) {
            add(Severity::Error, json.error->offset, json.error->message, json.error->hint);
        } else if (json.root) {
            readRoot(*json.root);
            for (auto &d : checkMixlistCombinations(m_result.mixlist, m_file))
                m_result.diagnostics.push_back(std::move(d));
        }
        return std::move(m_result);
    }

private:
    void add(Severity severity, std::size_t offset, std::string message, std::string hint = {})
    {
        m_result.diagnostics.push_back(
            {severity, m_lines.locate(offset, m_file), "X1", std::move(message), std::move(hint)});
    }

    Severity repairable() const { return m_lenient ? Severity::Warning : Severity::Error; }

    void reportIssues(const std::vector<LocatedJsonIssue> &issues)
    {
        for (const auto &issue : issues) {
            switch (issue.kind) {
            case LocatedJsonIssue::Kind::LineComment:
            case LocatedJsonIssue::Kind::BlockComment:
                if (m_lenient)
                    add(Severity::Warning, issue.offset, CoreText::tr("removed a comment"),
                        CoreText::tr("the compiler rejects comments") + "; "
                            + CoreText::tr("export the file to get a clean copy"));
                else
                    add(Severity::Error, issue.offset,
                        CoreText::tr(
                            "comment: the compiler's JSON parser does not accept comments"),
                        CoreText::tr(
                            "remove the comment, or import the file leniently and export it"));
                break;
            case LocatedJsonIssue::Kind::TrailingComma:
                if (m_lenient)
                    add(Severity::Warning, issue.offset, CoreText::tr("removed a trailing comma"),
                        CoreText::tr("the compiler rejects trailing commas") + "; "
                            + CoreText::tr("export the file to get a clean copy"));
                else
                    add(Severity::Error, issue.offset,
                        CoreText::tr("trailing comma before the closing bracket"),
                        CoreText::tr("remove this comma"));
                break;
            case LocatedJsonIssue::Kind::Bom:
                add(Severity::Warning, issue.offset,
                    CoreText::tr("UTF-8 byte-order mark at the start of the file"),
                    CoreText::tr("save the file without BOM") + "; "
                        + CoreText::tr("an export never writes one"));
                break;
            }
        }
    }

    // Resolves a key against `allowed` (the keys of a list object when `inList`, else the root's);
    // returns the index, or -1 after reporting.
    int resolveKey(const LocatedJsonMember &member, const std::string_view *allowed,
                   std::size_t count, bool inList)
    {
        for (std::size_t i = 0; i < count; ++i)
            if (member.key == allowed[i])
                return int(i);
        std::vector<std::string> candidates(allowed, allowed + count);
        const auto guess = nearestKey(member.key, candidates);
        std::string all;
        for (std::size_t i = 0; i < count; ++i)
            all += (i ? ", " : "") + std::string(allowed[i]);
        if (guess) {
            const auto index
                = int(std::find(candidates.begin(), candidates.end(), *guess) - candidates.begin());
            if (m_lenient) {
                add(Severity::Warning, member.keyOffset,
                    CoreText::tr("read unknown key '%1' as '%2'", member.key, *guess),
                    CoreText::tr("the compiler rejects '%1'", member.key) + "; "
                        + CoreText::tr("export the file to get a clean copy"));
                return index;
            }
            add(Severity::Error, member.keyOffset,
                CoreText::tr("unknown key '%1' — did you mean '%2'?", member.key, *guess),
                inList ? CoreText::tr("rename it to '%1' (allowed keys in a list: %2)", *guess, all)
                       : CoreText::tr("rename it to '%1' (allowed keys: %2)", *guess, all));
            return -1;
        }
        add(m_lenient ? Severity::Warning : Severity::Error, member.keyOffset,
            m_lenient ? CoreText::tr("ignored unknown key '%1'", member.key)
                      : CoreText::tr("unknown key '%1'", member.key),
            inList ? CoreText::tr("allowed keys in a list: %1", all)
                   : CoreText::tr("allowed keys: %1", all));
        return -1;
    }

    void duplicate(const LocatedJsonMember &member, std::string_view key, std::size_t firstOffset)
    {
        const int firstLine = m_lines.locate(firstOffset).line;
        if (m_lenient)
            add(Severity::Warning, member.keyOffset,
                CoreText::tr("merged duplicate key '%1' (first at line %2)", key, firstLine),
                CoreText::tr("the compiler rejects duplicate keys") + "; "
                    + CoreText::tr("export the file to get a clean copy"));
        else
            add(Severity::Error, member.keyOffset,
                CoreText::tr("duplicate key '%1' (first at line %2)", key, firstLine),
                CoreText::tr("merge both into one '%1'", key));
    }

    void readRoot(const LocatedJson &root)
    {
        if (root.kind != LocatedJson::Kind::Object) {
            add(Severity::Error, root.offset,
                CoreText::tr("a mixlist is a JSON object, found %1",
                             locatedJsonKindName(root.kind)),
                CoreText::tr("write { \"black-list\": { \"to-add\": [ ... ] } }"));
            return;
        }
        std::map<int, std::size_t> seen;
        for (const auto &member : root.members) {
            const int index = resolveKey(member, listKeys, 3, false);
            if (index < 0)
                continue;
            if (auto it = seen.find(index); it != seen.end()) {
                duplicate(member, listKeys[index], it->second);
                if (!m_lenient)
                    continue;
            } else {
                seen[index] = member.keyOffset;
            }
            readList(member, MixlistList(index));
        }
    }

    void readList(const LocatedJsonMember &member, MixlistList list)
    {
        const auto &value = member.value;
        if (value.kind != LocatedJson::Kind::Object) {
            add(Severity::Error, value.offset,
                CoreText::tr("'%1' must be an object, found %2", member.key,
                             locatedJsonKindName(value.kind)),
                CoreText::tr("write \"%1\": { \"to-add\": [ ... ] }", mixlistListKey(list)));
            return;
        }
        std::map<int, std::size_t> seen;
        for (const auto &action : value.members) {
            const int index = resolveKey(action, actionKeys, 2, true);
            if (index < 0)
                continue;
            if (auto it = seen.find(index); it != seen.end()) {
                duplicate(action, actionKeys[index], it->second);
                if (!m_lenient)
                    continue;
            } else {
                seen[index] = action.keyOffset;
            }
            readEntries(action, list, MixlistAction(index));
        }
    }

    void readEntries(const LocatedJsonMember &member, MixlistList list, MixlistAction action)
    {
        const auto &value = member.value;
        const std::string name = mixlistMarkName(list, action);
        if (value.kind != LocatedJson::Kind::Array) {
            const std::string hint = value.kind == LocatedJson::Kind::String
                ? CoreText::tr("put the op type in brackets: [%1]",
                               m_text.substr(value.offset, value.text.size() + 2))
                : CoreText::tr("write \"%1\": [\"OpType\", ...]", mixlistActionKey(action));
            add(Severity::Error, value.offset,
                CoreText::tr("'%1' must be an array of op types, found %2", name,
                             locatedJsonKindName(value.kind)),
                hint);
            return;
        }
        for (const auto &element : value.elements) {
            if (element.kind != LocatedJson::Kind::String) {
                add(Severity::Error, element.offset,
                    CoreText::tr("'%1' holds %2", name, locatedJsonKindName(element.kind)) + "; "
                        + CoreText::tr("every entry must be an op type string"),
                    element.kind == LocatedJson::Kind::Object
                            || element.kind == LocatedJson::Kind::Array
                        ? CoreText::tr("flatten it to \"OpType\" strings")
                        : CoreText::tr("quote it: \"%1\"", element.text));
                continue;
            }
            const SourceLocation at = m_lines.locate(element.offset);
            m_result.mixlist.add(list, action, element.text, at.line, at.column);
        }
    }

    std::string_view m_text;
    const std::string &m_file;
    bool m_lenient;
    LineIndex m_lines;
    MixlistParseResult m_result;
};

} // namespace

MixlistParseResult parseMixlistStrict(std::string_view text, const std::string &file)
{
    return MixlistReader(text, file, false).run();
}

MixlistParseResult parseMixlistLenient(std::string_view text, const std::string &file)
{
    return MixlistReader(text, file, true).run();
}

} // namespace opsinfo
