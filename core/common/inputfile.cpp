#include "common/inputfile.h"

#include "common/coretext.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace opsinfo {

namespace {

std::string sizeText(std::size_t bytes)
{
    if (bytes >= InputLimits::MiB && bytes % InputLimits::MiB == 0)
        return std::to_string(bytes / InputLimits::MiB) + " MiB";
    return std::to_string(bytes) + " bytes";
}

InputFailure failure(InputFailureKind kind, const std::string &path, std::string message,
                     std::string hint)
{
    return {kind, path, std::move(message), std::move(hint)};
}

InputFailure notAFile(const std::string &path, const struct stat &st, const InputLimit &limit)
{
    if (S_ISDIR(st.st_mode))
        return failure(InputFailureKind::NotAFile, path,
                       CoreText::tr("%1 is a folder, where %2 is expected", path, limit.what),
                       CoreText::tr("give the file itself"));
    // Inputs are read whole, with their size known first: a pipe or device has no size and may
    // never end (/dev/zero), so it is refused rather than read until memory runs out.
    const std::string hint = CoreText::tr("save the content to a file and give that file");
    if (S_ISFIFO(st.st_mode))
        return failure(InputFailureKind::NotAFile, path,
                       CoreText::tr("%1 is a named pipe (FIFO), not a regular file", path), hint);
    if (S_ISCHR(st.st_mode))
        return failure(InputFailureKind::NotAFile, path,
                       CoreText::tr("%1 is a character device, not a regular file", path), hint);
    if (S_ISBLK(st.st_mode))
        return failure(InputFailureKind::NotAFile, path,
                       CoreText::tr("%1 is a block device, not a regular file", path), hint);
    if (S_ISSOCK(st.st_mode))
        return failure(InputFailureKind::NotAFile, path,
                       CoreText::tr("%1 is a socket, not a regular file", path), hint);
    return failure(InputFailureKind::NotAFile, path, CoreText::tr("%1 is not a regular file", path),
                   hint);
}

InputFailure tooLarge(const std::string &path, std::size_t size, const InputLimit &limit,
                      bool atLeast)
{
    return failure(
        InputFailureKind::TooLarge, path,
        atLeast
            ? CoreText::tr("%1 is too large for %2: it grew past the limit of %3 while being read",
                           path, limit.what, sizeText(limit.maxBytes))
            : CoreText::tr("%1 is too large for %2: %3 bytes, above the limit of %4", path,
                           limit.what, size, sizeText(limit.maxBytes)),
        CoreText::tr("check that this is the right file") + "; " + CoreText::tr("it was not read"));
}

InputFailure fromErrno(const std::string &path, int err)
{
    const bool missing = err == ENOENT || err == ENOTDIR;
    return failure(missing ? InputFailureKind::Missing : InputFailureKind::Unreadable, path,
                   CoreText::tr("cannot read %1: %2", path, std::strerror(err)),
                   missing ? CoreText::tr("check the path")
                           : CoreText::tr("check that the file is readable"));
}

// stat() through symbolic links, then the checks every input gets.
std::optional<InputFailure> checkStat(const std::string &path, const InputLimit &limit,
                                      struct stat &st)
{
    if (path.empty())
        return failure(InputFailureKind::Missing, path,
                       CoreText::tr("an empty file name was given"),
                       CoreText::tr("check the path"));
    if (::stat(path.c_str(), &st) != 0)
        return fromErrno(path, errno);
    if (!S_ISREG(st.st_mode))
        return notAFile(path, st, limit);
    if (std::uint64_t(st.st_size) > limit.maxBytes)
        return tooLarge(path, std::size_t(st.st_size), limit, false);
    return std::nullopt;
}

} // namespace

Diagnostic InputFailure::diagnostic() const
{
    const char *code = "input-unreadable";
    switch (kind) {
    case InputFailureKind::Missing:
        code = "input-missing";
        break;
    case InputFailureKind::Unreadable:
        code = "input-unreadable";
        break;
    case InputFailureKind::NotAFile:
        code = "input-not-a-file";
        break;
    case InputFailureKind::TooLarge:
        code = "input-too-large";
        break;
    }
    return {Severity::Error, {path, 0, 0}, code, message, hint};
}

bool isInputFailure(const Diagnostic &d)
{
    return d.severity == Severity::Error
        && (d.code.rfind("input-", 0) == 0 || d.code == "io" || d.code == "graph-read"
            || d.code == "opmap-read" || d.code == "graph-too-large"
            || d.code == "library-too-large");
}

std::optional<InputFailure> checkInputFile(const std::string &path, const InputLimit &limit)
{
    struct stat st = {};
    return checkStat(path, limit, st);
}

std::optional<InputFailure> readInputFile(const std::string &path, const InputLimit &limit,
                                          std::string &bytes, FileStamp *stamp)
{
    bytes.clear();
    if (stamp)
        *stamp = {};
    struct stat st = {};
    if (auto refused = checkStat(path, limit, st))
        return refused;
    // O_NONBLOCK: if the path was swapped for a FIFO since the stat, open() must not wait for a
    // writer; the fstat below refuses it.
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
    if (fd < 0)
        return fromErrno(path, errno);
    auto closeWith = [fd, &bytes](InputFailure f) {
        ::close(fd);
        bytes.clear();
        return std::optional<InputFailure>(std::move(f));
    };
    if (::fstat(fd, &st) != 0)
        return closeWith(fromErrno(path, errno));
    if (!S_ISREG(st.st_mode))
        return closeWith(notAFile(path, st, limit));
    if (std::uint64_t(st.st_size) > limit.maxBytes)
        return closeWith(tooLarge(path, std::size_t(st.st_size), limit, false));
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    // Read at most one byte past the limit: a file that grows while being read is refused with
    // memory bounded by the limit, not by the file.
    bytes.resize(std::size_t(st.st_size) + 1);
    std::size_t done = 0;
    for (;;) {
        if (done == bytes.size()) {
            if (bytes.size() > limit.maxBytes)
                return closeWith(tooLarge(path, limit.maxBytes, limit, true));
            bytes.resize(std::min(limit.maxBytes + 1, bytes.size() * 2));
        }
        const ssize_t n = ::read(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return closeWith(fromErrno(path, errno));
        if (n == 0)
            break;
        done += std::size_t(n);
    }
    if (done > limit.maxBytes)
        return closeWith(tooLarge(path, limit.maxBytes, limit, true));
    bytes.resize(done);
    if (stamp) {
        ::fstat(fd, &st);
        stamp->exists = true;
        stamp->size = done;
        stamp->mtimeNs = std::int64_t(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec;
        stamp->hash = contentHash(bytes);
    }
    ::close(fd);
    return std::nullopt;
}

} // namespace opsinfo
