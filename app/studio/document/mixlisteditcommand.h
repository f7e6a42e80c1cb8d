#pragma once

#include "mixlist/mixlist.h"

#include <QUndoCommand>

namespace opsinfo {

class MixlistDocument;

// Any mixlist edit (add, delete, move, lint fix): the mixlist before and after. Mixlists are small
// (tens of entries), so whole snapshots keep every edit trivially reversible.
class MixlistEditCommand : public QUndoCommand
{
public:
    MixlistEditCommand(MixlistDocument *document, Mixlist after, const QString &text,
                       QUndoCommand *parent = nullptr);

    void undo() override;
    void redo() override;

private:
    MixlistDocument *m_document;
    Mixlist m_before;
    Mixlist m_after;
};

} // namespace opsinfo
