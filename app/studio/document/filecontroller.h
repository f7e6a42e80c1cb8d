#pragma once

#include "common/diagnostic.h"
#include "common/filestamp.h"
#include "common/policy.h"
#include "library/libraryloader.h"

#include <QObject>
#include <QString>
#include <QTemporaryDir>

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace opsinfo {

class TaskRunner;
class UserPrompt;
class Workspace;

// Opening and saving: libraries (file or soc folder), mixlists, the embedded sample and exports.
// Every question and every failure goes through the UserPrompt, never a dialog of its own, so a
// test can drive all of it. Returns false when nothing was opened or written.
class FileController : public QObject
{
    Q_OBJECT

public:
    FileController(Workspace *workspace, UserPrompt *prompt, QObject *parent = nullptr);
    ~FileController() override;

    void setPrompt(UserPrompt *prompt) { m_prompt = prompt; }
    UserPrompt *prompt() const { return m_prompt; }
    // Loads and saves run here, off the UI thread.
    TaskRunner *tasks() const { return m_tasks; }

    // The embedded ~150-op ascend910b excerpt and its example mixlist.
    bool openSample();
    // A .json/.ini library file, a soc folder or an opp root; a .json that is a mixlist opens as
    // one.
    bool open(const QString &path);
    bool openLibrary(const QString &path);
    bool openMixlist(const QString &path);
    static bool looksLikeMixlist(const QString &path);

    // Asks about unsaved edits; false when the user cancelled.
    bool maybeSaveLibrary();
    bool maybeSaveMixlist();

    // Library: byte-preserving edit of every changed file, atomic, with a backup outside the soc
    // folder; refuses to overwrite a file changed on disk unless the user says so.
    bool saveLibrary();
    bool saveLibraryAs(const QString &path = {});
    // Mixlist: strict canonical form.
    bool saveMixlist();
    bool saveMixlistAs(const QString &path = {});
    // X5 from the flag edits made in the library browser.
    bool exportMinimalMixlist(const QString &path = {});

    // For exports and comparisons. A library loaded off the UI thread, not opened (errors are
    // reported; nullopt when it could not be read or the user cancelled).
    std::optional<LibraryLoadResult> loadLibraryForReading(const QString &path);
    // The library files holding edited op types, and a file's bytes as opened with the edits
    // applied (errors reported; nullopt on failure).
    std::vector<std::string> editedLibraryFiles() const;
    std::optional<std::string> editedLibraryBytes(const std::string &file);
    // A new file (no changed-on-disk check, no backup), written off the UI thread.
    bool writeNewFile(const QString &path, const std::string &bytes);

signals:
    // A file was opened or saved under a name (for the recent-files list).
    void fileUsed(const QString &path);

private:
    struct LoadedFile
    {
        std::string bytes; // as opened: edits always apply to these
        std::string target; // where Save writes it (changes with Save As)
        FileStamp stamp; // of `target` when last read or written
        std::map<std::string, Policy> written; // colour edits `target` holds now
    };

    bool writeLibraryFile(const std::string &file, const std::string &target);
    std::map<std::string, Policy> editsIn(const std::string &file) const;
    bool writeText(const QString &path, const std::string &bytes, const FileStamp *loaded,
                   bool backup, FileStamp *saved);
    void reportDiagnostics(const QString &title, const std::vector<Diagnostic> &diagnostics);

    Workspace *m_workspace;
    UserPrompt *m_prompt;
    TaskRunner *m_tasks;
    std::map<std::string, LoadedFile> m_libraryFiles; // by the library's file path
    FileStamp m_mixlistStamp;
    std::unique_ptr<QTemporaryDir> m_sampleDir;
};

} // namespace opsinfo
