// Evidence and advice in the real main window on the embedded sample: the Library tab's measured
// panel, badges and evidence rows in the Graph tab, and the Advisor page whose "apply to the
// mixlist" is one undoable edit that the Diff tab then shows. Actions are triggered by object name.
#include "mainwindowfixture.h"

#include "evidence/executedcheck.h"
#include "studio/document/evidencestore.h"
#include "studio/document/frontendchoice.h"
#include "studio/document/librarydocument.h"
#include "studio/document/mixlistdocument.h"
#include "studio/document/mixlisteditcommand.h"
#include "studio/document/workspace.h"
#include "studio/graph/graphcanvas.h"
#include "studio/graphtab/advicecandidatemodel.h"
#include "studio/graphtab/advisorpanel.h"
#include "studio/graphtab/backgroundjobs.h"
#include "studio/graphtab/graphtab.h"
#include "studio/graphtab/graphtabstate.h"
#include "studio/graphtab/graphtabwidget.h"
#include "studio/library/evidencetypemodel.h"
#include "studio/library/evidencetypepanel.h"

#include <QComboBox>
#include <QLabel>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableView>
#include <QTextBrowser>
#include <QUndoStack>

#include <set>

using namespace opsinfo;

namespace {

QString fixture(const QString &name)
{
    return QStringLiteral(OPSINFO_TEST_DATA "/evidence/") + name;
}

const QString kSoftmax = QStringLiteral("/model/layers.0/attn/softmax/SoftmaxV2");
const QString kGelu = QStringLiteral("/model/layers.0/mlp/act/Gelu");

} // namespace

class TestEvidenceAdvisor : public QObject, public MainWindowFixture
{
    Q_OBJECT

private slots:
    void initTestCase() { setUpCase(); }
    void init()
    {
        setUp();
        const auto reporting = QAbstractItemModelTester::FailureReportingMode::QtTest;
        new QAbstractItemModelTester(m_window->libraryView()->evidencePanel()->model(), reporting,
                                     m_window);
        new QAbstractItemModelTester(m_window->graphTab()->advisor()->candidateModel(), reporting,
                                     m_window);
        m_window->graphTab()->state()->jobs();
    }
    void cleanup() { tearDown(); }

    void openEvidenceAction();
    void libraryPanel();
    void graphBadgesAndNodePane();
    void advisorAppliesOneUndoableEdit();
    void advisorExportsKeepDtype();
    void advisorRunsOnAWorkerForLargeGraphs();
    void advisorView();
    void badEvidenceIsReported();
    void evidenceOnTheCommandLine();
    void largeEvidenceIsReadOnAWorker();

private:
    QAction *action(const char *name) const
    {
        auto *a = m_window->findChild<QAction *>(QString::fromLatin1(name));
        if (!a)
            qFatal("no action %s", name);
        return a;
    }
    void openSampleEvidence()
    {
        m_prompt->fileNames = {fixture("sample_msaccucmp.csv")};
        action("actionOpenEvidence")->trigger();
        m_prompt->fileNames = {fixture("sample_kernel_details.csv")};
        action("actionOpenEvidence")->trigger();
    }
    GraphTabWidget *graph() const { return m_window->graphTab()->widget(); }
};

void TestEvidenceAdvisor::openEvidenceAction()
{
    QVERIFY(m_window->evidence()->isEmpty());
    QVERIFY(!action("actionCloseEvidence")->isEnabled());
    openSampleEvidence();
    QCOMPARE(int(m_window->evidence()->files().size()), 2);
    QVERIFY(action("actionCloseEvidence")->isEnabled());
    // Opening the same file again replaces it.
    m_prompt->fileNames = {fixture("sample_msaccucmp.csv")};
    action("actionOpenEvidence")->trigger();
    QCOMPARE(int(m_window->evidence()->files().size()), 2);
    action("actionCloseEvidence")->trigger();
    QVERIFY(m_window->evidence()->isEmpty());
    QVERIFY(!graph()->badgeCombo()->isVisible());
}

