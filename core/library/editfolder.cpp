#include "library/editfolder.h"

#include "library/libraryfolders.h"

#include "common/coretext.h"

#include <algorithm>
#include <filesystem>
#include <map>

namespace opsinfo {

std::vector<std::size_t> libraryLoadOrder(const std::vector<std::string> &names)
{
    std::vector<std::size_t> order(names.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    auto base = [&](std::size_t i) { return std::filesystem::path(names[i]).filename().string(); };
    // One definition of L2 for loading and editing, so an edit lands in the file the loader lets
    // win.
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return loadsBefore(base(a), base(b)); });
    return order;
}

OpsInfoFolderEditor::OpsInfoFolderEditor(std::vector<LibraryFileText> files)
{
    std::vector<std::string> names;
    for (const auto &f : files)
        names.push_back(f.path);
    for (const std::size_t i : libraryLoadOrder(names))
        m_files.push_back(std::move(files[i]));
    for (const auto &f : m_files)
        m_editors.push_back(std::make_unique<OpsInfoEditor>(f.bytes, f.path));
}

OpsInfoFolderEditor OpsInfoFolderEditor::load(const std::string &socFolder,
                                              std::vector<Diagnostic> &diagnostics)
{
    namespace fs = std::filesystem;
    std::vector<LibraryFileText> files;
    std::error_code ec;
    for (fs::directory_iterator it(socFolder, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (name.empty() || name.front() == '.' || it->path().extension() != ".json")
            continue;
        // Its own error code: one bad link must not end the listing (it shares `ec` with the loop).
        std::error_code statError;
        if (!it->is_regular_file(statError)) {
            if (statError)
                diagnostics.push_back({Severity::Warning,
                                       {it->path().string(), 0, 0},
                                       "L1",
                                       CoreText::tr("skipped: %1", statError.message()),
                                       CoreText::tr("fix or remove the link") + "; "
                                           + CoreText::tr("the compiler skips this file too")});
            continue;
        }
        LibraryFileText file;
        file.path = it->path().string();
        std::string error;
        if (!readFileStamped(file.path, file.bytes, file.stamp, &error)) {
            diagnostics.push_back({Severity::Error,
                                   {file.path, 0, 0},
                                   "L1",
                                   error,
                                   CoreText::tr("check the file's permissions")});
            continue;
        }
        files.push_back(std::move(file));
    }
    if (ec)
        diagnostics.push_back({Severity::Error,
                               {socFolder, 0, 0},
                               "L1",
                               CoreText::tr("cannot list %1: %2", socFolder, ec.message()),
                               CoreText::tr("check the folder path")});
    return OpsInfoFolderEditor(std::move(files));
}

std::vector<std::size_t> OpsInfoFolderEditor::definingFiles(std::string_view opType) const
{
    std::vector<std::size_t> out;
    for (std::size_t i = 0; i < m_editors.size(); ++i) {
        if (m_editors[i]->contains(opType))
            out.push_back(i);
    }
    return out;
}

int OpsInfoFolderEditor::winningFile(std::string_view opType) const
{
    for (std::size_t i = m_editors.size(); i-- > 0;) {
        if (m_editors[i]->contains(opType))
            return int(i);
    }
    return -1;
}

std::vector<OpsInfoFolderEditor::FileEdit>
OpsInfoFolderEditor::apply(const PolicyEdits &edits, std::vector<Diagnostic> &diagnostics) const
{
    std::map<std::size_t, PolicyEdits> perFile;
    bool failed = false;
    for (const auto &[type, policy] : edits) {
        const int winner = winningFile(type);
        if (winner < 0) {
            std::string hint = CoreText::tr("op types are case-sensitive");
            for (const auto &editor : m_editors) {
                if (const auto suggestion = editor->suggestOpType(type)) {
                    hint = CoreText::tr("did you mean '%1'? op types are case-sensitive",
                                        *suggestion);
                    break;
                }
            }
            diagnostics.push_back(
                {Severity::Error,
                 {},
                 "edit-unknown-op",
                 CoreText::tr(
                     "cannot set the colour of '%1': no library file of this folder defines it",
                     type),
                 hint});
            failed = true;
            continue;
        }
        perFile[std::size_t(winner)][type] = policy;
    }
    std::vector<FileEdit> out;
    if (failed)
        return out;
    for (const auto &[index, fileEdits] : perFile) {
        auto result = m_editors[index]->apply(fileEdits);
        if (!result.ok()) {
            diagnostics.insert(diagnostics.end(), result.diagnostics.begin(),
                               result.diagnostics.end());
            failed = true;
            continue;
        }
        if (result.bytes != m_files[index].bytes)
            out.push_back({index, std::move(result)});
    }
    if (failed)
        out.clear();
    return out;
}

} // namespace opsinfo
