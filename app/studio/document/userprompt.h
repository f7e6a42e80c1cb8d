#pragma once

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

class QWidget;

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
};

// The real dialogs.
class DialogPrompt : public UserPrompt
{
public:
    explicit DialogPrompt(QWidget *parent)
        : m_parent(parent)
    {
    }

    ChangedOnDiskAnswer fileChangedOnDisk(const QString &path, const QString &details) override;
    UnsavedAnswer unsavedChanges(const QString &what) override;
    void error(const QString &title, const QString &message, const QString &advice) override;
    void information(const QString &title, const QString &message) override;
    QString saveFileName(const QString &title, const QString &suggested,
                         const QString &filter) override;
    QString openFileName(const QString &title, const QString &filter) override;
    QString openDirectory(const QString &title) override;
    QStringList openFileNames(const QString &title, const QString &filter) override;
    QStringList chooseItems(const QString &title, const QString &message,
                            const QStringList &items) override;

private:
    QWidget *m_parent;
};

// Canned answers and a log of every question, for tests (and for --screenshot runs).
class ScriptedPrompt : public UserPrompt
{
public:
    ChangedOnDiskAnswer changedOnDiskAnswer = ChangedOnDiskAnswer::Cancel;
    UnsavedAnswer unsavedAnswer = UnsavedAnswer::Discard;
    QStringList fileNames; // taken from the front by the file-name questions; empty -> cancel
    QList<QStringList> fileNameLists; // taken from the front by openFileNames (else one fileName)
    std::optional<QStringList> chosenItems; // chooseItems' answer (once); nullopt: every item
    QStringList log; // "changedOnDisk: <path>", "error: <title>: <message>" ...

    ChangedOnDiskAnswer fileChangedOnDisk(const QString &path, const QString &details) override;
    UnsavedAnswer unsavedChanges(const QString &what) override;
    void error(const QString &title, const QString &message, const QString &advice) override;
    void information(const QString &title, const QString &message) override;
    QString saveFileName(const QString &title, const QString &suggested,
                         const QString &filter) override;
    QString openFileName(const QString &title, const QString &filter) override;
    QString openDirectory(const QString &title) override;
    QStringList openFileNames(const QString &title, const QString &filter) override;
    QStringList chooseItems(const QString &title, const QString &message,
                            const QStringList &items) override;

private:
    QString nextFileName();
};

} // namespace opsinfo