void TestEvidenceAdvisor::libraryPanel()
{
    EvidenceTypePanel *panel = m_window->libraryView()->evidencePanel();
    m_window->showView(MainWindow::View::Library);
    QVERIFY(!panel->isVisible());
    openSampleEvidence();
    QVERIFY(panel->isVisible());
    // Per op type: runs, time share, AI CPU runs, executed dtypes; Cast time in all.
    EvidenceTypeModel *model = panel->model();
    int gather = -1;
    for (int r = 0; r < model->rowCount(); ++r)
        if (model->opType(r) == QStringLiteral("GatherV2"))
            gather = r;
    QVERIFY(gather >= 0);
    QCOMPARE(model->index(gather, EvidenceTypeModel::AiCpuColumn).data().toULongLong(), 1ULL);
    QCOMPARE(model->index(gather, EvidenceTypeModel::ShareColumn).data().toString(),
             QStringLiteral("68.40%"));
    QCOMPARE(model->index(gather, EvidenceTypeModel::DtypesColumn).data().toString(),
             QStringLiteral("float32 1"));
    QVERIFY2(panel->totalsLabel()->text().contains(QStringLiteral("Cast: 2 runs, 8.0 us (1.76%)")),
             qPrintable(panel->totalsLabel()->text()));
    // Activating a row selects the op type in the library table.
    const QModelIndex viewIndex = panel->table()->model()->index(0, 0);
    emit panel->table()->activated(viewIndex);
    const std::vector<std::string> selected = m_window->libraryView()->selectedTypes();
    QCOMPARE(int(selected.size()), 1);
    QCOMPARE(QString::fromStdString(selected[0]), viewIndex.data().toString());
}

void TestEvidenceAdvisor::graphBadgesAndNodePane()
{
    m_window->showView(MainWindow::View::Graph);
    m_window->graphTab()->state()->jobs()->waitForAll();
    openSampleEvidence();
    QComboBox *badges = graph()->badgeCombo();
    QVERIFY(badges->isVisible());
    QCOMPARE(badges->currentIndex(), 1); // measured error, chosen when evidence opens
    const Graph *g = m_window->graphTab()->state()->graph();
    const int softmax = g->indexOf(kSoftmax.toStdString());
    const int gelu = g->indexOf(kGelu.toStdString());
    const int qProj = g->indexOf("/model/layers.0/attn/q_proj/MatMul");
    const NodeStyles &styles = graph()->canvas()->nodeStyles();
    QCOMPARE(styles[std::size_t(softmax)].badge, NodeStyle::Flagged); // cosine 0.962, error verdict
    QCOMPARE(styles[std::size_t(gelu)].badge, NodeStyle::Flagged); // overflow
    QCOMPARE(styles[std::size_t(qProj)].badge, NodeStyle::Measured);
    badges->setCurrentIndex(2); // measured time
    const NodeStyles &timed = graph()->canvas()->nodeStyles();
    QCOMPARE(timed[std::size_t(g->indexOf("/model/embed_tokens/GatherV2"))].badge,
             NodeStyle::TimeHigh);
    QCOMPARE(timed[std::size_t(g->indexOf("/model/layers.1/attn/q_proj/MatMul"))].badge,
             NodeStyle::NoBadge);
    // The node pane lists the rows behind the node, with file and line.
    QVERIFY(graph()->selectNodeByName(kSoftmax));
    const QString text = graph()->detailsText();
    QVERIFY2(text.contains(QStringLiteral("sample_msaccucmp.csv:3")), qPrintable(text));
    QVERIFY(text.contains(QStringLiteral("sample_kernel_details.csv:5")));
    QVERIFY(text.contains(QStringLiteral("cosine 0.962113 under 0.99")));
    // Predicted vs executed: the figure 'opsinfo check --evidence' gives for the same mode.
    const PreviewResultPtr result = m_window->graphTab()->state()->result();
    std::vector<FileJoin> joins;
    for (const EvidenceFile &file : m_window->evidence()->files())
        joins.push_back(joinEvidence(
            file, {g, result->context->library.get(), &m_window->evidence()->apiMap()}));
    const ExecutedCheckReport report
        = compareWithExecuted(*g, result->resolution, m_window->evidence()->files(), joins);
    QVERIFY(report.nodeCompared + report.typeCompared > 0);
    const QString figure = QStringLiteral("%1 of %2 compared agree")
                               .arg(report.nodeAgreed + report.typeAgreed)
                               .arg(report.nodeCompared + report.typeCompared);
    QVERIFY2(text.contains(QStringLiteral("Predicted vs executed")) && text.contains(figure),
             qPrintable(figure + QLatin1Char('\n') + text));
    for (const ExecutedNodeDisagreement &d : report.nodeDisagreements)
        QVERIFY2(text.contains(QString::fromStdString(d.node)), d.node.c_str());
}

