#include "document/mixlistdocument.h"

#include <QFileInfo>
#include <QUndoStack>

namespace opsinfo {

MixlistDocument::MixlistDocument(QObject *parent)
    : QObject(parent)
    , m_undoStack(new QUndoStack(this))
{
    connect(m_undoStack, &QUndoStack::cleanChanged, this,
            [this](bool clean) { emit modifiedChanged(!clean); });
}

MixlistDocument::~MixlistDocument() = default;

void MixlistDocument::reset(Mixlist mixlist, const QString &path,
                            std::vector<Diagnostic> importDiagnostics)
{
    m_undoStack->clear();
    m_mixlist = std::move(mixlist);
    m_path = path;
    m_importDiagnostics = std::move(importDiagnostics);
    emit pathChanged(m_path);
    emit changed();
    emit modifiedChanged(false);
}

QString MixlistDocument::displayName() const
{
    return m_path.isEmpty() ? tr("Untitled mixlist") : QFileInfo(m_path).fileName();
}

bool MixlistDocument::isModified() const
{
    return !m_undoStack->isClean();
}

void MixlistDocument::setMixlist(const Mixlist &mixlist)
{
    m_mixlist = mixlist;
    emit changed();
}

void MixlistDocument::markSaved(const QString &path)
{
    if (path != m_path) {
        m_path = path;
        emit pathChanged(m_path);
    }
    m_undoStack->setClean();
}

} // namespace opsinfo
