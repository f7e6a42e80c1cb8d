#include "modechart.h"

#include "studio/graph/nodestyle.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QHeaderView>
#include <QLabel>
#include <QLineSeries>
#include <QStackedBarSeries>
#include <QTableView>
#include <QVBoxLayout>
#include <QValueAxis>

namespace opsinfo {

ModeChart::ModeChart(QWidget *parent)
    : QWidget(parent)
    , m_model(new ModeSummaryModel(this))
    , m_view(new QChartView(this))
    , m_table(new QTableView(this))
    , m_status(new QLabel(this))
{
    setObjectName(QStringLiteral("modeChart"));
    m_view->setObjectName(QStringLiteral("modeChartView"));
    m_view->setRenderHint(QPainter::Antialiasing);
    m_view->setMinimumHeight(240);
    m_table->setObjectName(QStringLiteral("modeSummaryTable"));
    m_table->setModel(m_model);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_status->setWordWrap(true);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_status);
    layout->addWidget(m_view, 3);
    layout->addWidget(m_table, 2);
    rebuildChart();
}

QChart *ModeChart::chart() const
{
    return m_view->chart();
}

void ModeChart::setCounts(std::vector<ModeSummary> counts)
{
    m_model->setCounts(std::move(counts));
    setPending(false);
    rebuildChart();
}

void ModeChart::setPending(bool pending)
{
    m_status->setText(
        pending
            ? tr("Resolving every mode...")
            : tr(
                "Nodes per decided dtype, AI CPU nodes and Casts inserted, per precision mode (C2); "
                "the table adds the GE ops (opFile Null, M9). Modes the SoC refuses ✕."));
}

namespace {

// Short names: the canonical ones do not fit under nine bars (the table below has them in full).
QString shortModeName(PrecisionMode mode)
{
    switch (mode) {
    case PrecisionMode::ForceFp16:
        return QStringLiteral("force_fp16");
    case PrecisionMode::CubeFp16InFp32Out:
        return QStringLiteral("force_fp32");
    case PrecisionMode::AllowFp32ToFp16:
        return QStringLiteral("to_fp16");
    case PrecisionMode::MustKeepOriginDtype:
        return QStringLiteral("origin");
    case PrecisionMode::AllowMixPrecisionFp16:
        return QStringLiteral("mixed_fp16");
    case PrecisionMode::AllowMixPrecisionBf16:
        return QStringLiteral("mixed_bf16");
    case PrecisionMode::AllowFp32ToBf16:
        return QStringLiteral("to_bf16");
    case PrecisionMode::CubeHif8:
        return QStringLiteral("cube_hif8");
    case PrecisionMode::MixedHif8:
        return QStringLiteral("mixed_hif8");
    case PrecisionMode::ForceLowerPrecision:
    case PrecisionMode::AllowFp32ToLowPrecision:
        return QString::fromLatin1(precisionModeName(mode));
    }
    return QString();
}

// The modes under the bars, a refused one marked ✕.
QBarCategoryAxis *modeAxis(const std::vector<ModeSummary> &counts)
{
    QStringList categories;
    for (const ModeSummary &c : counts)
        categories << shortModeName(c.mode)
                + (c.refused.empty() ? QString() : QStringLiteral(" ✕"));
    auto *x = new QBarCategoryAxis;
    x->append(categories);
    x->setLabelsAngle(-90); // upright labels are cut to "fo..." under narrow bars
    QFont small = x->labelsFont();
    small.setPointSizeF(std::max(7.0, small.pointSizeF() - 1.0));
    x->setLabelsFont(small);
    return x;
}

QValueAxis *countAxis(const QString &title, double max)
{
    auto *axis = new QValueAxis;
    axis->setTitleText(title);
    axis->setRange(0, max);
    axis->setLabelFormat(QStringLiteral("%d"));
    return axis;
}

} // namespace

// Per mode a stacked bar of the nodes per decided dtype and on AI CPU; `maxNodes` gets the
// highest bar (at least 1).
QStackedBarSeries *ModeChart::dtypeBars(const std::vector<ModeSummary> &counts, double *maxNodes)
{
    struct SetDef
    {
        QString name;
        NodeStyle::Kind kind;
        std::size_t ResolutionSummary::*field;
    };
    const SetDef defs[] = {
        {tr("fp16"), NodeStyle::Fp16, &ResolutionSummary::fp16Nodes},
        {tr("bf16"), NodeStyle::Bf16, &ResolutionSummary::bf16Nodes},
        {tr("fp32"), NodeStyle::Fp32, &ResolutionSummary::fp32Nodes},
        {tr("AI CPU"), NodeStyle::AiCpu, &ResolutionSummary::aicpuNodes},
    };
    auto *bars = new QStackedBarSeries;
    std::vector<double> totals(counts.size(), 0.0);
    for (const SetDef &def : defs) {
        auto *set = new QBarSet(def.name);
        set->setColor(nodeStyleColor(def.kind));
        set->setBorderColor(nodeStyleColor(def.kind).darker(120));
        for (std::size_t i = 0; i < counts.size(); ++i) {
            const double value
                = counts[i].refused.empty() ? double(counts[i].summary.*def.field) : 0.0;
            set->append(value);
            totals[i] += value;
        }
        bars->append(set);
    }
    *maxNodes = 1;
    for (double t : totals)
        *maxNodes = std::max(*maxNodes, t);
    return bars;
}

// The Casts per mode as a line; `maxCasts` gets the highest point (at least 1).
QLineSeries *ModeChart::castsLine(const std::vector<ModeSummary> &counts, double *maxCasts)
{
    auto *casts = new QLineSeries;
    casts->setName(tr("Casts"));
    casts->setColor(castMarkColor());
    casts->setPointsVisible(true);
    QPen pen(castMarkColor(), 2.5);
    casts->setPen(pen);
    *maxCasts = 1;
    for (std::size_t i = 0; i < counts.size(); ++i) {
        const double value = counts[i].refused.empty() ? double(counts[i].summary.castsTotal) : 0.0;
        casts->append(double(i), value);
        *maxCasts = std::max(*maxCasts, value);
    }
    return casts;
}

void ModeChart::rebuildChart()
{
    auto *chart = new QChart;
    chart->setTitle(tr("All modes"));
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->setAnimationOptions(QChart::NoAnimation);

    const std::vector<ModeSummary> &counts = m_model->counts();
    double maxNodes = 1;
    QStackedBarSeries *bars = dtypeBars(counts, &maxNodes);
    chart->addSeries(bars);
    double maxCasts = 1;
    QLineSeries *casts = castsLine(counts, &maxCasts);
    chart->addSeries(casts);

    QBarCategoryAxis *x = modeAxis(counts);
    QValueAxis *nodes = countAxis(tr("nodes"), maxNodes * 1.05);
    QValueAxis *castAxis = countAxis(tr("casts"), maxCasts * 1.1);
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(nodes, Qt::AlignLeft);
    chart->addAxis(castAxis, Qt::AlignRight);
    bars->attachAxis(x);
    bars->attachAxis(nodes);
    casts->attachAxis(x);
    casts->attachAxis(castAxis);

    QChart *old = m_view->chart();
    m_view->setChart(chart);
    delete old; // QChartView does not delete a chart it no longer shows
}

} // namespace opsinfo
