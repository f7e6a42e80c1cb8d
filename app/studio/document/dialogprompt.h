#pragma once

#include "studio/document/userprompt.h"

class QWidget;

namespace opsinfo {

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
    QString chooseOne(const QString &title, const QString &message,
                      const QStringList &items) override;
    QStringList chooseItems(const QString &title, const QString &message,
                            const QStringList &items) override;

private:
    QWidget *m_parent;
};

} // namespace opsinfo
