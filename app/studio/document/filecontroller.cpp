#include "document/filecontroller.h"

#include "common/coretexts.h"
#include "document/librarydocument.h"
#include "document/mixlistdocument.h"
#include "document/userprompt.h"
#include "document/workspace.h"
#include "library/editopsinfo.h"
#include "library/libraryloader.h"
#include "library/savefile.h"
#include "mixlist/mixlistsynth.h"
#include "tasks/taskrunner.h"

#include <QFile>
#include <QFileInfo>

#include <algorithm>

namespace opsinfo {

namespace {

QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

QString joinDiagnostics(const std::vector<Diagnostic> &diagnostics, int max = 8)
{
    QStringList lines;
    for (const Diagnostic &d : diagnostics) {
        if (lines.size() == max) {
            lines.append(FileController::tr("… and %1 more").arg(int(diagnostics.size()) - max));
            break;
        }
        lines.append(diagnosticText(d));
    }
    return lines.join(QLatin1Char('\n'));
}

} // namespace

FileController::FileController(Workspace *workspace, UserPrompt *prompt, QObject *parent)
    : QObject(parent)
    , m_workspace(workspace)
    , m_prompt(prompt)
    , m_tasks(new TaskRunner(this))
{
}

FileController::~FileController() = default;

void FileController::reportDiagnostics(const QString &title,
                                       const std::vector<Diagnostic> &diagnostics)
{
    QString advice;
    for (const Diagnostic &d : diagnostics)
        if (d.severity == Severity::Error && !d.hint.empty()) {
            advice = coreText(d.hint);
            break;
        }
    m_prompt->error(title, joinDiagnostics(diagnostics), advice);
}

bool FileController::openSample()
{
    if (!maybeSaveLibrary() || !maybeSaveMixlist())
        return false;
    // The core loader reads files: the sample goes to a private temp folder, named as the real
    // file.
    m_sampleDir = std::make_unique<QTemporaryDir>();
    const QString libraryPath
        = m_sampleDir->filePath(QStringLiteral("aic-ascend910b-ops-info.json"));
    if (!QFile::copy(QStringLiteral(":/sample/aic-ascend910b-ops-info.json"), libraryPath)) {
        m_prompt->error(
            tr("Cannot open the sample"),
            tr("The embedded sample could not be written to %1.").arg(m_sampleDir->path()),
            tr("Check that the temporary folder is writable, or open a library file."));
        return false;
    }
    QFile::setPermissions(libraryPath, QFile::ReadOwner | QFile::WriteOwner);
    if (!openLibrary(libraryPath))
        return false;
    m_workspace->libraryDocument()->setSample(true);

    QFile mixlistFile(QStringLiteral(":/sample/ops_info.json"));
    if (mixlistFile.open(QIODevice::ReadOnly)) {
        const QByteArray text = mixlistFile.readAll();
        MixlistParseResult parsed = parseMixlistStrict(
            std::string_view(text.constData(), std::size_t(text.size())), "ops_info.json");
        m_mixlistStamp = {};
        m_workspace->mixlistDocument()->reset(std::move(parsed.mixlist), QString());
    }
    return true;
}

bool FileController::looksLikeMixlist(const QString &path)
{
    const QFileInfo info(path);
    if (!info.isFile() || info.suffix().compare(QLatin1String("json"), Qt::CaseInsensitive) != 0
        || info.size() > 4 * 1024 * 1024)
        return false;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return false;
    // A mixlist's keys are the lists; a library's are op types. The head of the file tells.
    const QByteArray head = file.read(4096);
    return head.contains("-list\"") || head.contains("-list'") || head.contains("list\"");
}

bool FileController::open(const QString &path)
{
    return looksLikeMixlist(path) ? openMixlist(path) : openLibrary(path);
}

std::optional<LibraryLoadResult> FileController::loadLibraryForReading(const QString &path)
{
    const std::string file = path.toStdString();
    std::optional<LibraryLoadResult> loaded
        = m_tasks->compute<LibraryLoadResult>(tr("Loading %1…").arg(QFileInfo(path).fileName()),
                                              true, [file] { return loadLibraryPath(file); });
    if (!loaded) {
        if (m_tasks->lastOutcome() == TaskRunner::Outcome::Busy)
            m_prompt->error(tr("Cannot open %1").arg(QFileInfo(path).fileName()),
                            tr("Another file is being loaded or saved."),
                            tr("Try again when it is done."));
        return std::nullopt;
    }
    if (loaded->library.ops().empty() && !loaded->ok()) {
        reportDiagnostics(tr("Cannot open %1").arg(QFileInfo(path).fileName()),
                          loaded->diagnostics);
        return std::nullopt;
    }
    return loaded;
}

bool FileController::openLibrary(const QString &path)
{
    if (!maybeSaveLibrary())
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
    std::optional<Opened> opened = m_tasks->compute<Opened>(
        tr("Loading %1…").arg(QFileInfo(path).fileName()), true, [file, mixlist, mixlistPath] {
            Opened result;
            result.loaded = loadLibraryPath(file);
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
        if (m_tasks->lastOutcome() == TaskRunner::Outcome::Busy)
            m_prompt->error(tr("Cannot open %1").arg(QFileInfo(path).fileName()),
                            tr("Another file is being loaded or saved."),
                            tr("Try again when it is done."));
        return false;
    }
    LibraryLoadResult &loaded = opened->loaded;
    if (loaded.library.ops().empty() && !loaded.ok()) {
        reportDiagnostics(tr("Cannot open %1").arg(QFileInfo(path).fileName()), loaded.diagnostics);
        return false;
    }
    m_libraryFiles = std::move(opened->files);
    const bool hadErrors = !loaded.ok();
    std::vector<Diagnostic> diagnostics = loaded.diagnostics;
    m_workspace->libraryDocument()->reset(std::move(loaded.library), path, std::move(diagnostics),
                                          std::move(opened->prepared));
    if (hadErrors)
        reportDiagnostics(tr("%1 has errors").arg(QFileInfo(path).fileName()),
                          m_workspace->libraryDocument()->diagnostics());
    emit fileUsed(path);
    return true;
}

bool FileController::openMixlist(const QString &path)
{
    if (!maybeSaveMixlist())
        return false;
    std::string bytes;
    FileStamp stamp;
    std::string error;
    if (!readFileStamped(path.toStdString(), bytes, stamp, &error)) {
        m_prompt->error(tr("Cannot open %1").arg(QFileInfo(path).fileName()), coreText(error),
                        tr("Check that the file exists and is readable."));
        return false;
    }
    MixlistParseResult parsed = parseMixlistLenient(bytes, path.toStdString());
    if (!parsed.ok()) {
        reportDiagnostics(tr("Cannot import %1").arg(QFileInfo(path).fileName()),
                          parsed.diagnostics);
        return false;
    }
    m_mixlistStamp = stamp;
    m_workspace->mixlistDocument()->reset(std::move(parsed.mixlist), path,
                                          std::move(parsed.diagnostics));
    emit fileUsed(path);
    return true;
}

bool FileController::maybeSaveLibrary()
{
    LibraryDocument *document = m_workspace->libraryDocument();
    if (!document->isModified())
        return true;
    switch (m_prompt->unsavedChanges(document->displayName())) {
    case UserPrompt::UnsavedAnswer::Save:
        return saveLibrary();
    case UserPrompt::UnsavedAnswer::Discard:
        return true;
    case UserPrompt::UnsavedAnswer::Cancel:
        break;
    }
    return false;
}

bool FileController::maybeSaveMixlist()
{
    MixlistDocument *document = m_workspace->mixlistDocument();
    if (!document->isModified())
        return true;
    switch (m_prompt->unsavedChanges(document->displayName())) {
    case UserPrompt::UnsavedAnswer::Save:
        return saveMixlist();
    case UserPrompt::UnsavedAnswer::Discard:
        return true;
    case UserPrompt::UnsavedAnswer::Cancel:
        break;
    }
    return false;
}

bool FileController::writeText(const QString &path, const std::string &bytes,
                               const FileStamp *loaded, bool backup, FileStamp *saved)
{
    SaveOptions options;
    if (loaded && loaded->exists)
        options.loadedStamp = *loaded;
    options.backup = backup && QFileInfo::exists(path);
    const std::string target = path.toStdString();
    for (;;) {
        // Not cancellable, so the work may read `bytes` and `options` where they are.
        SaveResult result;
        const auto outcome
            = m_tasks->run(tr("Saving %1…").arg(QFileInfo(path).fileName()), false,
                           [&] { result = saveFileAtomically(target, bytes, options); });
        if (outcome != TaskRunner::Outcome::Done) {
            m_prompt->error(tr("%1 was not saved").arg(QFileInfo(path).fileName()),
                            tr("Another file is being loaded or saved."),
                            tr("Save again when it is done."));
            return false;
        }
        if (result.ok) {
            if (saved)
                *saved = result.stamp;
            return true;
        }
        const bool changedOnDisk = std::any_of(
            result.diagnostics.begin(), result.diagnostics.end(), [](const Diagnostic &d) {
                return d.code == "save-changed-on-disk" || d.code == "save-deleted-on-disk";
            });
        if (!changedOnDisk) {
            reportDiagnostics(tr("%1 was not saved").arg(QFileInfo(path).fileName()),
                              result.diagnostics);
            return false;
        }
        switch (m_prompt->fileChangedOnDisk(path, joinDiagnostics(result.diagnostics))) {
        case UserPrompt::ChangedOnDiskAnswer::Overwrite:
            options.force = true;
            continue;
        case UserPrompt::ChangedOnDiskAnswer::SaveAs:
        case UserPrompt::ChangedOnDiskAnswer::Cancel:
            break;
        }
        return false;
    }
}

// Writes the library file `file` (as opened) with the colour edits to `target`; the stamp check
// applies when `target` is where the file was last read or written.
bool FileController::writeLibraryFile(const std::string &file, const std::string &target)
{
    auto loaded = m_libraryFiles.find(file);
    if (loaded == m_libraryFiles.end()) {
        m_prompt->error(tr("%1 was not saved").arg(qs(file)),
                        tr("The file could not be read when the library was opened."),
                        tr("Open the library again."));
        return false;
    }
    if (QFileInfo(qs(file)).suffix().compare(QLatin1String("json"), Qt::CaseInsensitive) != 0) {
        m_prompt->error(tr("%1 was not saved").arg(qs(file)),
                        tr("Only ops-info JSON files can be edited in place."),
                        tr("Convert the INI source with `opsinfo convert-ini` and open the JSON."));
        return false;
    }
    const PolicyEdits edits = editsIn(file);
    OpsInfoEditResult edited;
    const std::string &bytes = loaded->second.bytes;
    // Scanning a large file takes a while; not cancellable, so the work may read `bytes` in place.
    if (m_tasks->run(tr("Saving %1…").arg(QFileInfo(qs(target)).fileName()), false,
                     [&] { edited = OpsInfoEditor(bytes, file).apply(edits); })
        != TaskRunner::Outcome::Done) {
        m_prompt->error(tr("%1 was not saved").arg(qs(file)),
                        tr("Another file is being loaded or saved."),
                        tr("Save again when it is done."));
        return false;
    }
    if (!edited.ok()) {
        reportDiagnostics(tr("%1 was not saved").arg(QFileInfo(qs(file)).fileName()),
                          edited.diagnostics);
        return false;
    }
    FileStamp saved;
    const bool sameTarget = target == loaded->second.target;
    if (!writeText(qs(target), edited.bytes, sameTarget ? &loaded->second.stamp : nullptr, true,
                   &saved))
        return false;
    loaded->second.target = target;
    loaded->second.stamp = saved;
    loaded->second.written = edits;
    return true;
}

std::vector<std::string> FileController::editedLibraryFiles() const
{
    std::vector<std::string> files;
    for (const auto &[file, loaded] : m_libraryFiles)
        if (!editsIn(file).empty())
            files.push_back(file);
    return files;
}

std::optional<std::string> FileController::editedLibraryBytes(const std::string &file)
{
    auto loaded = m_libraryFiles.find(file);
    if (loaded == m_libraryFiles.end()) {
        m_prompt->error(tr("Cannot export %1").arg(qs(file)),
                        tr("The file could not be read when the library was opened."),
                        tr("Open the library again."));
        return std::nullopt;
    }
    const PolicyEdits edits = editsIn(file);
    OpsInfoEditResult edited;
    const std::string &bytes = loaded->second.bytes;
    if (m_tasks->run(tr("Exporting %1…").arg(QFileInfo(qs(file)).fileName()), false,
                     [&] { edited = OpsInfoEditor(bytes, file).apply(edits); })
        != TaskRunner::Outcome::Done)
        return std::nullopt;
    if (!edited.ok()) {
        reportDiagnostics(tr("Cannot export %1").arg(QFileInfo(qs(file)).fileName()),
                          edited.diagnostics);
        return std::nullopt;
    }
    return std::move(edited.bytes);
}

bool FileController::writeNewFile(const QString &path, const std::string &bytes)
{
    return writeText(path, bytes, nullptr, false, nullptr);
}

std::map<std::string, Policy> FileController::editsIn(const std::string &file) const
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

bool FileController::saveLibrary()
{
    LibraryDocument *document = m_workspace->libraryDocument();
    if (document->isSample())
        return saveLibraryAs();
    // Only files whose colours differ from what they hold now are written; the others stay
    // untouched (an undo back to the saved state writes the file back too).
    for (auto &[file, loaded] : m_libraryFiles)
        if (editsIn(file) != loaded.written && !writeLibraryFile(file, loaded.target))
            return false;
    document->markSaved(document->path());
    emit fileUsed(document->path());
    return true;
}

bool FileController::saveLibraryAs(const QString &chosen)
{
    LibraryDocument *document = m_workspace->libraryDocument();
    const OpLibrary &library = document->library();
    if (library.files().size() != 1) {
        m_prompt->error(
            tr("Save As needs a single library file"),
            tr("This library is made of %n files.", nullptr, int(library.files().size())),
            tr("Use Save to write the edited files in place (backups go outside the soc "
               "folder), or copy the folder first and open the copy."));
        return false;
    }
    QString path = chosen;
    if (path.isEmpty())
        path = m_prompt->saveFileName(tr("Save Library As"), document->displayName(),
                                      tr("Ops-info library (*.json)"));
    if (path.isEmpty())
        return false;
    const std::string file = library.files().front().path;
    // Later saves go to the new file (writeLibraryFile records it), still edited from the bytes as
    // opened, so the undo history stays valid.
    if (!writeLibraryFile(file, path.toStdString()))
        return false;
    document->markSaved(path);
    emit fileUsed(path);
    return true;
}

bool FileController::saveMixlist()
{
    MixlistDocument *document = m_workspace->mixlistDocument();
    if (document->path().isEmpty())
        return saveMixlistAs();
    FileStamp saved;
    if (!writeText(document->path(), writeMixlist(document->mixlist()), &m_mixlistStamp, false,
                   &saved))
        return false;
    m_mixlistStamp = saved;
    document->markSaved(document->path());
    emit fileUsed(document->path());
    return true;
}

bool FileController::saveMixlistAs(const QString &chosen)
{
    MixlistDocument *document = m_workspace->mixlistDocument();
    QString path = chosen;
    if (path.isEmpty())
        path = m_prompt->saveFileName(tr("Save Mixlist As"), QStringLiteral("ops_info.json"),
                                      tr("Mixlist (*.json)"));
    if (path.isEmpty())
        return false;
    FileStamp saved;
    if (!writeText(path, writeMixlist(document->mixlist()), nullptr, false, &saved))
        return false;
    m_mixlistStamp = saved;
    document->markSaved(path);
    emit fileUsed(path);
    return true;
}

bool FileController::exportMinimalMixlist(const QString &chosen)
{
    const LibraryDocument *document = m_workspace->libraryDocument();
    const auto edited = document->editedPolicies();
    if (edited.empty()) {
        m_prompt->information(tr("Nothing to export"),
                              tr("No op type's colour was changed in the library browser. Change "
                                 "colours with W, B or G first; the exported mixlist turns the "
                                 "library as opened into the edited one (X5)."));
        return false;
    }
    QString path = chosen;
    if (path.isEmpty())
        path = m_prompt->saveFileName(tr("Export Minimal Mixlist"), QStringLiteral("ops_info.json"),
                                      tr("Mixlist (*.json)"));
    if (path.isEmpty())
        return false;
    OpLibrary base = document->library();
    PolicyTarget target;
    for (const auto &[type, policy] : edited) {
        base.setPolicy(type, document->originalPolicy(type));
        target.emplace(type, policy);
    }
    const Mixlist minimal = synthesizeMinimalMixlist(base, target);
    if (!writeText(path, writeMixlist(minimal), nullptr, false, nullptr))
        return false;
    emit fileUsed(path);
    return true;
}

} // namespace opsinfo
