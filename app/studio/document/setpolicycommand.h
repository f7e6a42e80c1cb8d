#pragma once

#include "common/policy.h"

#include <QUndoCommand>

#include <string>
#include <vector>

namespace opsinfo {

class LibraryDocument;

// One colour edit of one or more op types: a single undo step ("Set MatMulV2 to white",
// "Set 3 ops to black").
class SetPolicyCommand : public QUndoCommand
{
public:
    struct Change
    {
        std::string type;
        Policy before = Policy::Gray;
        Policy after = Policy::Gray;
    };

    // Types already of colour `policy` are left out; isObsolete() tells when nothing is left.
    SetPolicyCommand(LibraryDocument *document, const std::vector<std::string> &types,
                     Policy policy, QUndoCommand *parent = nullptr);

    void undo() override;
    void redo() override;

    const std::vector<Change> &changes() const { return m_changes; }
    bool isEmpty() const { return m_changes.empty(); }

    static QString textFor(const std::vector<std::string> &types, Policy policy);

private:
    LibraryDocument *m_document;
    std::vector<Change> m_changes;
};

} // namespace opsinfo
