#pragma once

#include "common/diagnostic.h"
#include "mixlist/mixlist.h"
#include "mixlist/oppolicy.h"
#include "studio/document/optypechange.h"

#include <QString>

#include <QObject>
#include <QStringList>

#include <optional>
#include <vector>

namespace opsinfo {

// One finding on the mixlist being edited (X2 from the combination check, X4 from the core lint),
// with its one-click fix as the whole mixlist after the fix, so applying it is one undo step.
struct EditorLintFinding
{
    Diagnostic diagnostic;
    QString fixLabel; // "Rename to 'MatMul'"; empty when there is no fix
    std::optional<Mixlist> fixed; // the mixlist after the fix
};

class FrontEndChoice;
class LibraryDocument;
class MixlistDocument;

// The library and the mixlist being edited together, and what follows from them: the effective
// colour of every op type (X3) and the mixlist's lint. Recomputed whenever either document changes;
// views listen to effectiveChanged() / lintChanged() and never compute policy themselves.
// effectiveChanged() says which types may have moved: a view refreshes those, not all.
class Workspace : public QObject
{
    Q_OBJECT

public:
    explicit Workspace(QObject *parent = nullptr);
    ~Workspace() override;

    LibraryDocument *libraryDocument() const { return m_library; }
    MixlistDocument *mixlistDocument() const { return m_mixlist; }
    // The front end the session works for (Graph tab, Mixlist tab, View > Front End).
    FrontEndChoice *frontEndChoice() const { return m_frontEnd; }

    const PolicyTable &policyTable() const { return m_policyTable; }
    const std::vector<EditorLintFinding> &lint() const { return m_lint; }
    // Every op type of the library, sorted (for completion).
    const QStringList &opTypes() const { return m_opTypes; }

signals:
    void effectiveChanged(const opsinfo::OpTypeChange &change);
    void lintChanged();

private:
    void libraryReset();
    void recompute(const OpTypeChange &change);
    void recomputeWith(std::optional<PolicyTable> prepared, const OpTypeChange &change);

    LibraryDocument *m_library;
    MixlistDocument *m_mixlist;
    FrontEndChoice *m_frontEnd;
    PolicyTable m_policyTable;
    std::vector<EditorLintFinding> m_lint;
    QStringList m_opTypes;
};

} // namespace opsinfo
