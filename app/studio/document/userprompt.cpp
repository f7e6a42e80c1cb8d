#include "studio/document/userprompt.h"

namespace opsinfo {

QStringList UserPrompt::openFileNames(const QString &title, const QString &filter)
{
    const QString one = openFileName(title, filter);
    return one.isEmpty() ? QStringList() : QStringList {one};
}

QStringList UserPrompt::chooseItems(const QString &, const QString &, const QStringList &items)
{
    return items;
}

QString UserPrompt::chooseOne(const QString &, const QString &, const QStringList &items)
{
    return items.value(0);
}

} // namespace opsinfo
