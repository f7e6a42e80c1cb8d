#include "library/savelibrary.h"

#include "common/coretext.h"

namespace opsinfo {

LibrarySaveResult saveLibraryEdits(const OpsInfoFolderEditor &folder, const PolicyEdits &edits,
                                   const SaveOptions &options)
{
    LibrarySaveResult result;
    const auto changes = folder.apply(edits, result.diagnostics);
    if (hasErrors(result.diagnostics))
        return result;
    auto optionsFor = [&](std::size_t index) {
        SaveOptions o = options;
        o.loadedStamp = folder.file(index).stamp;
        return o;
    };
    for (const auto &change : changes) {
        auto problems = preflightSave(folder.file(change.file).path, optionsFor(change.file));
        result.diagnostics.insert(result.diagnostics.end(), problems.begin(), problems.end());
    }
    if (hasErrors(result.diagnostics))
        return result;
    for (const auto &change : changes) {
        const std::string &path = folder.file(change.file).path;
        auto saved = saveFileAtomically(path, change.result.bytes, optionsFor(change.file));
        result.diagnostics.insert(result.diagnostics.end(), saved.diagnostics.begin(),
                                  saved.diagnostics.end());
        if (!saved.ok) {
            if (!result.savedFiles.empty()) {
                std::string list;
                for (const auto &f : result.savedFiles)
                    list += (list.empty() ? "" : ", ") + f;
                result.diagnostics.push_back(
                    {Severity::Note,
                     {path, 0, 0},
                     "save-partial",
                     CoreText::tr("these files were already saved with their part of the edits: %1",
                                  list),
                     CoreText::tr("fix the error above and save again") + "; "
                         + CoreText::tr("the saved files need no change")});
            }
            return result;
        }
        result.savedFiles.push_back(path);
        result.stamps.push_back(saved.stamp);
        if (!saved.backupPath.empty())
            result.backups.push_back(saved.backupPath);
    }
    result.ok = true;
    return result;
}

} // namespace opsinfo
