#pragma once

#include <QSortFilterProxyModel>

namespace opsinfo {

// Atlas rows whose op type contains a text, optionally only those whose sources differ.
class AtlasFilterProxy : public QSortFilterProxyModel
{
    Q_OBJECT

public:
    explicit AtlasFilterProxy(QObject *parent = nullptr);

    void setTypeFilter(const QString &text);
    void setDifferingOnly(bool on);

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    QString m_type;
    bool m_differingOnly = false;
};

} // namespace opsinfo
