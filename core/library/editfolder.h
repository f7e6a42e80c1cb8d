#pragma once

#include "common/diagnostic.h"
#include "common/filestamp.h"
#include "library/editopsinfo.h"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace opsinfo {

// One library file of a soc folder as it was read, with the stamp a later save checks.
struct LibraryFileText
{
    std::string path;
    std::string bytes;
    FileStamp stamp;
};

// L2 load order of file names: names containing "legacy" first, then shorter names first; equal
// lengths by name so the order is stable. Returns indices into `names`.
std::vector<std::size_t> libraryLoadOrder(const std::vector<std::string> &names);

// The edits of a whole soc folder (L1/L2): an op defined in several files is edited in the file
// whose entry wins (the last one in load order), since only that entry's precision_reduce counts.
class OpsInfoFolderEditor
{
public:
    explicit OpsInfoFolderEditor(std::vector<LibraryFileText> files);

    // L1: every regular *.json not starting with '.', read with its stamp.
    static OpsInfoFolderEditor load(const std::string &socFolder,
                                    std::vector<Diagnostic> &diagnostics);

    std::size_t fileCount() const { return m_files.size(); }
    const LibraryFileText &file(std::size_t index) const { return m_files[index]; } // in load order
    const OpsInfoEditor &editor(std::size_t index) const { return *m_editors[index]; }

    // Index of the file whose entry for the op wins, or -1 when no file defines it.
    int winningFile(std::string_view opType) const;
    // Every file defining the op, in load order (all but the last are shadowed).
    std::vector<std::size_t> definingFiles(std::string_view opType) const;

    struct FileEdit
    {
        std::size_t file;
        OpsInfoEditResult result;
    };
    // Routes each edit to its winning file; returns the files whose bytes change. Unknown op types
    // are errors (diagnostics name the folder's files) and nothing is returned then.
    std::vector<FileEdit> apply(const PolicyEdits &edits,
                                std::vector<Diagnostic> &diagnostics) const;

private:
    std::vector<LibraryFileText> m_files;
    std::vector<std::unique_ptr<OpsInfoEditor>> m_editors;
};

} // namespace opsinfo
