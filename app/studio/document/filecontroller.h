#pragma once

#include <QObject>
#include <QString>
#include <QTemporaryDir>

#include <memory>

namespace opsinfo {

class DocumentIo;
class LibraryFiles;
class MixlistFiles;
class TaskRunner;
class UserPrompt;
class Workspace;

// Opening files of any kind: by path (a library file, soc folder or opp root, or a mixlist, told
// apart by content) and the embedded sample. Saving is per document: library() and mixlist().
// Every question and every failure goes through the UserPrompt, never a dialog of its own, so a
// test can drive all of it. Returns false when nothing was opened or written.
class FileController : public QObject
{
    Q_OBJECT

public:
    FileController(Workspace *workspace, UserPrompt *prompt, QObject *parent = nullptr);
    ~FileController() override;

    void setPrompt(UserPrompt *prompt);
    UserPrompt *prompt() const;
    // Loads and saves run here, off the UI thread.
    TaskRunner *tasks() const;
    DocumentIo *io() const { return m_io; }
    LibraryFiles *library() const { return m_library; }
    MixlistFiles *mixlist() const { return m_mixlist; }

    // The embedded ~150-op ascend910b excerpt and its example mixlist.
    bool openSample();
    // A .json/.ini library file, a soc folder or an opp root; a .json that is a mixlist opens as
    // one.
    bool open(const QString &path);
    // A folder holding several SoCs' libraries (an opp or store root, a tbe/config folder) asks
    // which SoC to open: FE compiles for one, and the loader refuses to guess (L5).
    bool openLibrary(const QString &path);
    bool openMixlist(const QString &path);
    static bool looksLikeMixlist(const QString &path);
    // A folder, a .json or .ini file, or a file whose content is a JSON object.
    static bool looksLikeLibrary(const QString &path);

    // Asks about unsaved edits of both documents; false when the user cancelled.
    bool maybeSaveAll();

signals:
    // A file was opened or saved under a name (for the recent-files list).
    void fileUsed(const QString &path);

private:
    Workspace *m_workspace;
    DocumentIo *m_io;
    LibraryFiles *m_library;
    MixlistFiles *m_mixlist;
    std::unique_ptr<QTemporaryDir> m_sampleDir;
};

} // namespace opsinfo
