#include "studio/document/frontendchoice.h"

namespace opsinfo {

FrontEndChoice::FrontEndChoice(QObject *parent)
    : QObject(parent)
{
}

void FrontEndChoice::setFrontEnd(std::optional<FrontEnd> frontEnd)
{
    if (frontEnd == m_frontEnd)
        return;
    m_frontEnd = frontEnd;
    emit changed();
}

QString FrontEndChoice::id() const
{
    return m_frontEnd ? QString::fromLatin1(frontEndId(*m_frontEnd)) : QString();
}

void FrontEndChoice::setId(const QString &id)
{
    setFrontEnd(parseFrontEnd(id.toStdString()));
}

QString FrontEndChoice::label(std::optional<FrontEnd> frontEnd)
{
    if (!frontEnd)
        return tr("Any (no front end: every setting, the chosen mode)");
    return QStringLiteral("%1 — %2").arg(QString::fromLatin1(frontEndId(*frontEnd)),
                                         QString::fromLatin1(frontEndTitle(*frontEnd)));
}

} // namespace opsinfo
