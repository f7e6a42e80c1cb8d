#include "studio/document/filecontroller.h"

#include "mixlist/mixlistsniff.h"

#include "library/socfolders.h"
#include "mixlist/mixlistsniff.h"
#include "studio/document/documentio.h"
#include "studio/document/librarydocument.h"
#include "studio/document/libraryfiles.h"
#include "studio/document/mixlistfiles.h"
#include "studio/document/userprompt.h"
#include "studio/document/workspace.h"

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
    // The content decides, not the name: ModelZoo ships mixlists as fusion_config.txt too.
    if (!info.isFile() || info.size() > 4 * 1024 * 1024)
        return false;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return false;
    // A mixlist's keys are the lists; a library's are op types. The first key tells.
    const QByteArray head = file.read(4096);
    return looksLikeMixlistJson(std::string_view(head.constData(), std::size_t(head.size())));
}

bool FileController::open(const QString &path)
{
    if (looksLikeMixlist(path))
        return openMixlist(path);
    if (!looksLikeLibrary(path)) {
        // A table or a text of another tool: say what the app reads, not "invalid JSON at 1:1".
        prompt()->error(
            tr("Cannot open %1").arg(QFileInfo(path).fileName()),
            tr("%1 is none of the files OpsInfo Studio reads.").arg(path),
            tr("Open an ops-info library (.json, .ini or a folder), a modify_mixlist, a graph (ONNX, GE dump, "
               "ATC json, TensorFlow pbtxt), evidence (profiler or compare CSV, msprobe dump.json), a "
               "keep_dtype, customize_dtypes, fe.ini or platform ini file."));
        return false;
    }
    return openLibrary(path);
}

bool FileController::looksLikeLibrary(const QString &path)
{
    const QFileInfo info(path);
    const QString suffix = info.suffix().toLower();
    if (!info.isFile() || suffix == QLatin1String("json") || suffix == QLatin1String("ini"))
        return true; // a folder, or a library by its name: the loader reports what is wrong
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return true; // the loader says why it cannot be read
    // Another name: JSON content still makes a library (with its problems shown).
    const QByteArray head = file.read(4096).trimmed();
    return head.startsWith('{') || head.startsWith("\xEF\xBB\xBF");
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
