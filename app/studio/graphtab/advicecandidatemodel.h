#pragma once

#include "advice/advice.h"

#include <QAbstractTableModel>

#include <vector>

namespace opsinfo {

// The advisor's candidates, each judged alone: the edit, whether it is usable, the protected nodes
// it fixes, the other nodes it moves, the Casts it adds, and why.
class AdviceCandidateModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column {
        EditColumn,
        UsableColumn,
        FixesColumn,
        MovesColumn,
        CastsColumn,
        WhyColumn,
        ColumnCount
    };

    explicit AdviceCandidateModel(QObject *parent = nullptr);

    void setCandidates(std::vector<AdviceCandidate> candidates);
    const std::vector<AdviceCandidate> &candidates() const { return m_candidates; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    std::vector<AdviceCandidate> m_candidates;
};

} // namespace opsinfo
