#include "studio/diff/atlasfilterproxy.h"

#include "studio/diff/atlasmodel.h"

namespace opsinfo {

AtlasFilterProxy::AtlasFilterProxy(QObject *parent)
    : QSortFilterProxyModel(parent)
{
    setSortRole(AtlasModel::SortRole);
}

void AtlasFilterProxy::setTypeFilter(const QString &text)
{
    if (text == m_type)
        return;
    m_type = text;
    invalidateFilter();
}

void AtlasFilterProxy::setDifferingOnly(bool on)
{
    if (on == m_differingOnly)
        return;
    m_differingOnly = on;
    invalidateFilter();
}

bool AtlasFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    const QModelIndex type = sourceModel()->index(sourceRow, AtlasModel::TypeColumn, sourceParent);
    if (m_differingOnly
        && AtlasDifference(type.data(AtlasModel::DifferenceRole).toInt()) == AtlasDifference::None)
        return false;
    return m_type.isEmpty() || type.data().toString().contains(m_type, Qt::CaseInsensitive);
}

} // namespace opsinfo
