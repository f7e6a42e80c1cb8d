#include "studio/diff/difffilterproxy.h"

#include "studio/diff/diffmodel.h"

namespace opsinfo {

DiffFilterProxy::DiffFilterProxy(QObject *parent)
    : QSortFilterProxyModel(parent)
{
}

void DiffFilterProxy::setTransition(const QString &transition)
{
    if (transition == m_transition)
        return;
    m_transition = transition;
    invalidateFilter();
}

void DiffFilterProxy::setTypeFilter(const QString &text)
{
    if (text == m_type)
        return;
    m_type = text;
    invalidateFilter();
}

bool DiffFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    const QAbstractItemModel *model = sourceModel();
    if (!m_transition.isEmpty()
        && model->index(sourceRow, DiffModel::TransitionColumn, sourceParent)
                .data(DiffModel::TransitionRole)
                .toString()
            != m_transition)
        return false;
    return m_type.isEmpty()
        || model->index(sourceRow, DiffModel::TypeColumn, sourceParent)
               .data()
               .toString()
               .contains(m_type, Qt::CaseInsensitive);
}

} // namespace opsinfo
