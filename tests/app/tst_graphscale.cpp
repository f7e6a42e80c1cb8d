// The Graph tab with an LLM-sized graph (issue 15): a 186,000-node ATC JSON transformer
// (tests/bench/gen_transformer_graph.py) opens, is laid out and first painted in under 3 s, the UI
// thread is never blocked for more than 100 ms meanwhile (latencyprobe.h, as tst_responsiveness
// measures library loads), and panning and zooming repaint within a frame budget. The figures are
// printed (qInfo) for the READMEs. OPSINFO_GRAPH_SCALE_NODES sets another size;
// OPSINFO_UI_STALL_LIMIT_MS another stall limit.
//
// Opt-in (OPSINFO_GRAPH_SCALE=1): it generates a 77 MB graph and takes ~30 s, and its goals are
// wall-clock limits a busy CI machine can miss; a suite run skips it, saying so. Figures, with the
// machine's load, in tests/bench/README.md.
#include "graphtabfixture.h"
#include "latencyprobe.h"

#include "studio/graph/graphcanvas.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QProcess>
#include <QScrollBar>

#include <algorithm>

using namespace opsinfo;

namespace {

int envInt(const char *name, int fallback)
{
    bool ok = false;
    const int value = qEnvironmentVariableIntValue(name, &ok);
    return ok && value > 0 ? value : fallback;
}

struct FrameTimes
{
    double median = 0;
    double worst = 0;
};

FrameTimes measure(std::vector<double> ms)
{
    std::sort(ms.begin(), ms.end());
    return {ms[ms.size() / 2], ms.back()};
}

} // namespace

class TestGraphScale : public QObject, public GraphTabFixture
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase() { tearDown(); }
    void opensLaysOutAndPaintsInTime();
    void pansAndZoomsWithinAFrame();

private:
    GraphCanvas *view() const { return widget()->canvas(); }

    int m_nodes = 0;
    QString m_path;
};

void TestGraphScale::initTestCase()
{
    if (qEnvironmentVariableIntValue("OPSINFO_GRAPH_SCALE") != 1)
        QSKIP("set OPSINFO_GRAPH_SCALE=1 to measure the 186,000-node graph in the app (issue 15; "
              "~30 s; wall-clock goals, figures in tests/bench/README.md)");
    setUp();
    m_nodes = envInt("OPSINFO_GRAPH_SCALE_NODES", 186000);
    m_path = m_dir.filePath(QStringLiteral("transformer.json"));
    QProcess python;
    python.start(QStringLiteral("python3"),
                 {QStringLiteral(OPSINFO_SOURCE_DIR "/tests/bench/gen_transformer_graph.py"),
                  QStringLiteral("--nodes"), QString::number(m_nodes), m_path});
    if (!python.waitForStarted())
        QSKIP("python3 is needed to generate the transformer graph");
    QVERIFY(python.waitForFinished(600000));
    QCOMPARE(python.exitCode(), 0);
}

void TestGraphScale::opensLaysOutAndPaintsInTime()
{
    const int limit = stallLimitMs();
    qint64 bestGap = std::numeric_limits<qint64>::max();
    qint64 bestShown = std::numeric_limits<qint64>::max();
    for (int attempt = 1; attempt <= kAttempts && (bestGap >= limit || bestShown >= 3000);
         ++attempt) {
        LatencyProbe probe;
        QElapsedTimer wall;
        probe.start();
        wall.start();
        m_prompt->fileNames = {m_path};
        action("actionOpenGraph")->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(!state()->isBusy(), 120000);
        QVERIFY(state()->graph());
        view()->viewport()->repaint(); // the first paint of the new graph, fitted to the view
        const qint64 shown = wall.elapsed();
        const qint64 gap = probe.stop();
        const PaintStats stats = view()->lastPaintStats();
        qInfo(
            "open %d-node ATC JSON (%.1f MB), attempt %d: layout, resolve and first paint %lld ms, "
            "longest UI gap %lld ms; %d nodes painted",
            m_nodes, QFileInfo(m_path).size() / 1e6, attempt, shown, gap, stats.nodes);
        QCOMPARE(int(state()->graph()->nodes().size()), int(state()->graph()->fileNodeCount()));
        QVERIFY(state()->graph()->nodes().size() >= std::size_t(m_nodes) - 60);
        bestGap = std::min(bestGap, gap);
        bestShown = std::min(bestShown, shown);
    }
    QVERIFY2(bestShown < 3000, qPrintable(QStringLiteral("open took %1 ms").arg(bestShown)));
    QVERIFY2(bestGap < limit, qPrintable(QStringLiteral("UI blocked for %1 ms").arg(bestGap)));
}

void TestGraphScale::pansAndZoomsWithinAFrame()
{
    QVERIFY(state()->graph());
    // From the whole graph down to a few layers, then pan along it, repainting each step as a
    // drag or a wheel turn does.
    std::vector<double> zoomMs;
    std::vector<double> panMs;
    QElapsedTimer t;
    view()->fitToView();
    for (int step = 0; step < 24; ++step) {
        view()->setZoom(view()->zoom() * 1.4);
        t.start();
        view()->viewport()->repaint();
        zoomMs.push_back(t.nsecsElapsed() / 1e6);
    }
    QScrollBar *bar
        = view()->verticalScrollBar()->maximum() > view()->horizontalScrollBar()->maximum()
        ? view()->verticalScrollBar()
        : view()->horizontalScrollBar();
    for (int step = 0; step < 60; ++step) {
        bar->setValue(bar->value() + std::max(1, bar->pageStep() / 4));
        t.start();
        view()->viewport()->repaint();
        panMs.push_back(t.nsecsElapsed() / 1e6);
    }
    for (int step = 0; step < 24; ++step) {
        view()->setZoom(view()->zoom() / 1.4);
        t.start();
        view()->viewport()->repaint();
        zoomMs.push_back(t.nsecsElapsed() / 1e6);
    }
    const FrameTimes zoom = measure(zoomMs);
    const FrameTimes pan = measure(panMs);
    qInfo(
        "%d nodes: zoom frames median %.1f ms, worst %.1f ms (%d frames); pan frames median %.1f ms, "
        "worst %.1f ms (%d frames)",
        m_nodes, zoom.median, zoom.worst, int(zoomMs.size()), pan.median, pan.worst,
        int(panMs.size()));
    // Smooth: a frame within 33 ms (30 frames a second) as a rule, none beyond 100 ms.
    QVERIFY2(zoom.median < 33 && pan.median < 33, "median frame over 33 ms");
    QVERIFY2(zoom.worst < 100 && pan.worst < 100, "a frame over 100 ms");
}

QTEST_MAIN(TestGraphScale)
#include "tst_graphscale.moc"