void TestEvidenceAdvisor::advisorAppliesOneUndoableEdit()
{
    m_window->showView(MainWindow::View::Graph);
    m_window->graphTab()->state()->jobs()->waitForAll();
    openSampleEvidence(); // flags the softmax and the Gelu of layer 0
    AdvisorPanel *advisor = m_window->graphTab()->advisor();
    QVERIFY(graph()->selectNodeByName(QStringLiteral("/model/layers.1/attn/softmax/SoftmaxV2")));
    action("actionAdviceProtectSelected")->trigger();
    QCOMPARE(advisor->protectedNames(),
             QStringList {QStringLiteral("/model/layers.1/attn/softmax/SoftmaxV2")});
    action("actionAdvise")->trigger();
    QVERIFY(advisor->result());
    QCOMPARE(int(advisor->result()->protectedNodes.size()),
             3); // picked + two flagged by the evidence
    QVERIFY(advisor->candidateModel()->rowCount() > 0);
    QVERIFY(!advisor->result()->plans.empty());
    // The recommendation keeps the Gelu by name (black-listing Gelu would move the other layer's);
    // such a plan leaves the mixlist alone, so there is nothing to apply, only keep_dtype to
    // export.
    const AdvicePlan &recommended = advisor->result()->plans.front();
    QVERIFY(recommended.verified);
    QCOMPARE(QString::fromStdString(recommended.edits.at(0).entry()),
             QStringLiteral("keep_dtype ") + kGelu);
    QVERIFY(!action("actionApplyAdvice")->isEnabled());
    QVERIFY(action("actionExportAdviceKeepDtype")->isEnabled());
    QVERIFY(advisor->effectBrowser()->toPlainText().contains(QStringLiteral("Export keep_dtype")));
    // The op-types-only plan is the one the mixlist can take.
    auto *plans = advisor->findChild<QComboBox *>(QStringLiteral("advicePlans"));
    QCOMPARE(plans->count(), int(advisor->result()->plans.size()));
    plans->setCurrentIndex(1);
    const AdvicePlan &plan = advisor->result()->plans.at(1);
    QCOMPARE(QString::fromStdString(plan.edits.at(0).entry()),
             QStringLiteral("black-list.to-add Gelu"));
    QVERIFY(plan.verified);
    QVERIFY(advisor->effectBrowser()->toPlainText().contains(
        QStringLiteral("Verified by re-resolving")));
    QVERIFY(!advisor->effectBrowser()->toPlainText().contains(QStringLiteral("Export keep_dtype")));

    MixlistDocument *mixlist = m_window->workspace()->mixlistDocument();
    const Mixlist before = mixlist->mixlist();
    std::vector<DType> dtypesBefore;
    for (const auto &node : m_window->graphTab()->state()->result()->resolution.nodes)
        dtypesBefore.push_back(node.dtype);
    const int steps = mixlist->undoStack()->count();
    QVERIFY(action("actionApplyAdvice")->isEnabled());
    m_prompt->log.clear();
    action("actionApplyAdvice")->trigger();
    QVERIFY2(m_prompt->log.isEmpty(), qPrintable(m_prompt->log.join('\n')));
    QCOMPARE(mixlist->undoStack()->count(), steps + 1);
    QVERIFY(mixlist->mixlist().sameContent(plan.mixlist));
    // The prediction follows: every protected node is fp32 once the graph re-resolves.
    m_window->graphTab()->state()->resolveNow();
    m_window->graphTab()->state()->jobs()->waitForAll();
    const Resolution &r = m_window->graphTab()->state()->result()->resolution;
    for (const ProtectedNode &p : advisor->result()->protectedNodes)
        QCOMPARE(r.nodes[std::size_t(p.index)].dtype, DType::Float32);
    // ... and no other node moved beyond what the plan reported.
    std::set<std::string> reported;
    for (const MovedNode &m : plan.effect.moved)
        reported.insert(m.name);
    for (const ProtectedNode &p : advisor->result()->protectedNodes)
        reported.insert(p.name);
    QCOMPARE(r.nodes.size(), dtypesBefore.size());
    int moved = 0;
    for (std::size_t i = 0; i < r.nodes.size(); ++i)
        if (r.nodes[i].dtype != dtypesBefore[i]) {
            ++moved;
            const std::string name(r.nodes[i].node->name);
            QVERIFY2(reported.count(name), name.c_str());
        }
    QVERIFY(moved >= int(plan.effect.moved.size()));
    for (const MovedNode &m : plan.effect.moved)
        QCOMPARE(r.nodes[std::size_t(m.index)].dtype, m.to);
    // The Diff tab shows the change (library colour vs the colour with the mixlist).
    m_window->showView(MainWindow::View::Diff);
    QVERIFY(m_window->diffView()->model()->rowCount() > 0);
    // One undo step takes it all back; the same plan again is "nothing to apply".
    mixlist->undoStack()->undo();
    QVERIFY(mixlist->mixlist().sameContent(before));
    mixlist->undoStack()->redo();
    m_prompt->log.clear();
    QVERIFY(action("actionApplyAdvice")->isEnabled());
    action("actionApplyAdvice")->trigger();
    QVERIFY2(m_prompt->log.join('\n').contains(QStringLiteral("Nothing to apply")),
             qPrintable(m_prompt->log.join('\n')));
    QCOMPARE(mixlist->undoStack()->count(), steps + 1);
    // A mixlist edited after the advice is not overwritten by it: the plan was built on the older
    // one.
    mixlist->undoStack()->undo();
    mixlist->undoStack()->push(new MixlistEditCommand(mixlist, Mixlist(), QStringLiteral("clear")));
    m_prompt->log.clear();
    action("actionApplyAdvice")->trigger();
    QVERIFY2(m_prompt->log.join('\n').contains(QStringLiteral("The mixlist changed")),
             qPrintable(m_prompt->log.join('\n')));
    QVERIFY(mixlist->mixlist().empty());
}

