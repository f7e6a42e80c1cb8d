// The Diff tab's transition matrix (issue 14): its counts against the core diff and the CLI for
// every kind of comparison (as opened vs edited, with and without the mixlist, two mixlists, two
// libraries), a click on a cell filters the table and marks the op types in the graph, both
// explanations side by side, the SVG export. The real window on the embedded sample; the real
// mixlists and SoCs of ../shared/data when present.
#include "clirun.h"
#include "diff/policydiff.h"
#include "mainwindowfixture.h"
#include "studio/common/policystyle.h"
#include "studio/diff/atlasview.h"
#include "studio/diff/transitionmatrixview.h"
#include "studio/document/filecontroller.h"
#include "studio/document/librarydocument.h"
#include "studio/document/workspace.h"
#include "studio/graph/graphcanvas.h"
#include "studio/graphtab/graphtab.h"
#include "studio/graphtab/graphtabstate.h"
#include "studio/graphtab/graphtabwidget.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDirIterator>
#include <QJsonObject>
#include <QLabel>
#include <QSignalSpy>
#include <QTableView>
#include <QXmlStreamReader>

using namespace opsinfo;

namespace {

QAction *action(MainWindow *window, const char *name)
{
    return window->findChild<QAction *>(QString::fromLatin1(name));
}

// Every cell of the matrix model against a core TransitionMatrix.
void compareCells(const TransitionMatrixModel *model, const TransitionMatrix &expected)
{
    for (int r = 0; r < model->rowCount(); ++r)
        for (int c = 0; c < model->columnCount(); ++c) {
            const QModelIndex cell = model->index(r, c);
            const std::optional<Policy> a = model->sideOf(r), b = model->sideOf(c);
            std::size_t count = 0;
            if (a && b)
                count = expected.count(*a, *b);
            else if (a)
                count = expected.onlyA(*a);
            else if (b)
                count = expected.onlyB(*b);
            else
                continue;
            QCOMPARE(cell.data().toULongLong(), qulonglong(count));
        }
    const bool absent = expected.onlyACount() + expected.onlyBCount() > 0;
    QCOMPARE(model->rowCount(), absent ? 4 : 3);
}

QStringList proxyTypes(const DiffView *view)
{
    QStringList types;
    for (int r = 0; r < view->proxy()->rowCount(); ++r)
        types << view->proxy()->index(r, DiffModel::TypeColumn).data().toString();
    types.sort();
    return types;
}

void clickCell(DiffView *view, const QString &transition)
{
    TransitionMatrixView *matrix = view->matrixView();
    const QRect rect = matrix->cellRect(transition);
    QVERIFY2(rect.isValid(), qPrintable(transition));
    QTest::mouseClick(matrix->viewport(), Qt::LeftButton, {}, rect.center());
}

} // namespace

class TestTransitionMatrix : public QObject, public MainWindowFixture
{
    Q_OBJECT

private slots:
    void initTestCase() { setUpCase(); }
    void init() { setUp(); }
    void cleanup() { tearDown(); }

    void countsMatchTheCoreDiff_data();
    void countsMatchTheCoreDiff();
    void clickingACellFiltersTableAndGraph();
    void diagonalAndAbsentCellsListTheirTypes();
    void keyboardPicksACell();
    void explanationsSideBySide();
    void exportsTheMatrixAsSvg();
    void twoMixlistsAgreeWithTheCli();
    void twoRealSocsAgreeWithTheCli();
    void anOppFolderOffersItsSocs();
};

void TestTransitionMatrix::countsMatchTheCoreDiff_data()
{
    QTest::addColumn<int>("mode");
    QTest::newRow("as opened -> edited + mixlist") << int(DiffView::Mode::OpenedVsEffective);
    QTest::newRow("edited -> with the mixlist") << int(DiffView::Mode::EditedVsMixlist);
    QTest::newRow("as opened -> edited") << int(DiffView::Mode::OpenedVsEdited);
}

