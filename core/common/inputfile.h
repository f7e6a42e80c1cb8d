#pragma once

#include "common/diagnostic.h"
#include "common/filestamp.h"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace opsinfo {

// The most a command reads of one kind of file. Each is far above the largest real file of its
// kind (FORMATS, ../shared/data) and low enough that a wrong or hostile file is refused before a
// byte is read, with the limit in the message, instead of taking the machine's memory.
struct InputLimit
{
    const char *what; // "a modify_mixlist file": the message says what the file was taken for
    std::size_t maxBytes; // larger files are refused unread
};

namespace InputLimits {
inline constexpr std::size_t MiB = std::size_t(1) << 20;
// Real mixlists are small (the largest of the 65 real ones in ../shared/data: 1.2 KiB).
inline constexpr InputLimit Mixlist {"a modify_mixlist file", 16 * MiB};
// One line per node or op type; a 100,000-node model's full list is about 10 MiB.
inline constexpr InputLimit KeepDtype {"a keep_dtype file", 64 * MiB};
inline constexpr InputLimit CustomizeDtypes {"a customize_dtypes file", 64 * MiB};
inline constexpr InputLimit OpMap {"an op map file", 16 * MiB};
// INI sources of custom op projects: one section per op type, a few KiB per op.
inline constexpr InputLimit OpsInfoIni {"an ops-info INI file", 64 * MiB};
// Platform inis and fe.ini: the largest real one (Ascend310B1.ini) has 28 KiB.
inline constexpr InputLimit SettingsIni {"a settings ini file", 4 * MiB};
// Profiler CSVs of a long run (kernel_details, op_summary) reach hundreds of MiB; compares and
// dump.json are smaller.
inline constexpr InputLimit Evidence {"an evidence file", 1024 * MiB};
inline constexpr InputLimit ApiMap {"an API map file", 16 * MiB};
} // namespace InputLimits

// Why a file could not be used as an input. Every kind is the command's I/O failure (exit 2),
// never a finding about the file's content.
enum class InputFailureKind {
    Missing, // no such file (or a dangling symbolic link)
    Unreadable, // permission, I/O error ...: the system's reason is in the message
    NotAFile, // a folder, a named pipe, a device, a socket
    TooLarge, // larger than the limit
};

struct InputFailure
{
    InputFailureKind kind = InputFailureKind::Unreadable;
    std::string path;
    std::string message; // names the file and the reason
    std::string hint; // what to do

    // As an error diagnostic; its code ("input-missing", "input-unreadable", "input-not-a-file",
    // "input-too-large") marks it as an I/O failure for isInputFailure().
    Diagnostic diagnostic() const;
};

// True for a diagnostic made by InputFailure::diagnostic() (or the loaders' own I/O codes):
// callers map it to "could not read" rather than "the content has errors".
bool isInputFailure(const Diagnostic &diagnostic);

// Reads the whole of `path` (symbolic links followed) if it is a regular file of at most
// `limit.maxBytes` bytes. A folder, FIFO, device or socket is refused without blocking and without
// reading; a file that grows past the limit while being read is refused too, so memory stays
// bounded whatever the path is. `stamp` (optional) describes exactly the bytes read.
std::optional<InputFailure> readInputFile(const std::string &path, const InputLimit &limit,
                                          std::string &bytes, FileStamp *stamp = nullptr);

// The same checks without reading, for readers that map or parse the file themselves.
std::optional<InputFailure> checkInputFile(const std::string &path, const InputLimit &limit);

} // namespace opsinfo
