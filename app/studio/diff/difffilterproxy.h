#pragma once

#include <QSortFilterProxyModel>

namespace opsinfo {

// Diff rows of one transition ("white->gray"; empty = all) whose op type contains a text.
class DiffFilterProxy : public QSortFilterProxyModel
{
    Q_OBJECT

public:
    explicit DiffFilterProxy(QObject *parent = nullptr);

    void setTransition(const QString &transition);
    void setTypeFilter(const QString &text);

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    QString m_transition;
    QString m_type;
};

} // namespace opsinfo