void TestTransitionMatrix::countsMatchTheCoreDiff()
{
    QFETCH(int, mode);
    // One flag edit, so that "as opened -> edited" has a change too.
    m_window->libraryView()->selectType(QStringLiteral("Cast"));
    m_window->setSelectedPolicy(Policy::Black);
    m_window->showView(MainWindow::View::Diff);
    DiffView *view = m_window->diffView();
    view->setMode(DiffView::Mode(mode));

    // The two sides computed here, independently of the view.
    const LibraryDocument *document = m_window->workspace()->libraryDocument();
    OpLibrary opened = document->library();
    for (const auto &[type, policy] : document->editedPolicies())
        opened.setPolicy(type, document->originalPolicy(type));
    const PolicyTable asOpened = PolicyTable::compute(opened, nullptr);
    const PolicyTable edited = PolicyTable::compute(document->library(), nullptr);
    const PolicyTable &effective = m_window->workspace()->policyTable();
    const PolicyDiff expected = DiffView::Mode(mode) == DiffView::Mode::OpenedVsEffective
        ? diffPolicies(asOpened, effective)
        : DiffView::Mode(mode) == DiffView::Mode::EditedVsMixlist ? diffPolicies(edited, effective)
                                                                  : diffPolicies(asOpened, edited);
    compareCells(view->matrixModel(), expected.matrix);
    // Off the diagonal: the transitions the table lists.
    for (const auto &[transition, count] : expected.transitions) {
        const QModelIndex cell = view->matrixModel()->indexOf(QString::fromStdString(transition));
        QVERIFY2(cell.isValid(), transition.c_str());
        QCOMPARE(cell.data().toULongLong(), qulonglong(count));
    }
    if (DiffView::Mode(mode) == DiffView::Mode::OpenedVsEdited) {
        QCOMPARE(view->matrixModel()->indexOf(QStringLiteral("gray->black")).data().toInt(), 1);
        QCOMPARE(int(expected.matrix.changed()), 1);
    }
}

void TestTransitionMatrix::clickingACellFiltersTableAndGraph()
{
    m_window->showView(MainWindow::View::Diff);
    DiffView *view = m_window->diffView();
    view->setMode(DiffView::Mode::OpenedVsEffective);
    QSignalSpy picked(view, &DiffView::opTypesPicked);
    // The sample mixlist blacks LayerNorm and SoftmaxV2, whites Gelu, takes MaxPool off the white
    // list.
    clickCell(view, QStringLiteral("gray->black"));
    QCOMPARE(proxyTypes(view), (QStringList {"LayerNorm", "SoftmaxV2"}));
    QCOMPARE(view->pickedTransition(), QStringLiteral("gray->black"));
    auto *combo = view->findChild<QComboBox *>(QStringLiteral("diffTransition"));
    QCOMPARE(combo->currentData().toString(), QStringLiteral("gray->black"));
    QCOMPARE(picked.size(), 1);
    QCOMPARE(picked.last().at(0).toStringList(), (QStringList {"LayerNorm", "SoftmaxV2"}));

    // The graph marks the nodes of those op types and pales the others.
    GraphTabWidget *graph = m_window->graphTab()->widget();
    QCOMPARE(graph->opTypeFilter(), (QSet<QString> {"LayerNorm", "SoftmaxV2"}));
    auto *banner = graph->findChild<QLabel *>(QStringLiteral("graphTypeFilter"));
    QVERIFY(banner && !banner->text().isEmpty());
    const Graph *g = m_window->graphTab()->state()->graph();
    QVERIFY(g);
    const NodeStyles &styles = graph->canvas()->nodeStyles();
    int marked = 0;
    for (std::size_t i = 0; i < g->nodes().size(); ++i) {
        const bool picked = graph->opTypeFilter().contains(QString::fromUtf8(g->nodes()[i].opType));
        if (!picked)
            QCOMPARE(int(styles[i].kind), int(NodeStyle::Undecided));
        else if (styles[i].kind != NodeStyle::Undecided)
            ++marked;
    }
    QVERIFY(marked >= 4); // LayerNorm and SoftmaxV2 nodes of both transformer blocks

    // A second click shows every change again, and the graph every colour.
    clickCell(view, QStringLiteral("gray->black"));
    QVERIFY(view->pickedTransition().isEmpty());
    QCOMPARE(proxyTypes(view), (QStringList {"Gelu", "LayerNorm", "MaxPool", "SoftmaxV2"}));
    QVERIFY(graph->opTypeFilter().isEmpty());
    QCOMPARE(picked.last().at(0).toStringList(), QStringList());
    // The transition picker does the same as the cell.
    combo->setCurrentIndex(combo->findData(QStringLiteral("white->gray")));
    QCOMPARE(proxyTypes(view), QStringList {"MaxPool"});
    QCOMPARE(view->matrixView()->picked(), QStringLiteral("white->gray"));
}

