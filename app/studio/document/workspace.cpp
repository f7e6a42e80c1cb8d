#include "studio/document/workspace.h"

#include "mixlist/mixlistlint.h"
#include "studio/common/coretexts.h"
#include "studio/document/frontendchoice.h"
#include "studio/document/librarydocument.h"
#include "studio/document/mixlistdocument.h"

namespace opsinfo {

Workspace::Workspace(QObject *parent)
    : QObject(parent)
    , m_library(new LibraryDocument(this))
    , m_mixlist(new MixlistDocument(this))
    , m_frontEnd(new FrontEndChoice(this))
{
    connect(m_library, &LibraryDocument::libraryReset, this, &Workspace::libraryReset);
    // A policy edit moves the colours of its types only (the mixlist marks types one by one); a
    // mixlist edit or a new library may move any.
    connect(m_library, &LibraryDocument::policiesChanged, this,
            [this](const QStringList &types) { recompute(OpTypeChange::only(types)); });
    connect(m_mixlist, &MixlistDocument::changed, this,
            [this] { recompute(OpTypeChange::everything()); });
}

Workspace::~Workspace() = default;

void Workspace::libraryReset()
{
    if (PreparedLibrary *prepared = m_library->preparedForReset()) {
        m_opTypes = std::move(prepared->opTypes);
        recomputeWith(std::move(prepared->policies), OpTypeChange::everything());
        return;
    }
    m_opTypes.clear();
    m_opTypes.reserve(int(m_library->library().ops().size()));
    for (const OpEntry &e : m_library->library().ops())
        m_opTypes.append(QString::fromStdString(e.type));
    recompute(OpTypeChange::everything());
}

void Workspace::recompute(const OpTypeChange &change)
{
    recomputeWith(std::nullopt, change);
}

void Workspace::recomputeWith(std::optional<PolicyTable> prepared, const OpTypeChange &change)
{
    const Mixlist &mixlist = m_mixlist->mixlist();
    const std::string path = m_mixlist->path().toStdString();
    if (prepared)
        m_policyTable = std::move(*prepared);
    else
        m_policyTable = PolicyTable::compute(m_library->library(),
                                             mixlist.empty() ? nullptr : &mixlist, path);
    const std::string file = path.empty() ? std::string("mixlist") : path;
    m_lint.clear();
    for (Diagnostic &d : checkMixlistCombinations(mixlist, file))
        m_lint.push_back({std::move(d), {}, std::nullopt});
    const OpLibrary *library = m_library->library().ops().empty() ? nullptr : &m_library->library();
    for (LintFinding &f : lintMixlist(mixlist, library, file)) {
        EditorLintFinding finding {std::move(f.diagnostic), {}, std::nullopt};
        if (f.fixIt) {
            finding.fixLabel = coreText(f.fixIt->label);
            finding.fixed = applyFixIt(mixlist, *f.fixIt);
        }
        m_lint.push_back(std::move(finding));
    }
    emit effectiveChanged(change);
    emit lintChanged();
}

} // namespace opsinfo
