#include "studio/common/transitiontext.h"

#include "studio/common/policystyle.h"

#include <QCoreApplication>
#include <QStringList>

namespace opsinfo {

namespace {

struct TransitionText
{
    Q_DECLARE_TR_FUNCTIONS(TransitionText)
};

QString sideName(const QString &side)
{
    if (side == QLatin1String("white"))
        return policyDisplayName(Policy::White);
    if (side == QLatin1String("black"))
        return policyDisplayName(Policy::Black);
    if (side == QLatin1String("gray"))
        return policyDisplayName(Policy::Gray);
    if (side == QLatin1String("absent"))
        return TransitionText::tr("absent");
    return side; // anything core may add later shows as it is
}

} // namespace

QString transitionDisplayName(const QString &transition)
{
    const QStringList sides = transition.split(QStringLiteral("->"));
    if (sides.size() != 2)
        return transition;
    // The English text stays core's "gray->white", so filters, reports and tests read the same.
    return TransitionText::tr("%1->%2").arg(sideName(sides[0].trimmed()),
                                            sideName(sides[1].trimmed()));
}

} // namespace opsinfo
