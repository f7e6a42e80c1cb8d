#include "graph/atcjsonpieces.h"

#include "graph/atcjsonreader.h"
#include "graph/geconverter.h"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <functional>
#include <thread>

namespace opsinfo {

namespace {

// How far past a target a cut is looked for: ops are a few hundred bytes to a few KB, so a file
// without one in this span is not laid out as expected.
constexpr std::size_t kSearchSpan = 1 << 20;
// Where the main graph's op array is looked for: after the model's and the graph's first fields.
constexpr std::size_t kHeaderSpan = 1 << 20;

// Compact JSON in protobuf's field order (name, type first), as tests/bench's generator writes:
// the comma of `},{"name":"<name without escapes>","type":"`. In valid JSON an unescaped quote
// always delimits a string, so this can only join two objects starting with those two keys.
std::size_t compactBoundary(std::string_view bytes, std::size_t from, std::size_t limit)
{
    constexpr std::string_view kOpStart = "},{\"name\":\"";
    constexpr std::string_view kTypeKey = "\",\"type\":\"";
    // Searched up to `limit` only: a file without the pattern is not scanned to its end.
    const std::string_view window = bytes.substr(0, limit);
    for (std::size_t at = window.find(kOpStart, from); at != std::string_view::npos;
         at = window.find(kOpStart, at + 1)) {
        std::size_t end = at + kOpStart.size();
        while (end < bytes.size() && bytes[end] != '"' && bytes[end] != '\\')
            ++end;
        if (bytes.compare(end, kTypeKey.size(), kTypeKey) == 0)
            return at + 1;
    }
    return std::string_view::npos;
}

std::atomic<std::size_t> g_pieceReads {0};

} // namespace

std::size_t atcJsonPieceReads()
{
    return g_pieceReads.load();
}

void countAtcJsonPieceRead()
{
    ++g_pieceReads;
}

std::vector<std::size_t> findOpCuts(std::string_view bytes, std::size_t pieceBytes)
{
    std::vector<std::size_t> cuts;
    if (pieceBytes == 0)
        return cuts;
    // atc --json writes indented JSON with sorted keys: an element of the op array opens on a
    // line of its own, at its own indentation, and raw newlines never occur inside strings, so
    // "\n<indent>},\n<indent>{" joins two elements of an array at the ops' depth.
    // Cuts only after the first op array opens: the graph's other lists (its "attr" comes first
    // in sorted order) hold objects at the same depth.
    std::string indented;
    const std::string_view header = bytes.substr(0, kHeaderSpan);
    std::size_t opKey = header.find("\"op\": [\n");
    if (opKey != std::string_view::npos) {
        const std::size_t lineStart = opKey + 8;
        const std::size_t brace = bytes.find_first_not_of(' ', lineStart);
        if (brace != std::string_view::npos && bytes[brace] == '{') {
            const std::string indent(bytes.substr(lineStart, brace - lineStart));
            indented = "\n" + indent + "},\n" + indent + "{";
        }
    }
    if (indented.empty())
        opKey = header.find("\"op\":[{");
    if (opKey == std::string_view::npos)
        return cuts;
    auto boundary = [&](std::size_t from, std::size_t limit) {
        if (indented.empty())
            return compactBoundary(bytes, from, limit);
        const std::size_t at = bytes.substr(0, limit).find(indented, from);
        return at == std::string_view::npos ? at : at + indented.find(',');
    };
    for (std::size_t target = pieceBytes; target + pieceBytes / 2 < bytes.size();
         target += pieceBytes) {
        const std::size_t from = std::max(target, cuts.empty() ? opKey : cuts.back() + 1);
        const std::size_t cut = boundary(from, std::min(bytes.size(), from + kSearchSpan));
        if (cut == std::string_view::npos)
            break;
        cuts.push_back(cut);
        target = std::max(target, cut);
    }
    return cuts;
}

std::string_view AtcJsonPiece::fill(std::string_view prefix, std::string_view bytes,
                                    std::string_view suffix, std::size_t padding)
{
    const std::size_t size = prefix.size() + bytes.size() + suffix.size();
    m_text.resize(size + padding);
    char *out = m_text.data();
    std::memcpy(out, prefix.data(), prefix.size());
    std::memcpy(out + prefix.size(), bytes.data(), bytes.size());
    std::memcpy(out + prefix.size() + bytes.size(), suffix.data(), suffix.size());
    std::memset(out + size, 0, padding);
    m_copyBegin = out + prefix.size();
    m_copyEnd = m_copyBegin + bytes.size();
    m_fileBegin = bytes.data();
    return {out, size};
}

std::string_view AtcJsonPiece::inFile(std::string_view view) const
{
    const std::less<const char *> before;
    if (view.empty() || before(view.data(), m_copyBegin)
        || before(m_copyEnd, view.data() + view.size()))
        return view;
    return {m_fileBegin + (view.data() - m_copyBegin), view.size()};
}

namespace {

using namespace atcjson;

// The pieces' texts around the file's bytes: the first piece closes the op array, the main graph,
// the graph list and the model; a middle one is an array of ops; the last one reopens them.
constexpr std::string_view kFirstPieceEnd = "]}]}";
constexpr std::string_view kLastPieceStart = "{\"graph\":[{\"op\":[";

enum class PieceKind { First, Middle, Last };

// One thread's parser and piece buffer, reused from piece to piece.
struct PieceReader
{
    ondemand::parser parser;
    AtcJsonPiece piece;

