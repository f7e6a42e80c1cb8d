#pragma once

#include <QString>
#include <QStringList>

namespace opsinfo {

// Every question the app asks the user goes through this seam, so tests answer it with
// ScriptedPrompt instead of blocking on a modal dialog.
class UserPrompt
{
public:
    enum class ChangedOnDiskAnswer { SaveAs, Overwrite, Cancel };
    enum class UnsavedAnswer { Save, Discard, Cancel };

    virtual ~UserPrompt() = default;

    // The file was changed by someone else since it was opened.
    virtual ChangedOnDiskAnswer fileChangedOnDisk(const QString &path, const QString &details) = 0;
    // Closing or replacing a modified document.
    virtual UnsavedAnswer unsavedChanges(const QString &what) = 0;
    // Something went wrong and nothing was written; `advice` says what to do.
    virtual void error(const QString &title, const QString &message, const QString &advice) = 0;
    virtual void information(const QString &title, const QString &message) = 0;
    // Empty when cancelled.
    virtual QString saveFileName(const QString &title, const QString &suggested,
                                 const QString &filter)
        = 0;
    virtual QString openFileName(const QString &title, const QString &filter) = 0;
    virtual QString openDirectory(const QString &title) = 0;
    // Several files at once; empty when cancelled. By default one question for one file.
    virtual QStringList openFileNames(const QString &title, const QString &filter);
    // Which of `items` to take (all are offered checked); empty when cancelled or none is left.
    virtual QStringList chooseItems(const QString &title, const QString &message,
                                    const QStringList &items);
    // One of `items`; empty when cancelled. By default the first.
    virtual QString chooseOne(const QString &title, const QString &message,
                              const QStringList &items);
};

} // namespace opsinfo