void TestTransitionMatrix::diagonalAndAbsentCellsListTheirTypes()
{
    m_window->showView(MainWindow::View::Diff);
    DiffView *view = m_window->diffView();
    view->setMode(DiffView::Mode::EditedVsMixlist);
    const PolicyTable edited
        = PolicyTable::compute(m_window->workspace()->libraryDocument()->library(), nullptr);
    const PolicyDiff all = diffPolicies(edited, m_window->workspace()->policyTable(),
                                        PolicyDiffOptions {true, true});
    // A diagonal cell lists the types that keep their colour.
    clickCell(view, QStringLiteral("black->black"));
    QStringList blacks;
    for (const PolicyDiffRow &r : all.rows)
        if (r.a == Policy::Black && r.b == Policy::Black)
            blacks << QString::fromStdString(r.type);
    blacks.sort();
    QVERIFY(!blacks.isEmpty());
    QCOMPARE(proxyTypes(view), blacks);
    QCOMPARE(view->matrixModel()->indexOf(QStringLiteral("black->black")).data().toInt(),
             blacks.size());
    // The absent row: types only the mixlist names (fastgelu), listed although "types on one side
    // only" is off.
    QVERIFY(!view->findChild<QCheckBox *>(QStringLiteral("diffIncludeAbsent"))->isChecked());
    QStringList onlyB;
    for (const PolicyDiffRow &r : all.rows)
        if (!r.a && r.b)
            onlyB << QString::fromStdString(r.type);
    onlyB.sort();
    QVERIFY2(!onlyB.isEmpty(), "the sample mixlist names a type the library does not have");
    clickCell(view, QStringLiteral("absent->white"));
    QCOMPARE(proxyTypes(view), onlyB);
}

void TestTransitionMatrix::keyboardPicksACell()
{
    m_window->showView(MainWindow::View::Diff);
    DiffView *view = m_window->diffView();
    view->setMode(DiffView::Mode::OpenedVsEffective);
    TransitionMatrixView *matrix = view->matrixView();
    matrix->setFocus();
    matrix->setCurrentIndex(view->matrixModel()->indexOf(QStringLiteral("gray->gray")));
    QTest::keyClick(matrix, Qt::Key_Left); // gray->gray to gray->black
    QCOMPARE(matrix->currentIndex().data(TransitionMatrixModel::TransitionRole).toString(),
             QStringLiteral("gray->black"));
    QTest::keyClick(matrix, Qt::Key_Space);
    QCOMPARE(view->pickedTransition(), QStringLiteral("gray->black"));
    QCOMPARE(view->proxy()->rowCount(), 2);
}

void TestTransitionMatrix::explanationsSideBySide()
{
    m_window->showView(
        MainWindow::View::Matrix); // the biggest change picked, its first type selected
    DiffView *view = m_window->diffView();
    QCOMPARE(view->pickedTransition(), QStringLiteral("gray->black"));
    QVERIFY(view->table()->currentIndex().isValid());
    const QString type
        = view->proxy()->index(view->table()->currentIndex().row(), 0).data().toString();
    const QString text = view->explanationText();
    QVERIFY2(text.contains(type), qPrintable(text));
    // Both sides' chains, the first difference marked: the mixlist's mark (X3).
    const OpPolicy *b = m_window->workspace()->policyTable().find(type.toStdString());
    QVERIFY(b);
    QVERIFY2(text.contains(QStringLiteral("black-list.to-add")), qPrintable(text));
    // As opened, the chain ends where the mixlist's step begins: only B's side has the step.
    QCOMPARE(text.count(QStringLiteral("◀ first difference")), 1);
    QVERIFY2(text.contains(QStringLiteral("(X3) ◀ first difference")), qPrintable(text));
    QVERIFY(text.contains(QStringLiteral("As opened"))
            && text.contains(QStringLiteral("Edited + mixlist")));
}

void TestTransitionMatrix::exportsTheMatrixAsSvg()
{
    m_window->showView(MainWindow::View::Diff);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("matrix.svg"));
    m_prompt->fileNames = {path};
    action(m_window, "actionExportMatrixSvg")->trigger();
    const QByteArray bytes = readAllBytes(path);
    QXmlStreamReader xml(bytes);
    int cells = 0;
    while (!xml.atEnd())
        if (xml.readNext() == QXmlStreamReader::StartElement
            && xml.attributes().value(QStringLiteral("class")) == QStringLiteral("cell"))
            ++cells;
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    const int sections = m_window->diffView()->matrixModel()->rowCount();
    QCOMPARE(cells, sections * sections - (sections == 4 ? 1 : 0));
    QVERIFY(bytes.contains("gray -&gt; black: 2 op types"));
}

