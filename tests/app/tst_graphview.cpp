#include "layout/syntheticgraph.h"
#include "studio/graph/graphscene.h"
#include "studio/graph/graphview.h"

#include <QFile>
#include <QImage>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace opsinfo;

namespace {

// The pixel colour at the center of a graph node as the view currently shows it.
QColor colourAtNode(GraphView &view, int graphNode)
{
    const QImage image = view.viewport()->grab().toImage();
    const int v = view.scene()->visibleOf(graphNode);
    const QPointF p
        = view.mapFromScene(view.scene()->rect(v).center() - QPointF(0, 8)) // above the label
        * view.viewport()->devicePixelRatioF();
    return image.pixelColor(p.toPoint());
}

} // namespace

class TestGraphView : public QObject
{
    Q_OBJECT
private slots:
    void init()
    {
        m_graph = makeTransformerGraph(3);
        m_view = std::make_unique<GraphView>();
        m_view->resize(900, 700);
        m_view->setGraph(m_graph);
        m_view->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_view.get()));
    }
    void cleanup() { m_view.reset(); }

    void showsGeneratedGraph()
    {
        QVERIFY(m_view->scene());
        QCOMPARE(m_view->scene()->graphNodeCount(), int(m_graph.nodes().size()));
        QCOMPARE(m_view->scene()->visibleCount(), int(m_graph.nodes().size()));
        m_view->viewport()->repaint();
        const PaintStats stats = m_view->lastPaintStats();
        QCOMPARE(stats.nodes, int(m_graph.nodes().size())); // fitted: everything is on screen
        QVERIFY(stats.edges > 0);
        QVERIFY(m_view->isMiniMapVisible());
    }

    void fitShowsEverything()
    {
        m_view->setZoom(4.0);
        m_view->centerOn({0, 0});
        QVERIFY(!m_view->visibleSceneRect().contains(m_view->scene()->bounds()));
        m_view->fitToView();
        QVERIFY(m_view->visibleSceneRect().contains(m_view->scene()->bounds()));
        QVERIFY(m_view->zoom() < 4.0);
        // Keyboard: + zooms in, - zooms out, 0 fits again.
        const double fitted = m_view->zoom();
        QTest::keyClick(m_view.get(), Qt::Key_Plus);
        QVERIFY(m_view->zoom() > fitted);
        QTest::keyClick(m_view.get(), Qt::Key_Minus);
        QTest::keyClick(m_view.get(), Qt::Key_Minus);
        QVERIFY(m_view->zoom() < fitted);
        QTest::keyClick(m_view.get(), Qt::Key_0);
        QCOMPARE(m_view->zoom(), fitted);
    }

    void searchSelectsAndCenters()
    {
        QSignalSpy selected(m_view.get(), &GraphView::nodeSelected);
        const int target = m_graph.indexOf("/model/layers.2/self_attn/Softmax");
        QVERIFY(target >= 0);
        QVERIFY(m_view->search(QStringLiteral("LAYERS.2/self_attn/soft")));
        QCOMPARE(m_view->selectedNode(), target);
        QCOMPARE(selected.count(), 1);
        QCOMPARE(selected.at(0).at(0).toInt(), target);
        const QRectF node = m_view->scene()->rect(m_view->scene()->visibleOf(target));
        QVERIFY(m_view->visibleSceneRect().contains(node));
        const QPointF offCenter
            = m_view->mapFromScene(node.center()) - QRectF(m_view->viewport()->rect()).center();
        QVERIFY(offCenter.manhattanLength() < 2.0);
        QVERIFY(m_view->zoom() * 28.0 >= 16.0); // readable

        // By type, cycling through the matches.
        QVERIFY(m_view->search(QStringLiteral("softmaxv2")));
        QCOMPARE(m_view->searchMatchCount(), 3);
        const int first = m_view->selectedNode();
        QVERIFY(m_view->search(QStringLiteral("softmaxv2")));
        QVERIFY(m_view->selectedNode() != first);
        QVERIFY(!m_view->search(QStringLiteral("no such op")));
    }

    void clickSelects()
    {
        const int target = m_graph.indexOf("/model/layers.1/Add");
        m_view->selectNode(target, true);
        QSignalSpy selected(m_view.get(), &GraphView::nodeSelected);
        m_view->clearSelection();
        QCOMPARE(selected.count(), 1);
        const QPointF at = m_view->mapFromScene(
            m_view->scene()->rect(m_view->scene()->visibleOf(target)).center());
        QTest::mouseClick(m_view->viewport(), Qt::LeftButton, {}, at.toPoint());
        QCOMPARE(m_view->selectedNode(), target);
        QCOMPARE(selected.last().at(0).toInt(), target);
    }

    void levelOfDetail()
    {
        m_view->setZoom(0.02);
        m_view->viewport()->repaint();
        PaintStats stats = m_view->lastPaintStats();
        QVERIFY(stats.nodes > 0);
        QCOMPARE(stats.labels, 0);
        QVERIFY(stats.tinyNodes > 0);

        m_view->setZoom(1.0);
        m_view->centerOn(
            m_view->scene()
                ->rect(m_view->scene()->visibleOf(m_graph.indexOf("/model/layers.1/Add")))
                .center());
        m_view->viewport()->repaint();
        stats = m_view->lastPaintStats();
        QVERIFY2(stats.labels > 0, qPrintable(QString::number(stats.nodes)));
        QCOMPARE(stats.tinyNodes, 0);
        QVERIFY(stats.nodes < int(m_graph.nodes().size())); // culled to the viewport
        QCOMPARE(stats.labels, stats.nodes); // every box on screen is readable: all labelled
    }

    void stylesColourNodesAndMarkCasts()
    {
        NodeStyles styles(m_graph.nodes().size());
        const int error = m_graph.indexOf("/model/layers.0/self_attn/Softmax");
        const int cast = m_graph.indexOf("/model/layers.0/self_attn/Add");
        styles[std::size_t(error)].kind = NodeStyle::Error;
        styles[std::size_t(cast)] = {NodeStyle::Fp32, true, true};
        m_view->setNodeStyles(styles);
        m_view->selectNode(error, true);
        m_view->clearSelection();
        QCOMPARE(colourAtNode(*m_view, error), nodeStyleColor(NodeStyle::Error));
        QCOMPARE(colourAtNode(*m_view, cast), nodeStyleColor(NodeStyle::Fp32));
        m_view->viewport()->repaint();
        QVERIFY(m_view->lastPaintStats().castMarks >= 1);
        QVERIFY(m_view->lastPaintStats().ambiguousMarks >= 1);
    }

    void collapseAndExpandScopes()
    {
        const ScopeTree &tree = m_view->scene()->scopes();
        const int layer1 = tree.find("/model/layers.1");
        QVERIFY(layer1 > 0);
        QSignalSpy changed(m_view.get(), &GraphView::sceneChanged);
        m_view->setScopeCollapsed(layer1, true);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(m_view->scene()->visibleCount(),
                 int(m_graph.nodes().size()) - tree.scope(layer1).totalNodes + 1);

        // An error inside the collapsed block shows on the block.
        NodeStyles styles(m_graph.nodes().size());
        styles[std::size_t(m_graph.indexOf("/model/layers.1/mlp/act/Erf"))].kind = NodeStyle::Error;
        m_view->setNodeStyles(styles);
        const int block = m_view->scene()->visibleOf(m_graph.indexOf("/model/layers.1/Add"));
        QCOMPARE(m_view->visibleNodeStyles()[std::size_t(block)].kind, NodeStyle::Error);

        // Searching for a hidden node expands its block.
        QVERIFY(m_view->search(QStringLiteral("/model/layers.1/mlp/act/Erf")));
        QVERIFY(!m_view->scene()->isCollapsed(layer1));
        QCOMPARE(m_view->scene()->visibleCount(), int(m_graph.nodes().size()));

        m_view->collapseToDepth(2);
        QCOMPARE(m_view->scene()->visibleCount() < 50, true);
        m_view->collapseToDepth(0);
        QCOMPARE(m_view->scene()->visibleCount(), int(m_graph.nodes().size()));
    }

    // A scene built collapsed (what a large graph opens as, laid out on the worker) is the scene
    // laid out whole and collapsed afterwards: the same blocks, boxes, labels and edges.
    void sceneBuiltCollapsedEqualsCollapsedAfterwards_data()
    {
        QTest::addColumn<int>("depth");
        QTest::newRow("blocks") << 1;
        QTest::newRow("layers") << 2;
        QTest::newRow("nothing collapsed") << 0;
    }
    void sceneBuiltCollapsedEqualsCollapsedAfterwards()
    {
        QFETCH(int, depth);
        const GraphScene built(m_graph, {}, depth);
        GraphScene after(m_graph);
        after.collapseDepth(depth);
        QCOMPARE(built.collapsedScopes(), after.collapsedScopes());
        QCOMPARE(built.collapsedScopes().empty(), depth == 0);
        QCOMPARE(built.visibleCount(), after.visibleCount());
        for (int v = 0; v < built.visibleCount(); ++v) {
            QCOMPARE(built.rect(v), after.rect(v));
            QCOMPARE(built.label(v), after.label(v));
            QCOMPARE(built.graphNodeOf(v), after.graphNodeOf(v));
        }
        QCOMPARE(built.edges().size(), after.edges().size());
        for (std::size_t e = 0; e < built.edges().size(); ++e)
            QCOMPARE(built.edges()[e].points, after.edges()[e].points);
        QCOMPARE(built.bounds(), after.bounds());
    }

    void largeGraphsOpenAsTheirBlocks()
    {
        QVERIFY(GraphScene::overview(m_graph)->collapsedScopes().empty()); // small: every node
        const Graph large = makeTransformerGraphOfSize(GraphScene::kOverviewAbove + 500);
        QVERIFY(int(large.nodes().size()) > GraphScene::kOverviewAbove);
        const std::shared_ptr<GraphScene> overview = GraphScene::overview(large);
        GraphScene expected(large);
        expected.collapseDepth(GraphScene::kOverviewDepth);
        QVERIFY(!overview->collapsedScopes().empty());
        QCOMPARE(overview->collapsedScopes(), expected.collapsedScopes());
        QCOMPARE(overview->visibleCount(), expected.visibleCount());
        QVERIFY(overview->visibleCount() < int(large.nodes().size()) / 10);
    }

    void exportsSvgAndPng()
    {
        // The bytes only: the file is written by DocumentIo (tst_graphexports, tst_exportguards).
        QString error;
        const QByteArray text = m_view->renderSvg(&error);
        QVERIFY2(!text.isEmpty(), qPrintable(error));
        QVERIFY(text.contains("<svg"));
        QVERIFY(text.contains("Softmax")); // labels are drawn at full detail

        const QByteArray png = m_view->renderPng(&error);
        QVERIFY2(!png.isEmpty(), qPrintable(error));
        const QImage image = QImage::fromData(png, "PNG");
        QVERIFY(!image.isNull());
        QVERIFY(image.width() > 100 && image.height() > 100);
    }

    void emptyAndCyclicGraphs()
    {
        m_view->clear();
        m_view->viewport()->repaint();
        QCOMPARE(m_view->lastPaintStats().nodes, 0);
        QVERIFY(!m_view->search(QStringLiteral("x")));
        QString error;
        QVERIFY(m_view->renderSvg(&error).isEmpty());
        QVERIFY(!error.isEmpty());

        Graph cyclic;
        for (const char *name : {"a", "b"}) {
            Node node;
            node.name = name;
            node.opType = "Add";
            node.inputs.push_back(
                {name == std::string("a") ? "b" : "a", 0, -1, DType::Float16, {}});
            cyclic.addNode(std::move(node));
        }
        cyclic.linkProducers();
        m_view->setGraph(cyclic);
        m_view->viewport()->repaint();
        QCOMPARE(m_view->lastPaintStats().nodes, 2);
    }

private:
    Graph m_graph;
    std::unique_ptr<GraphView> m_view;
};

QTEST_MAIN(TestGraphView)
#include "tst_graphview.moc"
