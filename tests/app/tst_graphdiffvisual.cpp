// The graph diff drawn (issue 14): changed nodes split in A's and B's colours on the one layout,
// the Casts added and removed on the edges, both sides' figures above the graph, a changed-nodes
// list that pans the graph to each node, and both explanation chains of the selected node with the
// first differing rule marked. The embedded sample; an ONNX model and a real mixlist of
// ../shared/data when present.
#include "clirun.h"
#include "diff/explanationdiff.h"
#include "graphtabfixture.h"
#include "shareddata.h"
#include "studio/graph/graphcanvas.h"
#include "studio/graphtab/graphdiff.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QTableView>

#include <set>

using namespace opsinfo;

namespace {

std::set<std::pair<int, int>> castEdges(const Resolution &r)
{
    std::set<std::pair<int, int>> edges;
    for (const CastInsertion &c : r.casts)
        for (const auto &[consumer, input] : c.consumers)
            if (r.nodes[std::size_t(c.producer)].parent < 0
                && r.nodes[std::size_t(consumer)].parent < 0)
                edges.insert({c.producer, consumer});
    return edges;
}

} // namespace

class TestGraphDiffVisual : public QObject, public GraphTabFixture
{
    Q_OBJECT

private slots:
    void init() { setUp(); }
    void cleanup() { tearDown(); }

    void changedNodesAreSplit();
    void castsOnTheEdges();
    void bothSidesAbove();
    void listPansToEachNode();
    void explanationsSideBySide();
    void twoRealMixlists();
    void onnxModel();
};

void TestGraphDiffVisual::changedNodesAreSplit()
{
    m_window->showView(MainWindow::View::GraphDiff);
    GraphDiffPanel *panel = widget()->diffPanel();
    panel->setModes(QStringLiteral("must_keep_origin_dtype"),
                    QStringLiteral("allow_mix_precision"));
    QTRY_VERIFY(!state()->isBusy());
    const GraphDiff &diff = panel->model()->diff();
    QVERIFY(!diff.rows.empty());
    const NodeStyles &styles = widget()->canvas()->nodeStyles();
    std::set<int> changed;
    for (const GraphDiffRow &row : diff.rows) {
        if (!row.topLevel)
            continue;
        changed.insert(row.index);
        const NodeStyle &style = styles[std::size_t(row.index)];
        QVERIFY(style.changed);
        QCOMPARE(int(style.before), int(row.kindA));
        QCOMPARE(int(style.kind), int(row.kindB));
        QVERIFY(style.before != style.kind);
    }
    for (std::size_t i = 0; i < styles.size(); ++i)
        if (!changed.count(int(i)))
            QVERIFY(!styles[i].changed);
    QVERIFY(widget()->canvas()->showsDiff());
    // Painted: every changed node on screen is drawn split (fit the whole graph first).
    widget()->canvas()->fitToView();
    widget()->canvas()->grab();
    QVERIFY(widget()->canvas()->lastPaintStats().changedNodes > 0);
    // Leaving the diff page: no split, no diff marks.
    widget()->showSidePage(GraphTabWidget::NodePage);
    QVERIFY(!widget()->canvas()->showsDiff());
    for (const NodeStyle &style : widget()->canvas()->nodeStyles())
        QVERIFY(!style.changed);
}

void TestGraphDiffVisual::castsOnTheEdges()
{
    widget()->showDiff();
    GraphDiffPanel *panel = widget()->diffPanel();
    panel->setModes(QStringLiteral("must_keep_origin_dtype"),
                    QStringLiteral("allow_mix_precision"));
    QTRY_VERIFY(!state()->isBusy());
    const auto a = castEdges(panel->resultA()->resolution);
    const auto b = castEdges(panel->resultB()->resolution);
    const EdgeMarks &marks = widget()->canvas()->edgeMarks();
    int added = 0, removed = 0, kept = 0;
    for (const auto &edge : a) {
        const auto it = marks.find(edgeKey(edge.first, edge.second));
        QVERIFY(it != marks.end());
        QCOMPARE(int(it->second), int(b.count(edge) ? EdgeMark::CastKept : EdgeMark::CastRemoved));
        (b.count(edge) ? kept : removed) += 1;
    }
    for (const auto &edge : b)
        if (!a.count(edge)) {
            QCOMPARE(int(marks.at(edgeKey(edge.first, edge.second))), int(EdgeMark::CastAdded));
            ++added;
        }
    QCOMPARE(int(marks.size()), added + removed + kept);
    QVERIFY(added
            > 0); // the sample inserts 45 casts in the mixed mode, 5 in must_keep_origin_dtype
    widget()->canvas()->fitToView();
    widget()->canvas()->grab();
    QVERIFY(widget()->canvas()->lastPaintStats().castsAdded > 0);
    // And the other way round, the same Casts are removed.
    panel->setModes(QStringLiteral("allow_mix_precision"),
                    QStringLiteral("must_keep_origin_dtype"));
    QTRY_VERIFY(!state()->isBusy());
    int removedNow = 0;
    for (const auto &[key, mark] : widget()->canvas()->edgeMarks())
        removedNow += mark == EdgeMark::CastRemoved ? 1 : 0;
    QCOMPARE(removedNow, added);
}

