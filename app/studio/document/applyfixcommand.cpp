#include "studio/document/applyfixcommand.h"

#include "studio/document/librarydocument.h"

#include <QCoreApplication>

namespace opsinfo {

ApplyFixCommand::ApplyFixCommand(LibraryDocument *document, std::string file, TextFix fix,
                                 const QString &opType, QUndoCommand *parent)
    : QUndoCommand(parent)
    , m_document(document)
    , m_file(std::move(file))
    , m_fix(std::move(fix))
{
    setText(QCoreApplication::translate("ApplyFixCommand", "Fix '%1' -> '%2' in %3")
                .arg(QString::fromStdString(m_fix.original),
                     QString::fromStdString(m_fix.replacement), opType));
    setObsolete(m_document->isFixApplied(m_file, m_fix.offset));
}

void ApplyFixCommand::redo()
{
    m_document->applyFix(m_file, m_fix);
}

void ApplyFixCommand::undo()
{
    m_document->revertFix(m_file, m_fix.offset);
}

} // namespace opsinfo
