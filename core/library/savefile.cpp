#include "library/savefile.h"

#include "common/coretext.h"

#include <climits>
#include <cstdlib>
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
    return (base / "opsinfo-studio" / "backups" / (folder.empty() ? std::string("root") : folder))
        .string();
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
        return CoreText::tr(
            "the backup folder %1 is inside %2, and every .json there is loaded as part of the library (L1)",
            c.dir, c.outer);
    case BackupDirConflict::Kind::InsideTree:
        return CoreText::tr(
            "the backup folder %1 is inside the ops-info tree %2, where the compiler loads library files (L1)",
            c.dir, c.outer);
    case BackupDirConflict::Kind::None:
        break;
    }
    return {};
}

namespace {

OutputOptions outputOptions(const std::string &path, const SaveOptions &options)
{
    OutputOptions out;
    out.inputs = options.inputs;
    out.expectedStamp = options.loadedStamp;
    out.force = options.force;
    out.backup = options.backup;
    out.backupDir = options.backupDir.empty() ? defaultBackupDir(path) : options.backupDir;
    out.audience = options.audience;
    out.fileSystem = options.fileSystem;
    return out;
}

// A backup the compiler would load as part of the library (L1) is refused before anything is
// written.
std::optional<Diagnostic> backupInsideLibrary(const std::string &path, const SaveOptions &options)
{
    struct stat st = {};
    if (!options.backup || ::stat(path.c_str(), &st) != 0)
        return std::nullopt;
    const std::string dir = options.backupDir.empty() ? defaultBackupDir(path) : options.backupDir;
    const BackupDirConflict c = backupDirConflict(path, dir);
    const std::string hint = CoreText::tr("choose a backup folder outside the soc folder");
    if (c.kind == BackupDirConflict::Kind::InsideFolder)
        return error(
            path, "L1",
            CoreText::tr(
                "refusing to back up into the library: the backup folder %1 is inside %2, and every .json there is loaded as part of the library (L1)",
                c.dir, c.outer),
            hint);
    if (c.kind == BackupDirConflict::Kind::InsideTree)
        return error(
            path, "L1",
            CoreText::tr(
                "refusing to back up into the library: the backup folder %1 is inside the ops-info tree %2, where the compiler loads library files (L1)",
                c.dir, c.outer),
            hint);
    return std::nullopt;
}

} // namespace

std::vector<Diagnostic> preflightSave(const std::string &path, const SaveOptions &options)
{
    std::vector<Diagnostic> out = preflightOutput(path, outputOptions(path, options));
    if (!hasErrors(out))
        if (auto problem = backupInsideLibrary(path, options))
            out.push_back(std::move(*problem));
    return out;
}

SaveResult saveFileAtomically(const std::string &path, std::string_view bytes,
                              const SaveOptions &options)
{
    SaveResult result;
    char resolved[PATH_MAX];
    const std::string target = ::realpath(path.c_str(), resolved) ? std::string(resolved) : path;
    if (auto problem = backupInsideLibrary(target, options)) {
        result.diagnostics.push_back(std::move(*problem));
        return result;
    }
    OutputResult written = writeOutputFile(path, bytes, outputOptions(target, options));
    result.ok = written.ok;
    result.diagnostics = std::move(written.diagnostics);
    result.backupPath = std::move(written.backupPath);
    result.stamp = written.stamp;
    return result;
}

} // namespace opsinfo