    // Reads bytes [begin, end) as a piece of `kind` into the reader's model.
    error_code read(std::string_view bytes, std::size_t begin, std::size_t end, PieceKind kind,
                    AtcJsonReader &reader)
    {
        const bool first = kind == PieceKind::First, last = kind == PieceKind::Last;
        const std::string_view text = piece.fill(first      ? ""
                                                     : last ? kLastPieceStart
                                                            : "[",
                                                 bytes.substr(begin, end - begin),
                                                 first      ? kFirstPieceEnd
                                                     : last ? ""
                                                            : "]",
                                                 simdjson::SIMDJSON_PADDING);
        reader.readingPiece(&piece, last);
        ondemand::document document;
        error_code error
            = parser.iterate(text.data(), text.size(), text.size() + simdjson::SIMDJSON_PADDING)
                  .get(document);
        if (!error && kind != PieceKind::Middle) {
            ondemand::object top;
            error = document.get_object().get(top);
            if (!error)
                error = reader.readModel(top);
        } else if (!error) {
            ondemand::array ops;
            error = document.get_array().get(ops);
            if (!error)
                error = reader.readOpArray(ops);
        }
        const char *rest = nullptr;
        if (!error && document.current_location().get(rest) == simdjson::SUCCESS)
            error = simdjson::TRAILING_CONTENT;
        return error;
    }
};

// A middle piece read on its own, into a model of its own, converted in file order.
struct MiddlePiece
{
    GeModel ops;
    error_code error = simdjson::SUCCESS;
    std::atomic<bool> done {false};
};

// How many pieces the reading thread may be ahead of the converting one: enough that neither
// waits for the other, few enough that the pieces read and not yet converted stay small.
constexpr std::size_t kPiecesAhead = 3;

// Reads the middle pieces [1, cuts.size()) on a second thread (on this one when there is only one
// core) and converts each on this thread as soon as it is read, in file order; returns the first
// piece that did not read as ops (cuts.size() when all did). Only this thread gives pages back.
std::size_t convertMiddlePieces(std::string_view bytes, const std::vector<std::size_t> &cuts,
                                const ImportContext &context, PieceReader &mine,
                                GeConverter &converter)
{
    const std::size_t count = cuts.size();
    std::vector<MiddlePiece> pieces(count);
    std::atomic<std::size_t> converted {1}; // pieces before this one are converted
    auto read = [&](PieceReader &reader, std::size_t k) {
        AtcJsonReader ops(pieces[k].ops, context);
        pieces[k].error = reader.read(bytes, cuts[k - 1] + 1, cuts[k], PieceKind::Middle, ops);
        pieces[k].done.store(true, std::memory_order_release);
        pieces[k].done.notify_one();
        return !pieces[k].error; // the pieces after a failed one are read again as the file's rest
    };
    std::thread helper;
    if (count > 2 && std::thread::hardware_concurrency() > 1)
        helper = std::thread([&] {
            PieceReader reader;
            for (std::size_t k = 1; k < count; ++k) {
                for (std::size_t now = converted.load(); k >= now + kPiecesAhead;
                     now = converted.load())
                    converted.wait(now);
                if (!read(reader, k))
                    break;
            }
        });
    std::size_t k = 1;
    for (; k < count; ++k) {
        if (helper.joinable())
            pieces[k].done.wait(false, std::memory_order_acquire);
        else
            read(mine, k);
        if (pieces[k].error)
            break;
        converter.addMainOps(pieces[k].ops, pieces[k].ops.ops);
        pieces[k].ops = GeModel();
        context.releaseReadBytes(bytes.data() + cuts[k]);
        converted.store(k + 1);
        converted.notify_one();
    }
    if (helper.joinable())
        helper.join();
    return k;
}

// The model without the main graph's ops, once they are converted: what stays is what the graph
// stated before them (its input and output lists), so the last piece's ops and the subgraphs
// come after it.
void dropConvertedOps(GeModel &model)
{
    GeGraphDef &main = model.graphs.front();
    std::size_t keep = 0;
    for (const GeRange &range : {main.inputs, main.outputs})
        if (range.count > 0)
            keep = std::max<std::size_t>(keep, range.begin + range.count);
    model.strings.resize(keep);
    model.strings.shrink_to_fit();
    model.ops = {};
    model.descs = {};
    model.dims = {};
    main.ops = {};
}

} // namespace

std::optional<std::unique_ptr<Graph>> importAtcJsonInPieces(std::string_view bytes,
                                                            ImportContext &context)
{
    const std::vector<std::size_t> cuts = bytes.size() >= 2 * context.options.atcJsonPieceBytes
        ? findOpCuts(bytes, context.options.atcJsonPieceBytes)
        : std::vector<std::size_t> {};
    if (cuts.empty())
        return std::nullopt;
    // What the converter reports is taken back when the file does not read in pieces after all:
    // the whole read then reports everything.
    const std::size_t reported = context.diagnostics.size();
    auto readWholeInstead = [&] {
        context.diagnostics.erase(context.diagnostics.begin() + std::ptrdiff_t(reported),
                                  context.diagnostics.end());
        return std::nullopt;
    };
    GeModel model;
    PieceReader pieces;
    AtcJsonReader reader(model, context);
    if (pieces.read(bytes, 0, cuts.front(), PieceKind::First, reader))
        return std::nullopt;
    // A first piece must have ended in the main graph's op array, its only graph so far.
    if (model.graphs.size() != 1 || reader.lastGraphKey() != "op")
        return std::nullopt;
    GeConverter converter(model, context);
    const double scale = double(bytes.size()) / double(cuts.front());
    converter.reserveMainOps(std::size_t(double(model.ops.size()) * scale * 1.25) + 1024);
    converter.addMainOps(model, model.opsOf(model.graphs.front()));
    dropConvertedOps(model);
    context.releaseReadBytes(bytes.data() + cuts.front());
    const std::size_t rest = convertMiddlePieces(bytes, cuts, context, pieces, converter);
    const std::string_view mainName = model.graphs.front().name;
    if (pieces.read(bytes, cuts[rest - 1] + 1, bytes.size(), PieceKind::Last, reader))
        return readWholeInstead();
    // A name stated after the ops would have named the graph in the messages of the ops before.
    if (model.graphs.front().name != mainName)
        return readWholeInstead();
    converter.addMainOps(model, model.opsOf(model.graphs.front()));
    auto graph = converter.finishMain();
    countAtcJsonPieceRead();
    return graph;
}

} // namespace opsinfo
