#include "studio/document/mixlisteditcommand.h"

#include "studio/document/mixlistdocument.h"

namespace opsinfo {

MixlistEditCommand::MixlistEditCommand(MixlistDocument *document, Mixlist after,
                                       const QString &text, QUndoCommand *parent)
    : QUndoCommand(text, parent)
    , m_document(document)
    , m_before(document->mixlist())
    , m_after(std::move(after))
{
}

void MixlistEditCommand::undo()
{
    m_document->setMixlist(m_before);
}

void MixlistEditCommand::redo()
{
    m_document->setMixlist(m_after);
}

} // namespace opsinfo
