#include "common/atomicfile.h"

#include "common/coretext.h"

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

namespace opsinfo {

int FileSystemOps::open(const std::string &path, int flags, mode_t mode)
{
    return ::open(path.c_str(), flags, mode);
}

ssize_t FileSystemOps::write(int fd, const char *data, std::size_t size)
{
    return ::write(fd, data, size);
}

int FileSystemOps::fsync(int fd)
{
    return ::fsync(fd);
}

int FileSystemOps::close(int fd)
{
    return ::close(fd);
}

int FileSystemOps::rename(const std::string &from, const std::string &to)
{
    return ::rename(from.c_str(), to.c_str());
}

int FileSystemOps::renameNoReplace(const std::string &from, const std::string &to)
{
    if (::renameat2(AT_FDCWD, from.c_str(), AT_FDCWD, to.c_str(), RENAME_NOREPLACE) == 0)
        return 0;
    if (errno != EINVAL && errno != ENOSYS)
        return -1;
    // A file system without RENAME_NOREPLACE: link() never replaces either.
    if (::link(from.c_str(), to.c_str()) != 0)
        return -1;
    ::unlink(from.c_str());
    return 0;
}

int FileSystemOps::unlink(const std::string &path)
{
    return ::unlink(path.c_str());
}

int FileSystemOps::fchown(int fd, uid_t owner, gid_t group)
{
    return ::fchown(fd, owner, group);
}

bool FileSystemOps::readOnlyFileSystem(const std::string &path)
{
    struct statvfs vfs = {};
    return ::statvfs(path.c_str(), &vfs) == 0 && (vfs.f_flag & ST_RDONLY) != 0;
}

FileSystemOps &FileSystemOps::real()
{
    static FileSystemOps instance;
    return instance;
}

namespace {

bool diskFull(int err)
{
    return err == ENOSPC || err == EDQUOT;
}

// The last step of a failed save's message: "<what failed>: <system reason>", with what to do
// when the disk is full.
std::string unchangedReason(int err)
{
    return diskFull(err)
        ? CoreText::tr("the file on disk was not changed: %1 (free some disk space and save again)",
                       std::strerror(err))
        : CoreText::tr("the file on disk was not changed: %1", std::strerror(err));
}

} // namespace

namespace {

enum class Replace { Always, Never };

bool writeThroughTemporary(const std::string &path, std::string_view bytes, mode_t mode,
                           FileSystemOps &fs, std::string *error, const FileOwner *owner,
                           Replace replace, bool *exists)
{
    static std::atomic<unsigned> counter {0};
    const auto slash = path.rfind('/');
    const std::string dir
        = slash == std::string::npos ? std::string(".") : path.substr(0, slash == 0 ? 1 : slash);
    const std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
    const std::string temp
        = (slash == std::string::npos ? std::string() : path.substr(0, slash + 1)) + '.' + name
        + ".opsinfo-tmp-" + std::to_string(::getpid()) + '-' + std::to_string(counter++);
    if (exists)
        *exists = false;

    auto failWith = [&](const std::string &message) {
        if (error)
            *error = message;
        return false;
    };

    const int fd = fs.open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);
    if (fd < 0) {
        const int err = errno;
        return failWith(
            diskFull(err) ? CoreText::tr(
                "cannot create a temporary file in %1 to save %2: %3 (free some disk space and save again)",
                dir, path, std::strerror(err))
                          : CoreText::tr("cannot create a temporary file in %1 to save %2: %3", dir,
                                         path, std::strerror(err)));
    }

    // `what` is the first step of the message, the reason its last ("; "-separated steps).
    auto abandon = [&](const std::string &what) {
        const int err = errno;
        fs.close(fd);
        fs.unlink(temp);
        return failWith(what + "; " + unchangedReason(err));
    };

    // The replacement keeps the replaced file's owner; fchown first, as it clears set-id bits
    // that the fchmod below restores.
    if (owner && (owner->user != ::geteuid() || owner->group != ::getegid())
        && fs.fchown(fd, owner->user, owner->group) != 0)
        return abandon(
            CoreText::tr("cannot give the new %1 the owner of the old one (user %2, group %3)",
                         path, unsigned(owner->user), unsigned(owner->group)));
    ::fchmod(fd, mode); // open() applied the umask; keep the original file's permissions

    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = fs.write(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            if (n == 0)
                errno = EIO;
            return abandon(CoreText::tr("cannot write %1", path));
        }
        done += std::size_t(n);
    }
    if (fs.fsync(fd) != 0)
        return abandon(CoreText::tr("cannot flush %1 to disk", path));
    if (fs.close(fd) != 0) {
        const int err = errno;
        fs.unlink(temp);
        return failWith(CoreText::tr("cannot finish writing %1", path) + "; "
                        + unchangedReason(err));
    }
    const int renamed
        = replace == Replace::Always ? fs.rename(temp, path) : fs.renameNoReplace(temp, path);
    if (renamed != 0) {
        const int err = errno;
        fs.unlink(temp);
        if (err == EEXIST && exists)
            *exists = true;
        return failWith(CoreText::tr("cannot replace %1 with the saved copy", path) + "; "
                        + unchangedReason(err));
    }
    // The rename is durable only once the folder entry is on disk.
    const int dirFd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dirFd >= 0) {
        ::fsync(dirFd);
        ::close(dirFd);
    }
    return true;
}

} // namespace

bool writeFileAtomically(const std::string &path, std::string_view bytes, mode_t mode,
                         FileSystemOps &fs, std::string *error, const FileOwner *owner)
{
    return writeThroughTemporary(path, bytes, mode, fs, error, owner, Replace::Always, nullptr);
}

bool writeNewFileAtomically(const std::string &path, std::string_view bytes, mode_t mode,
                            FileSystemOps &fs, std::string *error, bool *exists)
{
    return writeThroughTemporary(path, bytes, mode, fs, error, nullptr, Replace::Never, exists);
}

} // namespace opsinfo
