#pragma once

#include "library/editfolder.h"
#include "library/savefile.h"

#include <string>
#include <vector>

namespace opsinfo {

struct LibrarySaveResult
{
    bool ok = false;
    std::vector<Diagnostic> diagnostics;
    std::vector<std::string> savedFiles; // in the order written
    std::vector<std::string> backups;
    std::vector<FileStamp> stamps; // of savedFiles, for the next save
};

// Applies colour edits to a soc folder and saves every file that changes. All files are checked
// (changed on disk, read-only, backup folder) before the first is written, so a refusal writes
// nothing; a write failure later stops there and the result says which files were saved already.
// `options.loadedStamp` is ignored: each file's own stamp from loading is used.
LibrarySaveResult saveLibraryEdits(const OpsInfoFolderEditor &folder, const PolicyEdits &edits,
                                   const SaveOptions &options = {});

} // namespace opsinfo
