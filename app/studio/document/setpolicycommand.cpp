#include "studio/document/setpolicycommand.h"

#include "studio/document/librarydocument.h"

#include <QCoreApplication>

namespace opsinfo {

static QString policyWord(Policy policy)
{
    switch (policy) {
    case Policy::White:
        return QCoreApplication::translate("SetPolicyCommand", "white");
    case Policy::Black:
        return QCoreApplication::translate("SetPolicyCommand", "black");
    case Policy::Gray:
        break;
    }
    return QCoreApplication::translate("SetPolicyCommand", "gray");
}

SetPolicyCommand::SetPolicyCommand(LibraryDocument *document, const std::vector<std::string> &types,
                                   Policy policy, QUndoCommand *parent)
    : QUndoCommand(parent)
    , m_document(document)
{
    std::vector<std::string> changed;
    for (const std::string &type : types) {
        if (!document->library().find(type))
            continue;
        const Policy before = document->policy(type);
        if (before == policy)
            continue;
        m_changes.push_back({type, before, policy});
        changed.push_back(type);
    }
    setText(textFor(changed, policy));
    setObsolete(m_changes.empty());
}

QString SetPolicyCommand::textFor(const std::vector<std::string> &types, Policy policy)
{
    if (types.size() == 1)
        return QCoreApplication::translate("SetPolicyCommand", "Set %1 to %2")
            .arg(QString::fromStdString(types.front()), policyWord(policy));
    return QCoreApplication::translate("SetPolicyCommand", "Set %n ops to %1", nullptr,
                                       int(types.size()))
        .arg(policyWord(policy));
}

void SetPolicyCommand::undo()
{
    std::vector<std::pair<std::string, Policy>> policies;
    policies.reserve(m_changes.size());
    for (const Change &c : m_changes)
        policies.emplace_back(c.type, c.before);
    m_document->applyPolicies(policies);
}

void SetPolicyCommand::redo()
{
    std::vector<std::pair<std::string, Policy>> policies;
    policies.reserve(m_changes.size());
    for (const Change &c : m_changes)
        policies.emplace_back(c.type, c.after);
    m_document->applyPolicies(policies);
}

} // namespace opsinfo