void TestGraphDiffVisual::bothSidesAbove()
{
    widget()->showDiff();
    GraphDiffPanel *panel = widget()->diffPanel();
    panel->setModes(QStringLiteral("must_keep_origin_dtype"),
                    QStringLiteral("allow_mix_precision"));
    QTRY_VERIFY(!state()->isBusy());
    auto *sides = widget()->findChild<QLabel *>(QStringLiteral("graphDiffSides"));
    QVERIFY(sides && sides->isVisible());
    const ResolutionSummary &a = panel->resultA()->resolution.summary;
    const ResolutionSummary &b = panel->resultB()->resolution.summary;
    const QString text = sides->text();
    QVERIFY2(text.contains(QStringLiteral("must_keep_origin_dtype</b> — %1 fp16").arg(a.fp16Nodes)),
             qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("%1 casts").arg(a.castsTotal)), qPrintable(text));
    QVERIFY2(
        text.contains(QStringLiteral("allow_mix_precision_fp16</b> — %1 fp16").arg(b.fp16Nodes)),
        qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("%1 casts").arg(b.castsTotal)), qPrintable(text));
    widget()->showSidePage(GraphTabWidget::ModesPage);
    QVERIFY(!sides->isVisible());
}

void TestGraphDiffVisual::listPansToEachNode()
{
    widget()->showDiff();
    GraphDiffPanel *panel = widget()->diffPanel();
    panel->setModes(QStringLiteral("must_keep_origin_dtype"),
                    QStringLiteral("allow_mix_precision"));
    QTRY_VERIFY(!state()->isBusy());
    GraphCanvas *view = widget()->canvas();
    view->setZoom(1.0); // readable: the graph does not fit, so panning shows
    const GraphDiffModel *model = panel->model();
    int panned = 0;
    for (int r = 0; r < model->rowCount(); r += std::max(1, model->rowCount() / 8)) {
        const int node = model->index(r, 0).data(GraphDiffModel::NodeIndexRole).toInt();
        panel->table()->selectRow(r);
        QCOMPARE(view->selectedNode(), node);
        const QRectF box = view->scene()->rect(view->scene()->visibleOf(node));
        QVERIFY2(view->visibleSceneRect().contains(box.center()),
                 qPrintable(model->index(r, 0).data().toString()));
        ++panned;
    }
    QVERIFY(panned >= 4);
}

void TestGraphDiffVisual::explanationsSideBySide()
{
    m_window->showView(MainWindow::View::GraphDiff);
    GraphDiffPanel *panel = widget()->diffPanel();
    panel->setModes(QStringLiteral("must_keep_origin_dtype"),
                    QStringLiteral("allow_mix_precision"));
    QTRY_VERIFY(!state()->isBusy());
    // The mask Add: gray; FE keeps fp32 in must_keep_origin_dtype (M4), follows its fp16 producer
    // in the mixed mode (G).
    QVERIFY(panel->selectChangedNode(node("/model/layers.0/attn/mask/Add")));
    const QString text = panel->explanationText();
    const NodeResolution &a
        = panel->resultA()->resolution.nodes[std::size_t(node("/model/layers.0/attn/mask/Add"))];
    const NodeResolution &b
        = panel->resultB()->resolution.nodes[std::size_t(node("/model/layers.0/attn/mask/Add"))];
    QVERIFY(!a.explanation.empty() && !b.explanation.empty());
    const ExplanationComparison c = compareExplanations(a.explanation, b.explanation);
    QVERIFY(!c.same());
    QCOMPARE(text.count(QStringLiteral("◀ first difference")), 2);
    QVERIFY2(text.contains(QStringLiteral("A: must_keep_origin_dtype"))
                 && text.contains(QStringLiteral("B: allow_mix_precision_fp16")),
             qPrintable(text));
    // Every step of both chains is there, the differing one once per side.
    for (const ExplanationStep &step : c.a)
        QVERIFY2(text.contains(QString::fromStdString(step.text).left(20)), step.text.c_str());
    QCOMPARE(c.ruleA, std::string("M4"));
}

