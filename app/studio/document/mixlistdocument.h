#pragma once

#include "common/diagnostic.h"
#include "mixlist/mixlist.h"
#include "studio/document/document.h"

#include <QString>

#include <vector>

namespace opsinfo {

// The modify_mixlist being edited. Edits are MixlistEditCommands on this document's own undo stack;
// every change emits changed(), after which the policy table and lint are recomputed by listeners.
class MixlistDocument : public Document
{
    Q_OBJECT

public:
    explicit MixlistDocument(QObject *parent = nullptr);
    ~MixlistDocument() override;

    // A fresh mixlist (new undo history), read from `path` as `stamp`. `importDiagnostics`: what
    // the lenient import repaired.
    void reset(Mixlist mixlist, const QString &path, std::vector<Diagnostic> importDiagnostics = {},
               const FileStamp &stamp = {});

    const Mixlist &mixlist() const { return m_mixlist; }
    QString displayName() const override;
    const std::vector<Diagnostic> &importDiagnostics() const { return m_importDiagnostics; }

    // Called by MixlistEditCommand only.
    void setMixlist(const Mixlist &mixlist);

signals:
    void changed();

private:
    Mixlist m_mixlist;
    std::vector<Diagnostic> m_importDiagnostics;
};

} // namespace opsinfo
