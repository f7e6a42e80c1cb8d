#include "common/coretext.h"
#include "library/jsonlibraryparser.h"
#include "library/libraryfilereader.h"

#include <simdjson.h>

#include <algorithm>
#include <atomic>
#include <exception>
#include <memory>
#include <mutex>
#include <thread>

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
std::atomic<std::size_t> g_splitThreshold{8u << 20};
std::atomic<std::size_t> g_splitReads{0};

bool hasBom(std::string_view text) { return text.substr(0, 3) == "\xEF\xBB\xBF"; }

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
            return Lease{std::make_unique<ondemand::parser>()};
        std::unique_ptr<ondemand::parser> parser = std::move(pool.m_free.back());
        pool.m_free.pop_back();
        return Lease{std::move(parser)};
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

// Where a canonical (one member per line) file can be cut into two valid documents: the ','
// that ends a top-level member, followed by '\n' and a line indented like the first op key.
// Lines never start inside a JSON string, and a cut at any other depth leaves one half with an
// unclosed object, which simdjson rejects: a wrong guess costs a serial re-read, never a wrong
// result.
std::size_t findSplit(std::string_view text)
{
    const std::size_t open = text.find('{');
    const std::size_t firstKey = text.find('"', open == std::string_view::npos ? 0 : open);
    if (open == std::string_view::npos || firstKey == std::string_view::npos)
        return 0;
    const std::size_t lineStart = text.rfind('\n', firstKey);
    if (lineStart == std::string_view::npos || lineStart < open)
        return 0;
    const std::string_view indent = text.substr(lineStart + 1, firstKey - lineStart - 1);
    if (indent.find_first_not_of(" \t") != std::string_view::npos)
        return 0;
    // The calling thread also builds the index afterwards: give it a bit less than half.
    const std::size_t from = text.size() / 100 * 45;
    const std::size_t limit = std::min(text.size(), from + (4u << 20));
    for (std::size_t nl = text.find('\n', from); nl != std::string_view::npos && nl < limit;
         nl = text.find('\n', nl + 1)) {
        if (nl == 0 || text[nl - 1] != ',')
            continue;
        if (text.compare(nl + 1, indent.size(), indent) == 0 && nl + 1 + indent.size() < text.size()
            && text[nl + 1 + indent.size()] == '"')
            return nl;
    }
    return 0;
}

// Reads the two halves [0, nl) and [nl, end) of `text` in parallel by patching, for the time of the
// parse, the ',' before the cut into '}' and the '\n' at the cut into '{'. Returns nothing when the
// result would not be exactly what one serial read gives (any finding, a failed half, or op types
// not ascending across the cut, where duplicates could hide): the caller then reads serially.
std::optional<ParsedLibraryFile> parseSplit(char *data, std::size_t size, std::size_t capacity,
                                            const std::string &file)
{
    const std::string_view text(data, size);
    const std::size_t nl = findSplit(text);
    if (nl == 0 || hasBom(text))
        return std::nullopt;
    const std::size_t comma = nl - 1;

    ParsedLibraryFile second;
    bool secondAscending = false;
    std::exception_ptr secondError;
    data[comma] = '}';
    data[nl] = '{';
    std::thread worker([&] {
        try {
            // lines counted from the cut; shifted once the first half knows the cut's line
            JsonLibraryParser parser(text, nl, file, LineCursor(text, nl + 1, 1, nl + 1));
            parser.setQuickFail(true);
            ParserPool::Lease lease = ParserPool::lease();
            second = parser.run(*lease.parser, simdjson::padded_string_view(data + nl, size - nl, capacity - nl));
            secondAscending = parser.ascending();
        } catch (...) {
            secondError = std::current_exception();
        }
    });
    ParsedLibraryFile first;
    bool firstAscending = false;
    int cutLine = 0;
    std::exception_ptr firstError;
    try {
        JsonLibraryParser parser(text, 0, file, LineCursor(text));
        parser.setQuickFail(true);
        ParserPool::Lease lease = ParserPool::lease();
        first = parser.run(*lease.parser, simdjson::padded_string_view(data, comma + 1, capacity));
        firstAscending = parser.ascending();
        cutLine = parser.lineAt(nl); // data[nl] is patched: count the lines before it
    } catch (...) {
        firstError = std::current_exception();
    }
    worker.join();
    data[comma] = ',';
    data[nl] = '\n';
    if (firstError)
        std::rethrow_exception(firstError);
    if (secondError)
        std::rethrow_exception(secondError);

    const bool clean = first.readable && second.readable && first.diagnostics.empty()
                       && second.diagnostics.empty() && firstAscending && secondAscending
                       && !first.entries.empty() && !second.entries.empty()
                       && first.entries.back().type < second.entries.front().type;
    if (!clean)
        return std::nullopt;
    g_splitReads.fetch_add(1, std::memory_order_relaxed);
    for (OpEntry &entry : second.entries)
        entry.location.line += cutLine;
    first.entries.reserve(first.entries.size() + second.entries.size());
    std::move(second.entries.begin(), second.entries.end(), std::back_inserter(first.entries));
    return first;
}

ParsedLibraryFile parseBuffer(char *data, std::size_t size, std::size_t capacity, const std::string &file)
{
    if (size >= g_splitThreshold.load(std::memory_order_relaxed) && std::thread::hardware_concurrency() > 1) {
        if (auto result = parseSplit(data, size, capacity, file))
            return std::move(*result);
    }
    return parseWhole(std::string_view(data, size), capacity, file);
}

ParsedLibraryFile unreadable(const std::string &path)
{
    ParsedLibraryFile failed;
    failed.diagnostics.push_back(Diagnostic{Severity::Error, SourceLocation{path, 0, 0}, "io",
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
    struct stat st{};
    const long page = ::sysconf(_SC_PAGESIZE);
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size <= 0 || page <= 0) {
        ::close(fd);
        return std::nullopt;
    }
    const std::size_t size = std::size_t(st.st_size);
    const std::size_t mapped = (size + std::size_t(page) - 1) / std::size_t(page) * std::size_t(page);
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
    } unmap{map, mapped};
    return parseBuffer(static_cast<char *>(map), size, mapped, path);
}
#endif

} // namespace

void setParallelReadThreshold(std::size_t bytes) { g_splitThreshold.store(bytes, std::memory_order_relaxed); }

std::size_t parallelReadCount() { return g_splitReads.load(std::memory_order_relaxed); }

ParsedLibraryFile readJsonLibraryText(std::string_view text, const std::string &file)
{
    simdjson::padded_string buffer(text);
    return parseBuffer(buffer.data(), buffer.size(), buffer.size() + simdjson::SIMDJSON_PADDING, file);
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
    return parseBuffer(buffer.data(), buffer.size(), buffer.size() + simdjson::SIMDJSON_PADDING, path);
}

} // namespace opsinfo
