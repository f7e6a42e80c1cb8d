#pragma once

#include "common/diagnostic.h"
#include "common/filestamp.h"

#include <QObject>
#include <QString>

#include <string>
#include <vector>

namespace opsinfo {

class TaskRunner;
class UserPrompt;

// What opening and saving every kind of document shares: the worker thread loads and saves run
// on, the prompt every question and failure goes through (never a dialog of its own, so a test
// can drive all of it), and the atomic write that asks before overwriting a file changed on disk.
class DocumentIo : public QObject
{
    Q_OBJECT

public:
    DocumentIo(UserPrompt *prompt, QObject *parent = nullptr);
    ~DocumentIo() override;

    void setPrompt(UserPrompt *prompt) { m_prompt = prompt; }
    UserPrompt *prompt() const { return m_prompt; }
    TaskRunner *tasks() const { return m_tasks; }

    // Writes `bytes` to `path` atomically off the UI thread. `loaded`: the file as last read or
    // written; when it exists and the file changed since, the prompt decides (overwrite or not).
    // `backup`: keep the old file outside its folder. `saved`: the stamp of what was written.
    bool writeText(const QString &path, const std::string &bytes, const FileStamp *loaded,
                   bool backup, FileStamp *saved);
    // A new file (no changed-on-disk check, no backup), written off the UI thread.
    bool writeNewFile(const QString &path, const std::string &bytes);

    // The diagnostics as one error, the advice from the first error that has a hint.
    void reportDiagnostics(const QString &title, const std::vector<Diagnostic> &diagnostics);
    // The first `max` diagnostics as lines of text.
    static QString joinDiagnostics(const std::vector<Diagnostic> &diagnostics, int max = 8);

private:
    UserPrompt *m_prompt;
    TaskRunner *m_tasks;
};

} // namespace opsinfo
