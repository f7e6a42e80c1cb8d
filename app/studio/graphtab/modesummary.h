#pragma once

#include "previewresult.h"
#include "resolver/modesweep.h"

#include <QAbstractTableModel>
#include <QString>

#include <vector>

namespace opsinfo {

// Every mode over one context and colours (core's summarizeModes); the modes run on two threads
// over the shared resolver plan. `soc` (may be empty) marks refused bf16 modes, with the
// capability of `platformIni` when given.
std::vector<ModeSummary> previewModeSummaries(const ResolveContext &context,
                                              const ResolveSettings &settings,
                                              const std::string &soc,
                                              const std::string &platformIni = {});

// The same figures as a table: one row per mode; columns fp16, bf16, fp32, AI CPU, GE ops (also
// counted in their dtype), errors, casts.
class ModeSummaryModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column {
        ModeColumn,
        Fp16Column,
        Bf16Column,
        Fp32Column,
        AiCpuColumn,
        GeColumn,
        ErrorColumn,
        CastColumn,
        ColumnCount
    };

    explicit ModeSummaryModel(QObject *parent = nullptr);

    void setCounts(std::vector<ModeSummary> counts);
    const std::vector<ModeSummary> &counts() const { return m_counts; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    std::vector<ModeSummary> m_counts;
};

} // namespace opsinfo
