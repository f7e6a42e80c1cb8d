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
        : m_text(text), m_file(file), m_lenient(lenient), m_lines(text)
    {}

    MixlistParseResult run()
    {
        auto json = readLocatedJson(m_text);
        reportIssues(json.issues);
        if (m_lenient && m_text.find("\r\n") != std::string_view::npos)
            add(Severity::Warning, m_text.find("\r\n"), "CRLF line ends (a canonical export uses LF)",
                "nothing to do: they are harmless to the compiler");
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
        const auto [line, column] = m_lines.position(offset);
        m_result.diagnostics.push_back(
            {severity, {m_file, line, column}, "X1", std::move(message), std::move(hint)});
    }

    Severity repairable() const { return m_lenient ? Severity::Warning : Severity::Error; }

    void reportIssues(const std::vector<LocatedJsonIssue> &issues)
    {
        for (const auto &issue : issues) {
            switch (issue.kind) {
            case LocatedJsonIssue::Kind::LineComment:
            case LocatedJsonIssue::Kind::BlockComment:
                if (m_lenient)
                    add(Severity::Warning, issue.offset, "removed a comment",
                        "the compiler rejects comments; export the file to get a clean copy");
                else
                    add(Severity::Error, issue.offset,
                        "comment: the compiler's JSON parser does not accept comments",
                        "remove the comment, or import the file leniently and export it");
                break;
            case LocatedJsonIssue::Kind::TrailingComma:
                if (m_lenient)
                    add(Severity::Warning, issue.offset, "removed a trailing comma",
                        "the compiler rejects trailing commas; export the file to get a clean copy");
                else
                    add(Severity::Error, issue.offset, "trailing comma before the closing bracket",
                        "remove this comma");
                break;
            case LocatedJsonIssue::Kind::Bom:
                add(Severity::Warning, issue.offset, "UTF-8 byte-order mark at the start of the file",
                    "save the file without BOM; an export never writes one");
                break;
            }
        }
    }

    // Resolves a key against `allowed`; returns the index, or -1 after reporting.
    int resolveKey(const LocatedJsonMember &member, const std::string_view *allowed, std::size_t count,
                   const char *where)
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
            const auto index = int(std::find(candidates.begin(), candidates.end(), *guess) - candidates.begin());
            if (m_lenient) {
                add(Severity::Warning, member.keyOffset,
                    "read unknown key '" + member.key + "' as '" + *guess + "'",
                    "the compiler rejects '" + member.key + "'; export the file to get a clean copy");
                return index;
            }
            add(Severity::Error, member.keyOffset,
                "unknown key '" + member.key + "' \xE2\x80\x94 did you mean '" + *guess + "'?",
                "rename it to '" + *guess + "' (allowed " + where + ": " + all + ")");
            return -1;
        }
        add(m_lenient ? Severity::Warning : Severity::Error, member.keyOffset,
            (m_lenient ? "ignored unknown key '" : "unknown key '") + member.key + "'",
            std::string("allowed ") + where + ": " + all);
        return -1;
    }

    void duplicate(const LocatedJsonMember &member, std::string_view key, std::size_t firstOffset)
    {
        const int firstLine = m_lines.position(firstOffset).first;
        if (m_lenient)
            add(Severity::Warning, member.keyOffset,
                "merged duplicate key '" + std::string(key) + "' (first at line " +
                    std::to_string(firstLine) + ")",
                "the compiler rejects duplicate keys; export the file to get a clean copy");
        else
            add(Severity::Error, member.keyOffset,
                "duplicate key '" + std::string(key) + "' (first at line " + std::to_string(firstLine) + ")",
                "merge both into one '" + std::string(key) + "'");
    }

    void readRoot(const LocatedJson &root)
    {
        if (root.kind != LocatedJson::Kind::Object) {
            add(Severity::Error, root.offset,
                std::string("a mixlist is a JSON object, found ") + locatedJsonKindName(root.kind),
                "write { \"black-list\": { \"to-add\": [ ... ] } }");
            return;
        }
        std::map<int, std::size_t> seen;
        for (const auto &member : root.members) {
            const int index = resolveKey(member, listKeys, 3, "keys");
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
                "'" + member.key + "' must be an object, found " + locatedJsonKindName(value.kind),
                "write \"" + std::string(mixlistListKey(list)) + "\": { \"to-add\": [ ... ] }");
            return;
        }
        std::map<int, std::size_t> seen;
        for (const auto &action : value.members) {
            const int index = resolveKey(action, actionKeys, 2, "keys in a list");
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
            std::string hint = "write \"" + std::string(mixlistActionKey(action)) + "\": [\"OpType\", ...]";
            if (value.kind == LocatedJson::Kind::String)
                hint = "put the op type in brackets: [" + std::string(m_text.substr(value.offset, value.text.size() + 2)) + "]";
            add(Severity::Error, value.offset,
                "'" + name + "' must be an array of op types, found " + locatedJsonKindName(value.kind), hint);
            return;
        }
        for (const auto &element : value.elements) {
            if (element.kind != LocatedJson::Kind::String) {
                add(Severity::Error, element.offset,
                    "'" + name + "' holds " + locatedJsonKindName(element.kind) +
                        "; every entry must be an op type string",
                    element.kind == LocatedJson::Kind::Object || element.kind == LocatedJson::Kind::Array
                        ? "flatten it to \"OpType\" strings"
                        : "quote it: \"" + element.text + "\"");
                continue;
            }
            const auto [line, column] = m_lines.position(element.offset);
            m_result.mixlist.add(list, action, element.text, line, column);
        }
    }

    std::string_view m_text;
    const std::string &m_file;
    bool m_lenient;
    JsonLineIndex m_lines;
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
