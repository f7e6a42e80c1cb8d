#pragma once

#include "common/diagnostic.h"
#include "mixlist/mixlist.h"

#include <QObject>
#include <QString>

#include <vector>

class QUndoStack;

namespace opsinfo {

// The modify_mixlist being edited. Edits are MixlistEditCommands on this document's own undo stack;
// every change emits changed(), after which the policy table and lint are recomputed by listeners.
class MixlistDocument : public QObject
{
    Q_OBJECT

public:
    explicit MixlistDocument(QObject *parent = nullptr);
    ~MixlistDocument() override;

    // A fresh mixlist (new undo history). `importDiagnostics`: what the lenient import repaired.
    void reset(Mixlist mixlist, const QString &path, std::vector<Diagnostic> importDiagnostics = {});

    const Mixlist &mixlist() const { return m_mixlist; }
    QString path() const { return m_path; }
    QString displayName() const;
    const std::vector<Diagnostic> &importDiagnostics() const { return m_importDiagnostics; }

    QUndoStack *undoStack() const { return m_undoStack; }
    bool isModified() const;

    // Called by MixlistEditCommand only.
    void setMixlist(const Mixlist &mixlist);
    void markSaved(const QString &path);

signals:
    void changed();
    void modifiedChanged(bool modified);
    void pathChanged(const QString &path);

private:
    Mixlist m_mixlist;
    QString m_path;
    std::vector<Diagnostic> m_importDiagnostics;
    QUndoStack *m_undoStack;
};

} // namespace opsinfo
