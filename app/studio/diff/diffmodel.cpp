#include "studio/diff/diffmodel.h"

#include "studio/common/policystyle.h"
#include "studio/common/transitiontext.h"

namespace opsinfo {

DiffModel::DiffModel(QObject *parent)
    : QAbstractTableModel(parent)
    , m_aName(tr("A"))
    , m_bName(tr("B"))
{
}

void DiffModel::setDiff(PolicyDiff diff, const QString &aName, const QString &bName)
{
    beginResetModel();
    m_diff = std::move(diff);
    m_aName = aName;
    m_bName = bName;
    endResetModel();
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
}

int DiffModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_diff.rows.size());
}

int DiffModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant DiffModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const PolicyDiffRow &row = m_diff.rows[std::size_t(index.row())];
    const std::optional<Policy> side = index.column() == AColumn ? row.a : row.b;
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case TypeColumn:
            return QString::fromStdString(row.type);
        case AColumn:
        case BColumn:
            return side ? policyDisplayName(*side) : tr("absent");
        case TransitionColumn:
            return transitionDisplayName(QString::fromStdString(row.transition()));
        }
        break;
    case Qt::DecorationRole:
        if ((index.column() == AColumn || index.column() == BColumn) && side)
            return policyChip(*side);
        break;
    case TransitionRole:
        return QString::fromStdString(row.transition());
    }
    return {};
}

QVariant DiffModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case TypeColumn:
        return tr("Op type");
    case AColumn:
        return m_aName;
    case BColumn:
        return m_bName;
    case TransitionColumn:
        return tr("Transition");
    }
    return {};
}

} // namespace opsinfo
