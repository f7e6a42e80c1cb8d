#include "library/jsonlibraryparser.h"

#include "common/coretext.h"
#include "common/jsonsyntaxcheck.h"

#include <algorithm>
#include <iterator>
#include <tuple>
#include <unordered_map>
#include <utility>

namespace opsinfo {

namespace ondemand = simdjson::ondemand;

namespace {

const char *jsonTypeName(ondemand::json_type type)
{
    switch (type) {
    case ondemand::json_type::array:
        return "an array";
    case ondemand::json_type::object:
        return "an object";
    case ondemand::json_type::number:
        return "a number";
    case ondemand::json_type::string:
        return "a string";
    case ondemand::json_type::boolean:
        return "a boolean";
    case ondemand::json_type::null:
        return "null";
    }
    return "a value";
}

// `afterQuote` points just past an opening quote of a string simdjson has validated.
const char *stringTokenEnd(const char *afterQuote)
{
    const char *p = afterQuote;
    while (*p != '"') {
        if (*p == '\\')
            ++p;
        ++p;
    }
    return p + 1;
}

// a < b for keys, deciding on the first byte inline: sorted keys mostly differ there.
bool keyLess(std::string_view a, std::string_view b)
{
    if (!a.empty() && !b.empty() && a.front() != b.front())
        return static_cast<unsigned char>(a.front()) < static_cast<unsigned char>(b.front());
    return a < b;
}

} // namespace

JsonLibraryParser::JsonLibraryParser(std::string_view text, std::size_t jsonBegin,
                                     const std::string &file, LineCursor cursor)
    : m_text(text)
    , m_jsonBegin(jsonBegin)
    , m_file(file)
    , m_cursor(cursor)
    , m_arena(std::make_shared<OpEntryArena>())
{
}

ParsedLibraryFile JsonLibraryParser::run(ondemand::parser &parser,
                                         simdjson::padded_string_view json)
{
    m_json = json.data();
    simdjson::error_code error = parser.iterate(json).get(m_doc);
    if (error)
        return syntaxFailure(error);
    ondemand::object top;
    error = m_doc.get_object().get(top);
    if (error == simdjson::INCORRECT_TYPE) {
        ondemand::json_type type = ondemand::json_type::null;
        (void)m_doc.type().get(type);
        const std::size_t first = m_text.find_first_not_of(" \t\r\n", m_jsonBegin);
        report(first == std::string_view::npos ? m_text.size() : first, Severity::Error, "L4",
               CoreText::tr("the top level is %1", jsonTypeName(type)) + "; "
                   + CoreText::tr("an ops-info library is an object of op types"),
               CoreText::tr("expected {\"OpType\": {\"item\": {\"key\": \"value\"}}}"));
        return finish(false);
    }
    if (error)
        return syntaxFailure(error);

    std::string_view previousType;
    // Canonical files are sorted: no duplicate is possible while the types keep ascending.
    std::unordered_map<std::string_view, std::size_t> seen;
    std::vector<OpEntry> &entries = m_result.entries;
    entries.clear();
    entries.reserve(json.size() / 1024 + 16); // real ops take 1-2 KB: one allocation, no moves
    for (auto fieldResult : top) {
        ondemand::field field;
        if ((error = std::move(fieldResult).get(field)))
            return syntaxFailure(error);
        const char *keyRaw = field.key().raw();
        std::string_view type;
        if ((error = field.unescaped_key().get(type)))
            return syntaxFailure(error);
        OpEntry &entry = entries.emplace_back(); // filled in place; popped when not kept
        entry.type = type;
        entry.keyBegin = offsetOf(keyRaw - 1);
        entry.keyEnd = offsetOf(stringTokenEnd(keyRaw));
        entry.location = m_cursor.locate(entry.keyBegin, m_file);
        bool isObject = false;
        if ((error = parseOp(entry, field.value(), isObject)))
            return syntaxFailure(error);
        if (!isObject) {
            entries.pop_back();
            continue;
        }
        deriveEntryFields(entry, m_positions, EntryRules {}, *this);

        if (m_ascending && entries.size() > 1 && !keyLess(previousType, type)) {
            m_ascending = false;
            for (std::size_t i = 0; i < m_entryKeys.size(); ++i)
                seen.emplace(m_entryKeys[i], i);
        }
        previousType = type;
        if (!m_ascending) {
            auto [it, inserted] = seen.try_emplace(type, entries.size() - 1);
            if (!inserted) {
                OpEntry &earlier = entries[it->second];
                report(
                    entry.keyBegin, Severity::Warning, "duplicate-key",
                    CoreText::tr("op '%1' is defined twice (line %2 and here)", type,
                                 earlier.location.line)
                        + "; "
                        + CoreText::tr(
                            "the later definition (this one) wins, as JSON loaders keep the last"),
                    CoreText::tr("remove one of the two definitions"));
                earlier = std::move(entry);
                entries.pop_back();
                continue;
            }
        }
        m_entryKeys.push_back(type);
    }
    const char *rest = nullptr;
    if (m_doc.current_location().get(rest) == simdjson::SUCCESS)
        return syntaxFailure(simdjson::TRAILING_CONTENT);
    return finish(true);
}

void JsonLibraryParser::report(std::size_t offset, Severity severity, std::string code,
                               std::string message, std::string hint)
{
    Diagnostic d;
    d.severity = severity;
    d.code = std::move(code);
    d.message = std::move(message);
    d.hint = std::move(hint);
    if (offset == OpEntry::npos) {
        d.location.file = m_file;
    } else {
        if (!m_lines)
            m_lines.emplace(m_text);
        d.location = m_lines->locate(offset, m_file);
    }
    m_result.diagnostics.push_back(std::move(d));
}

void JsonLibraryParser::offerFix(std::size_t offset, std::string_view original,
                                 std::string replacement)
{
    if (m_result.diagnostics.empty() || m_text.substr(offset, original.size()) != original)
        return;
    m_result.diagnostics.back().fix
        = TextFix {offset, std::string(original), std::move(replacement)};
}

std::size_t JsonLibraryParser::offsetInValue(std::size_t valueOffset, std::size_t index) const
{
    if (valueOffset >= m_text.size() || m_text[valueOffset] != '"')
        return valueOffset;
    const auto hex4 = [this](std::size_t at, unsigned &cp) {
        if (at + 4 > m_text.size())
            return false;
        cp = 0;
        for (std::size_t k = at; k < at + 4; ++k) {
            const char c = m_text[k];
            const int digit = c >= '0' && c <= '9' ? c - '0'
                : c >= 'a' && c <= 'f'             ? c - 'a' + 10
                : c >= 'A' && c <= 'F'             ? c - 'A' + 10
                                                   : -1;
            if (digit < 0)
                return false;
            cp = cp * 16 + unsigned(digit);
        }
        return true;
    };
    std::size_t raw = valueOffset + 1;
    std::size_t decoded = 0; // bytes of the unescaped value before `raw`
    while (decoded < index && raw < m_text.size() && m_text[raw] != '"') {
        if (m_text[raw] != '\\') {
            ++raw;
            ++decoded;
            continue;
        }
        unsigned cp = 0;
        if (raw + 1 < m_text.size() && m_text[raw + 1] == 'u' && hex4(raw + 2, cp)) {
            unsigned low = 0;
            if (cp >= 0xd800 && cp < 0xdc00 && raw + 11 < m_text.size() && m_text[raw + 6] == '\\'
                && m_text[raw + 7] == 'u' && hex4(raw + 8, low) && low >= 0xdc00 && low < 0xe000) {
                raw += 12;
                decoded += 4;
            } else {
                raw += 6;
                decoded += cp < 0x80 ? 1 : cp < 0x800 ? 2 : 3;
            }
        } else {
            raw += 2;
            ++decoded;
        }
    }
    return raw;
}

// Offset just past the '}' of the object whose iteration has just ended: simdjson then stands
// on the next structural character, and only whitespace lies between.
std::size_t JsonLibraryParser::closedObjectEnd()
{
    const char *next = nullptr;
    if (m_doc.current_location().get(next))
        next = m_text.data() + m_text.size();
    const char *p = next - 1;
    while (p > m_json && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
        --p;
    return *p == '}' ? offsetOf(p + 1) : OpEntry::npos;
}

void JsonLibraryParser::reportWrongType(ondemand::value &value, ondemand::json_type type,
                                        Expected expected, std::string_view op,
                                        std::string_view item, std::string_view key)
{
    std::string_view token = value.raw_json_token();
    while (!token.empty()
           && (token.back() == ' ' || token.back() == '\n' || token.back() == '\r'
               || token.back() == '\t' || token.back() == ','))
        token.remove_suffix(1);
    // The value itself is shown for a scalar: "a boolean (true)".
    const bool show = type != ondemand::json_type::object && type != ondemand::json_type::array
        && type != ondemand::json_type::null;
    const std::string_view shown = token.substr(0, 24);
    const char *got = jsonTypeName(type);
    std::string message;
    std::string hint;
    switch (expected) {
    case Expected::ObjectOfItems:
        message = show
            ? CoreText::tr("op '%1': %2 (%3) where an object of items belongs", op, got, shown)
            : CoreText::tr("op '%1': %2 where an object of items belongs", op, got);
        hint = CoreText::tr("write an object of items here");
        break;
    case Expected::ObjectOfPairs:
        message = show
            ? CoreText::tr(
                "op '%1', item '%2': %3 (%4) where an object of key/string pairs belongs", op, item,
                got, shown)
            : CoreText::tr("op '%1', item '%2': %3 where an object of key/string pairs belongs", op,
                           item, got);
        hint = CoreText::tr("write an object of key/string pairs here");
        break;
    case Expected::String:
        message = show
            ? CoreText::tr("op '%1', item '%2', key '%3': %4 (%5) where a string belongs", op, item,
                           key, got, shown)
            : CoreText::tr("op '%1', item '%2', key '%3': %4 where a string belongs", op, item, key,
                           got);
        hint = CoreText::tr("quote it: every leaf of an ops-info file is a JSON string");
        break;
    }
    report(offsetOf(token.data()), Severity::Error, "L4",
           message + "; " + CoreText::tr("the real loader rejects the whole file"),
           std::move(hint));
}

simdjson::error_code JsonLibraryParser::parseOp(OpEntry &entry, ondemand::value value,
                                                bool &isObject)
{
    ondemand::json_type type;
    if (auto error = value.type().get(type))
        return error;
    if (type != ondemand::json_type::object) {
        reportWrongType(value, type, Expected::ObjectOfItems, entry.type);
        return simdjson::SUCCESS;
    }
    isObject = true;
    entry.valueBegin = offsetOf(value.raw_json_token().data());
    ondemand::object object;
    if (auto error = value.get_object().get(object))
        return error;
    m_positions.clear();
    m_itemKeyOffsets.clear();
    m_itemNames.clear();
    m_opLeaves.clear();
    m_opText = {};
    std::string_view greatestName; // a name above every earlier one cannot be a duplicate
    for (auto itemResult : object) {
        ondemand::field field;
        if (auto error = std::move(itemResult).get(field))
            return error;
        const char *keyRaw = field.key().raw();
        std::string_view name;
        if (auto error = field.unescaped_key().get(name))
            return error;
        m_opText.add(name);
        if (auto error = parseItem(entry, name, keyRaw, field.value(), greatestName))
            return error;
        if (keyLess(greatestName, name))
            greatestName = name;
    }
    entry.valueEnd = closedObjectEnd();
    storeItems(entry, m_arena, m_itemNames, m_positions, m_opLeaves, &m_opText);
    return simdjson::SUCCESS;
}

simdjson::error_code JsonLibraryParser::parseItem(OpEntry &entry, std::string_view name,
                                                  const char *keyRaw, ondemand::value value,
                                                  std::string_view greatestName)
{
    ondemand::json_type type;
    if (auto error = value.type().get(type))
        return error;
    if (type != ondemand::json_type::object) {
        reportWrongType(value, type, Expected::ObjectOfPairs, entry.type, name);
        return simdjson::SUCCESS;
    }
    ondemand::object object;
    if (auto error = value.get_object().get(object))
        return error;
    const bool precisionReduce = name == "precision_reduce";
    // the leaves go straight into m_opLeaves, in step with m_positions.offsets
    const std::size_t firstLeaf = m_positions.offsets.size();
    std::string_view greatestKey; // a key above every earlier one cannot be a duplicate
    for (auto leafResult : object) {
        ondemand::field field;
        if (auto error = std::move(leafResult).get(field))
            return error;
        std::string_view key;
        if (auto error = field.unescaped_key().get(key))
            return error;
        ondemand::value &leaf = field.value();
        const char *token = leaf.raw_json_token().data();
        std::string_view text;
        if (auto error = leaf.get_string().get(text)) {
            // not a string (On-Demand leaves the value unread, so it can be looked at again)
            ondemand::json_type leafType;
            if (error != simdjson::INCORRECT_TYPE || leaf.type().get(leafType))
                return error;
            reportWrongType(leaf, leafType, Expected::String, entry.type, name, key);
            continue;
        }
        if (precisionReduce && key == "flag") {
            entry.flagBegin = offsetOf(token);
            entry.flagEnd = offsetOf(stringTokenEnd(token + 1));
        }
        if (m_opLeaves.size() > firstLeaf && !keyLess(greatestKey, key)) {
            const auto begin = m_opLeaves.begin() + std::ptrdiff_t(firstLeaf);
            auto same = std::find_if(begin, m_opLeaves.end(),
                                     [key](const auto &kv) { return kv.first == key; });
            if (same != m_opLeaves.end()) {
                const std::size_t k = std::size_t(same - begin);
                report(offsetOf(token), Severity::Warning, "duplicate-key",
                       CoreText::tr("op '%1', item '%2': key '%3' appears twice (line %4 and here)",
                                    entry.type, name, key,
                                    lineOf(m_positions.offsets[firstLeaf + k]))
                           + "; "
                           + CoreText::tr("the later value wins, as JSON loaders keep the last"),
                       CoreText::tr("remove one of them"));
                m_opText.add(text);
                same->second = text;
                m_positions.offsets[firstLeaf + k] = offsetOf(token);
                continue;
            }
        }
        if (keyLess(greatestKey, key))
            greatestKey = key;
        m_opText.add(key);
        m_opText.add(text);
        m_opLeaves.emplace_back(key, text);
        m_positions.offsets.push_back(offsetOf(token));
    }

    const std::pair<std::uint32_t, std::uint32_t> range {
        std::uint32_t(firstLeaf), std::uint32_t(m_opLeaves.size() - firstLeaf)};
    if (precisionReduce) {
        entry.precisionReduceBegin = offsetOf(keyRaw - 1);
        entry.precisionReduceEnd = closedObjectEnd();
    }
    if (!m_itemNames.empty() && !keyLess(greatestName, name)) {
        auto same = std::find(m_itemNames.begin(), m_itemNames.end(), name);
        if (same != m_itemNames.end()) {
            const std::size_t i = std::size_t(same - m_itemNames.begin());
            report(
                offsetOf(keyRaw - 1), Severity::Warning, "duplicate-key",
                CoreText::tr("op '%1': item '%2' appears twice (line %3 and here)", entry.type,
                             name, lineOf(m_itemKeyOffsets[i]))
                    + "; "
                    + CoreText::tr("the later one wins as a whole, as JSON loaders keep the last"),
                CoreText::tr("remove one of them"));
            m_positions.ranges[i] = range; // the earlier leaves stay unused in m_opLeaves
            m_itemKeyOffsets[i] = offsetOf(keyRaw - 1);
            return simdjson::SUCCESS;
        }
    }
    m_itemNames.push_back(name);
    m_positions.ranges.push_back(range);
    m_itemKeyOffsets.push_back(offsetOf(keyRaw - 1));
    return simdjson::SUCCESS;
}

int JsonLibraryParser::lineOf(std::size_t offset)
{
    if (!m_lines)
        m_lines.emplace(m_text);
    return m_lines->locate(offset, m_file).line;
}

ParsedLibraryFile JsonLibraryParser::syntaxFailure(simdjson::error_code error)
{
    m_result.entries.clear();
    m_result.diagnostics.clear();
    m_result.readable = false;
    if (m_quickFail) {
        report(OpEntry::npos, Severity::Error, "json-syntax", simdjson::error_message(error), {});
        return std::move(m_result);
    }
    if (auto syntax = findJsonSyntaxError(m_text)) {
        report(syntax->offset, Severity::Error, "json-syntax",
               CoreText::tr("invalid JSON: %1", syntax->message),
               CoreText::tr("fix the syntax") + "; "
                   + CoreText::tr("the real loader refuses the whole file"));
    } else {
        const char *at = nullptr;
        const bool located = m_doc.current_location().get(at) == simdjson::SUCCESS;
        report(located ? offsetOf(at) : OpEntry::npos, Severity::Error, "json-syntax",
               CoreText::tr("invalid JSON: %1", simdjson::error_message(error)),
               CoreText::tr("fix the syntax") + "; "
                   + CoreText::tr("the real loader refuses the whole file"));
    }
    m_result.readable = false;
    return std::move(m_result);
}

ParsedLibraryFile JsonLibraryParser::finish(bool readable)
{
    // A wrong-type finding may really be a typo in a literal (`trux`): if the text is not JSON
    // at all, say that instead.
    if (!m_quickFail && hasErrors(m_result.diagnostics) && findJsonSyntaxError(m_text))
        return syntaxFailure(simdjson::TAPE_ERROR);
    m_result.readable = readable;
    if (!readable)
        m_result.entries.clear();
    return std::move(m_result);
}

} // namespace opsinfo
