// The Graph tab's comparisons on the embedded sample: the all-modes chart against `opsinfo resolve
// --all-modes`, and the graph diff between two modes and between two mixlists.
#include "graphtabfixture.h"

#include "resolver/policysource.h"
#include "resolver/resolver.h"
#include "studio/document/librarydocument.h"
#include "studio/document/workspace.h"
#include "studio/graph/graphcanvas.h"
#include "studio/graphtab/nodestylemap.h"

#include <QBarSet>
#include <QChart>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QStackedBarSeries>
#include <QTableView>

using namespace opsinfo;

class TestGraphCompare : public QObject, public GraphTabFixture
{
    Q_OBJECT

private slots:
    void init() { setUp(); }
    void cleanup() { tearDown(); }

    void allModesChartMatchesCli();
    void graphDiffByMode();
    void graphDiffByMixlist();
};

void TestGraphCompare::allModesChartMatchesCli()
{
    QString graphPath, mixlistPath;
    openSampleFiles(&graphPath, &mixlistPath);
    widget()->showSidePage(GraphTabWidget::ModesPage);
    QTRY_VERIFY(!state()->isBusy());
    const ModeSummaryModel *model = widget()->modeChart()->model();
    QCOMPARE(model->rowCount(), int(kAllPrecisionModes.size()));
    const QByteArray json
        = runCliText({QStringLiteral("resolve"), graphPath, QStringLiteral("--library"),
                      m_window->workspace()->libraryDocument()->path(), QStringLiteral("--mixlist"),
                      mixlistPath, QStringLiteral("--all-modes"), QStringLiteral("--json")});
    const QJsonArray modes
        = QJsonDocument::fromJson(json).object().value(QStringLiteral("modes")).toArray();
    QCOMPARE(modes.size(), model->rowCount());
    for (int r = 0; r < model->rowCount(); ++r) {
        const QJsonObject row = modes[r].toObject();
        QCOMPARE(model->index(r, ModeSummaryModel::ModeColumn).data(Qt::UserRole).toString(),
                 row.value(QStringLiteral("mode")).toString());
        QCOMPARE(
            model->index(r, ModeSummaryModel::CastColumn).data().toInt(),
            row.value(QStringLiteral("casts")).toObject().value(QStringLiteral("total")).toInt());
    }
    // The chart: a stacked bar per mode (fp16, bf16, fp32, AI CPU) whose fp16 set is the table's.
    QChart *chart = widget()->modeChart()->chart();
    QStackedBarSeries *bars = nullptr;
    for (QAbstractSeries *s : chart->series())
        if (auto *b = qobject_cast<QStackedBarSeries *>(s))
            bars = b;
    QVERIFY(bars);
    QCOMPARE(bars->count(), 4);
    QBarSet *fp16 = bars->barSets().at(0);
    QCOMPARE(fp16->count(), model->rowCount());
    for (int r = 0; r < model->rowCount(); ++r)
        QCOMPARE(int(fp16->at(r)), model->index(r, ModeSummaryModel::Fp16Column).data().toInt());
}

void TestGraphCompare::graphDiffByMode()
{
    widget()->showSidePage(GraphTabWidget::DiffPage);
    GraphDiffPanel *panel = widget()->diffPanel();
    panel->setModes(QStringLiteral("must_keep_origin_dtype"),
                    QStringLiteral("allow_mix_precision"));
    QTRY_VERIFY(!state()->isBusy());
    const GraphDiffModel *model = panel->model();
    QVERIFY(model->rowCount() > 0);
    // Against the core directly: every node whose dtype or engine differs is listed, no other.
    const ResolveContext &context = *state()->context();
    const PolicySource policies = tablePolicies(m_window->workspace()->policyTable());
    const Resolution a = context.resolver->resolve(PrecisionMode::MustKeepOriginDtype, policies);
    const Resolution b = context.resolver->resolve(PrecisionMode::AllowMixPrecisionFp16, policies);
    QSet<int> expected;
    for (std::size_t i = 0; i < a.nodes.size(); ++i)
        if (a.nodes[i].dtype != b.nodes[i].dtype || a.nodes[i].engine != b.nodes[i].engine)
            expected.insert(int(i));
    QSet<int> listed;
    for (int r = 0; r < model->rowCount(); ++r) {
        listed.insert(model->index(r, 0).data(GraphDiffModel::NodeIndexRole).toInt());
        QVERIFY(model->index(r, GraphDiffModel::AColumn).data()
                != model->index(r, GraphDiffModel::BColumn).data());
    }
    QCOMPARE(listed, expected);
    QCOMPARE(model->diff().castDelta(), long(b.summary.castsTotal) - long(a.summary.castsTotal));
    auto *summary = m_window->findChild<QLabel *>(QStringLiteral("graphDiffSummary"));
    QVERIFY2(summary->text().startsWith(QString::number(expected.size()) + QLatin1Char(' ')),
             qPrintable(summary->text()));
    // Highlighted in the graph: changed nodes coloured, the others pale.
    const NodeStyles &styles = widget()->canvas()->nodeStyles();
    const int changed = *expected.begin();
    QVERIFY(styles[std::size_t(changed)].kind != NodeStyle::Undecided);
    for (std::size_t i = 0; i < styles.size(); ++i)
        if (!expected.contains(int(i)))
            QCOMPARE(int(styles[i].kind), int(NodeStyle::Undecided));
    // Selecting a row selects the node.
    panel->table()->selectRow(0);
    QCOMPARE(widget()->canvas()->selectedNode(),
             model->index(0, 0).data(GraphDiffModel::NodeIndexRole).toInt());
    // Leaving the diff restores the dtype colours.
    widget()->showSidePage(GraphTabWidget::NodePage);
    QCOMPARE(int(widget()->canvas()->nodeStyles()[std::size_t(changed)].kind),
             int(nodeStyleKind(state()->result()->resolution.nodes[std::size_t(changed)])));
}

void TestGraphCompare::graphDiffByMixlist()
{
    pickMode(QStringLiteral("allow_mix_precision"));
    widget()->showSidePage(GraphTabWidget::DiffPage);
    GraphDiffPanel *panel = widget()->diffPanel();
    panel->setMixlists(GraphDiffPanel::NoMixlist, GraphDiffPanel::CurrentMixlist);
    QTRY_VERIFY(!state()->isBusy());
    // The sample mixlist blacks SoftmaxV2: without it the gray softmax follows its fp16 producer
    // (G3), with it it keeps fp32 (M5). Both softmaxes of the transformer change.
    QSet<QString> listed;
    for (int r = 0; r < panel->model()->rowCount(); ++r)
        listed.insert(
            panel->model()->index(r, GraphDiffModel::NodeColumn).data().toString().trimmed());
    QVERIFY2(listed.contains(QStringLiteral("/model/layers.0/attn/softmax/SoftmaxV2")),
             qPrintable(QStringList(listed.values()).join(QLatin1Char(','))));
    QVERIFY(listed.contains(QStringLiteral("/model/layers.1/attn/softmax/SoftmaxV2")));
    // A diff of a side with itself lists nothing.
    panel->setMixlists(GraphDiffPanel::CurrentMixlist, GraphDiffPanel::CurrentMixlist);
    QTRY_VERIFY(!state()->isBusy());
    QCOMPARE(panel->model()->rowCount(), 0);
}

QTEST_MAIN(TestGraphCompare)
#include "tst_graphcompare.moc"
