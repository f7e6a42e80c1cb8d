#include "document/filecontroller.h"

#include "document/documentio.h"
#include "document/librarydocument.h"
#include "document/libraryfiles.h"
#include "document/mixlistfiles.h"
#include "document/userprompt.h"
#include "document/workspace.h"
#include "library/socfolders.h"

#include <QFile>
#include <QFileInfo>

namespace opsinfo {

FileController::FileController(Workspace *workspace, UserPrompt *prompt, QObject *parent)
    : QObject(parent)
    , m_workspace(workspace)
    , m_io(new DocumentIo(prompt, this))
    , m_library(new LibraryFiles(workspace, m_io, this))
    , m_mixlist(new MixlistFiles(workspace, m_io, this))
{
    connect(m_library, &LibraryFiles::fileUsed, this, &FileController::fileUsed);
    connect(m_mixlist, &MixlistFiles::fileUsed, this, &FileController::fileUsed);
}

FileController::~FileController() = default;

void FileController::setPrompt(UserPrompt *prompt)
{
    m_io->setPrompt(prompt);
}

UserPrompt *FileController::prompt() const
{
    return m_io->prompt();
}

TaskRunner *FileController::tasks() const
{
    return m_io->tasks();
}

bool FileController::maybeSaveAll()
{
    return m_library->maybeSave() && m_mixlist->maybeSave();
}

bool FileController::openSample()
{
    if (!maybeSaveAll())
        return false;
    // The core loader reads files: the sample goes to a private temp folder, named as the real
    // file.
    m_sampleDir = std::make_unique<QTemporaryDir>();
    const QString libraryPath
        = m_sampleDir->filePath(QStringLiteral("aic-ascend910b-ops-info.json"));
    if (!QFile::copy(QStringLiteral(":/sample/aic-ascend910b-ops-info.json"), libraryPath)) {
        prompt()->error(
            tr("Cannot open the sample"),
            tr("The embedded sample could not be written to %1.").arg(m_sampleDir->path()),
            tr("Check that the temporary folder is writable, or open a library file."));
        return false;
    }
    QFile::setPermissions(libraryPath, QFile::ReadOwner | QFile::WriteOwner);
    if (!m_library->open(libraryPath))
        return false;
    m_workspace->libraryDocument()->setSample(true);

    QFile mixlistFile(QStringLiteral(":/sample/ops_info.json"));
    if (mixlistFile.open(QIODevice::ReadOnly)) {
        const QByteArray text = mixlistFile.readAll();
        m_mixlist->openText(std::string_view(text.constData(), std::size_t(text.size())),
                            "ops_info.json");
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

bool FileController::openLibrary(const QString &path)
{
    QStringList socs;
    for (const std::string &soc : socFoldersOf(path.toStdString()))
        socs << QString::fromStdString(soc);
    if (socs.size() <= 1)
        return m_library->open(path);
    const QString soc = prompt()->chooseOne(
        tr("Open a SoC of %1").arg(QFileInfo(path).fileName()),
        tr("This folder holds the ops-info libraries of %1 SoCs. Which one do you compile for?")
            .arg(socs.size()),
        socs);
    return !soc.isEmpty() && m_library->open(path, soc);
}

bool FileController::openMixlist(const QString &path)
{
    return m_mixlist->open(path);
}

} // namespace opsinfo
