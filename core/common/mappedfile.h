#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

namespace opsinfo {

// A whole file's bytes for reading, without copying them: a private read-only mapping of the page
// cache where possible, else a heap buffer. Either way at least kPadding zero bytes follow the
// bytes (the mapping's last page, or the buffer's tail), so SIMD parsers (simdjson) can read past
// the end without a padded copy.
class MappedFile
{
public:
    static constexpr std::size_t kPadding = 64;

    // nullptr with a message in `error` when the file cannot be opened or read.
    static std::unique_ptr<MappedFile> open(const std::string &path, std::string *error = nullptr);

    MappedFile(const MappedFile &) = delete;
    MappedFile &operator=(const MappedFile &) = delete;
    ~MappedFile();

    std::string_view bytes() const { return {m_data, m_size}; }
    // Bytes that may be read from bytes().data(): size plus at least kPadding zero bytes.
    std::size_t readable() const { return m_readable; }

    // Gives the pages before `position` (a pointer into bytes()) back to the page cache, back to
    // where the last call ended: a reader going through a large file keeps only the part it is at
    // resident, pass after pass (a position before the last one starts a new pass). The bytes stay
    // readable (a later read maps them again). Done in steps of a few MiB; the end of the bytes
    // releases at once. A no-op for a file read into the heap and for a position outside bytes().
    void releaseBefore(const char *position) const;

private:
    MappedFile() = default;

    const char *m_data = nullptr;
    std::size_t m_size = 0;
    std::size_t m_readable = 0;
    std::size_t m_mapped = 0; // length of the mapping; 0 when m_buffer holds the bytes
    std::size_t m_page = 0; // the mapping's page size
    mutable std::size_t m_releasedTo = 0; // where the last releaseBefore ended
    std::unique_ptr<char[]> m_buffer;
};

} // namespace opsinfo
