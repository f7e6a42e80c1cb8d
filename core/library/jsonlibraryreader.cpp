#include "common/coretext.h"
#include "library/jsonlibraryparser.h"
#include "library/libraryfilereader.h"

#include <simdjson.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#if defined(__unix__)
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

namespace opsinfo {

namespace {

namespace ondemand = simdjson::ondemand;

// Files at least this big are read as two halves on two threads (the loader's speed requirement
// is set on a ~28 MB library; shipped files are 0.1-2 MB and stay on one thread).
std::atomic<std::size_t> g_splitThreshold {8u << 20};
std::atomic<std::size_t> g_splitReads {0};

bool hasBom(std::string_view text)
{
    return text.substr(0, 3) == "\xEF\xBB\xBF";
}

// simdjson parsers keep their buffers (about 6 bytes per input byte, touched in proportion to the
// text) between loads: a fresh parser per file pays those page faults again every time.
class ParserPool
{
public:
    struct Lease
    {
        std::unique_ptr<ondemand::parser> parser;
        ~Lease() { instance().giveBack(std::move(parser)); }
    };
    static Lease lease()
    {
        ParserPool &pool = instance();
        std::lock_guard lock(pool.m_mutex);
        if (pool.m_free.empty())
            return Lease {std::make_unique<ondemand::parser>()};
        std::unique_ptr<ondemand::parser> parser = std::move(pool.m_free.back());
        pool.m_free.pop_back();
        return Lease {std::move(parser)};
    }

private:
    static ParserPool &instance()
    {
        static ParserPool pool;
        return pool;
    }
    void giveBack(std::unique_ptr<ondemand::parser> parser)
    {
        constexpr std::size_t kKeepUpTo = 32u << 20; // bytes of JSON a kept parser is sized for
        std::lock_guard lock(m_mutex);
        if (parser && parser->capacity() <= kKeepUpTo && m_free.size() < 2)
            m_free.push_back(std::move(parser));
    }
    std::mutex m_mutex;
    std::vector<std::unique_ptr<ondemand::parser>> m_free;
};

ParsedLibraryFile parseWhole(std::string_view text, std::size_t capacity, const std::string &file)
{
    const std::size_t begin = hasBom(text) ? 3 : 0;
    ParserPool::Lease lease = ParserPool::lease();
    simdjson::padded_string_view json(text.data() + begin, text.size() - begin, capacity - begin);
    return JsonLibraryParser(text, begin, file, LineCursor(text)).run(*lease.parser, json);
}

// Where a canonical (one member per line) file can be cut into valid documents: a ',' that ends
// a top-level member, followed by '\n' and a line indented like the first op key. Lines never
// start inside a JSON string, and a cut at any other depth leaves a piece with an unclosed object,
// which simdjson rejects: a wrong guess costs a serial re-read, never a wrong result.
class CutFinder
{
public:
    explicit CutFinder(std::string_view text)
        : m_text(text)
    {
        const std::size_t open = text.find('{');
        const std::size_t firstKey = text.find('"', open == std::string_view::npos ? 0 : open);
        if (open == std::string_view::npos || firstKey == std::string_view::npos)
            return;
        const std::size_t lineStart = text.rfind('\n', firstKey);
        if (lineStart == std::string_view::npos || lineStart < open)
            return;
        const std::string_view indent = text.substr(lineStart + 1, firstKey - lineStart - 1);
        if (indent.find_first_not_of(" \t") == std::string_view::npos)
            m_indent = indent, m_valid = true;
    }

    // The first cut (the '\n' position) at or after `from`, within 4 MiB; 0 when there is none.
    std::size_t after(std::size_t from) const
    {
        if (!m_valid)
            return 0;
        const std::size_t limit = std::min(m_text.size(), from + (4u << 20));
        for (std::size_t nl = m_text.find('\n', from); nl != std::string_view::npos && nl < limit;
             nl = m_text.find('\n', nl + 1)) {
            if (nl == 0 || m_text[nl - 1] != ',')
                continue;
            if (m_text.compare(nl + 1, m_indent.size(), m_indent) == 0
                && nl + 1 + m_indent.size() < m_text.size()
                && m_text[nl + 1 + m_indent.size()] == '"')
                return nl;
        }
        return 0;
    }

private:
    std::string_view m_text;
    std::string_view m_indent;
    bool m_valid = false;
};

// The file is read in pieces of about this size, two threads taking the next piece in turn, each
// reusing one parser: a parser's buffers (about 5 bytes per input byte, touched in proportion)
// then cover one piece, not half the file, and each piece's pages of the mapping are let go once
// it is read, so memory stays near what the library keeps.
std::atomic<std::size_t> g_pieceBytes {1u << 20};

// Lets the pages wholly inside [begin, end) of a private file mapping go: reading them again
// faults the file's bytes back in. Never for heap buffers (they would read back as zeros).
void dropPages(char *data, std::size_t begin, std::size_t end)
{
#if defined(__unix__)
    const std::size_t page = std::size_t(::sysconf(_SC_PAGESIZE));
    const auto base = reinterpret_cast<std::uintptr_t>(data);
    const std::uintptr_t from = (base + begin + page - 1) / page * page;
    const std::uintptr_t to = (base + end) / page * page;
    if (to > from)
        ::madvise(reinterpret_cast<void *>(from), to - from, MADV_DONTNEED);
#else
    (void)data, (void)begin, (void)end;
#endif
}

struct PieceResult
{
    ParsedLibraryFile parsed;
    bool ascending = false;
    bool done = false;
    int lines = 0; // lines of the piece before its end cut (counted from its first line)
    std::exception_ptr error;
};

// Moves the pieces' entries into one vector in file order as soon as each piece and all before it
// are read, and hands the emptied piece vectors back for the next pieces: the entries are then
// written to fresh memory once (the merged vector) instead of twice (every piece's own vector too).
class PieceMerger
{
public:
    PieceMerger(std::vector<PieceResult> &results, std::size_t expectedEntries)
        : m_results(results)
    {
        m_merged.reserve(expectedEntries);
        m_typeHashes.reserve(expectedEntries);
    }

