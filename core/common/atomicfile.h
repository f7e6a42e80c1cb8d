#pragma once

#include <string>
#include <string_view>
#include <sys/types.h>

namespace opsinfo {

// The system calls a save makes, behind a seam so tests can inject faults (disk full, a rename that
// fails) and check that the original file survives. Each returns what the POSIX call returns and
// leaves the reason in errno.
class FileSystemOps
{
public:
    virtual ~FileSystemOps() = default;
    virtual int open(const std::string &path, int flags, mode_t mode);
    virtual ssize_t write(int fd, const char *data, std::size_t size);
    virtual int fsync(int fd);
    virtual int close(int fd);
    virtual int rename(const std::string &from, const std::string &to);
    // rename() that fails with EEXIST instead of replacing `to` (renameat2 RENAME_NOREPLACE, or
    // link + unlink on file systems without it).
    virtual int renameNoReplace(const std::string &from, const std::string &to);
    virtual int unlink(const std::string &path);
    virtual int fchown(int fd, uid_t owner, gid_t group);
    // Whether the file system holding `path` is mounted read-only (statvfs ST_RDONLY).
    virtual bool readOnlyFileSystem(const std::string &path);

    static FileSystemOps &real();
};

// Who owns a file; a replacement gets the same (fchown before the rename).
struct FileOwner
{
    uid_t user = 0;
    gid_t group = 0;
};

// Writes `bytes` to a hidden temporary file beside `path` (".<name>.opsinfo-tmp-*": a leftover is
// not loaded, L1) with permission bits `mode` and, when given, owner `owner`; fsyncs it, renames
// it over `path` and fsyncs the folder. On any failure the temporary file is removed, `path` is
// untouched and the message names the file and the reason.
bool writeFileAtomically(const std::string &path, std::string_view bytes, mode_t mode,
                         FileSystemOps &fs, std::string *error, const FileOwner *owner = nullptr);

// The same for a new file that must not replace anything (a backup): false with `*exists` set
// when `path` appeared meanwhile, so the caller picks another name and nothing is overwritten.
bool writeNewFileAtomically(const std::string &path, std::string_view bytes, mode_t mode,
                            FileSystemOps &fs, std::string *error, bool *exists);

} // namespace opsinfo
