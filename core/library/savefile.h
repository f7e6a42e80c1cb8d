#pragma once

#include "common/diagnostic.h"
#include "common/filestamp.h"
#include "common/outputfile.h"

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
    // defaultBackupDir(path)). Never inside the target's folder: L1 would load it as a library
    // file.
    bool backup = true;
    std::string backupDir;
    FileSystemOps *fileSystem = nullptr; // nullptr = the real one; tests inject faults here
    const InputSet *inputs = nullptr; // files the saving command read: never overwritten
    WriteAudience audience = WriteAudience::App;
};

struct SaveResult
{
    bool ok = false;
    std::vector<Diagnostic> diagnostics; // each names the file and what to do
    std::string backupPath; // empty when no backup was written
    FileStamp stamp; // of the saved file, for the next save's check
};

// Saves an ops-info library file (or any file the app edits) with writeOutputFile(): with a
// loadedStamp, under an flock and only if the file is still as loaded; the old file backed up
// outside its folder (refusing a backup folder the compiler would load, L1); owner, group and
// permission bits kept; a broken hard link reported as a warning.
SaveResult saveFileAtomically(const std::string &path, std::string_view bytes,
                              const SaveOptions &options = {});

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
