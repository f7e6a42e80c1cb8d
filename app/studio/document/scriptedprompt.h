#pragma once

#include "studio/document/userprompt.h"

#include <QList>
#include <QStringList>

#include <optional>

namespace opsinfo {

// Canned answers and a log of every question, for tests (and for --screenshot runs).
class ScriptedPrompt : public UserPrompt
{
public:
    ChangedOnDiskAnswer changedOnDiskAnswer = ChangedOnDiskAnswer::Cancel;
    UnsavedAnswer unsavedAnswer = UnsavedAnswer::Discard;
    QStringList fileNames; // taken from the front by the file-name questions; empty -> cancel
    QList<QStringList> fileNameLists; // taken from the front by openFileNames (else one fileName)
    std::optional<QStringList> chosenItems; // chooseItems' answer (once); nullopt: every item
    std::optional<QString> chosenItem; // chooseOne's answer (once); nullopt: the first item
    QStringList log; // "changedOnDisk: <path>", "error: <title>: <message>" ...
    QStringList dialogs; // what error and information dialogs would have shown, one per dialog

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
    QString chooseOne(const QString &title, const QString &message,
                      const QStringList &items) override;

private:
    QString nextFileName();
};

} // namespace opsinfo
