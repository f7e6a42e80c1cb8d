#include "studio/mixlist/mixlistslotmodel.h"

#include "studio/common/coretexts.h"
#include "studio/common/mimetypes.h"
#include "studio/common/policystyle.h"
#include "studio/document/mixlistdocument.h"
#include "studio/document/workspace.h"
#include "studio/mixlist/mixlistedits.h"

#include <QMimeData>

namespace opsinfo {

MixlistSlotModel::MixlistSlotModel(Workspace *workspace, MixlistList list, MixlistAction action,
                                   QObject *parent)
    : QAbstractListModel(parent)
    , m_workspace(workspace)
    , m_list(list)
    , m_action(action)
{
    connect(workspace->mixlistDocument(), &MixlistDocument::changed, this,
            &MixlistSlotModel::reload);
    connect(workspace, &Workspace::effectiveChanged, this, [this](const OpTypeChange &change) {
        if (m_types.isEmpty())
            return;
        if (change.isEverything()) {
            emit dataChanged(index(0), index(int(m_types.size()) - 1),
                             {Qt::DecorationRole, Qt::ToolTipRole});
            return;
        }
        for (int row = 0; row < m_types.size(); ++row)
            if (change.contains(m_types[row]))
                emit dataChanged(index(row), index(row), {Qt::DecorationRole, Qt::ToolTipRole});
    });
    reload();
}

QString MixlistSlotModel::entriesMimeType()
{
    return QStringLiteral("application/x-opsinfo-mixlist-entries");
}

QString MixlistSlotModel::title() const
{
    return tr("%1 · %2").arg(QString::fromLatin1(mixlistListKey(m_list)),
                             QString::fromLatin1(mixlistActionKey(m_action)));
}

void MixlistSlotModel::reload()
{
    QStringList types;
    for (const MixlistEntry &e :
         m_workspace->mixlistDocument()->mixlist().entries(m_list, m_action))
        types.append(QString::fromUtf8(e.opType));
    if (types == m_types)
        return;
    beginResetModel();
    m_types = types;
    endResetModel();
}

int MixlistSlotModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_types.size());
}

QVariant MixlistSlotModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const QString &type = m_types.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
    case TypeRole:
        return type;
    case Qt::DecorationRole:
        return policyChip(m_workspace->policyTable().effective(type.toStdString()));
    case Qt::ToolTipRole:
        if (const OpPolicy *p = m_workspace->policyTable().find(type.toStdString()))
            return coreText(p->explanation);
        return tr("%1 is not in the loaded library").arg(type);
    }
    return {};
}

Qt::ItemFlags MixlistSlotModel::flags(const QModelIndex &index) const
{
    Qt::ItemFlags f = QAbstractListModel::flags(index);
    return index.isValid() ? f | Qt::ItemIsDragEnabled : f | Qt::ItemIsDropEnabled;
}

Qt::DropActions MixlistSlotModel::supportedDropActions() const
{
    return Qt::CopyAction | Qt::MoveAction;
}

Qt::DropActions MixlistSlotModel::supportedDragActions() const
{
    return Qt::MoveAction;
}

QStringList MixlistSlotModel::mimeTypes() const
{
    return {entriesMimeType(), opTypesMimeType()};
}

QMimeData *MixlistSlotModel::mimeData(const QModelIndexList &indexes) const
{
    QStringList lines {QStringLiteral("%1 %2").arg(int(m_list)).arg(int(m_action))};
    for (const QModelIndex &i : indexes)
        if (i.isValid())
            lines.append(m_types.at(i.row()));
    auto *mime = new QMimeData;
    mime->setData(entriesMimeType(), lines.join(QLatin1Char('\n')).toUtf8());
    return mime;
}

bool MixlistSlotModel::canDropMimeData(const QMimeData *data, Qt::DropAction, int, int,
                                       const QModelIndex &) const
{
    return data->hasFormat(entriesMimeType()) || data->hasFormat(opTypesMimeType());
}

bool MixlistSlotModel::dropMimeData(const QMimeData *data, Qt::DropAction action, int row,
                                    int column, const QModelIndex &parent)
{
    if (action == Qt::IgnoreAction || !canDropMimeData(data, action, row, column, parent))
        return false;
    MixlistDocument *document = m_workspace->mixlistDocument();
    if (data->hasFormat(entriesMimeType())) {
        QStringList lines
            = QString::fromUtf8(data->data(entriesMimeType())).split(QLatin1Char('\n'));
        const QStringList slot = lines.takeFirst().split(QLatin1Char(' '));
        if (slot.size() != 2)
            return false;
        MixlistEdits::move(document, lines, MixlistList(slot[0].toInt()),
                           MixlistAction(slot[1].toInt()), m_list, m_action);
        // The move already removed the source rows; tell the view not to remove them again.
        return false;
    }
    const QStringList types = QString::fromUtf8(data->data(opTypesMimeType()))
                                  .split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    return MixlistEdits::add(document, types, m_list, m_action);
}

} // namespace opsinfo
