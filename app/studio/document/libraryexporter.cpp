#include "studio/document/libraryexporter.h"

#include "export/keepdtypefile.h"
#include "studio/document/documentio.h"
#include "studio/document/librarydocument.h"
#include "studio/document/libraryfiles.h"
#include "studio/document/userprompt.h"
#include "studio/document/workspace.h"

#include <QDir>
#include <QFileInfo>

#include <map>

namespace opsinfo {

namespace {

bool sameFile(const QString &a, const QString &b)
{
    const QFileInfo ia(a);
    const QFileInfo ib(b);
    const QString ca = ia.canonicalFilePath();
    return !ca.isEmpty() ? ca == ib.canonicalFilePath()
                         : ia.absoluteFilePath() == ib.absoluteFilePath();
}

} // namespace

LibraryExporter::LibraryExporter(Workspace *workspace, LibraryFiles *files, DocumentIo *io,
                                 QObject *parent)
    : QObject(parent)
    , m_workspace(workspace)
    , m_files(files)
    , m_io(io)
{
}

bool LibraryExporter::exportPatchedLibrary(const QString &chosen)
{
    const OpLibrary &library = m_workspace->libraryDocument()->library();
    UserPrompt *prompt = m_io->prompt();
    const std::vector<std::string> edited = m_files->editedFiles();
    if (edited.empty()) {
        prompt->information(
            tr("Nothing to export"),
            tr("No op type's colour was changed, so the patched library would be the "
               "library as opened. Change colours with W, B or G first."));
        return false;
    }
    if (library.files().size() > 1)
        return exportIntoFolder(edited, chosen);

    const std::string &file = edited.front();
    QString path = chosen;
    if (path.isEmpty())
        path = prompt->saveFileName(
            tr("Export Patched Library"), QFileInfo(QString::fromStdString(file)).fileName(),
            tr("Ops-info library (aic-*-ops-info*.json);;JSON files (*.json)"));
    if (path.isEmpty())
        return false;
    if (sameFile(path, QString::fromStdString(file))) {
        prompt->error(
            tr("Not exported"), tr("%1 is the library file you opened.").arg(path),
            tr("Use Save to write the edits into it (with a backup), or choose another name."));
        return false;
    }
    const std::optional<std::string> bytes = m_files->editedBytes(file);
    return bytes && m_io->writeNewFile(path, *bytes);
}

bool LibraryExporter::exportIntoFolder(const std::vector<std::string> &files, QString folder)
{
    UserPrompt *prompt = m_io->prompt();
    if (folder.isEmpty())
        folder = prompt->openDirectory(tr("Export the Edited Library Files Into Folder"));
    if (folder.isEmpty())
        return false;
    const OpLibrary &library = m_workspace->libraryDocument()->library();
    // Never into the library's own folders (nor below them): L1 would load the copies as part of
    // it.
    const QString chosenFolder = QFileInfo(folder).canonicalFilePath().isEmpty()
        ? QFileInfo(folder).absoluteFilePath()
        : QFileInfo(folder).canonicalFilePath();
    for (const LibraryFile &f : library.files()) {
        const QString own = QFileInfo(QString::fromStdString(f.path)).canonicalPath();
        if (!own.isEmpty()
            && (chosenFolder == own || chosenFolder.startsWith(own + QLatin1Char('/')))) {
            prompt->error(tr("Not exported"), tr("%1 is a folder of the open library.").arg(folder),
                          tr("Use Save to write the edits in place (with backups), or choose a "
                             "folder outside the library."));
            return false;
        }
    }
    std::map<QString, int> nameCount;
    for (const std::string &file : files)
        ++nameCount[QFileInfo(QString::fromStdString(file)).fileName()];

    std::vector<std::pair<std::string, QString>> targets;
    for (const std::string &file : files) {
        const QString name = QFileInfo(QString::fromStdString(file)).fileName();
        QString target = QDir(folder).filePath(name);
        if (nameCount[name] > 1) {
            // Same file name in two stores (built-in and a vendor): one subfolder per store.
            for (const LibraryFile &f : library.files())
                if (f.path == file && std::size_t(f.storeIndex) < library.stores().size()) {
                    QString store
                        = QString::fromUtf8(library.stores()[std::size_t(f.storeIndex)].name);
                    store.replace(QLatin1Char('/'), QLatin1Char('_'));
                    target = QDir(folder).filePath(store + QLatin1Char('/') + name);
                }
        }
        targets.emplace_back(file, target);
    }
    for (const auto &[file, target] : targets) {
        if (!QDir().mkpath(QFileInfo(target).absolutePath())) {
            prompt->error(tr("Not exported"),
                          tr("Cannot create the folder %1.").arg(QFileInfo(target).absolutePath()),
                          tr("Choose a folder you can write to."));
            return false;
        }
        const std::optional<std::string> bytes = m_files->editedBytes(file);
        if (!bytes || !m_io->writeNewFile(target, *bytes))
            return false;
    }
    return true;
}

bool LibraryExporter::exportKeepDtype(const std::vector<std::string> &types, const QString &chosen)
{
    UserPrompt *prompt = m_io->prompt();
    if (types.empty()) {
        prompt->information(tr("Nothing to export"),
                            tr("Select the op types to keep in their original dtype in the library "
                               "table first; each becomes an OpType::<type> line."));
        return false;
    }
    QString path = chosen;
    if (path.isEmpty())
        path = prompt->saveFileName(tr("Export keep_dtype File"), QStringLiteral("keep_dtype.cfg"),
                                    tr("keep_dtype files (*.cfg *.txt);;All files (*)"));
    if (path.isEmpty())
        return false;
    return m_io->writeNewFile(path, writeKeepDtype({}, types));
}

} // namespace opsinfo