void TestTransitionMatrix::twoMixlistsAgreeWithTheCli()
{
    // The open (sample) mixlist against another mixlist file: the app's matrix is the CLI's
    // `library diff LIB LIB --mixlist-a SAMPLE --mixlist-b OTHER --matrix --json`.
    QStringList others {cliFixture(QStringLiteral("gelu_black.json"))};
    if (QDir(sharedData()).exists()) {
        QDirIterator it(sharedData(QStringLiteral("opsinfo/mixlists/modelzoo-tf")),
                        {QStringLiteral("*.json")});
        while (it.hasNext() && others.size() < 6)
            others << it.next();
    } else {
        qInfo("../shared/data is absent (fresh clone): only the fixture mixlist is compared");
    }
    QTemporaryDir dir;
    const QString sampleMixlist = dir.filePath(QStringLiteral("ops_info.json"));
    QVERIFY(QFile::copy(QStringLiteral(":/sample/ops_info.json"), sampleMixlist));
    QVERIFY(m_window->files()->openMixlist(sampleMixlist));
    const QString library = m_window->workspace()->libraryDocument()->path();
    int compared = 0;
    for (const QString &other : others) {
        const CliRun cli = runOpsinfo({"library", "diff", library, library, "--mixlist-a",
                                       sampleMixlist, "--mixlist-b", other, "--matrix", "--json"});
        if (cli.code != 0) { // an invalid mixlist: the app refuses it too
            m_prompt->fileNames = {other};
            action(m_window, "actionCompareMixlistFile")->trigger();
            QVERIFY(m_prompt->log.last().startsWith(QStringLiteral("error: ")));
            continue;
        }
        m_prompt->fileNames = {other};
        action(m_window, "actionCompareMixlistFile")->trigger();
        DiffView *view = m_window->diffView();
        QCOMPARE(view->mode(), DiffView::Mode::OtherMixlist);
        QVERIFY(view->isVisible());
        const QJsonObject json = QJsonDocument::fromJson(cli.out.toUtf8()).object();
        const QJsonObject matrix = json.value(QStringLiteral("matrix")).toObject();
        for (Policy a : TransitionMatrix::order)
            for (Policy b : TransitionMatrix::order) {
                const QString transition
                    = QStringLiteral("%1->%2").arg(policyName(a), policyName(b));
                QCOMPARE(view->matrixModel()->indexOf(transition).data().toInt(),
                         matrix.value(QString::fromLatin1(policyName(a)))
                             .toObject()
                             .value(QString::fromLatin1(policyName(b)))
                             .toInt());
            }
        for (Policy p : TransitionMatrix::order) {
            const QModelIndex onlyA
                = view->matrixModel()->indexOf(QStringLiteral("%1->absent").arg(policyName(p)));
            QCOMPARE(onlyA.isValid() ? onlyA.data().toInt() : 0,
                     json.value(QStringLiteral("only_a"))
                         .toObject()
                         .value(QString::fromLatin1(policyName(p)))
                         .toInt());
        }
        ++compared;
    }
    QVERIFY(compared >= 1);
}

