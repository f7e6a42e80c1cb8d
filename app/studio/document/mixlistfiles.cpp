#include "studio/document/mixlistfiles.h"

#include "common/outputfile.h"
#include "mixlist/mixlistsynth.h"
#include "studio/common/coretexts.h"
#include "studio/document/documentio.h"
#include "studio/document/librarydocument.h"
#include "studio/document/mixlistdocument.h"
#include "studio/document/userprompt.h"
#include "studio/document/workspace.h"

#include <QFileInfo>

namespace opsinfo {

MixlistFiles::MixlistFiles(Workspace *workspace, DocumentIo *io, QObject *parent)
    : QObject(parent)
    , m_workspace(workspace)
    , m_io(io)
{
}

bool MixlistFiles::readOrReport(const QString &path, std::string &bytes, FileStamp &stamp)
{
    std::string error;
    if (readFileStamped(path.toStdString(), bytes, stamp, &error))
        return true;
    m_io->prompt()->error(tr("Cannot open %1").arg(QFileInfo(path).fileName()), coreText(error),
                          tr("Check that the file exists and is readable."));
    return false;
}

bool MixlistFiles::open(const QString &path)
{
    if (!maybeSave())
        return false;
    std::string bytes;
    FileStamp stamp;
    if (!readOrReport(path, bytes, stamp))
        return false;
    MixlistParseResult parsed = parseMixlistLenient(bytes, path.toStdString());
    // What the compiler refuses (an op on two lists, X2) is shown with the entries, to be
    // repaired here; only a file with nothing to show (no entry could be read) is refused.
    if (!parsed.ok() && parsed.mixlist.empty()) {
        m_io->reportDiagnostics(tr("Cannot import %1").arg(QFileInfo(path).fileName()),
                                parsed.diagnostics);
        return false;
    }
    const bool refused = !parsed.ok();
    const std::vector<Diagnostic> diagnostics = parsed.diagnostics;
    m_workspace->mixlistDocument()->reset(std::move(parsed.mixlist), path,
                                          std::move(parsed.diagnostics), stamp);
    if (refused)
        m_io->reportDiagnostics(tr("%1 has errors").arg(QFileInfo(path).fileName()), diagnostics);
    emit fileUsed(path);
    return true;
}

std::optional<Mixlist> MixlistFiles::loadForReading(const QString &path)
{
    std::string bytes;
    FileStamp stamp;
    if (!readOrReport(path, bytes, stamp))
        return std::nullopt;
    MixlistParseResult parsed = parseMixlistStrict(bytes, path.toStdString());
    if (!parsed.ok()) {
        m_io->reportDiagnostics(tr("Cannot compare with %1").arg(QFileInfo(path).fileName()),
                                parsed.diagnostics);
        return std::nullopt;
    }
    return std::move(parsed.mixlist);
}

void MixlistFiles::openText(std::string_view text, const char *name)
{
    MixlistParseResult parsed = parseMixlistStrict(text, name);
    m_workspace->mixlistDocument()->reset(std::move(parsed.mixlist), QString());
}

bool MixlistFiles::maybeSave()
{
    return m_io->maybeSave(*m_workspace->mixlistDocument(), [this] { return save(); });
}

bool MixlistFiles::save()
{
    MixlistDocument *document = m_workspace->mixlistDocument();
    if (document->path().isEmpty())
        return saveAs();
    FileStamp saved;
    if (!m_io->writeText(document->path(), writeMixlist(document->mixlist()),
                         &document->savedStamp(), false, &saved))
        return false;
    document->markSaved(document->path(), saved);
    emit fileUsed(document->path());
    return true;
}

bool MixlistFiles::saveAs(const QString &chosen)
{
    MixlistDocument *document = m_workspace->mixlistDocument();
    QString path = chosen;
    if (path.isEmpty())
        path = m_io->prompt()->saveFileName(tr("Save Mixlist As"), QStringLiteral("ops_info.json"),
                                            tr("Mixlist (*.json)"));
    if (path.isEmpty())
        return false;
    // Save As onto the mixlist's own file is Save (with its changed-on-disk check); any other
    // open input is refused by the writer.
    const auto own = fileIdentity(document->path().toStdString());
    if (!document->path().isEmpty() && own && own == fileIdentity(path.toStdString()))
        return save();
    FileStamp saved;
    if (!m_io->writeText(path, writeMixlist(document->mixlist()), nullptr, false, &saved))
        return false;
    document->markSaved(path, saved);
    emit fileUsed(path);
    return true;
}

bool MixlistFiles::exportMinimal(const QString &chosen)
{
    const LibraryDocument *document = m_workspace->libraryDocument();
    const auto edited = document->editedPolicies();
    if (edited.empty()) {
        m_io->prompt()->information(
            tr("Nothing to export"),
            tr("No op type's colour was changed in the library browser. Change "
               "colours with W, B or G first; the exported mixlist turns the "
               "library as opened into the edited one (X5)."));
        return false;
    }
    QString path = chosen;
    if (path.isEmpty())
        path = m_io->prompt()->saveFileName(
            tr("Export Minimal Mixlist"), QStringLiteral("ops_info.json"), tr("Mixlist (*.json)"));
    if (path.isEmpty())
        return false;
    OpLibrary base = document->library();
    PolicyTarget target;
    for (const auto &[type, policy] : edited) {
        base.setPolicy(type, document->originalPolicy(type));
        target.emplace(type, policy);
    }
    const Mixlist minimal = synthesizeMinimalMixlist(base, target);
    if (!m_io->writeNewFile(path, writeMixlist(minimal)))
        return false;
    emit fileUsed(path);
    return true;
}

} // namespace opsinfo
