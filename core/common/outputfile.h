#pragma once

#include "common/diagnostic.h"
#include "common/filestamp.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace opsinfo {

class FileSystemOps;

// A file as the system knows it (device and inode): the same for every path that reaches it,
// through symbolic links, hard links, "./" and "../" spellings.
struct FileIdentity
{
    std::uint64_t device = 0;
    std::uint64_t inode = 0;
    bool operator==(const FileIdentity &) const = default;
};

// Through symbolic links; nullopt when the path does not exist or cannot be examined.
std::optional<FileIdentity> fileIdentity(const std::string &path);

// Every file and folder a command reads. An output must not be one of them (it would destroy the
// input, possibly before it was read) and must not be written into an input folder (a library
// folder loads every .json in it, L1).
class InputSet
{
public:
    // A missing path is ignored (reading it reports the problem).
    void add(const std::string &path);
    // The input `target` is, or is inside, as the user named it; nullopt when none.
    std::optional<std::string> conflict(const std::string &target) const;

private:
    struct Input
    {
        FileIdentity identity;
        std::string path;
        bool folder = false;
    };
    std::vector<Input> m_inputs;
};

// Who reads the messages: the app offers Save As, the command line another output file. The
// checks are the same.
enum class WriteAudience { App, Cli };

struct OutputOptions
{
    // Refuse a target that is one of these (or inside one of these folders).
    const InputSet *inputs = nullptr;
    // An in-place edit: the content the edit was made from. The write takes an advisory lock
    // (flock) on the file, re-reads it under the lock and refuses when it is no longer this
    // content (unless `force`), so two concurrent edits cannot both succeed and lose one.
    std::optional<FileStamp> expectedStamp;
    bool force = false;
    // A copy of the replaced file goes into this folder first, under a name no other backup has.
    bool backup = false;
    std::string backupDir;
    WriteAudience audience = WriteAudience::App;
    FileSystemOps *fileSystem = nullptr; // nullptr = the real one; tests inject faults here
    int lockWaitMs = 10000; // how long to wait for another program's lock
};

struct OutputResult
{
    bool ok = false;
    std::vector<Diagnostic> diagnostics; // errors say why nothing was written; warnings what
                                         // else happened (a hard link broken)
    std::string backupPath; // empty when no backup was written
    FileStamp stamp; // of the written file
};

// The one way the engine writes a file the user named: refuses an input, a folder, a pipe or a
// device as the target; checks (under a lock for an in-place edit) that the file is still what it
// was; backs it up when asked; writes a temporary file beside it, fsyncs it and renames it over,
// keeping the replaced file's owner, group and permission bits. A symbolic link is followed (the
// link stays a link). A hard link cannot survive the rename: the result warns, naming the other
// names it found in the same folder. On any failure the old file is untouched.
OutputResult writeOutputFile(const std::string &path, std::string_view bytes,
                             const OutputOptions &options = {});

// The checks writeOutputFile makes before writing (target kind, input, changed or deleted on
// disk, read-only file, folder or file system), so a save of several files can refuse before the
// first is written. Without the lock: writeOutputFile checks the content again under it.
std::vector<Diagnostic> preflightOutput(const std::string &path, const OutputOptions &options = {});

} // namespace opsinfo
