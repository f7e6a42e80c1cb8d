#include "common/outputfile.h"

#include "common/atomicfile.h"
#include "common/coretext.h"

#include <cerrno>
#include <chrono>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <dirent.h>
#include <fcntl.h>
#include <filesystem>
#include <sys/file.h>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

namespace opsinfo {

namespace {

Diagnostic error(const std::string &file, const std::string &code, const std::string &message,
                 const std::string &hint)
{
    return {Severity::Error, {file, 0, 0}, code, message, hint};
}

std::string realPath(const std::string &path)
{
    char buffer[PATH_MAX];
    return ::realpath(path.c_str(), buffer) ? std::string(buffer) : std::string();
}

std::string parentOf(const std::string &path)
{
    const auto slash = path.rfind('/');
    if (slash == std::string::npos)
        return ".";
    return slash == 0 ? "/" : path.substr(0, slash);
}

std::string baseName(const std::string &path)
{
    const auto slash = path.rfind('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

bool hasWriteBits(const struct stat &st)
{
    return (st.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH)) != 0;
}

// Where the bytes go: a symbolic link's final target (renaming over the link would replace it
// with a plain file; CANN installs link "latest" and version folders).
struct Target
{
    std::string path;
    bool brokenLink = false;
};

Target resolveTarget(const std::string &requested)
{
    struct stat lst = {};
    if (::lstat(requested.c_str(), &lst) != 0 || !S_ISLNK(lst.st_mode))
        return {requested, false};
    const std::string resolved = realPath(requested);
    if (!resolved.empty())
        return {resolved, false};
    // A dangling link: where it points, so a new file can be created there? No: the user may have
    // meant another file; refuse and say so.
    return {requested, true};
}

std::string notAFileMessage(const std::string &path, const struct stat &st)
{
    if (S_ISDIR(st.st_mode))
        return CoreText::tr("%1 is a folder, not a file", path);
    if (S_ISFIFO(st.st_mode))
        return CoreText::tr("%1 is a named pipe (FIFO), not a regular file", path);
    if (S_ISCHR(st.st_mode))
        return CoreText::tr("%1 is a character device, not a regular file", path);
    if (S_ISBLK(st.st_mode))
        return CoreText::tr("%1 is a block device, not a regular file", path);
    if (S_ISSOCK(st.st_mode))
        return CoreText::tr("%1 is a socket, not a regular file", path);
    return CoreText::tr("%1 is not a regular file", path);
}

// What to do instead, in the words of the program the user is in.
struct Hints
{
    WriteAudience audience;

    std::string elsewhere() const
    {
        return audience == WriteAudience::App ? CoreText::tr("use Save As and choose a file name")
                                              : CoreText::tr("choose another output file");
    }
    // `input`: the name the target was opened or given under; `same`: the target is that file,
    // otherwise inside that folder.
    std::string isInput(const std::string &path, const std::string &input, bool same) const
    {
        if (audience == WriteAudience::App)
            return same
                ? CoreText::tr("refusing to write %1: it is open in OpsInfo Studio (as %2)", path,
                               input)
                : CoreText::tr(
                    "refusing to write %1: it is inside %2, a folder open in OpsInfo Studio", path,
                    input);
        return same
            ? CoreText::tr("refusing to write %1: this command reads it (given as %2)", path, input)
            : CoreText::tr("refusing to write %1: it is inside %2, a folder this command reads",
                           path, input);
    }
    std::string notAFile() const
    {
        // A rename over a device or pipe would replace it with a plain file (as root: /dev/null).
        return audience == WriteAudience::App
            ? CoreText::tr("use Save As and choose a file name")
            : CoreText::tr(
                "give the name of a regular file (commands that write a document take - for standard output)");
    }
    std::string changed() const
    {
        return audience == WriteAudience::App
            ? CoreText::tr(
                "reload the file and redo your edits, save with force to overwrite it, or use Save As to keep both")
            : CoreText::tr("run the command again: it edits the file as it is now");
    }
    std::string deleted() const
    {
        return audience == WriteAudience::App
            ? CoreText::tr("save again with force to recreate it, or use Save As")
            : CoreText::tr("check the path and run the command again");
    }
    std::string readOnly(const std::string &path) const
    {
        return audience == WriteAudience::App
            ? CoreText::tr(
                "make it writable with: chmod u+w '%1' (CANN installs often need the install user), or use Save As",
                path)
            : CoreText::tr(
                "make it writable with: chmod u+w '%1' (CANN installs often need the install user), or write the result to another file",
                path);
    }
    std::string readOnlyFolder(const std::string &folder) const
    {
        return audience == WriteAudience::App
            ? CoreText::tr("use Save As into a writable folder, or: chmod u+w '%1'", folder)
            : CoreText::tr("write the result into a writable folder, or: chmod u+w '%1'", folder);
    }
    std::string readOnlyFileSystem() const
    {
        return audience == WriteAudience::App
            ? CoreText::tr("use Save As to save on a writable file system")
            : CoreText::tr("write the result to a file on a writable file system");
    }
    std::string unreadable() const
    {
        return audience == WriteAudience::App
            ? CoreText::tr("check the file's permissions, or use Save As")
            : CoreText::tr("check the file's permissions");
    }
    std::string writeFailed() const
    {
        return audience == WriteAudience::App
            ? CoreText::tr("fix the cause and save again, or use Save As")
            : CoreText::tr("fix the cause and run the command again");
    }
    std::string owner() const
    {
        return audience == WriteAudience::App
            ? CoreText::tr("save as the file's owner or as root, or use Save As")
            : CoreText::tr(
                "run the command as the file's owner or as root, or write the result to another file");
    }
};

std::string timestamp()
{
    const auto now = std::chrono::system_clock::now();
    const auto ms
        = std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count()
        % 1000;
    const std::time_t t = std::chrono::system_clock::to_time_t(now);
    std::tm tm = {};
    gmtime_r(&t, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y%m%dT%H%M%S", &tm);
    char out[48];
    std::snprintf(out, sizeof out, "%s%03dZ", buf, int(ms));
    return out;
}

// An exclusive advisory lock on the file at `path`, held until destruction. flock() locks the
// inode: after taking it, the path must still name that inode (else a concurrent save renamed a
// new file in, and that one is locked instead).
class FileLock
{
public:
    ~FileLock()
    {
        if (m_fd >= 0)
            ::close(m_fd); // releases the lock
    }
    // Empty string when locked; else why not.
    std::string acquire(const std::string &path, int waitMs, const Hints &hints,
                        std::vector<Diagnostic> &out)
    {
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(waitMs);
        for (;;) {
            m_fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
            if (m_fd < 0) {
                if (errno == ENOENT)
                    return {}; // deleted meanwhile: the stamp check says so
                out.push_back(error(path, "save-unreadable",
                                    CoreText::tr("cannot open %1: %2", path, std::strerror(errno)),
                                    hints.unreadable()));
                return "failed";
            }
            bool locked = false;
            while (!(locked = ::flock(m_fd, LOCK_EX | LOCK_NB) == 0) && errno == EWOULDBLOCK
                   && std::chrono::steady_clock::now() < deadline)
                std::this_thread::sleep_for(std::chrono::milliseconds(20));
            if (!locked) {
                out.push_back(error(
                    path, "save-locked",
                    CoreText::tr(
                        "%1 is being saved by another program: it has held a lock on the file for more than %2 s",
                        path, waitMs / 1000),
                    CoreText::tr("wait until the other program is done, then try again")));
                return "locked";
            }
            struct stat locked_st = {}, now_st = {};
            if (::fstat(m_fd, &locked_st) == 0 && ::stat(path.c_str(), &now_st) == 0
                && locked_st.st_dev == now_st.st_dev && locked_st.st_ino == now_st.st_ino)
                return {};
            ::close(m_fd); // replaced while we waited: lock the new file
            m_fd = -1;
        }
    }

private:
    int m_fd = -1;
};

// Up to five other names of the file in its own folder (a full search of the file system would
// take minutes); the warning says how many others remain unnamed.
std::vector<std::string> otherNamesInFolder(const std::string &path, const struct stat &st)
{
    std::vector<std::string> names;
    const std::string folder = parentOf(path);
    const std::string own = baseName(path);
    DIR *dir = ::opendir(folder.c_str());
    if (!dir)
        return names;
    while (const dirent *entry = ::readdir(dir)) {
        if (entry->d_ino != st.st_ino || own == entry->d_name)
            continue;
        const std::string candidate = (folder == "/" ? "" : folder) + "/" + entry->d_name;
        struct stat other = {};
        if (::lstat(candidate.c_str(), &other) == 0 && other.st_dev == st.st_dev
            && other.st_ino == st.st_ino) {
            names.push_back(candidate);
            if (names.size() == 5)
                break;
        }
    }
    ::closedir(dir);
    return names;
}

Diagnostic hardLinkWarning(const std::string &path, const struct stat &st)
{
    const std::vector<std::string> names = otherNamesInFolder(path, st);
    const std::size_t others = std::size_t(st.st_nlink) - 1;
    std::string list;
    for (const std::string &name : names)
        list += (list.empty() ? "" : ", ") + name;
    const std::string message = names.empty()
        ? CoreText::tr("%1 had %2 other name(s) (hard links), outside its folder", path, others)
        : names.size() == others
        ? CoreText::tr("%1 had %2 other name(s) (hard links): %3", path, others, list)
        : CoreText::tr("%1 had %2 other name(s) (hard links), among them %3", path, others, list);
    return {
        Severity::Warning,
        {path, 0, 0},
        "save-hard-link-broken",
        message + "; "
            + CoreText::tr(
                "they still show the old content: a safe save replaces the file under this name only"),
        CoreText::tr(
            "link the other names to the new file again if they should follow it (ln -f)")};
}

} // namespace

std::optional<FileIdentity> fileIdentity(const std::string &path)
{
    struct stat st = {};
    if (path.empty() || ::stat(path.c_str(), &st) != 0)
        return std::nullopt;
    return FileIdentity {std::uint64_t(st.st_dev), std::uint64_t(st.st_ino)};
}

void InputSet::add(const std::string &path)
{
    struct stat st = {};
    if (path.empty() || ::stat(path.c_str(), &st) != 0)
        return;
    m_inputs.push_back(
        {{std::uint64_t(st.st_dev), std::uint64_t(st.st_ino)}, path, S_ISDIR(st.st_mode)});
}

std::optional<std::string> InputSet::conflict(const std::string &target) const
{
    if (const auto id = fileIdentity(target)) {
        for (const Input &input : m_inputs)
            if (input.identity == *id)
                return input.path;
    }
    // The folder the file lands in, and every folder above it, through symbolic links.
    std::string folder = realPath(target);
    folder = folder.empty() ? realPath(parentOf(target)) : parentOf(folder);
    while (!folder.empty()) {
        if (const auto id = fileIdentity(folder)) {
            for (const Input &input : m_inputs)
                if (input.folder && input.identity == *id)
                    return input.path;
        }
        if (folder == "/")
            break;
        folder = parentOf(folder);
    }
    return std::nullopt;
}

std::vector<Diagnostic> preflightOutput(const std::string &requested, const OutputOptions &options)
{
    std::vector<Diagnostic> out;
    const Hints hints {options.audience};
    const Target target = resolveTarget(requested);
    if (target.brokenLink) {
        out.push_back(error(requested, "save-broken-link",
                            CoreText::tr("%1 is a symbolic link to a missing file", requested),
                            options.audience == WriteAudience::App
                                ? CoreText::tr("fix the link, or use Save As")
                                : CoreText::tr("fix the link, or choose another output file")));
        return out;
    }
    const std::string &path = target.path;
    struct stat st = {};
    const bool exists = ::stat(path.c_str(), &st) == 0;
    if (exists && !S_ISREG(st.st_mode)) {
        out.push_back(error(path, "save-not-a-file", notAFileMessage(path, st), hints.notAFile()));
        return out;
    }
    if (options.inputs) {
        if (const auto input = options.inputs->conflict(path)) {
            const bool same = fileIdentity(*input) == fileIdentity(path);
            out.push_back(error(path, "output-is-input", hints.isInput(path, *input, same),
                                hints.elsewhere()));
            return out;
        }
    }
    if (options.expectedStamp && !options.force) {
        const FileStamp &loaded = *options.expectedStamp;
        std::string current;
        FileStamp currentStamp;
        std::string readError;
        if (exists && !readFileStamped(path, current, currentStamp, &readError)) {
            out.push_back(error(path, "save-unreadable", readError, hints.unreadable()));
            return out;
        }
        if (loaded.exists && !exists) {
            out.push_back(error(path, "save-deleted-on-disk",
                                CoreText::tr("%1 was deleted or moved since it was loaded", path),
                                hints.deleted()));
            return out;
        }
        if (exists && !loaded.sameContent(currentStamp)) {
            out.push_back(
                error(path, "save-changed-on-disk",
                      CoreText::tr("%1 changed on disk since it was loaded (%2 -> %3 bytes)", path,
                                   loaded.size, currentStamp.size)
                          + "; " + CoreText::tr("saving would discard that change"),
                      hints.changed()));
            return out;
        }
    }
    const std::string folder = parentOf(realPath(path).empty() ? path : realPath(path));
    FileSystemOps &fsOps = options.fileSystem ? *options.fileSystem : FileSystemOps::real();
    if (fsOps.readOnlyFileSystem(exists ? path : folder)) {
        out.push_back(
            error(path, "save-read-only-file-system",
                  CoreText::tr("cannot save %1: the file system holding %2 is mounted read-only",
                               path, folder),
                  hints.readOnlyFileSystem()));
        return out;
    }
    if (exists && (!hasWriteBits(st) || ::access(path.c_str(), W_OK) != 0)) {
        out.push_back(error(path, "save-read-only", CoreText::tr("%1 is read-only", path),
                            hints.readOnly(path)));
        return out;
    }
    struct stat dirSt = {};
    if (::stat(folder.c_str(), &dirSt) != 0) {
        out.push_back(
            error(path, "save-no-folder",
                  CoreText::tr("cannot save %1: the folder %2 does not exist", path, folder),
                  options.audience == WriteAudience::App
                      ? hints.elsewhere()
                      : CoreText::tr("create the folder first, or choose another output file")));
        return out;
    }
    if (!hasWriteBits(dirSt) || ::access(folder.c_str(), W_OK | X_OK) != 0) {
        out.push_back(error(
            path, "save-folder-read-only",
            CoreText::tr(
                "cannot save %1: its folder %2 is not writable (a safe save writes a temporary file beside it)",
                path, folder),
            hints.readOnlyFolder(folder)));
        return out;
    }
    return out;
}

OutputResult writeOutputFile(const std::string &requested, std::string_view bytes,
                             const OutputOptions &options)
{
    OutputResult result;
    const Hints hints {options.audience};
    result.diagnostics = preflightOutput(requested, options);
    if (hasErrors(result.diagnostics))
        return result;
    const std::string path = resolveTarget(requested).path;
    FileSystemOps &fsOps = options.fileSystem ? *options.fileSystem : FileSystemOps::real();

    // An in-place edit: the content check above ran without the lock; under it, again.
    FileLock lock;
    if (options.expectedStamp) {
        if (!lock.acquire(path, options.lockWaitMs, hints, result.diagnostics).empty())
            return result;
        if (!options.force) {
            std::vector<Diagnostic> again = preflightOutput(path, options);
            if (hasErrors(again)) {
                result.diagnostics = std::move(again);
                return result;
            }
        }
    }

    struct stat st = {};
    const bool exists = ::stat(path.c_str(), &st) == 0;
    const mode_t mode = exists ? (st.st_mode & 07777) : 0644;
    if (exists && options.backup) {
        std::string current;
        FileStamp ignored;
        std::string readError;
        if (!readFileStamped(path, current, ignored, &readError)) {
            result.diagnostics.push_back(error(
                path, "save-unreadable", readError + "; " + CoreText::tr("cannot back it up"),
                CoreText::tr("check the file's permissions, or turn backups off for this save")));
            return result;
        }
        const std::string &dir = options.backupDir;
        std::error_code mkdirError;
        std::filesystem::create_directories(dir, mkdirError);
        const std::string name = baseName(path);
        const auto dot = name.rfind('.');
        const std::string stem = dot == std::string::npos || dot == 0 ? name : name.substr(0, dot);
        const std::string extension
            = dot == std::string::npos || dot == 0 ? std::string() : name.substr(dot);
        const std::string stamp = timestamp();
        std::string writeError = mkdirError ? mkdirError.message() : std::string();
        bool written = false;
        // A name no other backup has: the rename refuses an existing name (no check-then-write
        // race with a concurrent save), and the next number is tried.
        for (int n = 0; !mkdirError && n < 1000 && !written; ++n) {
            const std::string backup = dir + '/' + stem + '.' + stamp
                + (n == 0 ? std::string() : '-' + std::to_string(n)) + extension;
            bool taken = false;
            written = writeNewFileAtomically(backup, current, mode | S_IRUSR | S_IWUSR, fsOps,
                                             &writeError, &taken);
            if (written)
                result.backupPath = backup;
            else if (!taken)
                break;
        }
        if (!written) {
            result.diagnostics.push_back(error(
                path, "save-backup-failed",
                CoreText::tr("cannot back up %1 to %2: %3", path, dir, writeError) + "; "
                    + CoreText::tr("nothing was saved"),
                CoreText::tr("choose another backup folder, or turn backups off for this save")));
            return result;
        }
    }

    const FileOwner owner {exists ? st.st_uid : ::geteuid(), exists ? st.st_gid : ::getegid()};
    std::string writeError;
    if (!writeFileAtomically(path, bytes, mode, fsOps, &writeError, exists ? &owner : nullptr)) {
        const bool ownerFailed = exists
            && writeError.rfind(
                   CoreText::tr(
                       "cannot give the new %1 the owner of the old one (user %2, group %3)", path,
                       unsigned(owner.user), unsigned(owner.group)),
                   0)
                == 0;
        result.diagnostics.push_back(error(path, ownerFailed ? "save-owner" : "save-write-failed",
                                           writeError,
                                           ownerFailed ? hints.owner() : hints.writeFailed()));
        return result;
    }
    if (exists && st.st_nlink > 1)
        result.diagnostics.push_back(hardLinkWarning(path, st));
    result.stamp = captureFileStamp(path);
    result.ok = true;
    return result;
}

} // namespace opsinfo
