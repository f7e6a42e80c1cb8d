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

private:
    MappedFile() = default;

    const char *m_data = nullptr;
    std::size_t m_size = 0;
    std::size_t m_readable = 0;
    std::size_t m_mapped = 0; // length of the mapping; 0 when m_buffer holds the bytes
    std::unique_ptr<char[]> m_buffer;
};

} // namespace opsinfo