void TestGraphDiffVisual::twoRealMixlists()
{
    REQUIRE_SHARED_DATA();
    // Without a mixlist vs the Swin-Transformer model's real one (modelzoo-tf), which blacks Add:
    // the attention-mask Adds move to float32 and drag their softmax along; the same nodes as
    // 'opsinfo resolve diff --mixlist-b' on the same sample.
    pickMode(QStringLiteral("allow_mix_precision"));
    widget()->showDiff();
    const QString mixlist = sharedData(QStringLiteral(
        "opsinfo/mixlists/modelzoo-tf/"
        "TensorFlow2__built-in__cv__detection__Swin-Transformer_ID2412_for_TensorFlow2.X__configs__ops_info.json"));
    GraphDiffPanel *panel = widget()->diffPanel();
    panel->setMixlists(GraphDiffPanel::NoMixlist, GraphDiffPanel::MixlistFile, mixlist);
    QTRY_VERIFY(!state()->isBusy());
    const CliRun cli = runOpsinfo(
        {"resolve", "diff",
         QStringLiteral(OPSINFO_SOURCE_DIR "/resources/sample/ge_proto_sample_graph.txt"),
         "--library",
         QStringLiteral(OPSINFO_SOURCE_DIR "/resources/sample/aic-ascend910b-ops-info.json"),
         "--mode", "allow_mix_precision", "--mixlist-b", mixlist, "--json"});
    QVERIFY2(cli.code == 0, qPrintable(cli.err));
    const QJsonObject json = QJsonDocument::fromJson(cli.out.toUtf8()).object();
    std::set<QString> fromCli, fromPanel;
    for (const QJsonValue &row : json.value(QStringLiteral("changed")).toArray())
        fromCli.insert(row.toObject().value(QStringLiteral("name")).toString());
    for (const GraphDiffRow &row : panel->model()->diff().rows)
        fromPanel.insert(row.name);
    QVERIFY2(!fromCli.empty(), qPrintable(cli.out));
    QVERIFY2(fromPanel == fromCli, qPrintable(panel->summaryText()));
    QVERIFY2(panel->summaryText().contains(QStringLiteral("%1 → %2")
                                               .arg(json.value("casts_a").toInt())
                                               .arg(json.value("casts_b").toInt())),
             qPrintable(panel->summaryText()));
    // The same transitions, counted by the same core function, in the same words.
    const QJsonObject transitions = json.value(QStringLiteral("transitions")).toObject();
    QVERIFY(!transitions.isEmpty());
    std::map<QString, int> fromCliTransitions;
    for (auto it = transitions.begin(); it != transitions.end(); ++it)
        fromCliTransitions.emplace(it.key(), it.value().toInt());
    QCOMPARE(panel->model()->diff().transitions, fromCliTransitions);
    QVERIFY(widget()->canvas()->showsDiff());
    panel->table()->selectRow(0);
    QCOMPARE(panel->explanationText().count(QStringLiteral("◀ first difference")), 2);
}

void TestGraphDiffVisual::onnxModel()
{
    REQUIRE_SHARED_DATA();
    m_prompt->fileNames = {sharedData(QStringLiteral("graphs/onnx/onnx__light_resnet50.onnx"))};
    action("actionOpenGraph")->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(!state()->isBusy(), 60000);
    QVERIFY(state()->result());
    widget()->showDiff();
    GraphDiffPanel *panel = widget()->diffPanel();
    panel->setModes(QStringLiteral("force_fp32"), QStringLiteral("force_fp16"));
    QTRY_VERIFY_WITH_TIMEOUT(!state()->isBusy(), 60000);
    QVERIFY(panel->model()->rowCount() > 0);
    panel->table()->selectRow(0);
    QTRY_VERIFY(!state()->isBusy());
    QCOMPARE(panel->explanationText().count(QStringLiteral("◀ first difference")), 2);
    int changed = 0;
    for (const NodeStyle &style : widget()->canvas()->nodeStyles())
        changed += style.changed ? 1 : 0;
    int topLevel = 0;
    for (const GraphDiffRow &row : panel->model()->diff().rows)
        topLevel += row.topLevel ? 1 : 0;
    QCOMPARE(changed, topLevel);
}

QTEST_MAIN(TestGraphDiffVisual)
#include "tst_graphdiffvisual.moc"
