// Opening graphs in the Graph tab: off the UI thread with progress, Cancel keeping the previous
// graph, and an unreadable or missing file reported with the previous graph kept.
#include "graphtabfixture.h"

#include "studio/graph/graphcanvas.h"
#include "studio/graphtab/backgroundjobs.h"

#include <QAbstractButton>
#include <QFile>
#include <QSignalSpy>

using namespace opsinfo;

class TestGraphLoading : public QObject, public GraphTabFixture
{
    Q_OBJECT

private slots:
    void init() { setUp(); }
    void cleanup() { tearDown(); }

    void loadsOffTheUiThreadWithProgress();
    void cancelDropsTheLoad();
    void reportsUnreadableGraph();
};

void TestGraphLoading::loadsOffTheUiThreadWithProgress()
{
    QString graphPath = m_dir.filePath(QStringLiteral("async_graph.txt"));
    QVERIFY(copyResource(QStringLiteral(":/sample/ge_proto_sample_graph.txt"), graphPath));
    state()->setInlineNodeLimit(0); // everything on workers
    QSignalSpy busy(state(), &GraphTabState::busyChanged);
    QSignalSpy progress(state(), &GraphTabState::progressChanged);
    QSignalSpy changed(state(), &GraphTabState::graphChanged);
    QVERIFY(state()->openGraph(graphPath));
    QVERIFY(state()->isBusy());
    QVERIFY(m_window->findChild<QWidget *>(QStringLiteral("graphProgress"))->isVisible());
    QTRY_COMPARE(changed.count(), 1);
    QTRY_VERIFY(!state()->isBusy());
    QVERIFY(busy.count() >= 2);
    QVERIFY(progress.count() >= 1);
    QCOMPARE(state()->graphPath(), graphPath);
    QVERIFY(!m_window->findChild<QWidget *>(QStringLiteral("graphProgress"))->isVisible());
    // Mode switches resolve on a worker too, and land.
    pickMode(QStringLiteral("origin"));
    QCOMPARE(state()->result()->resolution.mode, PrecisionMode::MustKeepOriginDtype);
}

void TestGraphLoading::cancelDropsTheLoad()
{
    QString graphPath = m_dir.filePath(QStringLiteral("cancelled.txt"));
    QVERIFY(copyResource(QStringLiteral(":/sample/ge_proto_sample_graph.txt"), graphPath));
    state()->setInlineNodeLimit(0);
    QSignalSpy changed(state(), &GraphTabState::graphChanged);
    QVERIFY(state()->openGraph(graphPath));
    m_window->findChild<QAbstractButton *>(QStringLiteral("graphCancel"))->click();
    QVERIFY(!state()->isBusy());
    state()->jobs()->waitForAll();
    QCOMPARE(changed.count(), 0);
    QVERIFY(state()->isSampleGraph()); // still the graph from before
}

void TestGraphLoading::reportsUnreadableGraph()
{
    const QString bad = m_dir.filePath(QStringLiteral("broken.onnx"));
    QFile file(bad);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("graph { op { name: \"x\" type: ");
    file.close();
    m_prompt->fileNames = {bad};
    action("actionOpenGraph")->trigger();
    QTRY_VERIFY(!state()->isBusy());
    QVERIFY2(m_prompt->log.join(QLatin1Char('\n')).contains(QStringLiteral("error")),
             qPrintable(m_prompt->log.join(QLatin1Char('\n'))));
    QVERIFY(state()->isSampleGraph()); // the previous graph stays
    m_prompt->fileNames = {m_dir.filePath(QStringLiteral("missing.onnx"))};
    action("actionOpenGraph")->trigger();
    QVERIFY(m_prompt->log.join(QLatin1Char('\n')).contains(QStringLiteral("missing.onnx")));
}

QTEST_MAIN(TestGraphLoading)
#include "tst_graphloading.moc"