    // An emptied vector of an earlier piece (its capacity kept), or an empty one.
    std::vector<OpEntry> spare()
    {
        std::lock_guard lock(m_mutex);
        if (m_spare.empty())
            return {};
        std::vector<OpEntry> entries = std::move(m_spare.back());
        m_spare.pop_back();
        return entries;
    }

    void finished(std::size_t piece)
    {
        std::lock_guard lock(m_mutex);
        m_results[piece].done = true;
        try {
            while (m_clean && m_next < m_results.size() && m_results[m_next].done)
                take(m_results[m_next++]);
        } catch (...) {
            m_clean = false; // out of memory: the serial read reports it
        }
    }

    // Exactly what one serial read gives: every piece merged, each one clean (no finding, op
    // types ascending within and across pieces, where duplicates could otherwise hide).
    bool clean() const { return m_clean && m_next == m_results.size(); }
    std::vector<OpEntry> &merged() { return m_merged; }
    // opTypeHash of each merged entry, taken while it was moved (and in cache).
    std::vector<std::uint32_t> &typeHashes() { return m_typeHashes; }

private:
    void take(PieceResult &r)
    {
        std::vector<OpEntry> &entries = r.parsed.entries;
        m_clean = !r.error && r.parsed.readable && r.parsed.diagnostics.empty() && r.ascending
            && !entries.empty()
            && (m_merged.empty() || m_merged.back().type < entries.front().type);
        if (!m_clean)
            return;
        for (OpEntry &entry : entries) {
            entry.location.line += m_lineShift; // lines counted from the piece's cut
            m_typeHashes.push_back(opTypeHash(entry.type));
            m_merged.push_back(std::move(entry));
        }
        m_lineShift += r.lines;
        entries.clear();
        m_spare.push_back(std::move(entries));
    }

