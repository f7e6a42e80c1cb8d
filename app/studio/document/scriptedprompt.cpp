#include "studio/document/scriptedprompt.h"

namespace opsinfo {

UserPrompt::ChangedOnDiskAnswer ScriptedPrompt::fileChangedOnDisk(const QString &path,
                                                                  const QString &)
{
    log.append(QStringLiteral("changedOnDisk: ") + path);
    return changedOnDiskAnswer;
}

UserPrompt::UnsavedAnswer ScriptedPrompt::unsavedChanges(const QString &what)
{
    log.append(QStringLiteral("unsaved: ") + what);
    return unsavedAnswer;
}

void ScriptedPrompt::error(const QString &title, const QString &message, const QString &advice)
{
    log.append(QStringLiteral("error: %1: %2 (%3)").arg(title, message, advice));
    dialogs.append(advice.isEmpty()
                       ? title + QLatin1Char('\n') + message
                       : title + QLatin1Char('\n') + message + QLatin1Char('\n') + advice);
}

void ScriptedPrompt::information(const QString &title, const QString &message)
{
    log.append(QStringLiteral("information: %1: %2").arg(title, message));
    dialogs.append(title + QLatin1Char('\n') + message);
}

QString ScriptedPrompt::saveFileName(const QString &title, const QString &, const QString &)
{
    log.append(QStringLiteral("saveFileName: ") + title);
    return nextFileName();
}

QString ScriptedPrompt::openFileName(const QString &title, const QString &)
{
    log.append(QStringLiteral("openFileName: ") + title);
    return nextFileName();
}

QString ScriptedPrompt::openDirectory(const QString &title)
{
    log.append(QStringLiteral("openDirectory: ") + title);
    return nextFileName();
}

QStringList ScriptedPrompt::openFileNames(const QString &title, const QString &)
{
    log.append(QStringLiteral("openFileNames: ") + title);
    if (!fileNameLists.isEmpty())
        return fileNameLists.takeFirst();
    const QString one = nextFileName();
    return one.isEmpty() ? QStringList() : QStringList {one};
}

QStringList ScriptedPrompt::chooseItems(const QString &title, const QString &,
                                        const QStringList &items)
{
    log.append(QStringLiteral("chooseItems: %1: %2").arg(title, items.join(QLatin1Char(','))));
    if (!chosenItems)
        return items;
    QStringList chosen = *chosenItems;
    chosenItems.reset();
    return chosen;
}

QString ScriptedPrompt::chooseOne(const QString &title, const QString &, const QStringList &items)
{
    log.append(QStringLiteral("chooseOne: %1: %2").arg(title, items.join(QLatin1Char(','))));
    const QString chosen = chosenItem.value_or(items.value(0));
    chosenItem.reset();
    return chosen;
}

QString ScriptedPrompt::nextFileName()
{
    return fileNames.isEmpty() ? QString() : fileNames.takeFirst();
}

} // namespace opsinfo
