#include "studio/document/libraryfiles.h"

#include "common/textfix.h"
#include "library/editopsinfo.h"
#include "studio/document/documentio.h"
#include "studio/document/librarydocument.h"
#include "studio/document/mixlistdocument.h"
#include "studio/document/userprompt.h"
#include "studio/document/workspace.h"
#include "studio/tasks/taskrunner.h"

#include <QFileInfo>

#include <algorithm>

namespace opsinfo {

LibraryFiles::LibraryFiles(Workspace *workspace, DocumentIo *io, QObject *parent)
    : QObject(parent)
    , m_workspace(workspace)
    , m_io(io)
{
}

LibraryFiles::~LibraryFiles() = default;

void LibraryFiles::reportBusy(const QString &path)
{
    m_io->prompt()->error(tr("Cannot open %1").arg(QFileInfo(path).fileName()),
                          tr("Another file is being loaded or saved."),
                          tr("Try again when it is done."));
}

std::optional<LibraryLoadResult> LibraryFiles::loadForReading(const QString &path,
                                                              const QString &soc)
{
    const std::string file = path.toStdString();
    const std::string socName = soc.toStdString();
    TaskRunner *tasks = m_io->tasks();
    std::optional<LibraryLoadResult> loaded = tasks->compute<LibraryLoadResult>(
        tr("Loading %1…").arg(QFileInfo(path).fileName()), true,
        [file, socName] { return loadLibraryPath(file, socName); });
    if (!loaded) {
        if (tasks->lastOutcome() == TaskRunner::Outcome::Busy)
            reportBusy(path);
        return std::nullopt;
    }
    if (loaded->library.ops().empty() && !loaded->ok()) {
        m_io->reportDiagnostics(tr("Cannot open %1").arg(QFileInfo(path).fileName()),
                                loaded->diagnostics);
        return std::nullopt;
    }
    return loaded;
}

bool LibraryFiles::open(const QString &path, const QString &soc)
{
    if (!maybeSave())
        return false;
    struct Opened
    {
        LibraryLoadResult loaded;
        std::map<std::string, LoadedFile> files;
        PreparedLibrary prepared;
    };
    // The mixlist cannot change meanwhile: user input waits, then the window refuses edits.
    const Mixlist mixlist = m_workspace->mixlistDocument()->mixlist();
    const std::string mixlistPath = m_workspace->mixlistDocument()->path().toStdString();
    // Parsing and reading the files' bytes (kept to edit them on save) both happen off the UI
    // thread; a cancelled load leaves everything as it was.
    const std::string file = path.toStdString();
    const std::string socName = soc.toStdString();
    TaskRunner *tasks = m_io->tasks();
    std::optional<Opened> opened = tasks->compute<Opened>(
        tr("Loading %1…").arg(QFileInfo(path).fileName()), true,
        [file, socName, mixlist, mixlistPath] {
            Opened result;
            result.loaded = loadLibraryPath(file, socName);
            result.prepared = PreparedLibrary::build(result.loaded.library, mixlist, mixlistPath);
            for (const LibraryFile &f : result.loaded.library.files()) {
                LoadedFile loadedFile;
                loadedFile.target = f.path;
                if (readFileStamped(f.path, loadedFile.bytes, loadedFile.stamp))
                    result.files.emplace(f.path, std::move(loadedFile));
            }
            return result;
        });
    if (!opened) {
        if (tasks->lastOutcome() == TaskRunner::Outcome::Busy)
            reportBusy(path);
        return false;
    }
    LibraryLoadResult &loaded = opened->loaded;
    if (loaded.library.ops().empty() && !loaded.ok()) {
        m_io->reportDiagnostics(tr("Cannot open %1").arg(QFileInfo(path).fileName()),
                                loaded.diagnostics);
        return false;
    }
    m_files = std::move(opened->files);
    const bool hadErrors = !loaded.ok();
    std::vector<Diagnostic> diagnostics = loaded.diagnostics;
    LibraryDocument *document = m_workspace->libraryDocument();
    document->reset(std::move(loaded.library), path, std::move(diagnostics),
                    std::move(opened->prepared), soc);
    if (hadErrors)
        m_io->reportDiagnostics(tr("%1 has errors").arg(QFileInfo(path).fileName()),
                                document->diagnostics());
    emit fileUsed(path);
    return true;
}

std::string_view LibraryFiles::openedBytes(const std::string &file) const
{
    const auto it = m_files.find(file);
    return it != m_files.end() ? std::string_view(it->second.bytes) : std::string_view();
}

bool LibraryFiles::maybeSave()
{
    return m_io->maybeSave(*m_workspace->libraryDocument(), [this] { return save(); });
}

// Writes the library file `file` (as opened) with the colour edits to `target`; the stamp check
// applies when `target` is where the file was last read or written.
bool LibraryFiles::writeFile(const std::string &file, const std::string &target)
{
    UserPrompt *prompt = m_io->prompt();
    auto loaded = m_files.find(file);
    if (loaded == m_files.end()) {
        prompt->error(tr("%1 was not saved").arg(QString::fromStdString(file)),
                      tr("The file could not be read when the library was opened."),
                      tr("Open the library again."));
        return false;
    }
    if (QFileInfo(QString::fromStdString(file))
            .suffix()
            .compare(QLatin1String("json"), Qt::CaseInsensitive)
        != 0) {
        prompt->error(tr("%1 was not saved").arg(QString::fromStdString(file)),
                      tr("Only ops-info JSON files can be edited in place."),
                      tr("Convert the INI source with `opsinfo convert-ini` and open the JSON."));
        return false;
    }
    const PolicyEdits edits = editsIn(file);
    OpsInfoEditResult edited;
    const std::string bytes = fixedBytes(file, loaded->second.bytes);
    // Scanning a large file takes a while; not cancellable, so the work may read `bytes` in place.
    if (m_io->tasks()->run(
            tr("Saving %1…").arg(QFileInfo(QString::fromStdString(target)).fileName()), false,
            [&] { edited = OpsInfoEditor(bytes, file).apply(edits); })
        != TaskRunner::Outcome::Done) {
        prompt->error(tr("%1 was not saved").arg(QString::fromStdString(file)),
                      tr("Another file is being loaded or saved."),
                      tr("Save again when it is done."));
        return false;
    }
    if (!edited.ok()) {
        m_io->reportDiagnostics(
            tr("%1 was not saved").arg(QFileInfo(QString::fromStdString(file)).fileName()),
            edited.diagnostics);
        return false;
    }
    FileStamp saved;
    const bool sameTarget = target == loaded->second.target;
    if (!m_io->writeText(QString::fromStdString(target), edited.bytes,
                         sameTarget ? &loaded->second.stamp : nullptr, true, &saved))
        return false;
    loaded->second.target = target;
    loaded->second.stamp = saved;
    loaded->second.written = edits;
    loaded->second.writtenFixes = fixOffsetsIn(file);
    return true;
}

std::vector<std::string> LibraryFiles::editedFiles() const
{
    std::vector<std::string> files;
    for (const auto &[file, loaded] : m_files)
        if (!editsIn(file).empty() || !fixesIn(file).empty())
            files.push_back(file);
    return files;
}

std::optional<std::string> LibraryFiles::editedBytes(const std::string &file)
{
    auto loaded = m_files.find(file);
    if (loaded == m_files.end()) {
        m_io->prompt()->error(tr("Cannot export %1").arg(QString::fromStdString(file)),
                              tr("The file could not be read when the library was opened."),
                              tr("Open the library again."));
        return std::nullopt;
    }
    const PolicyEdits edits = editsIn(file);
    OpsInfoEditResult edited;
    const std::string bytes = fixedBytes(file, loaded->second.bytes);
    if (m_io->tasks()->run(
            tr("Exporting %1…").arg(QFileInfo(QString::fromStdString(file)).fileName()), false,
            [&] { edited = OpsInfoEditor(bytes, file).apply(edits); })
        != TaskRunner::Outcome::Done)
        return std::nullopt;
    if (!edited.ok()) {
        m_io->reportDiagnostics(
            tr("Cannot export %1").arg(QFileInfo(QString::fromStdString(file)).fileName()),
            edited.diagnostics);
        return std::nullopt;
    }
    return std::move(edited.bytes);
}

std::map<std::string, Policy> LibraryFiles::editsIn(const std::string &file) const
{
    const LibraryDocument *document = m_workspace->libraryDocument();
    const OpLibrary &library = document->library();
    std::map<std::string, Policy> edits;
    for (const auto &[type, policy] : document->editedPolicies()) {
        const OpEntry *e = library.find(type);
        if (e && e->fileIndex >= 0 && library.files()[std::size_t(e->fileIndex)].path == file)
            edits.emplace(type, policy);
    }
    return edits;
}

std::vector<TextFix> LibraryFiles::fixesIn(const std::string &file) const
{
    std::vector<TextFix> fixes;
    for (const LibraryDocument::AppliedFix &applied :
         m_workspace->libraryDocument()->appliedFixes())
        if (applied.file == file)
            fixes.push_back(applied.fix);
    return fixes;
}

std::vector<std::size_t> LibraryFiles::fixOffsetsIn(const std::string &file) const
{
    std::vector<std::size_t> offsets;
    for (const TextFix &fix : fixesIn(file))
        offsets.push_back(fix.offset);
    std::sort(offsets.begin(), offsets.end());
    return offsets;
}

std::string LibraryFiles::fixedBytes(const std::string &file, const std::string &opened) const
{
    std::vector<TextFix> fixes = fixesIn(file);
    if (fixes.empty())
        return opened;
    return applyTextFixes(opened, std::move(fixes)).bytes;
}

bool LibraryFiles::save()
{
    LibraryDocument *document = m_workspace->libraryDocument();
    if (document->isSample())
        return saveAs();
    // Only files whose colours differ from what they hold now are written; the others stay
    // untouched (an undo back to the saved state writes the file back too).
    for (auto &[file, loaded] : m_files)
        if ((editsIn(file) != loaded.written || fixOffsetsIn(file) != loaded.writtenFixes)
            && !writeFile(file, loaded.target))
            return false;
    document->markSaved(document->path());
    emit fileUsed(document->path());
    return true;
}

bool LibraryFiles::saveAs(const QString &chosen)
{
    LibraryDocument *document = m_workspace->libraryDocument();
    const OpLibrary &library = document->library();
    if (library.files().size() != 1) {
        m_io->prompt()->error(
            tr("Save As needs a single library file"),
            tr("This library is made of %n files.", nullptr, int(library.files().size())),
            tr("Use Save to write the edited files in place (backups go outside the soc "
               "folder), or copy the folder first and open the copy."));
        return false;
    }
    QString path = chosen;
    if (path.isEmpty())
        path = m_io->prompt()->saveFileName(tr("Save Library As"), document->displayName(),
                                            tr("Ops-info library (*.json)"));
    if (path.isEmpty())
        return false;
    const std::string file = library.files().front().path;
    // Later saves go to the new file (writeFile records it), still edited from the bytes as
    // opened, so the undo history stays valid.
    if (!writeFile(file, path.toStdString()))
        return false;
    document->markSaved(path);
    emit fileUsed(path);
    return true;
}

} // namespace opsinfo
