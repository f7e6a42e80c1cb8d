#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace opsinfo {

// What a file looked like when it was loaded, so a save can tell that someone else changed it
// on disk in the meantime (an editor, a CANN upgrade, a second window).
struct FileStamp
{
    bool exists = false;
    std::uint64_t size = 0;
    std::int64_t mtimeNs = 0; // modification time, ns since the epoch
    std::uint64_t hash = 0; // contentHash() of the bytes

    // Same content: size and hash. A different mtime alone (a `touch`) is not a change.
    bool sameContent(const FileStamp &other) const
    {
        return exists == other.exists && size == other.size && hash == other.hash;
    }
};

// 64-bit FNV-1a: not cryptographic, only to notice an edit of the same size.
std::uint64_t contentHash(std::string_view bytes);

// Reads a whole file and stamps exactly the bytes read (size and mtime from the same open file).
// Returns false with a message in `error` when the file cannot be read.
bool readFileStamped(const std::string &path, std::string &bytes, FileStamp &stamp,
                     std::string *error = nullptr);

// The stamp of the file as it is now; exists == false when it is missing or unreadable.
FileStamp captureFileStamp(const std::string &path);

} // namespace opsinfo
