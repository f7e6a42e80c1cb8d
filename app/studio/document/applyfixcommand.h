#pragma once

#include "common/diagnostic.h"

#include <QUndoCommand>

#include <string>

namespace opsinfo {

class LibraryDocument;

// One certain repair of a library file ("Fix 'fp32' -> 'float32' in Mul"): a single undo step;
// the bytes change when the file is saved.
class ApplyFixCommand : public QUndoCommand
{
public:
    ApplyFixCommand(LibraryDocument *document, std::string file, TextFix fix, const QString &opType,
                    QUndoCommand *parent = nullptr);

    void undo() override;
    void redo() override;

private:
    LibraryDocument *m_document;
    std::string m_file;
    TextFix m_fix;
};

} // namespace opsinfo