    std::vector<PieceResult> &m_results;
    std::mutex m_mutex;
    std::vector<OpEntry> m_merged;
    std::vector<std::uint32_t> m_typeHashes;
    std::vector<std::vector<OpEntry>> m_spare;
    std::size_t m_next = 0; // pieces [0, m_next) are in m_merged
    int m_lineShift = 0;
    bool m_clean = true;
};

// Reads `text` as pieces [cuts[k], cuts[k+1]) by patching, for the time of the parse, the ','
// before each cut into '}' and the '\n' at it into '{'. Returns nothing when the result would not
// be exactly what one serial read gives (any finding, a failed piece, or op types not ascending
// across pieces, where duplicates could hide): the caller then reads serially.
std::optional<ParsedLibraryFile> parseSplit(char *data, std::size_t size, std::size_t capacity,
                                            bool mapped, const std::string &file)
{
    const std::string_view text(data, size);
    if (hasBom(text))
        return std::nullopt;
    const CutFinder finder(text);
    std::vector<std::size_t> starts {0}; // piece k is [starts[k], starts[k + 1])
    const std::size_t pieces
        = std::max<std::size_t>(2, size / std::max<std::size_t>(1, g_pieceBytes.load()));
    for (std::size_t k = 1; k < pieces; ++k) {
        const std::size_t from = std::max(size / pieces * k, starts.back() + 1);
        const std::size_t cut = from < size ? finder.after(from) : 0;
        if (cut > starts.back())
            starts.push_back(cut);
    }
    if (starts.size() < 2)
        return std::nullopt;
    for (std::size_t k = 1; k < starts.size(); ++k) {
        data[starts[k] - 1] = '}';
        data[starts[k]] = '{';
    }
    std::vector<PieceResult> results(starts.size());
    PieceMerger merger(results, size / 1024 + 16);
    std::size_t longestPiece = size - starts.back();
    for (std::size_t k = 1; k < starts.size(); ++k)
        longestPiece = std::max(longestPiece, starts[k] - starts[k - 1]);
    std::atomic<std::size_t> next {0};
    auto work = [&] {
        ParserPool::Lease lease = ParserPool::lease();
        // Sized once for the longest piece: a parser grows to each piece longer than all before
        // (a few times per thread), and every new set of buffers is fresh memory to fault in.
        if (lease.parser->capacity() < longestPiece) {
            // on failure iterate() allocates per piece (and reports what fails then)
            const simdjson::error_code sized = lease.parser->allocate(longestPiece);
            (void)sized;
        }
        for (std::size_t k = next++; k < starts.size(); k = next++) {
            PieceResult &r = results[k];
            const std::size_t begin = starts[k];
            const std::size_t end = k + 1 < starts.size() ? starts[k + 1] : size;
            try {
                // lines counted from the line after the cut; shifted once the pieces before are
                // counted
                JsonLibraryParser parser(text, begin, file,
                                         k == 0 ? LineCursor(text)
                                                : LineCursor(text, begin + 1, 1, begin + 1));
                parser.setQuickFail(true);
                parser.reuseEntries(merger.spare());
                r.parsed = parser.run(
                    *lease.parser,
                    simdjson::padded_string_view(data + begin, end - begin, capacity - begin));
                r.ascending = parser.ascending();
                r.lines = parser.lineAt(end); // data[end] is patched: counts the lines before it
            } catch (...) {
                r.error = std::current_exception();
            }
            // Keep the page holding each patched byte: a neighbour may still be reading it.
            if (mapped)
                dropPages(data, begin + 1, end > 0 ? end - 1 : 0);
            merger.finished(k);
        }
    };
    std::thread worker(work);
    work();
    worker.join();
    for (std::size_t k = 1; k < starts.size(); ++k) {
        data[starts[k] - 1] = ',';
        data[starts[k]] = '\n';
    }
    for (const PieceResult &r : results)
        if (r.error)
            std::rethrow_exception(r.error);
    if (!merger.clean())
        return std::nullopt;
    g_splitReads.fetch_add(1, std::memory_order_relaxed);
    ParsedLibraryFile whole;
    whole.entries = std::move(merger.merged());
    whole.ascendingTypeHashes = std::move(merger.typeHashes()); // clean: ascending throughout
    whole.readable = true;
    return whole;
}

ParsedLibraryFile parseBuffer(char *data, std::size_t size, std::size_t capacity, bool mapped,
                              const std::string &file)
{
    if (size >= g_splitThreshold.load(std::memory_order_relaxed)
        && std::thread::hardware_concurrency() > 1) {
        if (auto result = parseSplit(data, size, capacity, mapped, file))
            return std::move(*result);
    }
    return parseWhole(std::string_view(data, size), capacity, file);
}

ParsedLibraryFile unreadable(const std::string &path)
{
    ParsedLibraryFile failed;
    failed.diagnostics.push_back(Diagnostic {Severity::Error, SourceLocation {path, 0, 0}, "io",
                                             CoreText::tr("cannot read the file"),
                                             CoreText::tr("check that it exists and is readable")});
    return failed;
}

#if defined(__unix__)
// A private mapping of the page cache: no copy and no zeroed pages (each half faults its own pages
// in on its thread), and the two bytes
// the split patches stay private. Only when the zero-filled tail of the last page gives simdjson
// its padding; otherwise nullopt and the caller reads into a padded copy.
std::optional<ParsedLibraryFile> parseMapped(const std::string &path)
{
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return std::nullopt;
    struct stat st
    {
    };
    const long page = ::sysconf(_SC_PAGESIZE);
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size <= 0 || page <= 0) {
        ::close(fd);
        return std::nullopt;
    }
    const std::size_t size = std::size_t(st.st_size);
    const std::size_t mapped
        = (size + std::size_t(page) - 1) / std::size_t(page) * std::size_t(page);
    if (mapped - size < simdjson::SIMDJSON_PADDING) {
        ::close(fd);
        return std::nullopt;
    }
    void *map = ::mmap(nullptr, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
    ::close(fd);
    if (map == MAP_FAILED)
        return std::nullopt;
    struct Unmap
    {
        void *p;
        std::size_t n;
        ~Unmap() { ::munmap(p, n); }
    } unmap {map, mapped};
    return parseBuffer(static_cast<char *>(map), size, mapped, true, path);
}
#endif

} // namespace

void setParallelReadThreshold(std::size_t bytes)
{
    g_splitThreshold.store(bytes, std::memory_order_relaxed);
}

void setParallelReadPieceBytes(std::size_t bytes)
{
    g_pieceBytes.store(bytes, std::memory_order_relaxed);
}

std::size_t parallelReadCount()
{
    return g_splitReads.load(std::memory_order_relaxed);
}

ParsedLibraryFile readJsonLibraryText(std::string_view text, const std::string &file)
{
    simdjson::padded_string buffer(text);
    return parseBuffer(buffer.data(), buffer.size(), buffer.size() + simdjson::SIMDJSON_PADDING,
                       false, file);
}

ParsedLibraryFile readJsonLibraryFile(const std::string &path)
{
#if defined(__unix__)
    if (auto mapped = parseMapped(path))
        return std::move(*mapped);
#endif
    simdjson::padded_string buffer;
    if (simdjson::padded_string::load(path).get(buffer))
        return unreadable(path);
    return parseBuffer(buffer.data(), buffer.size(), buffer.size() + simdjson::SIMDJSON_PADDING,
                       false, path);
}

} // namespace opsinfo
