#include "advicecandidatemodel.h"

#include "studio/common/coretexts.h"

#include <QBrush>
#include <QColor>

namespace opsinfo {

AdviceCandidateModel::AdviceCandidateModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void AdviceCandidateModel::setCandidates(std::vector<AdviceCandidate> candidates)
{
    beginResetModel();
    m_candidates = std::move(candidates);
    endResetModel();
}

int AdviceCandidateModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_candidates.size());
}

int AdviceCandidateModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant AdviceCandidateModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const AdviceCandidate &c = m_candidates[std::size_t(index.row())];
    if (role == Qt::ForegroundRole && c.rejected)
        return QBrush(QColor(0x75, 0x75, 0x75));
    if (role == Qt::TextAlignmentRole && index.column() >= FixesColumn
        && index.column() <= CastsColumn)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    switch (index.column()) {
    case EditColumn:
        return QString::fromStdString(c.edit.entry());
    case UsableColumn:
        return c.rejected ? tr("no") : tr("yes");
    case FixesColumn:
        return qulonglong(c.effect.fixed.size());
    case MovesColumn:
        return qulonglong(c.effect.moved.size());
    case CastsColumn: {
        const long delta = c.effect.castsDelta();
        return delta > 0 ? QStringLiteral("+%1").arg(delta) : QString::number(delta);
    }
    case WhyColumn:
        return coreText(c.why);
    default:
        return {};
    }
}

QVariant AdviceCandidateModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case EditColumn:
        return tr("Edit");
    case UsableColumn:
        return tr("Usable");
    case FixesColumn:
        return tr("Fixes");
    case MovesColumn:
        return tr("Moves");
    case CastsColumn:
        return tr("Casts");
    case WhyColumn:
        return tr("Why");
    default:
        return {};
    }
}

} // namespace opsinfo
