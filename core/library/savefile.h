#pragma once

#include "common/diagnostic.h"
#include "common/filestamp.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace opsinfo {

class FileSystemOps;

struct SaveOptions
{
    // The stamp taken when the file was loaded; a save refuses to overwrite a file whose content
    // changed since (unless `force`). nullopt: no check (a new file, or Save As).
    std::optional<FileStamp> loadedStamp;
    bool force = false;
    // A copy of the file being replaced is written to `backupDir` first (default:
    // defaultBackupDir(path)). Never inside the target's folder: L1 would load it as a library file.
    bool backup = true;
    std::string backupDir;
    FileSystemOps *fileSystem = nullptr; // nullptr = the real one; tests inject faults here
};

struct SaveResult
{
    bool ok = false;
    std::vector<Diagnostic> diagnostics; // each names the file and what to do
    std::string backupPath;              // empty when no backup was written
    FileStamp stamp;                     // of the saved file, for the next save's check
};

// Saves `bytes` to `path` so that a failure at any point leaves the old file intact: checks for a
// change on disk and a read-only file or folder, backs the old file up outside its folder, then
// writes a temporary file beside it, fsyncs and renames it over. A symlink is followed (the link
// stays a link). The saved file gets the original's permission bits; its owner becomes the saving
// user and hard links to the old file keep the old content (rename semantics).
SaveResult saveFileAtomically(const std::string &path, std::string_view bytes, const SaveOptions &options = {});

// The checks saveFileAtomically makes before it writes anything (changed or deleted on disk,
// read-only file or folder, backup folder inside the library), so a save of several files can
// refuse before the first one is written.
std::vector<Diagnostic> preflightSave(const std::string &path, const SaveOptions &options = {});

// $XDG_STATE_HOME/opsinfo-studio/backups/<folder name> (else ~/.local/state/...), where the folder
// name is that of the file's folder: the soc ("ascend910b") for a library file.
std::string defaultBackupDir(const std::string &path);

// Why `backupDir` must not hold backups of `path` (inside its folder, or inside the tbe/config tree
// it belongs to), or an empty string when it is fine.
std::string backupDirProblem(const std::string &path, const std::string &backupDir);

} // namespace opsinfo
