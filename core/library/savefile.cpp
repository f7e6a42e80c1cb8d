#include "library/savefile.h"

#include "common/atomicfile.h"
#include "common/coretext.h"

#include <chrono>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <sys/stat.h>
#include <unistd.h>

namespace opsinfo {

namespace fs = std::filesystem;

namespace {

fs::path normalized(const std::string &path)
{
    std::error_code ec;
    fs::path p = fs::weakly_canonical(fs::absolute(path, ec), ec);
    if (ec)
        p = fs::absolute(path).lexically_normal();
    return p;
}

bool isInside(const fs::path &inner, const fs::path &outer)
{
    auto i = inner.begin();
    for (auto o = outer.begin(); o != outer.end(); ++o, ++i) {
        if (o->empty())
            continue; // trailing separator
        if (i == inner.end() || *i != *o)
            return false;
    }
    return true;
}

std::string timestamp()
{
    const auto now = std::chrono::system_clock::now();
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count() % 1000;
    const std::time_t t = std::chrono::system_clock::to_time_t(now);
    std::tm tm = {};
    gmtime_r(&t, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y%m%dT%H%M%S", &tm);
    char out[48];
    std::snprintf(out, sizeof out, "%s%03dZ", buf, int(ms));
    return out;
}

bool hasWriteBits(const struct stat &st)
{
    return (st.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH)) != 0;
}

Diagnostic error(const std::string &file, const std::string &code, const std::string &message,
                 const std::string &hint)
{
    return {Severity::Error, {file, 0, 0}, code, message, hint};
}

} // namespace

std::string defaultBackupDir(const std::string &path)
{
    fs::path base;
    if (const char *state = std::getenv("XDG_STATE_HOME"); state && *state == '/')
        base = state;
    else if (const char *home = std::getenv("HOME"); home && *home)
        base = fs::path(home) / ".local" / "state";
    else
        base = fs::temp_directory_path();
    const std::string folder = normalized(path).parent_path().filename().string();
    return (base / "opsinfo-studio" / "backups" / (folder.empty() ? std::string("root") : folder)).string();
}

namespace {

// Where a backup folder would be loaded as part of the library (see backupDirProblem).
struct BackupDirConflict
{
    enum class Kind { None, InsideFolder, InsideTree } kind = Kind::None;
    std::string dir;
    std::string outer; // the soc folder, or the tbe/config tree
};

BackupDirConflict backupDirConflict(const std::string &path, const std::string &backupDir)
{
    const fs::path target = normalized(path);
    const fs::path dir = normalized(backupDir);
    const fs::path folder = target.parent_path();
    if (isInside(dir, folder))
        return {BackupDirConflict::Kind::InsideFolder, dir.string(), folder.string()};
    // <...>/tbe/config/<soc>/file.json: a sibling soc folder would load the copy for another chip.
    const fs::path config = folder.parent_path();
    if (config.filename() == "config" && isInside(dir, config))
        return {BackupDirConflict::Kind::InsideTree, dir.string(), config.string()};
    return {};
}

} // namespace

std::string backupDirProblem(const std::string &path, const std::string &backupDir)
{
    const BackupDirConflict c = backupDirConflict(path, backupDir);
    switch (c.kind) {
    case BackupDirConflict::Kind::InsideFolder:
        return CoreText::tr("the backup folder %1 is inside %2, and every .json there is loaded as part of the library (L1)",
                            c.dir, c.outer);
    case BackupDirConflict::Kind::InsideTree:
        return CoreText::tr("the backup folder %1 is inside the ops-info tree %2, where the compiler loads library files (L1)",
                            c.dir, c.outer);
    case BackupDirConflict::Kind::None: break;
    }
    return {};
}

std::vector<Diagnostic> preflightSave(const std::string &path, const SaveOptions &options)
{
    std::vector<Diagnostic> out;
    struct stat st = {};
    const bool exists = ::stat(path.c_str(), &st) == 0;
    if (exists && !S_ISREG(st.st_mode)) {
        out.push_back(error(path, "save-not-a-file", CoreText::tr("%1 is not a regular file", path),
                            CoreText::tr("use Save As and choose a file name")));
        return out;
    }
    if (options.loadedStamp && !options.force) {
        const FileStamp &loaded = *options.loadedStamp;
        std::string current;
        FileStamp currentStamp;
        std::string readError;
        if (exists && !readFileStamped(path, current, currentStamp, &readError)) {
            out.push_back(error(path, "save-unreadable", readError, CoreText::tr("check the file's permissions, or use Save As")));
            return out;
        }
        if (loaded.exists && !exists) {
            out.push_back(error(path, "save-deleted-on-disk", CoreText::tr("%1 was deleted or moved since it was loaded", path),
                                CoreText::tr("save again with force to recreate it, or use Save As")));
            return out;
        }
        if (exists && !loaded.sameContent(currentStamp)) {
            out.push_back(error(path, "save-changed-on-disk",
                                CoreText::tr("%1 changed on disk since it was loaded (%2 -> %3 bytes)", path,
                                             loaded.size, currentStamp.size)
                                    + "; " + CoreText::tr("saving would discard that change"),
                                CoreText::tr("reload the file and redo your edits, save with force to overwrite it, or use Save As to keep both")));
            return out;
        }
    }
    if (exists && (!hasWriteBits(st) || ::access(path.c_str(), W_OK) != 0)) {
        out.push_back(error(path, "save-read-only", CoreText::tr("%1 is read-only", path),
                            CoreText::tr("make it writable with: chmod u+w '%1' (CANN installs often need the install user), or use Save As",
                                         path)));
        return out;
    }
    const std::string folder = normalized(path).parent_path().string();
    struct stat dirSt = {};
    if (::stat(folder.c_str(), &dirSt) != 0 || !hasWriteBits(dirSt) || ::access(folder.c_str(), W_OK | X_OK) != 0) {
        out.push_back(error(path, "save-folder-read-only",
                            CoreText::tr("cannot save %1: its folder %2 is not writable (a safe save writes a temporary file beside it)",
                                         path, folder),
                            CoreText::tr("use Save As into a writable folder, or: chmod u+w '%1'", folder)));
        return out;
    }
    if (exists && options.backup) {
        const std::string dir = options.backupDir.empty() ? defaultBackupDir(path) : options.backupDir;
        const BackupDirConflict c = backupDirConflict(path, dir);
        const std::string hint = CoreText::tr("choose a backup folder outside the soc folder");
        if (c.kind == BackupDirConflict::Kind::InsideFolder)
            out.push_back(error(path, "L1",
                                CoreText::tr("refusing to back up into the library: the backup folder %1 is inside %2, and every .json there is loaded as part of the library (L1)",
                                             c.dir, c.outer),
                                hint));
        else if (c.kind == BackupDirConflict::Kind::InsideTree)
            out.push_back(error(path, "L1",
                                CoreText::tr("refusing to back up into the library: the backup folder %1 is inside the ops-info tree %2, where the compiler loads library files (L1)",
                                             c.dir, c.outer),
                                hint));
    }
    return out;
}

SaveResult saveFileAtomically(const std::string &requestedPath, std::string_view bytes, const SaveOptions &options)
{
    // Renaming over a symlink would replace the link with a plain file (CANN installs link
    // "latest" and version folders): write where the link points instead.
    std::error_code linkError;
    const bool isLink = fs::is_symlink(requestedPath, linkError);
    const std::string path = isLink ? fs::canonical(requestedPath, linkError).string() : requestedPath;
    if (isLink && linkError) {
        SaveResult broken;
        broken.diagnostics.push_back(error(requestedPath, "save-broken-link",
                                           CoreText::tr("%1 is a symbolic link to a missing file", requestedPath),
                                           CoreText::tr("fix the link, or use Save As")));
        return broken;
    }
    SaveResult result;
    result.diagnostics = preflightSave(path, options);
    if (hasErrors(result.diagnostics))
        return result;
    FileSystemOps &fsOps = options.fileSystem ? *options.fileSystem : FileSystemOps::real();
    struct stat st = {};
    const bool exists = ::stat(path.c_str(), &st) == 0;
    std::string current;
    if (exists && options.backup) {
        FileStamp ignored;
        std::string readError;
        if (!readFileStamped(path, current, ignored, &readError)) {
            result.diagnostics.push_back(error(path, "save-unreadable", readError + "; " + CoreText::tr("cannot back it up"),
                                               CoreText::tr("check the file's permissions, or turn backups off for this save")));
            return result;
        }
    }
    const mode_t mode = exists ? (st.st_mode & 07777) : 0644;
    if (exists && options.backup) {
        const std::string dir = options.backupDir.empty() ? defaultBackupDir(path) : options.backupDir;
        std::error_code ec;
        fs::create_directories(dir, ec);
        const fs::path target(path);
        const std::string stem = target.stem().string();
        const std::string extension = target.extension().string();
        std::string backup = (fs::path(dir) / (stem + '.' + timestamp() + extension)).string();
        for (int n = 1; fs::exists(backup, ec); ++n)
            backup = (fs::path(dir) / (stem + '.' + timestamp() + '-' + std::to_string(n) + extension)).string();
        std::string writeError;
        if (ec || !writeFileAtomically(backup, current, mode | S_IRUSR | S_IWUSR, fsOps, &writeError)) {
            result.diagnostics.push_back(error(
                path, "save-backup-failed",
                CoreText::tr("cannot back up %1 to %2: %3", path, dir, ec ? ec.message() : writeError) + "; "
                    + CoreText::tr("nothing was saved"),
                CoreText::tr("choose another backup folder, or turn backups off for this save")));
            return result;
        }
        result.backupPath = backup;
    }

    std::string writeError;
    if (!writeFileAtomically(path, bytes, mode, fsOps, &writeError)) {
        result.diagnostics.push_back(error(path, "save-write-failed", writeError,
                                           CoreText::tr("fix the cause and save again, or use Save As")));
        return result;
    }
    result.stamp = captureFileStamp(path);
    result.ok = true;
    return result;
}

} // namespace opsinfo
