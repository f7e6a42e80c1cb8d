#pragma once

// Internal to the library loader: the simdjson walk over one ops-info document (or one half of a
// big one, see jsonlibraryreader.cpp). Not part of the engine's API.

#include "common/lineindex.h"
#include "library/libraryfilereader.h"
#include "library/opentryfields.h"

#include <simdjson.h>

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace opsinfo {

// Keeps everything the UI and the editors need (verbatim items, byte spans, locations) while
// touching each byte once: simdjson's SIMD stage 1 plus one On-Demand walk; the only allocations
// per leaf are the std::strings the OpEntry model owns.
class JsonLibraryParser final : public EntryReporter
{
public:
    // `text` is the whole file; simdjson reads the part starting at `jsonBegin` (after a BOM, or
    // at a split point) and `cursor` stands at or before the first op key.
    JsonLibraryParser(std::string_view text, std::size_t jsonBegin, const std::string &file,
                      LineCursor cursor);

    // A half of a split file: on any problem stop at once without diagnosing (the caller then
    // reads the whole file again and reports properly).
    void setQuickFail(bool quickFail) { m_quickFail = quickFail; }
    // Fills this vector (cleared; its capacity kept) instead of a new one.
    void reuseEntries(std::vector<OpEntry> entries) { m_result.entries = std::move(entries); }

    ParsedLibraryFile run(simdjson::ondemand::parser &parser, simdjson::padded_string_view json);

    // The op types came in strictly ascending order (so there were no duplicates).
    bool ascending() const { return m_ascending; }

    // Line of `offset` counted on from the last op key seen (cheap for offsets after it).
    int lineAt(std::size_t offset) { return m_cursor.locate(offset, m_file).line; }

    void report(std::size_t offset, Severity severity, std::string code, std::string message,
                std::string hint) override;
    void offerFix(std::size_t offset, std::string_view original, std::string replacement) override;
    // Walks the escapes of the string token at `valueOffset` (its opening quote).
    std::size_t offsetInValue(std::size_t valueOffset, std::size_t index) const override;

private:
    std::size_t offsetOf(const char *p) const { return std::size_t(p - m_json) + m_jsonBegin; }
    std::size_t closedObjectEnd();
    // What the value of an op, of an item or of a key must be.
    enum class Expected { ObjectOfItems, ObjectOfPairs, String };
    void reportWrongType(simdjson::ondemand::value &value, simdjson::ondemand::json_type type,
                         Expected expected, std::string_view op, std::string_view item = {},
                         std::string_view key = {});
    simdjson::error_code parseOp(OpEntry &entry, simdjson::ondemand::value value, bool &isObject);
    simdjson::error_code parseItem(OpEntry &entry, std::string_view name, const char *keyRaw,
                                   simdjson::ondemand::value value, std::string_view greatestName);
    int lineOf(std::size_t offset);
    ParsedLibraryFile syntaxFailure(simdjson::error_code error);
    ParsedLibraryFile finish(bool readable);

    std::string_view m_text; // the whole file, BOM included
    std::size_t m_jsonBegin; // offset in m_text of what simdjson reads
    const std::string &m_file;
    const char *m_json = nullptr;
    bool m_quickFail = false;
    bool m_ascending = true;
    simdjson::ondemand::document m_doc;
    ParsedLibraryFile m_result;
    LineCursor m_cursor;
    std::optional<LineIndex> m_lines;
    LeafPositions m_positions;
    std::vector<std::size_t> m_itemKeyOffsets;
    // The op being read (views into simdjson's string buffer), copied into m_arena at its end:
    // item i is m_itemNames[i] with the leaves of m_positions.ranges[i] in m_opLeaves.
    std::vector<std::string_view> m_itemNames;
    std::vector<OpValue> m_opLeaves;
    ItemTextSpan m_opText; // the op's strings in the parser's buffer
    std::shared_ptr<OpEntryArena> m_arena;
    std::vector<std::string_view> m_entryKeys;
};

} // namespace opsinfo
