#pragma once

#include "common/policy.h"
#include "studio/document/libraryrows.h"

#include <QAbstractTableModel>
#include <QStringList>

#include <vector>

namespace opsinfo {

class OpTypeChange;
class Workspace;

// All op types of the library, one row each, in the library's (sorted) order. Per-row texts are
// built once per library load and colours once per change, so data() is a lookup: the table stays
// smooth with 20,000 ops.
class LibraryModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column {
        TypeColumn,
        LibraryColumn,
        EffectiveColumn,
        KindColumn,
        SourceColumn,
        ShadowedColumn,
        ColumnsColumn,
        DtypesColumn,
        DynamicColumn,
        ColumnCount
    };
    enum Role {
        TypeRole = Qt::UserRole + 1, // QString op type
        LibraryPolicyRole, // int(Policy) in the library (with edits)
        EffectivePolicyRole, // int(Policy) after the mixlist
        ChangedRole, // bool: edited, or changed by the mixlist
        SortRole, // numbers for numeric columns
    };

    explicit LibraryModel(Workspace *workspace, QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    QStringList mimeTypes() const override;
    QMimeData *mimeData(const QModelIndexList &indexes) const override;

    int rowOf(const QString &type) const;
    // Position of the row's type in case-insensitive order, so the proxy sorts 20,000 rows by
    // comparing ints instead of strings (the sort after a load is UI-thread time).
    int typeRank(int row) const { return m_typeRank[std::size_t(row)]; }
    QString typeAt(int row) const;

private:
    void rebuild();
    void refreshPolicies(const OpTypeChange &change);
    QString tooltip(const LibraryRow &row) const;

    Workspace *m_workspace;
    std::vector<LibraryRow> m_rows;
    std::vector<int> m_typeRank;
};

} // namespace opsinfo
