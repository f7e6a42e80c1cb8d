#include "evidence/csvreader.h"

#include "common/coretext.h"
#include "common/lineindex.h"

#include <csv.h>

#include <memory>

namespace opsinfo {

namespace {

constexpr std::string_view kBom = "\xEF\xBB\xBF";

// State shared with libcsv's C callbacks.
struct Collector
{
    const std::function<bool(const CsvRecord &)> *onRecord = nullptr;
    CsvRecord record;
    bool started = false; // a non-blank line of the current record has been fed
    bool stopped = false; // onRecord asked to stop
};

void onField(void *data, std::size_t length, void *self)
{
    auto *c = static_cast<Collector *>(self);
    c->record.fields.emplace_back(data ? static_cast<const char *>(data) : "", data ? length : 0);
}

void onRecordEnd(int, void *self)
{
    auto *c = static_cast<Collector *>(self);
    if (!c->stopped && !(*c->onRecord)(c->record))
        c->stopped = true;
    c->record.fields.clear();
    c->started = false;
}

bool blankLine(std::string_view line)
{
    return line.find_first_not_of("\r\n") == std::string_view::npos;
}

struct ParserDeleter
{
    void operator()(csv_parser *p) const
    {
        csv_free(p);
        delete p;
    }
};

} // namespace

std::string_view withoutBom(std::string_view text)
{
    return text.substr(0, kBom.size()) == kBom ? text.substr(kBom.size()) : text;
}

std::vector<Diagnostic> readCsv(std::string_view text, const std::string &file,
                                const std::function<bool(const CsvRecord &)> &onRecord)
{
    std::vector<Diagnostic> diagnostics;
    std::unique_ptr<csv_parser, ParserDeleter> parser(new csv_parser);
    // Not CSV_STRICT: a stray quote inside an unquoted field is kept as text, as Python's csv
    // module (which writes most of these files) reads it. An open quote at the end of the text is
    // found below, with its position.
    if (csv_init(parser.get(), CSV_APPEND_NULL) != 0) {
        diagnostics.push_back({Severity::Error,
                               {file, 0, 0},
                               "evidence-memory",
                               CoreText::tr("out of memory while starting the CSV reader"),
                               {}});
        return diagnostics;
    }
    Collector collector;
    collector.onRecord = &onRecord;
    const std::size_t start = text.size() - withoutBom(text).size();
    std::size_t pos = start;
    int line = 1;
    while (pos < text.size() && !collector.stopped) {
        std::size_t end = text.find('\n', pos);
        end = end == std::string_view::npos ? text.size() : end + 1;
        const std::string_view chunk = text.substr(pos, end - pos);
        if (!collector.started && !blankLine(chunk)) {
            collector.started = true;
            collector.record.line = line;
            collector.record.offset = pos;
        }
        const std::size_t used = csv_parse(parser.get(), chunk.data(), chunk.size(), &onField,
                                           &onRecordEnd, &collector);
        if (used != chunk.size()) {
            SourceLocation at = locate(text, pos + used, file);
            diagnostics.push_back(
                {Severity::Error, at, "evidence-csv",
                 CoreText::tr("the CSV reader stopped: %1", csv_strerror(csv_error(parser.get()))),
                 CoreText::tr("check the file is a complete CSV export")});
            return diagnostics;
        }
        pos = end;
        ++line;
    }
    if (collector.stopped)
        return diagnostics;
    // A last line without a newline ends its record only at a terminator: give it one. A record
    // still open after that is inside a quoted field the file never closes.
    if (!text.empty() && text.back() != '\n' && text.back() != '\r')
        csv_parse(parser.get(), "\n", 1, &onField, &onRecordEnd, &collector);
    if (collector.started && !collector.stopped) {
        SourceLocation at
            = csvFieldLocation(text, collector.record, collector.record.fields.size(), file);
        diagnostics.push_back(
            {Severity::Error, at, "evidence-truncated",
             CoreText::tr("a quoted field is not closed before the end of the file"),
             CoreText::tr("the file looks truncated: export it again, or close the quote")});
    }
    collector.stopped
        = true; // csv_fini only frees what the parser holds; nothing more is delivered
    csv_fini(parser.get(), &onField, &onRecordEnd, &collector);
    return diagnostics;
}

SourceLocation csvFieldLocation(std::string_view text, const CsvRecord &record, std::size_t index,
                                const std::string &file)
{
    std::size_t pos = std::min(record.offset, text.size());
    if (pos == 0)
        pos = text.size() - withoutBom(text).size();
    bool quoted = false;
    for (std::size_t field = 0; field < index && pos < text.size(); ++pos) {
        const char c = text[pos];
        if (c == '"')
            quoted = !quoted;
        else if (c == ',' && !quoted)
            ++field;
        else if (c == '\n' && !quoted)
            break;
    }
    SourceLocation at = locate(text, pos, file);
    if (at.line == 1 && text.size() - withoutBom(text).size() > 0)
        at.column = std::max(1, at.column - int(kBom.size()));
    return at;
}

} // namespace opsinfo
