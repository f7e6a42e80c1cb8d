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
    virtual int unlink(const std::string &path);

    static FileSystemOps &real();
};

// Writes `bytes` to a hidden temporary file beside `path` (".<name>.opsinfo-tmp-*": a leftover is
// not loaded, L1), fsyncs it, renames it over `path` and fsyncs the folder. On any failure the
// temporary file is removed, `path` is untouched and the message names the file and the reason.
bool writeFileAtomically(const std::string &path, std::string_view bytes, mode_t mode, FileSystemOps &fs,
                         std::string *error);

} // namespace opsinfo
