// The Graph tab with a large ATC JSON transformer (tests/bench/gen_transformer_graph.py): it opens,
// is laid out and first painted within a limit, the UI thread is never blocked for longer than a
// limit meanwhile (latencyprobe.h, as tst_responsiveness measures library loads), and panning and
// zooming repaint within a frame budget. The figures are printed (qInfo) for the READMEs.
//
// Two sizes:
// - by default (every suite run), 20,000 nodes (8 MB, about a second): open in under 600 ms, the UI
//   thread blocked for under 60 ms, median frame under 10 ms (scale() says why these figures).
// - with OPSINFO_GRAPH_SCALE=1 (tests/run_all.sh --full, so .ci/run), the 186,000-node graph of
//   issue 15 (77 MB, ~10-30 s) against its goals: open in under 3 s, UI gap under 100 ms, median
//   frame under 33 ms.
// Both: no frame over 100 ms. OPSINFO_GRAPH_SCALE_NODES sets another size (with the issue-15
// goals), OPSINFO_UI_STALL_LIMIT_MS another stall limit. Figures in tests/bench/README.md.
#include "graphtabfixture.h"
#include "latencyprobe.h"

#include "studio/graph/graphcanvas.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QProcess>
#include <QScrollBar>

#include <algorithm>

using namespace opsinfo;

// The graph size and its goals (a member of the test class, so not in the anonymous namespace).
struct Scale
{
    int nodes;
    qint64 openLimitMs; // open, resolve, layout and first paint
    qint64 stallLimitMs; // the longest UI-thread gap meanwhile
    double frameMedianLimitMs; // of the zoom and of the pan repaints; none over 100 ms at any size
};

namespace {

int envInt(const char *name, int fallback)
{
    bool ok = false;
    const int value = qEnvironmentVariableIntValue(name, &ok);
    return ok && value > 0 ? value : fallback;
}

Scale scale()
{
    if (qEnvironmentVariableIntValue("OPSINFO_GRAPH_SCALE") == 1
        || qEnvironmentVariableIsSet("OPSINFO_GRAPH_SCALE_NODES"))
        return {envInt("OPSINFO_GRAPH_SCALE_NODES", 186000), 3000, stallLimitMs(), 33};
    // 20,000 nodes measured 115 ms, 15-18 ms and 2 ms at load average ~3 (186,000: 899 ms, 32 ms,
    // 8.8 ms): limits 4-5 times that catch a step a few times slower, while a busy machine's
    // noise, up to ~3x on open and +30-50 ms on the gap (tests/bench/README.md), still passes.
    const int stall = qEnvironmentVariableIsSet("OPSINFO_UI_STALL_LIMIT_MS") ? stallLimitMs() : 60;
    return {20000, 600, stall, 10};
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

    Scale m_scale {};
    QString m_path;
};

void TestGraphScale::initTestCase()
{
    setUp();
    m_scale = scale();
    m_path = m_dir.filePath(QStringLiteral("transformer.json"));
    QProcess python;
    python.start(QStringLiteral("python3"),
                 {QStringLiteral(OPSINFO_SOURCE_DIR "/tests/bench/gen_transformer_graph.py"),
                  QStringLiteral("--nodes"), QString::number(m_scale.nodes), m_path});
    if (!python.waitForStarted())
        QSKIP("python3 is needed to generate the transformer graph");
    QVERIFY(python.waitForFinished(600000));
    QCOMPARE(python.exitCode(), 0);
}

void TestGraphScale::opensLaysOutAndPaintsInTime()
{
    const qint64 limit = m_scale.stallLimitMs;
    qint64 bestGap = std::numeric_limits<qint64>::max();
    qint64 bestShown = std::numeric_limits<qint64>::max();
    for (int attempt = 1;
         attempt <= kAttempts && (bestGap >= limit || bestShown >= m_scale.openLimitMs);
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
            m_scale.nodes, QFileInfo(m_path).size() / 1e6, attempt, shown, gap, stats.nodes);
        QCOMPARE(int(state()->graph()->nodes().size()), int(state()->graph()->fileNodeCount()));
        QVERIFY(state()->graph()->nodes().size() >= std::size_t(m_scale.nodes) - 60);
        bestGap = std::min(bestGap, gap);
        bestShown = std::min(bestShown, shown);
    }
    QVERIFY2(bestShown < m_scale.openLimitMs,
             qPrintable(QStringLiteral("open took %1 ms (limit %2 ms)")
                            .arg(bestShown)
                            .arg(m_scale.openLimitMs)));
    QVERIFY2(
        bestGap < limit,
        qPrintable(QStringLiteral("UI blocked for %1 ms (limit %2 ms)").arg(bestGap).arg(limit)));
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
        m_scale.nodes, zoom.median, zoom.worst, int(zoomMs.size()), pan.median, pan.worst,
        int(panMs.size()));
    // Smooth: a frame within 33 ms (30 frames a second) as a rule, none beyond 100 ms; the smaller
    // graph's rule is tighter (its frames are a few ms) so that it can fail too.
    const double median = m_scale.frameMedianLimitMs;
    QVERIFY2(zoom.median < median && pan.median < median,
             qPrintable(QStringLiteral("median frame over %1 ms").arg(median)));
    QVERIFY2(zoom.worst < 100 && pan.worst < 100, "a frame over 100 ms");
}

QTEST_MAIN(TestGraphScale)
#include "tst_graphscale.moc"