void TestEvidenceAdvisor::advisorExportsKeepDtype()
{
    m_window->showView(MainWindow::View::Graph);
    m_window->graphTab()->state()->jobs()->waitForAll();
    AdvisorPanel *advisor = m_window->graphTab()->advisor();
    // A plan of keep_dtype entries: every op-type edit would move too many other nodes.
    advisor->protect({kGelu.toStdString()});
    advisor->findChild<QSpinBox *>(QStringLiteral("adviceMaxMoved"))->setValue(0);
    action("actionAdvise")->trigger();
    QVERIFY(advisor->result() && !advisor->result()->plans.empty());
    const AdvicePlan &plan = advisor->result()->plans.front();
    QVERIFY2(!plan.keepDtype.empty(), "the first plan keeps the Gelu by name");
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("keep.cfg"));
    m_prompt->fileNames = {path};
    action("actionExportAdviceKeepDtype")->trigger();
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(QString::fromUtf8(file.readAll()), kGelu + QLatin1Char('\n'));
    // On GE session options keep_dtype never reaches the compiler (F3): list edits only, and the
    // advice says so.
    const QString modeBefore = m_window->graphTab()->state()->modeName();
    m_window->workspace()->frontEndChoice()->setFrontEnd(FrontEnd::Ge);
    QVERIFY(m_window->graphTab()->state()->setModeName(modeBefore)); // not GE's default
    m_window->graphTab()->state()->jobs()->waitForAll();
    action("actionAdvise")->trigger();
    QVERIFY(advisor->result());
    QVERIFY(!advisor->result()->plans.empty());
    QVERIFY(!advisor->result()->plans.front().edits.empty()); // the Gelu is not fp32 there
    for (const AdvicePlan &p : advisor->result()->plans)
        QVERIFY2(p.keepDtype.empty(), p.label.c_str());
    for (const AdviceCandidate &c : advisor->result()->candidates)
        QVERIFY(c.edit.kind != EditKind::KeepNode);
    const auto &limits = advisor->result()->limits;
    QVERIFY(std::any_of(limits.begin(), limits.end(), [](const std::string &limit) {
        return limit.find("keep_dtype does not reach the compiler") == 0;
    }));
    m_window->workspace()->frontEndChoice()->setFrontEnd(std::nullopt);
    // Nothing protected and no evidence: the advisor says what to do instead of running.
    advisor->clearProtected();
    m_prompt->log.clear();
    QVERIFY(!advisor->advise());
    QVERIFY(m_prompt->log.join('\n').contains(QStringLiteral("Nothing to protect")));
}

// Above the inline limit (the sample is far below it, so the limit is lowered) the advice is
// computed on a worker thread: the action waits, then the result arrives through advised().
void TestEvidenceAdvisor::advisorRunsOnAWorkerForLargeGraphs()
{
    m_window->showView(MainWindow::View::Graph);
    GraphTabState *preview = m_window->graphTab()->state();
    preview->jobs()->waitForAll();
    preview->setInlineNodeLimit(0);
    QVERIFY(!preview->runsInline());
    AdvisorPanel *advisor = m_window->graphTab()->advisor();
    advisor->protect({kGelu.toStdString()});
    QSignalSpy advised(advisor, &AdvisorPanel::advised);
    action("actionAdvise")->trigger();
    QVERIFY(!action("actionAdvise")->isEnabled());
    QVERIFY(advised.wait(60000));
    QVERIFY(action("actionAdvise")->isEnabled());
    QVERIFY(advisor->result() && !advisor->result()->plans.empty());
    QVERIFY(advisor->result()->plans.front().verified);
    QCOMPARE(QString::fromUtf8(advisor->result()->protectedNodes.at(0).name), kGelu);
    // Cancelled (the window's Cancel drops every job): the action comes back, the panel says so.
    action("actionAdvise")->trigger();
    QVERIFY(!action("actionAdvise")->isEnabled());
    preview->jobs()->cancelAll();
    QVERIFY(action("actionAdvise")->isEnabled());
    QCOMPARE(advisor->findChild<QLabel *>(QStringLiteral("adviceSummary"))->text(),
             QStringLiteral("Advice cancelled."));
    QVERIFY(!advised.wait(300)); // the dropped run's result never shows
}

