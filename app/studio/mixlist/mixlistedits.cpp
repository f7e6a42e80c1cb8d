#include "studio/mixlist/mixlistedits.h"

#include "studio/document/mixlistdocument.h"
#include "studio/document/mixlisteditcommand.h"

#include <QCoreApplication>
#include <QUndoStack>

#include <algorithm>

namespace opsinfo::MixlistEdits {

namespace {

// lupdate finds strings only in tr() of a class it knows; the macro names the context.
struct EditText
{
    Q_DECLARE_TR_FUNCTIONS(MixlistEdits)
};

QString subject(const QStringList &types)
{
    return types.size() == 1 ? types.front() : EditText::tr("%n ops", nullptr, int(types.size()));
}

bool contains(const std::vector<MixlistEntry> &entries, const std::string &type)
{
    return std::any_of(entries.begin(), entries.end(),
                       [&type](const MixlistEntry &e) { return e.opType == type; });
}

} // namespace

QString slotName(MixlistList list, MixlistAction action)
{
    return QString::fromStdString(mixlistMarkName(list, action));
}

bool add(MixlistDocument *document, const QStringList &types, MixlistList list,
         MixlistAction action)
{
    Mixlist after = document->mixlist();
    QStringList added;
    for (const QString &t : types) {
        const std::string type = t.trimmed().toStdString();
        if (type.empty() || contains(after.entries(list, action), type))
            continue;
        after.add(list, action, type);
        added.append(t.trimmed());
    }
    if (added.isEmpty())
        return false;
    document->undoStack()->push(new MixlistEditCommand(
        document, std::move(after),
        EditText::tr("Add %1 to %2").arg(subject(added), slotName(list, action))));
    return true;
}

bool remove(MixlistDocument *document, const QStringList &types, MixlistList list,
            MixlistAction action)
{
    Mixlist after = document->mixlist();
    auto &entries = after.entries(list, action);
    const std::size_t before = entries.size();
    entries.erase(std::remove_if(entries.begin(), entries.end(),
                                 [&types](const MixlistEntry &e) {
                                     return types.contains(QString::fromUtf8(e.opType));
                                 }),
                  entries.end());
    if (entries.size() == before)
        return false;
    document->undoStack()->push(new MixlistEditCommand(
        document, std::move(after),
        EditText::tr("Remove %1 from %2").arg(subject(types), slotName(list, action))));
    return true;
}

bool move(MixlistDocument *document, const QStringList &types, MixlistList fromList,
          MixlistAction fromAction, MixlistList toList, MixlistAction toAction)
{
    if (fromList == toList && fromAction == toAction)
        return false;
    Mixlist after = document->mixlist();
    auto &from = after.entries(fromList, fromAction);
    QStringList moved;
    for (auto it = from.begin(); it != from.end();) {
        if (types.contains(QString::fromUtf8(it->opType))) {
            moved.append(QString::fromUtf8(it->opType));
            it = from.erase(it);
        } else {
            ++it;
        }
    }
    if (moved.isEmpty())
        return false;
    for (const QString &t : moved)
        if (!contains(after.entries(toList, toAction), t.toStdString()))
            after.add(toList, toAction, t.toStdString());
    document->undoStack()->push(new MixlistEditCommand(
        document, std::move(after),
        EditText::tr("Move %1 to %2").arg(subject(moved), slotName(toList, toAction))));
    return true;
}

} // namespace opsinfo::MixlistEdits
