#pragma once

#include <QAbstractTableModel>

namespace opsinfo {

class EvidenceStore;

// The Library tab's measured view: one row per op type the profiler evidence names, with its runs,
// time and share of all kernel time, AI CPU runs and the dtypes it executed in. Follows the store.
class EvidenceTypeModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column {
        TypeColumn,
        RunsColumn,
        TimeColumn,
        ShareColumn,
        AiCpuColumn,
        DtypesColumn,
        ColumnCount
    };
    enum Role { SortRole = Qt::UserRole + 1 };

    explicit EvidenceTypeModel(EvidenceStore *store, QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    QString opType(int row) const;
    // "Cast: 287 runs, 2.60% of 98.3 ms; AI CPU: 7 runs" (empty without times).
    QString totalsText() const;

private:
    EvidenceStore *m_store;
};

} // namespace opsinfo
