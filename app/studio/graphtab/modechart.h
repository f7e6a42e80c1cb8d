#pragma once

#include "modesummary.h"

#include <QWidget>

class QChart;
class QChartView;
class QLabel;
class QLineSeries;
class QStackedBarSeries;
class QTableView;

namespace opsinfo {

// The "all modes" summary (C2) of the loaded graph: per precision mode, a stacked bar of nodes in
// fp16 / bf16 / fp32 and on AI CPU, and the number of Casts as a line on its own axis; the same
// figures in a table below.
class ModeChart : public QWidget
{
    Q_OBJECT

public:
    explicit ModeChart(QWidget *parent = nullptr);

    ModeSummaryModel *model() const { return m_model; }
    QChart *chart() const;
    void setCounts(std::vector<ModeSummary> counts);
    // "Computing..." while a worker resolves every mode.
    void setPending(bool pending);

private:
    void rebuildChart();
    static QStackedBarSeries *dtypeBars(const std::vector<ModeSummary> &counts, double *maxNodes);
    static QLineSeries *castsLine(const std::vector<ModeSummary> &counts, double *maxCasts);

    ModeSummaryModel *m_model;
    QChartView *m_view;
    QTableView *m_table;
    QLabel *m_status;
};

} // namespace opsinfo
