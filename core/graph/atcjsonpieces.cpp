#include "graph/atcjsonpieces.h"

#include "graph/atcjsonreader.h"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <functional>

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
    for (std::size_t at = bytes.find(kOpStart, from); at != std::string_view::npos && at < limit;
         at = bytes.find(kOpStart, at + 1)) {
        std::size_t end = at + kOpStart.size();
        while (end < bytes.size() && bytes[end] != '"' && bytes[end] != '\\')
            ++end;
        if (bytes.compare(end, kTypeKey.size(), kTypeKey) == 0)
            return at + 1;
    }
    return std::string_view::npos;
}

} // namespace

namespace {
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
        const std::size_t at = bytes.find(indented, from);
        return at < limit ? at + indented.find(',') : std::string_view::npos;
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

// Reads one piece; `first`: the file's start up to the first cut, `last`: from a cut to the end.
error_code readPiece(std::string_view text, bool first, bool last, ondemand::parser &parser,
                     AtcJsonReader &reader)
{
    ondemand::document document;
    error_code error
        = parser.iterate(text.data(), text.size(), text.size() + simdjson::SIMDJSON_PADDING)
              .get(document);
    if (!error && (first || last)) {
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

// The model's arrays back to their sizes before a piece that did not read.
struct ModelSizes
{
    explicit ModelSizes(const GeModel &model)
        : ops(model.ops.size())
        , descs(model.descs.size())
        , strings(model.strings.size())
        , dims(model.dims.size())
    {
    }
    void restore(GeModel &model) const
    {
        model.ops.resize(ops);
        model.descs.resize(descs);
        model.strings.resize(strings);
        model.dims.resize(dims);
    }
    std::size_t ops, descs, strings, dims;
};

} // namespace

bool readAtcJsonInPieces(std::string_view bytes, const ImportContext &context, GeModel &model)
{
    const std::vector<std::size_t> cuts = bytes.size() >= 2 * context.options.atcJsonPieceBytes
        ? findOpCuts(bytes, context.options.atcJsonPieceBytes)
        : std::vector<std::size_t> {};
    if (cuts.empty())
        return false;
    ondemand::parser parser;
    AtcJsonPiece piece;
    AtcJsonReader reader(model, context);
    for (std::size_t k = 0; k <= cuts.size(); ++k) {
        const bool first = k == 0;
        bool last = k == cuts.size();
        const std::size_t begin = first ? 0 : cuts[k - 1] + 1;
        auto read = [&](std::size_t end) {
            const std::string_view text = piece.fill(first      ? ""
                                                         : last ? kLastPieceStart
                                                                : "[",
                                                     bytes.substr(begin, end - begin),
                                                     first      ? kFirstPieceEnd
                                                         : last ? ""
                                                                : "]",
                                                     simdjson::SIMDJSON_PADDING);
            context.releaseReadBytes(bytes.data() + end);
            reader.readingPiece(&piece, last);
            return readPiece(text, first, last, parser, reader);
        };
        const ModelSizes before(model);
        error_code error = read(last ? bytes.size() : cuts[k]);
        if (error && !first && !last) {
            before.restore(model);
            last = true;
            error = read(bytes.size());
        }
        if (error)
            return false;
        // A first piece must have ended in the main graph's op array, its only graph so far.
        if (first && (model.graphs.size() != 1 || reader.lastGraphKey() != "op"))
            return false;
        if (last)
            break;
    }
    countAtcJsonPieceRead();
    return true;
}

} // namespace opsinfo
