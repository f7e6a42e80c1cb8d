#include "layout/syntheticgraph.h"
#include "studio/graph/canvasscene.h"
#include "studio/graph/graphcanvas.h"

#include <QFile>
#include <QImage>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace opsinfo;

namespace {

// The pixel colour at the center of a graph node as the view currently shows it.
QColor colourAtNode(GraphCanvas &view, int graphNode)
{
    const QImage image = view.viewport()->grab().toImage();
    const int v = view.scene()->visibleOf(graphNode);
    const QPointF p
        = view.mapFromScene(view.scene()->rect(v).center() - QPointF(0, 8)) // above the label
        * view.viewport()->devicePixelRatioF();
    return image.pixelColor(p.toPoint());
}

} // namespace

class TestGraphCanvas : public QObject
{
    Q_OBJECT
private slots:
    void init()
    {
        m_graph = makeTransformerGraph(3);
        m_canvas = std::make_unique<GraphCanvas>();
        m_canvas->resize(900, 700);
        m_canvas->setGraph(m_graph);
        m_canvas->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_canvas.get()));
    }
    void cleanup() { m_canvas.reset(); }

    void showsGeneratedGraph()
    {
        QVERIFY(m_canvas->scene());
        QCOMPARE(m_canvas->scene()->graphNodeCount(), int(m_graph.nodes().size()));
        QCOMPARE(m_canvas->scene()->visibleCount(), int(m_graph.nodes().size()));
        m_canvas->viewport()->repaint();
        const PaintStats stats = m_canvas->lastPaintStats();
        QCOMPARE(stats.nodes, int(m_graph.nodes().size())); // fitted: everything is on screen
        QVERIFY(stats.edges > 0);
        QVERIFY(m_canvas->isMiniMapVisible());
    }

    void fitShowsEverything()
    {
        m_canvas->setZoom(4.0);
        m_canvas->centerOn({0, 0});
        QVERIFY(!m_canvas->visibleSceneRect().contains(m_canvas->scene()->bounds()));
        m_canvas->fitToView();
        QVERIFY(m_canvas->visibleSceneRect().contains(m_canvas->scene()->bounds()));
        QVERIFY(m_canvas->zoom() < 4.0);
        // Keyboard: + zooms in, - zooms out, 0 fits again.
        const double fitted = m_canvas->zoom();
        QTest::keyClick(m_canvas.get(), Qt::Key_Plus);
        QVERIFY(m_canvas->zoom() > fitted);
        QTest::keyClick(m_canvas.get(), Qt::Key_Minus);
        QTest::keyClick(m_canvas.get(), Qt::Key_Minus);
        QVERIFY(m_canvas->zoom() < fitted);
        QTest::keyClick(m_canvas.get(), Qt::Key_0);
        QCOMPARE(m_canvas->zoom(), fitted);
    }

    void searchSelectsAndCenters()
    {
        QSignalSpy selected(m_canvas.get(), &GraphCanvas::nodeSelected);
        const int target = m_graph.indexOf("/model/layers.2/self_attn/Softmax");
        QVERIFY(target >= 0);
        QVERIFY(m_canvas->search(QStringLiteral("LAYERS.2/self_attn/soft")));
        QCOMPARE(m_canvas->selectedNode(), target);
        QCOMPARE(selected.count(), 1);
        QCOMPARE(selected.at(0).at(0).toInt(), target);
        const QRectF node = m_canvas->scene()->rect(m_canvas->scene()->visibleOf(target));
        QVERIFY(m_canvas->visibleSceneRect().contains(node));
        const QPointF offCenter
            = m_canvas->mapFromScene(node.center()) - QRectF(m_canvas->viewport()->rect()).center();
        QVERIFY(offCenter.manhattanLength() < 2.0);
        QVERIFY(m_canvas->zoom() * 28.0 >= 16.0); // readable

        // By type, cycling through the matches.
        QVERIFY(m_canvas->search(QStringLiteral("softmaxv2")));
        QCOMPARE(m_canvas->searchMatchCount(), 3);
        const int first = m_canvas->selectedNode();
        QVERIFY(m_canvas->search(QStringLiteral("softmaxv2")));
        QVERIFY(m_canvas->selectedNode() != first);
        QVERIFY(!m_canvas->search(QStringLiteral("no such op")));
    }

    void clickSelects()
    {
        const int target = m_graph.indexOf("/model/layers.1/Add");
        m_canvas->selectNode(target, true);
        QSignalSpy selected(m_canvas.get(), &GraphCanvas::nodeSelected);
        m_canvas->clearSelection();
        QCOMPARE(selected.count(), 1);
        const QPointF at = m_canvas->mapFromScene(
            m_canvas->scene()->rect(m_canvas->scene()->visibleOf(target)).center());
        QTest::mouseClick(m_canvas->viewport(), Qt::LeftButton, {}, at.toPoint());
        QCOMPARE(m_canvas->selectedNode(), target);
        QCOMPARE(selected.last().at(0).toInt(), target);
    }

    void levelOfDetail()
    {
        m_canvas->setZoom(0.02);
        m_canvas->viewport()->repaint();
        PaintStats stats = m_canvas->lastPaintStats();
        QVERIFY(stats.nodes > 0);
        QCOMPARE(stats.labels, 0);
        QVERIFY(stats.tinyNodes > 0);

        m_canvas->setZoom(1.0);
        m_canvas->centerOn(
            m_canvas->scene()
                ->rect(m_canvas->scene()->visibleOf(m_graph.indexOf("/model/layers.1/Add")))
                .center());
        m_canvas->viewport()->repaint();
        stats = m_canvas->lastPaintStats();
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
        m_canvas->setNodeStyles(styles);
        m_canvas->selectNode(error, true);
        m_canvas->clearSelection();
        QCOMPARE(colourAtNode(*m_canvas, error), nodeStyleColor(NodeStyle::Error));
        QCOMPARE(colourAtNode(*m_canvas, cast), nodeStyleColor(NodeStyle::Fp32));
        m_canvas->viewport()->repaint();
        QVERIFY(m_canvas->lastPaintStats().castMarks >= 1);
        QVERIFY(m_canvas->lastPaintStats().ambiguousMarks >= 1);
    }

    void collapseAndExpandScopes()
    {
        const ScopeTree &tree = m_canvas->scene()->scopes();
        const int layer1 = tree.find("/model/layers.1");
        QVERIFY(layer1 > 0);
        QSignalSpy changed(m_canvas.get(), &GraphCanvas::sceneChanged);
        m_canvas->setScopeCollapsed(layer1, true);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(m_canvas->scene()->visibleCount(),
                 int(m_graph.nodes().size()) - tree.scope(layer1).totalNodes + 1);

        // An error inside the collapsed block shows on the block.
        NodeStyles styles(m_graph.nodes().size());
        styles[std::size_t(m_graph.indexOf("/model/layers.1/mlp/act/Erf"))].kind = NodeStyle::Error;
        m_canvas->setNodeStyles(styles);
        const int block = m_canvas->scene()->visibleOf(m_graph.indexOf("/model/layers.1/Add"));
        QCOMPARE(m_canvas->visibleNodeStyles()[std::size_t(block)].kind, NodeStyle::Error);

        // Searching for a hidden node expands its block.
        QVERIFY(m_canvas->search(QStringLiteral("/model/layers.1/mlp/act/Erf")));
        QVERIFY(!m_canvas->scene()->isCollapsed(layer1));
        QCOMPARE(m_canvas->scene()->visibleCount(), int(m_graph.nodes().size()));

        m_canvas->collapseToDepth(2);
        QCOMPARE(m_canvas->scene()->visibleCount() < 50, true);
        m_canvas->collapseToDepth(0);
        QCOMPARE(m_canvas->scene()->visibleCount(), int(m_graph.nodes().size()));
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
        const CanvasScene built(m_graph, {}, depth);
        CanvasScene after(m_graph);
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
        QVERIFY(CanvasScene::overview(m_graph)->collapsedScopes().empty()); // small: every node
        const Graph large = makeTransformerGraphOfSize(kOverviewAbove + 500);
        QVERIFY(int(large.nodes().size()) > kOverviewAbove);
        const std::shared_ptr<CanvasScene> overview = CanvasScene::overview(large);
        CanvasScene expected(large);
        expected.collapseDepth(kOverviewDepth);
        QVERIFY(!overview->collapsedScopes().empty());
        QCOMPARE(overview->collapsedScopes(), expected.collapsedScopes());
        QCOMPARE(overview->visibleCount(), expected.visibleCount());
        QVERIFY(overview->visibleCount() < int(large.nodes().size()) / 10);
    }

    void exportsSvgAndPng()
    {
        // The bytes only: the file is written by DocumentIo (tst_graphexports, tst_exportguards).
        QString error;
        const QByteArray text = m_canvas->renderSvg(&error);
        QVERIFY2(!text.isEmpty(), qPrintable(error));
        QVERIFY(text.contains("<svg"));
        QVERIFY(text.contains("Softmax")); // labels are drawn at full detail

        const QByteArray png = m_canvas->renderPng(&error);
        QVERIFY2(!png.isEmpty(), qPrintable(error));
        const QImage image = QImage::fromData(png, "PNG");
        QVERIFY(!image.isNull());
        QVERIFY(image.width() > 100 && image.height() > 100);
    }

    void emptyAndCyclicGraphs()
    {
        m_canvas->clear();
        m_canvas->viewport()->repaint();
        QCOMPARE(m_canvas->lastPaintStats().nodes, 0);
        QVERIFY(!m_canvas->search(QStringLiteral("x")));
        QString error;
        QVERIFY(m_canvas->renderSvg(&error).isEmpty());
        QVERIFY(!error.isEmpty());

        Graph cyclic;
        for (const char *name : {"a", "b"}) {
            Node node;
            node.name = name;
            node.opType = "Add";
            node.inputs = cyclic.store(
                {NodeInput {name == std::string("a") ? "b" : "a", 0, -1, DType::Float16, {}}});
            cyclic.addNode(std::move(node));
        }
        cyclic.linkProducers();
        m_canvas->setGraph(cyclic);
        m_canvas->viewport()->repaint();
        QCOMPARE(m_canvas->lastPaintStats().nodes, 2);
    }

private:
    Graph m_graph;
    std::unique_ptr<GraphCanvas> m_canvas;
};

QTEST_MAIN(TestGraphCanvas)
#include "tst_graphcanvas.moc"
