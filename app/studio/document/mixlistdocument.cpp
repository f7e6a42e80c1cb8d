#include "studio/document/mixlistdocument.h"

#include <QFileInfo>

namespace opsinfo {

MixlistDocument::MixlistDocument(QObject *parent)
    : Document(parent)
{
}

MixlistDocument::~MixlistDocument() = default;

void MixlistDocument::reset(Mixlist mixlist, const QString &path,
                            std::vector<Diagnostic> importDiagnostics, const FileStamp &stamp)
{
    startOver(path, stamp);
    m_mixlist = std::move(mixlist);
    m_importDiagnostics = std::move(importDiagnostics);
    emit pathChanged(path);
    emit changed();
    emit modifiedChanged(false);
}

QString MixlistDocument::displayName() const
{
    return path().isEmpty() ? tr("Untitled mixlist") : QFileInfo(path()).fileName();
}

void MixlistDocument::setMixlist(const Mixlist &mixlist)
{
    m_mixlist = mixlist;
    emit changed();
}

} // namespace opsinfo
