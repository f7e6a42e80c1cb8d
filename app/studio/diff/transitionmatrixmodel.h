#pragma once

#include "diff/transitionmatrix.h"

#include <QAbstractTableModel>

#include <optional>

namespace opsinfo {

// The 3x3 white/black/gray transition matrix of a policy diff as a table: rows are side A's colour,
// columns side B's, each cell the number of op types; an "absent" row and column when a side lacks
// types (absent -> absent stays empty).
class TransitionMatrixModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Role {
        TransitionRole = Qt::UserRole + 1, // "white->gray", as core's PolicyDiffRow::transition()
        ColourARole, // QColor of the row's list (invalid for absent)
        ColourBRole,
        DiagonalRole, // bool: unchanged types
    };

    explicit TransitionMatrixModel(QObject *parent = nullptr);

    void setMatrix(const TransitionMatrix &matrix, bool showAbsent);
    const TransitionMatrix &matrix() const { return m_matrix; }
    // nullopt: the absent row or column.
    std::optional<Policy> sideOf(int section) const;
    QModelIndex indexOf(const QString &transition) const;
    std::size_t countAt(const QModelIndex &index) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;

private:
    int sections() const { return m_showAbsent ? 4 : 3; }

    TransitionMatrix m_matrix;
    bool m_showAbsent = false;
};

} // namespace opsinfo
