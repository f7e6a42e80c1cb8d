#pragma once

#include "diff/policydiff.h"

#include <QAbstractTableModel>

namespace opsinfo {

// Rows of a policy diff: op type, colour on side A, colour on side B, transition.
class DiffModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { TypeColumn, AColumn, BColumn, TransitionColumn, ColumnCount };
    enum Role { TransitionRole = Qt::UserRole + 1 };

    explicit DiffModel(QObject *parent = nullptr);

    void setDiff(PolicyDiff diff, const QString &aName, const QString &bName);
    const PolicyDiff &diff() const { return m_diff; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    PolicyDiff m_diff;
    QString m_aName;
    QString m_bName;
};

} // namespace opsinfo
