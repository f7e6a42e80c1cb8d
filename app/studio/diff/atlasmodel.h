#pragma once

#include "diff/policyatlas.h"

#include <QAbstractTableModel>

#include <memory>

namespace opsinfo {

// The policy atlas as a table: a row per op type (differing rows first, as the core orders them),
// the op type, how its sources differ, then one column per source with its list colour.
class AtlasModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { TypeColumn, DifferenceColumn, FirstSourceColumn };
    enum Role {
        PolicyRole = Qt::UserRole + 1, // int(Policy) of a source cell; -1 where the type is absent
        LackingRole, // "bf16, fp32": float columns a listed entry lacks ("" when none)
        DifferenceRole, // int(AtlasDifference) of the row
        SortRole, // what the columns sort by: the type, the atlas order, the colour
    };

    explicit AtlasModel(QObject *parent = nullptr);

    void setAtlas(std::shared_ptr<const PolicyAtlas> atlas);
    std::shared_ptr<const PolicyAtlas> atlas() const { return m_atlas; }
    int sourceCount() const { return m_atlas ? int(m_atlas->sources.size()) : 0; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    QVariant cellData(const AtlasRow &row, int source, int role) const;

    std::shared_ptr<const PolicyAtlas> m_atlas;
};

} // namespace opsinfo
