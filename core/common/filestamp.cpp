#include "common/filestamp.h"

#include "common/coretext.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace opsinfo {

std::uint64_t contentHash(std::string_view bytes)
{
    std::uint64_t h = 0xcbf29ce484222325ull;
    for (const char c : bytes) {
        h ^= static_cast<unsigned char>(c);
        h *= 0x100000001b3ull;
    }
    return h;
}

bool readFileStamped(const std::string &path, std::string &bytes, FileStamp &stamp,
                     std::string *error)
{
    stamp = {};
    bytes.clear();
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        if (error)
            *error = CoreText::tr("cannot open %1: %2", path, std::strerror(errno));
        return false;
    }
    struct stat st = {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        if (error)
            *error = CoreText::tr("%1 is not a regular file", path);
        ::close(fd);
        return false;
    }
    bytes.resize(std::size_t(st.st_size));
    std::size_t done = 0;
    while (true) {
        if (done == bytes.size())
            bytes.resize(bytes.size() + 65536); // the file grew while we read it
        const ssize_t n = ::read(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            if (error)
                *error = CoreText::tr("cannot read %1: %2", path, std::strerror(errno));
            ::close(fd);
            bytes.clear();
            return false;
        }
        if (n == 0)
            break;
        done += std::size_t(n);
    }
    bytes.resize(done);
    ::fstat(fd, &st);
    ::close(fd);
    stamp.exists = true;
    stamp.size = done;
    stamp.mtimeNs = std::int64_t(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec;
    stamp.hash = contentHash(bytes);
    return true;
}

FileStamp captureFileStamp(const std::string &path)
{
    std::string bytes;
    FileStamp stamp;
    readFileStamped(path, bytes, stamp);
    return stamp;
}

} // namespace opsinfo