void TestTransitionMatrix::twoRealSocsAgreeWithTheCli()
{
    REQUIRE_SHARED_DATA();
    const QString config
        = sharedData(QStringLiteral("opsinfo/cann-8.1.RC1/op_impl/ai_core/tbe/config"))
        + QLatin1Char(u'/');
    QVERIFY2(m_window->files()->openLibrary(config + QStringLiteral("ascend910")),
             qPrintable(m_prompt->log.join(u'\n')));
    m_prompt->fileNames = {config + QStringLiteral("ascend910b")};
    action(m_window, "actionCompareLibraryFolder")->trigger();
    DiffView *view = m_window->diffView();
    QCOMPARE(view->mode(), DiffView::Mode::OtherLibrary);
    // "Mixlist on both" (the default) applies the sample's mixlist to each side, as the CLI's
    // --mixlist does; unchecked, the libraries as they are.
    auto compareWithCli = [&](const QStringList &extra) {
        const CliRun cli = runOpsinfo(QStringList {"library", "diff", config + "ascend910",
                                                   config + "ascend910b", "--matrix", "--json"}
                                      + extra);
        QVERIFY2(cli.code == 0, qPrintable(cli.err));
        const QJsonObject matrix = QJsonDocument::fromJson(cli.out.toUtf8())
                                       .object()
                                       .value(QStringLiteral("matrix"))
                                       .toObject();
        for (Policy a : TransitionMatrix::order)
            for (Policy b : TransitionMatrix::order) {
                const QString cell = QStringLiteral("%1->%2").arg(policyName(a), policyName(b));
                QVERIFY2(view->matrixModel()->indexOf(cell).data().toInt()
                             == matrix.value(QString::fromLatin1(policyName(a)))
                                    .toObject()
                                    .value(QString::fromLatin1(policyName(b)))
                                    .toInt(),
                         qPrintable(cell + QLatin1Char(' ') + extra.join(u' ')));
            }
    };
    QVERIFY(view->findChild<QCheckBox *>(QStringLiteral("diffApplyMixlist"))->isChecked());
    compareWithCli(
        {"--mixlist", QStringLiteral(OPSINFO_SOURCE_DIR "/resources/sample/ops_info.json")});
    view->findChild<QCheckBox *>(QStringLiteral("diffApplyMixlist"))->setChecked(false);
    compareWithCli({});
    const CliRun cli = runOpsinfo(
        {"library", "diff", config + "ascend910", config + "ascend910b", "--matrix", "--json"});
    const QJsonObject matrix = QJsonDocument::fromJson(cli.out.toUtf8())
                                   .object()
                                   .value(QStringLiteral("matrix"))
                                   .toObject();
    QCOMPARE(view->matrixModel()->rowCount(), 4); // each SoC has types the other lacks
    // A click on the biggest change lists as many types as the cell says.
    clickCell(view, QStringLiteral("gray->white"));
    QCOMPARE(view->proxy()->rowCount(), matrix.value("gray").toObject().value("white").toInt());
}

void TestTransitionMatrix::anOppFolderOffersItsSocs()
{
    // Compare with Library Folder on a store root of three SoCs (tests/data/atlas): one SoC
    // checked is the other side of the diff, as 'library diff SAMPLE ROOT --soc socy'; several
    // go to the atlas.
    const QString root = testData(QStringLiteral("atlas"));
    m_prompt->fileNames = {root};
    m_prompt->chosenItems = QStringList {"socy"};
    action(m_window, "actionCompareLibraryFolder")->trigger();
    QVERIFY2(m_prompt->log.contains(
                 QStringLiteral("chooseItems: Compare with SoCs of atlas: socx,socy,socz")),
             qPrintable(m_prompt->log.join(u'\n')));
    DiffView *view = m_window->diffView();
    QCOMPARE(view->mode(), DiffView::Mode::OtherLibrary);
    QVERIFY(m_window->diffView()->isVisible());
    view->findChild<QCheckBox *>(QStringLiteral("diffApplyMixlist"))->setChecked(false);
    const CliRun cli = runOpsinfo(
        {"library", "diff",
         QStringLiteral(OPSINFO_SOURCE_DIR "/resources/sample/aic-ascend910b-ops-info.json"), root,
         "--soc", "socy", "--matrix", "--json"});
    QVERIFY2(cli.code == 0, qPrintable(cli.err));
    const QJsonObject matrix = QJsonDocument::fromJson(cli.out.toUtf8())
                                   .object()
                                   .value(QStringLiteral("matrix"))
                                   .toObject();
    for (Policy a : TransitionMatrix::order)
        for (Policy b : TransitionMatrix::order) {
            const QString cell = QStringLiteral("%1->%2").arg(policyName(a), policyName(b));
            QCOMPARE(view->matrixModel()->indexOf(cell).data().toInt(),
                     matrix.value(QString::fromLatin1(policyName(a)))
                         .toObject()
                         .value(QString::fromLatin1(policyName(b)))
                         .toInt());
        }

    m_prompt->fileNames = {root};
    m_prompt->chosenItems = QStringList {"socx", "socz"};
    action(m_window, "actionCompareLibraryFolder")->trigger();
    QCOMPARE(m_window->atlasView()->sourceNames(), (QStringList {"socx", "socz"}));
    QVERIFY(m_window->atlasView()->isVisible());

    // Nothing checked: nothing changes.
    m_prompt->fileNames = {root};
    m_prompt->chosenItems = QStringList {};
    action(m_window, "actionCompareLibraryFolder")->trigger();
    QCOMPARE(m_window->atlasView()->sourceNames(), (QStringList {"socx", "socz"}));
}

QTEST_MAIN(TestTransitionMatrix)
#include "tst_transitionmatrix.moc"
