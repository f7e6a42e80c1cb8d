#pragma once

#include "common/filestamp.h"

#include <QObject>
#include <QString>

class QUndoStack;

namespace opsinfo {

// What every document being edited has: where it lives, its undo stack (every edit is a
// QUndoCommand on it, so "modified" is the stack's clean state), and the on-disk stamp of its
// file as last read or written, so that Save can refuse to overwrite a file someone else changed.
class Document : public QObject
{
    Q_OBJECT

public:
    ~Document() override;

    // What was opened or last saved to; empty for a document that has no file yet.
    QString path() const { return m_path; }
    // The file or folder name, for titles.
    virtual QString displayName() const = 0;

    QUndoStack *undoStack() const { return m_undoStack; }
    bool isModified() const;

    // The file at path() as last read or written; exists == false when there is none. A document
    // made of several files (a soc folder's library) keeps one stamp per file where it writes them.
    const FileStamp &savedStamp() const { return m_savedStamp; }

    // After a successful save to `path` (stamped `stamp`): the undo stack becomes clean at this
    // point, the path may change.
    virtual void markSaved(const QString &path, const FileStamp &stamp = {});

signals:
    void modifiedChanged(bool modified);
    void pathChanged(const QString &path);

protected:
    explicit Document(QObject *parent = nullptr);

    // New content read from `path`: a fresh undo history. Emits nothing; the subclass emits its
    // own change, pathChanged() and modifiedChanged(false) in the order its listeners need.
    void startOver(const QString &path, const FileStamp &stamp);

private:
    QString m_path;
    FileStamp m_savedStamp;
    QUndoStack *m_undoStack;
};

} // namespace opsinfo
