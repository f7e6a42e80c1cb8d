#include "studio/document/librarydocument.h"

#include <QFileInfo>

#include <algorithm>

namespace opsinfo {

LibraryDocument::LibraryDocument(QObject *parent)
    : Document(parent)
{
}

LibraryDocument::~LibraryDocument() = default;

void LibraryDocument::reset(OpLibrary library, const QString &path,
                            std::vector<Diagnostic> diagnostics,
                            std::optional<PreparedLibrary> prepared, const QString &soc)
{
    startOver(path, {});
    m_library = std::move(library);
    m_diagnostics = std::move(diagnostics);
    m_appliedFixes.clear();
    m_sample = false;
    m_soc = soc;
    if (prepared) {
        m_original = std::move(prepared->original);
    } else {
        m_original.clear();
        m_original.reserve(m_library.ops().size());
        for (const OpEntry &e : m_library.ops())
            m_original.emplace(e.type, e.policy);
    }
    m_preparedForReset = std::move(prepared);
    emit libraryReset();
    m_preparedForReset.reset();
    emit pathChanged(path);
    emit modifiedChanged(false);
}

QString LibraryDocument::displayName() const
{
    if (path().isEmpty())
        return tr("Untitled");
    const QFileInfo info(path());
    const QString name = info.fileName().isEmpty() ? path() : info.fileName();
    return m_soc.isEmpty() ? name : QStringLiteral("%1 / %2").arg(name, m_soc);
}

Policy LibraryDocument::originalPolicy(std::string_view type) const
{
    auto it = m_original.find(std::string(type));
    return it == m_original.end() ? Policy::Gray : it->second;
}

Policy LibraryDocument::policy(std::string_view type) const
{
    const OpEntry *e = m_library.find(type);
    return e ? e->policy : Policy::Gray;
}

std::vector<std::pair<std::string, Policy>> LibraryDocument::editedPolicies() const
{
    std::vector<std::pair<std::string, Policy>> result;
    for (const OpEntry &e : m_library.ops())
        if (e.policy != originalPolicy(e.type))
            result.emplace_back(e.type, e.policy);
    return result; // ops() is sorted by type
}

void LibraryDocument::applyPolicies(const std::vector<std::pair<std::string, Policy>> &policies)
{
    QStringList types;
    types.reserve(int(policies.size()));
    for (const auto &[type, policy] : policies) {
        m_library.setPolicy(type, policy);
        types.append(QString::fromStdString(type));
    }
    emit policiesChanged(types);
}

bool LibraryDocument::isFixApplied(const std::string &file, std::size_t offset) const
{
    return std::any_of(m_appliedFixes.begin(), m_appliedFixes.end(), [&](const AppliedFix &a) {
        return a.file == file && a.fix.offset == offset;
    });
}

void LibraryDocument::applyFix(const std::string &file, const TextFix &fix)
{
    if (isFixApplied(file, fix.offset))
        return;
    m_appliedFixes.push_back({file, fix});
    emit fixesChanged();
}

void LibraryDocument::revertFix(const std::string &file, std::size_t offset)
{
    const auto removed
        = std::remove_if(m_appliedFixes.begin(), m_appliedFixes.end(), [&](const AppliedFix &a) {
              return a.file == file && a.fix.offset == offset;
          });
    if (removed == m_appliedFixes.end())
        return;
    m_appliedFixes.erase(removed, m_appliedFixes.end());
    emit fixesChanged();
}

void LibraryDocument::markSaved(const QString &path, const FileStamp &stamp)
{
    m_sample = false;
    Document::markSaved(path, stamp);
}

} // namespace opsinfo
