#include "studio/document/documentio.h"

#include "studio/document/document.h"

#include "library/savefile.h"
#include "studio/common/coretexts.h"
#include "studio/document/userprompt.h"
#include "studio/tasks/taskrunner.h"

#include <QFileInfo>
#include <QStringList>

#include <algorithm>

namespace opsinfo {

DocumentIo::DocumentIo(UserPrompt *prompt, QObject *parent)
    : QObject(parent)
    , m_prompt(prompt)
    , m_tasks(new TaskRunner(this))
{
}

DocumentIo::~DocumentIo() = default;

QString DocumentIo::joinDiagnostics(const std::vector<Diagnostic> &diagnostics, int max)
{
    QStringList lines;
    for (const Diagnostic &d : diagnostics) {
        if (lines.size() == max) {
            lines.append(tr("… and %1 more").arg(int(diagnostics.size()) - max));
            break;
        }
        lines.append(diagnosticText(d));
    }
    return lines.join(QLatin1Char('\n'));
}

void DocumentIo::reportDiagnostics(const QString &title, const std::vector<Diagnostic> &diagnostics)
{
    QString advice;
    for (const Diagnostic &d : diagnostics)
        if (d.severity == Severity::Error && !d.hint.empty()) {
            advice = coreText(d.hint);
            break;
        }
    m_prompt->error(title, joinDiagnostics(diagnostics), advice);
}

bool DocumentIo::writeText(const QString &path, const std::string &bytes, const FileStamp *loaded,
                           bool backup, FileStamp *saved)
{
    SaveOptions options;
    if (loaded && loaded->exists)
        options.loadedStamp = *loaded;
    options.backup = backup && QFileInfo::exists(path);
    options.audience = WriteAudience::App;
    InputSet inputs;
    if (!loaded && m_inputs) {
        for (const QString &input : m_inputs())
            inputs.add(input.toStdString());
        options.inputs = &inputs;
    }
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
            // Written, with something the user must know: other names (hard links) of the replaced
            // file keep the old content.
            if (!result.diagnostics.empty())
                m_prompt->information(tr("%1 was written").arg(QFileInfo(path).fileName()),
                                      joinDiagnostics(result.diagnostics));
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

bool DocumentIo::writeNewFile(const QString &path, const std::string &bytes)
{
    return writeText(path, bytes, nullptr, false, nullptr);
}

bool DocumentIo::maybeSave(const Document &document, const std::function<bool()> &save)
{
    if (!document.isModified())
        return true;
    switch (m_prompt->unsavedChanges(document.displayName())) {
    case UserPrompt::UnsavedAnswer::Save:
        return save();
    case UserPrompt::UnsavedAnswer::Discard:
        return true;
    case UserPrompt::UnsavedAnswer::Cancel:
        break;
    }
    return false;
}

} // namespace opsinfo
