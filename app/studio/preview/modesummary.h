#pragma once

#include "previewresult.h"

#include <QAbstractTableModel>
#include <QString>

#include <vector>

namespace opsinfo {

// One bar of the "all modes" chart (C2): what a precision mode does to the loaded graph.
struct ModeCounts
{
    PrecisionMode mode = PrecisionMode::ForceFp16;
    bool approximate = false; // the hif8 modes
    QString refused;          // the compiler refuses the mode on this SoC (bf16 modes), else empty
    ResolutionSummary summary;
};

// Every mode over one context and colours (explanations off: nobody reads them here); the modes
// run on threads over the shared resolver plan. `soc` (may be empty) marks refused bf16 modes.
std::vector<ModeCounts> summarizeModes(const ResolveContext &context, const ResolveSettings &settings,
                                       const std::string &soc);

// The same figures as a table: one row per mode; columns fp16, bf16, fp32, AI CPU, errors, casts.
class ModeSummaryModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { ModeColumn, Fp16Column, Bf16Column, Fp32Column, AiCpuColumn, ErrorColumn, CastColumn, ColumnCount };

    explicit ModeSummaryModel(QObject *parent = nullptr);

    void setCounts(std::vector<ModeCounts> counts);
    const std::vector<ModeCounts> &counts() const { return m_counts; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<ModeCounts> m_counts;
};

} // namespace opsinfo
