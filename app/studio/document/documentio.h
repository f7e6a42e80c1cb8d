#pragma once

#include "common/diagnostic.h"
#include "common/filestamp.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>
#include <string>
#include <vector>

namespace opsinfo {

class Document;
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

    // The files and folders the open documents were read from (library, mixlist, graph and its
    // keep_dtype/customize_dtypes/fe.ini, evidence). A Save As or an export never writes over one
    // of them, nor into a library folder.
    void setInputs(std::function<QStringList()> inputs) { m_inputs = std::move(inputs); }

    // Writes `bytes` to `path` with the core's one writer (core/common/outputfile), off the UI
    // thread: atomic, owner, group and mode of a replaced file kept, a broken hard link reported
    // through the prompt. `loaded`: the document's own file as last read or written (an in-place
    // save, so not checked against the inputs); when it exists and the file changed since, the
    // prompt decides (overwrite or not). Without it the target must not be an input.
    // `backup`: keep the old file outside its folder. `saved`: the stamp of what was written.
    bool writeText(const QString &path, const std::string &bytes, const FileStamp *loaded,
                   bool backup, FileStamp *saved);
    // A new file (no changed-on-disk check, no backup), written off the UI thread.
    bool writeNewFile(const QString &path, const std::string &bytes);

    // Before `document` is replaced: true when it has no unsaved changes, or the user had them
    // saved (`save` succeeded) or discarded; false when they cancelled.
    bool maybeSave(const Document &document, const std::function<bool()> &save);

    // The diagnostics as one error, the advice from the first error that has a hint.
    void reportDiagnostics(const QString &title, const std::vector<Diagnostic> &diagnostics);
    // The first `max` diagnostics as lines of text.
    static QString joinDiagnostics(const std::vector<Diagnostic> &diagnostics, int max = 8);

private:
    UserPrompt *m_prompt;
    TaskRunner *m_tasks;
    std::function<QStringList()> m_inputs;
};

} // namespace opsinfo
