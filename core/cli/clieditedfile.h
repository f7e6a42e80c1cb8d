#pragma once

#include "cli/argparser.h"
#include "common/filestamp.h"
#include "library/savefile.h"

#include <string>
#include <vector>

namespace opsinfo {

// -o OUT | --in-place [--backup-dir DIR], the same on every command that edits a library file;
// exactly one of them, or of them and the options in `alternatives` (declared before).
void addEditedFileOutputOptions(ArgParser &parser, std::vector<std::string> alternatives = {});

// Where the edited `file` goes and how it is saved: -o OUT (never onto an input, no backup), or
// the file itself (--in-place: only if still as read, `stamp`; after a backup).
struct EditedFileTarget
{
    std::string path;
    SaveOptions options;
};
EditedFileTarget editedFileTarget(const ArgParser &parser, const InputSet &inputs,
                                  const std::string &file, const FileStamp &stamp);

} // namespace opsinfo
