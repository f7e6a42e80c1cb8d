#include "studio/document/document.h"

#include <QUndoStack>

namespace opsinfo {

Document::Document(QObject *parent)
    : QObject(parent)
    , m_undoStack(new QUndoStack(this))
{
    connect(m_undoStack, &QUndoStack::cleanChanged, this,
            [this](bool clean) { emit modifiedChanged(!clean); });
}

Document::~Document() = default;

bool Document::isModified() const
{
    return !m_undoStack->isClean();
}

void Document::startOver(const QString &path, const FileStamp &stamp)
{
    m_undoStack->clear();
    m_path = path;
    m_savedStamp = stamp;
}

void Document::markSaved(const QString &path, const FileStamp &stamp)
{
    m_savedStamp = stamp;
    if (path != m_path) {
        m_path = path;
        emit pathChanged(m_path);
    }
    m_undoStack->setClean();
}

} // namespace opsinfo