void TestEvidenceAdvisor::advisorView()
{
    MainWindow::View view;
    QVERIFY(MainWindow::parseView(QStringLiteral("advisor"), &view));
    QCOMPARE(view, MainWindow::View::Advisor);
    m_window->showView(view);
    AdvisorPanel *advisor = m_window->graphTab()->advisor();
    QVERIFY(advisor->isVisible());
    QVERIFY(advisor->result());
    QVERIFY(!advisor->result()->plans.empty());
    const QPixmap pixmap = m_window->grab();
    QVERIFY(!pixmap.isNull());
}

void TestEvidenceAdvisor::badEvidenceIsReported()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("kernel_details.csv"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("Name,Type,Duration(us)\nconv1,Conv2D,1\n\"cut");
    file.close();
    m_prompt->fileNames = {path};
    action("actionOpenEvidence")->trigger();
    QVERIFY(m_window->evidence()->isEmpty());
    const QString log = m_prompt->log.join('\n');
    QVERIFY2(log.contains(QStringLiteral("kernel_details.csv:3:1"))
                 && log.contains(QStringLiteral("quoted field")),
             qPrintable(log));
}

// `opsinfo-studio kernel_details.csv`: evidence opens over the sample; a graph or a library beside
// it opens as before; a broken CSV is reported by the evidence importer, not taken for a library.
void TestEvidenceAdvisor::evidenceOnTheCommandLine()
{
    QVERIFY(m_window->openPaths({fixture("sample_kernel_details.csv")}));
    QCOMPARE(m_window->evidence()->paths(), QStringList {fixture("sample_kernel_details.csv")});
    QVERIFY(m_window->graphTab()->state()->isSampleGraph());
    QVERIFY(m_window->workspace()->libraryDocument()->isSample());

    QTemporaryDir dir;
    const QString broken = dir.filePath(QStringLiteral("op_summary_0_1.csv"));
    QFile file(broken);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("Op Name,OP Type,Task Duration(us)\nconv1,Conv2D,\"1");
    file.close();
    m_prompt->log.clear();
    QVERIFY(!m_window->openPaths({broken}));
    QVERIFY2(m_prompt->log.join('\n').contains(QStringLiteral("op_summary_0_1.csv:2:")),
             qPrintable(m_prompt->log.join('\n')));
    QCOMPARE(int(m_window->evidence()->files().size()), 1);
}

// Above the inline size (lowered here) files are read on a worker thread; a second file opened
// while the first is still being read is read together with it, so neither is lost.
void TestEvidenceAdvisor::largeEvidenceIsReadOnAWorker()
{
    m_window->showView(MainWindow::View::Graph);
    GraphTab *tab = m_window->graphTab();
    tab->state()->jobs()->waitForAll();
    tab->setEvidenceInlineBytes(0);
    QSignalSpy changed(m_window->evidence(), &EvidenceStore::changed);
    QVERIFY(tab->openEvidence({fixture("sample_msaccucmp.csv")}));
    QVERIFY(tab->openEvidence({fixture("sample_kernel_details.csv")}));
    QTRY_COMPARE_WITH_TIMEOUT(int(m_window->evidence()->files().size()), 2, 30000);
    QCOMPARE(changed.count(), 1);
    QVERIFY(m_window->graphTab()->widget()->badgeCombo()->isVisibleTo(m_window));
    // A broken file read on the worker is reported like one read inline.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("kernel_details.csv"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("Name,Type,Duration(us)\nconv1,Conv2D,1\n\"cut");
    file.close();
    m_prompt->log.clear();
    QVERIFY(tab->openEvidence({path}));
    QTRY_VERIFY_WITH_TIMEOUT(
        m_prompt->log.join('\n').contains(QStringLiteral("kernel_details.csv:3:1")), 30000);
    QCOMPARE(int(m_window->evidence()->files().size()), 2);
}

QTEST_MAIN(TestEvidenceAdvisor)
#include "tst_evidenceadvisor.moc"
