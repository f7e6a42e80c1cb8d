#pragma once

// Shared by the evidence importers (not part of the public API).

#include "evidence/csvreader.h"
#include "evidence/evidence.h"

#include <functional>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace opsinfo::evidence_detail {

// Header names to column indexes, matched trimmed and case-insensitively.
class CsvColumns
{
public:
    explicit CsvColumns(const std::vector<std::string> &header);
    // The first of `names` the header has; -1 when none.
    int find(std::initializer_list<std::string_view> names) const;
    bool has(std::string_view name) const { return find({name}) >= 0; }
    std::size_t size() const { return m_names.size(); }

private:
    std::vector<std::string> m_names; // lower case, trimmed
};

// Lower case, trimmed of spaces, tabs and a BOM.
std::string headerKey(std::string_view name);

// The cell, or "" past the end of a short row.
std::string_view cell(const CsvRecord &record, int column);

// A number as the tools write it ("1.0", "0.000000", "12.5%", " 3e-5 "); nullopt for "N/A",
// "", "-", "unsupported" and other words. `nanInf` is set for nan/inf spellings.
std::optional<double> parseNumber(std::string_view text, bool *nanInf = nullptr);

// Imported names are shown in tables and JSON: invalid UTF-8 bytes become U+FFFD.
std::string validUtf8(std::string_view text);

// Per-file state while importing CSV records.
struct CsvImport
{
    std::string_view text;
    const std::string &file;
    EvidenceFile &out;
    std::size_t headerFields = 0;
    int shortRows = 0;
    int badCells = 0;

    // A row with fewer fields than the header: a warning for the first few, then a count.
    void noteShortRow(const CsvRecord &record);
    // A cell that does not read as its column's kind: `message` as a warning at the cell.
    void noteBadCell(const CsvRecord &record, int column, std::string message);
    void finish();
};

using RecordImporter = std::function<void(const CsvRecord &)>;

// One importer per CSV format; it appends rows to `state.out`.
RecordImporter profilerImporter(EvidenceFormat format, const CsvColumns &columns,
                                const std::vector<std::string> &header, CsvImport &state);
RecordImporter accuracyImporter(EvidenceFormat format, const CsvColumns &columns,
                                const std::vector<std::string> &header, CsvImport &state);

// The CSV format a header belongs to; nullopt when none.
std::optional<EvidenceFormat> formatFromHeader(const CsvColumns &columns,
                                               const std::vector<std::string> &header);

// msprobe dump.json and the JSON companions.
void importEvidenceJson(std::string_view text, EvidenceFile &out);

CoreKind coreKindFrom(std::string_view text);

} // namespace opsinfo::evidence_detail
