#include "studio/diff/transitionmatrixmodel.h"

#include "studio/common/policystyle.h"
#include "studio/common/transitiontext.h"

namespace opsinfo {

namespace {

QString sideKey(std::optional<Policy> p)
{
    return p ? QString::fromLatin1(policyName(*p)) : QStringLiteral("absent");
}

} // namespace

TransitionMatrixModel::TransitionMatrixModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void TransitionMatrixModel::setMatrix(const TransitionMatrix &matrix, bool showAbsent)
{
    beginResetModel();
    m_matrix = matrix;
    m_showAbsent = showAbsent;
    endResetModel();
}

std::optional<Policy> TransitionMatrixModel::sideOf(int section) const
{
    if (section >= 0 && section < 3)
        return TransitionMatrix::order[std::size_t(section)];
    return std::nullopt;
}

QModelIndex TransitionMatrixModel::indexOf(const QString &transition) const
{
    for (int r = 0; r < sections(); ++r)
        for (int c = 0; c < sections(); ++c)
            if (index(r, c).data(TransitionRole).toString() == transition)
                return index(r, c);
    return {};
}

std::size_t TransitionMatrixModel::countAt(const QModelIndex &index) const
{
    const std::optional<Policy> a = sideOf(index.row()), b = sideOf(index.column());
    if (a && b)
        return m_matrix.count(*a, *b);
    if (a)
        return m_matrix.onlyA(*a);
    if (b)
        return m_matrix.onlyB(*b);
    return 0;
}

int TransitionMatrixModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : sections();
}

int TransitionMatrixModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : sections();
}

Qt::ItemFlags TransitionMatrixModel::flags(const QModelIndex &index) const
{
    if (!index.isValid() || (!sideOf(index.row()) && !sideOf(index.column())))
        return Qt::NoItemFlags; // absent on both sides: no op type of either
    return Qt::ItemIsEnabled | Qt::ItemIsSelectable;
}

QVariant TransitionMatrixModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const std::optional<Policy> a = sideOf(index.row()), b = sideOf(index.column());
    if (!a && !b)
        return {};
    const QString transition = sideKey(a) + QStringLiteral("->") + sideKey(b);
    switch (role) {
    case Qt::DisplayRole:
        return qulonglong(countAt(index));
    case Qt::ToolTipRole:
        return tr("%1: %n op type(s)", nullptr, int(countAt(index)))
            .arg(transitionDisplayName(transition));
    case Qt::TextAlignmentRole:
        return int(Qt::AlignCenter);
    case TransitionRole:
        return transition;
    case ColourARole:
        return a ? QVariant(policyColor(*a)) : QVariant();
    case ColourBRole:
        return b ? QVariant(policyColor(*b)) : QVariant();
    case DiagonalRole:
        return a == b;
    }
    return {};
}

QVariant TransitionMatrixModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (section < 0 || section >= sections())
        return {};
    const std::optional<Policy> side = sideOf(section);
    if (role == Qt::DisplayRole)
        return side ? policyDisplayName(*side) : tr("absent");
    if (role == Qt::DecorationRole && side)
        return policyChip(*side);
    if (role == Qt::ToolTipRole)
        return orientation == Qt::Vertical ? tr("Colour on side A") : tr("Colour on side B");
    return {};
}

} // namespace opsinfo
