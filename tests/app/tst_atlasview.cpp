// The policy atlas in the app (issue 14): sources from an opp / store folder (every soc folder
// offered), from library files (user copies) and the open library; its rows against `opsinfo
// library diff` for every pair of sources; filters; CSV and SVG exports against the CLI's. The real
// window; the fixtures of tests/data/atlas and the 17 SoCs of ../shared/data when present.
#include "clirun.h"
#include "diff/policyatlas.h"
#include "mainwindowfixture.h"

#include <QAction>
#include <QCheckBox>
#include <QJsonArray>
#include <QLineEdit>
#include <QTableView>
#include <QXmlStreamReader>

#include <set>

using namespace opsinfo;

namespace {

QAction *action(MainWindow *window, const char *name)
{
    return window->findChild<QAction *>(QString::fromLatin1(name));
}

QString atlasRoot()
{
    return testData(QStringLiteral("atlas"));
}

QStringList shownTypes(const AtlasView *view)
{
    QStringList types;
    for (int r = 0; r < view->proxy()->rowCount(); ++r)
        types << view->proxy()->index(r, AtlasModel::TypeColumn).data().toString();
    return types;
}

// For every pair of sources: the op types whose cells differ in the atlas model are those
// `opsinfo library diff A B` lists.
void checkPairsAgainstTheCli(const AtlasModel *model, const QStringList &paths,
                             const QStringList &socs)
{
    const int sources = model->sourceCount();
    QCOMPARE(sources, int(paths.size()));
    for (int i = 0; i < sources; ++i)
        for (int j = i + 1; j < sources; ++j) {
            QStringList args {"library", "diff", paths[i], paths[j], "--json"};
            if (!socs[i].isEmpty())
                args = QStringList {
                    "library", "diff",
                    paths[i] + QStringLiteral("/op_impl/ai_core/tbe/config/") + socs[i],
                    paths[j] + QStringLiteral("/op_impl/ai_core/tbe/config/") + socs[j], "--json"};
            const CliRun cli = runOpsinfo(args);
            QVERIFY2(cli.code == 0, qPrintable(cli.err));
            std::set<QString> fromCli, fromAtlas;
            for (const QJsonValue &row :
                 QJsonDocument::fromJson(cli.out.toUtf8()).object().value("changed").toArray())
                fromCli.insert(row.toObject().value("op_type").toString());
            for (int r = 0; r < model->rowCount(); ++r) {
                const int a = model->index(r, AtlasModel::FirstSourceColumn + i)
                                  .data(AtlasModel::PolicyRole)
                                  .toInt();
                const int b = model->index(r, AtlasModel::FirstSourceColumn + j)
                                  .data(AtlasModel::PolicyRole)
                                  .toInt();
                if (a != b)
                    fromAtlas.insert(model->index(r, AtlasModel::TypeColumn).data().toString());
            }
            QVERIFY2(fromAtlas == fromCli, qPrintable(QStringLiteral("%1 vs %2").arg(i).arg(j)));
        }
}

} // namespace

class TestAtlasView : public QObject, public MainWindowFixture
{
    Q_OBJECT

private slots:
    void initTestCase() { setUpCase(); }
    void init() { setUp(); }
    void cleanup() { tearDown(); }

    void aStoreFolderOffersEverySoc();
    void theChosenSocsOnly();
    void rowsAgreeWithTheCliPerPair();
    void filters();
    void openLibraryAndMixlist();
    void exportsAgreeWithTheCli();
    void userCopiesAsFiles();
    void aFolderOfCopiesOffersEveryFile();
    void aSplitSocFolderIsOneLibrary();
    void twoCannVersions();
    void realSeventeenSocs();
};

void TestAtlasView::aStoreFolderOffersEverySoc()
{
    m_prompt->fileNames = {atlasRoot()};
    action(m_window, "actionAtlasAddFolder")->trigger();
    QVERIFY2(m_prompt->log.contains(QStringLiteral("chooseItems: SoCs of atlas: socx,socy,socz")),
             qPrintable(m_prompt->log.join(u'\n')));
    AtlasView *view = m_window->atlasView();
    QCOMPARE(view->sourceNames(), (QStringList {"socx", "socy", "socz"}));
    // Differing rows first: colour, then presence, then the same (tests/data/atlas/README.md).
    QCOMPARE(shownTypes(view), (QStringList {"Gelu", "Relu", "OnlyX", "OnlyY", "Add", "Cast"}));
    const AtlasModel *model = view->model();
    QCOMPARE(model->columnCount(), AtlasModel::FirstSourceColumn + 3);
    QCOMPARE(model->headerData(AtlasModel::FirstSourceColumn + 1, Qt::Horizontal, Qt::DisplayRole)
                 .toString(),
             QStringLiteral("socy"));
    // Relu: black, black without an fp32 column, gray.
    const int relu = 1;
    QCOMPARE(model->index(relu, AtlasModel::FirstSourceColumn).data(AtlasModel::PolicyRole).toInt(),
             int(Policy::Black));
    QCOMPARE(model->index(relu, AtlasModel::FirstSourceColumn + 1)
                 .data(AtlasModel::LackingRole)
                 .toString(),
             QStringLiteral("bf16, fp32"));
    QCOMPARE(
        model->index(relu, AtlasModel::FirstSourceColumn + 2).data(AtlasModel::PolicyRole).toInt(),
        int(Policy::Gray));
    // OnlyX: absent in socy and socz.
    QCOMPARE(
        model->index(2, AtlasModel::FirstSourceColumn + 1).data(AtlasModel::PolicyRole).toInt(),
        -1);
    QVERIFY(model->index(2, AtlasModel::FirstSourceColumn + 1)
                .data(Qt::ToolTipRole)
                .toString()
                .contains(QStringLiteral("has no op type OnlyX")));
    QCOMPARE(model->index(0, AtlasModel::DifferenceColumn).data().toString(),
             QStringLiteral("colour"));
}

void TestAtlasView::theChosenSocsOnly()
{
    m_prompt->chosenItems = QStringList {"socx", "socz"};
    QVERIFY(m_window->atlasView()->addPaths({atlasRoot()}));
    QCOMPARE(m_window->atlasView()->sourceNames(), (QStringList {"socx", "socz"}));
    // Nothing chosen: nothing added.
    m_prompt->chosenItems = QStringList {};
    QVERIFY(!m_window->atlasView()->addPaths({atlasRoot()}));
    QCOMPARE(m_window->atlasView()->sourceNames().size(), 2);
    action(m_window, "actionAtlasClear")->trigger();
    QCOMPARE(m_window->atlasView()->model()->rowCount(), 0);
}

void TestAtlasView::rowsAgreeWithTheCliPerPair()
{
    QVERIFY(m_window->atlasView()->addPaths({atlasRoot()}));
    checkPairsAgainstTheCli(m_window->atlasView()->model(), {atlasRoot(), atlasRoot(), atlasRoot()},
                            {"socx", "socy", "socz"});
}

void TestAtlasView::filters()
{
    AtlasView *view = m_window->atlasView();
    QVERIFY(view->addPaths({atlasRoot()}));
    view->findChild<QCheckBox *>(QStringLiteral("atlasDifferingOnly"))->setChecked(true);
    QCOMPARE(shownTypes(view), (QStringList {"Gelu", "Relu", "OnlyX", "OnlyY"}));
    view->findChild<QLineEdit *>(QStringLiteral("atlasFilter"))->setText(QStringLiteral("only"));
    QCOMPARE(shownTypes(view), (QStringList {"OnlyX", "OnlyY"}));
    view->findChild<QCheckBox *>(QStringLiteral("atlasDifferingOnly"))->setChecked(false);
    view->findChild<QLineEdit *>(QStringLiteral("atlasFilter"))->clear();
    QCOMPARE(view->proxy()->rowCount(), 6);
    // Sorting by a source's colour and back to the atlas order.
    view->table()->sortByColumn(AtlasModel::FirstSourceColumn, Qt::AscendingOrder);
    QCOMPARE(
        view->proxy()->index(0, AtlasModel::FirstSourceColumn).data(AtlasModel::PolicyRole).toInt(),
        -1); // OnlyY
    view->table()->sortByColumn(AtlasModel::DifferenceColumn, Qt::AscendingOrder);
    QCOMPARE(shownTypes(view).front(), QStringLiteral("Gelu"));
}

void TestAtlasView::openLibraryAndMixlist()
{
    AtlasView *view = m_window->atlasView();
    QVERIFY(view->addPaths({atlasRoot()}));
    action(m_window, "actionAtlasAddOpenLibrary")->trigger();
    const QStringList names = view->sourceNames();
    QCOMPARE(names.size(), 4);
    QVERIFY2(names.last().startsWith(QStringLiteral("open: ")), qPrintable(names.last()));
    // The sample mixlist on every source: Gelu is white everywhere it is.
    view->setApplyMixlist(true);
    const AtlasModel *model = view->model();
    for (int r = 0; r < model->rowCount(); ++r)
        if (model->index(r, AtlasModel::TypeColumn).data().toString() == QStringLiteral("Gelu"))
            for (int c = 0; c < model->sourceCount(); ++c) {
                const int policy = model->index(r, AtlasModel::FirstSourceColumn + c)
                                       .data(AtlasModel::PolicyRole)
                                       .toInt();
                QVERIFY(policy == int(Policy::White) || policy == -1);
            }
    // Adding the open library again replaces it.
    action(m_window, "actionAtlasAddOpenLibrary")->trigger();
    QCOMPARE(view->sourceNames().size(), 4);
}

void TestAtlasView::exportsAgreeWithTheCli()
{
    AtlasView *view = m_window->atlasView();
    QVERIFY(view->addPaths({atlasRoot()}));
    QTemporaryDir dir;
    const QString csv = dir.filePath(QStringLiteral("atlas.csv"));
    const QString svg = dir.filePath(QStringLiteral("atlas.svg"));
    m_prompt->fileNames = {csv, svg};
    action(m_window, "actionExportAtlasCsv")->trigger();
    action(m_window, "actionExportAtlasSvg")->trigger();
    const CliRun cli = runOpsinfo({"library", "diff", atlasRoot(), "--each-soc", "--csv"});
    QCOMPARE(cli.code, 0);
    QCOMPARE(QString::fromUtf8(readAllBytes(csv)), cli.out);
    QXmlStreamReader xml(readAllBytes(svg));
    int rows = 0;
    while (!xml.atEnd())
        if (xml.readNext() == QXmlStreamReader::StartElement
            && xml.attributes().value(QStringLiteral("class")) == QStringLiteral("row"))
            ++rows;
    QVERIFY(!xml.hasError());
    QCOMPARE(rows, 6);
    // The rows shown: filtered, the export has only those.
    view->findChild<QCheckBox *>(QStringLiteral("atlasDifferingOnly"))->setChecked(true);
    QVERIFY(view->exportCsv(csv));
    const CliRun differing
        = runOpsinfo({"library", "diff", atlasRoot(), "--each-soc", "--csv", "--differing-only"});
    QCOMPARE(QString::fromUtf8(readAllBytes(csv)), differing.out);
}

void TestAtlasView::userCopiesAsFiles()
{
    REQUIRE_SHARED_DATA();
    const QString folder = sharedData(QStringLiteral("opsinfo/modelzoo-tf-user-copies"));
    const QStringList files {folder + QStringLiteral("/CharCNN__aic-ascend910-ops-info.json"),
                             folder + QStringLiteral("/GNMT_ID0015__aic-ascend910-ops-info.json")};
    const QString ascend910
        = sharedData(QStringLiteral("opsinfo/cann-8.1.RC1/op_impl/ai_core/tbe/config/ascend910"));
    m_prompt->fileNameLists = {files};
    action(m_window, "actionAtlasAddFiles")->trigger();
    QVERIFY2(m_window->atlasView()->addPaths({ascend910}), qPrintable(m_prompt->log.join(u'\n')));
    // GNMT's copy is one the compiler refuses (L6: PadV3 output0 has 2 dtypes but 5 formats): it is
    // reported with its place and left out, the other sources still make the atlas.
    const QString log = m_prompt->log.join(u'\n');
    QVERIFY2(log.contains(QStringLiteral("GNMT_ID0015__aic-ascend910-ops-info.json was not added")),
             qPrintable(log));
    QVERIFY2(log.contains(QStringLiteral("GNMT_ID0015__aic-ascend910-ops-info.json:21837:22")),
             qPrintable(log));
    QCOMPARE(m_window->atlasView()->sourceNames(),
             (QStringList {"CharCNN__aic-ascend910-ops-info.json", "ascend910"}));
    checkPairsAgainstTheCli(m_window->atlasView()->model(), QStringList {files.front(), ascend910},
                            {"", ""});
}

void TestAtlasView::aFolderOfCopiesOffersEveryFile()
{
    // Add Folder on a folder of user copies (tests/data/atlas-copies): each checked file a column,
    // as 'library diff --each-file'.
    const QString copies = testData(QStringLiteral("atlas-copies"));
    m_prompt->fileNames = {copies};
    action(m_window, "actionAtlasAddFolder")->trigger();
    QVERIFY2(
        m_prompt->log.contains(QStringLiteral(
            "chooseItems: Library copies in atlas-copies: modelA__aic-socx-ops-info.json,modelB__aic-socx-ops-info.json")),
        qPrintable(m_prompt->log.join(u'\n')));
    AtlasView *view = m_window->atlasView();
    QCOMPARE(view->sourceNames(),
             (QStringList {"modelA__aic-socx-ops-info.json", "modelB__aic-socx-ops-info.json"}));
    QVERIFY(view->addPaths({atlasRoot() + QStringLiteral("/op_impl/ai_core/tbe/config/socx")}));
    QTemporaryDir dir;
    const QString csv = dir.filePath(QStringLiteral("copies.csv"));
    QVERIFY(view->exportCsv(csv));
    const CliRun cli = runOpsinfo({"library", "diff", copies,
                                   atlasRoot() + QStringLiteral("/op_impl/ai_core/tbe/config/socx"),
                                   "--each-file", "--csv"});
    QCOMPARE(cli.code, 0);
    QCOMPARE(QString::fromUtf8(readAllBytes(csv)), cli.out);
    // Only the checked ones.
    action(m_window, "actionAtlasClear")->trigger();
    m_prompt->chosenItems = QStringList {"modelB__aic-socx-ops-info.json"};
    QVERIFY(view->addPaths({copies}));
    QCOMPARE(view->sourceNames(), (QStringList {"modelB__aic-socx-ops-info.json"}));
}

void TestAtlasView::aSplitSocFolderIsOneLibrary()
{
    // CANN 8.5's split soc folder (-legacy, -nn, ... pieces) is one library, not copies: no prompt.
    REQUIRE_SHARED_DATA();
    const QString folder = sharedData(
        QStringLiteral("opsinfo/hicann-ge-910b-split-stub/op_impl/ai_core/tbe/config/ascend910b"));
    QVERIFY2(m_window->atlasView()->addPaths({folder}), qPrintable(m_prompt->log.join(u'\n')));
    QVERIFY(m_prompt->log.filter(QStringLiteral("chooseItems")).isEmpty());
    QCOMPARE(m_window->atlasView()->sourceNames(), (QStringList {"ascend910b"}));
}

void TestAtlasView::twoCannVersions()
{
    // ascend910b of CANN 8.1.RC1 and of the split layout, named by their opp folder; each pair
    // against 'library diff'.
    REQUIRE_SHARED_DATA();
    const QString cann = sharedData(QStringLiteral("opsinfo/cann-8.1.RC1"));
    const QString stub = sharedData(QStringLiteral("opsinfo/hicann-ge-910b-split-stub"));
    m_prompt->chosenItems = QStringList {"ascend910b"};
    QVERIFY(m_window->atlasView()->addPaths({cann}));
    QVERIFY(m_window->atlasView()->addPaths({stub}));
    QCOMPARE(m_window->atlasView()->sourceNames(),
             (QStringList {"cann-8.1.RC1/ascend910b", "hicann-ge-910b-split-stub/ascend910b"}));
    checkPairsAgainstTheCli(m_window->atlasView()->model(), {cann, stub},
                            {"ascend910b", "ascend910b"});
}

void TestAtlasView::realSeventeenSocs()
{
    REQUIRE_SHARED_DATA();
    const QString cann = sharedData(QStringLiteral("opsinfo/cann-8.1.RC1"));
    QVERIFY(m_window->atlasView()->addPaths({cann}));
    const QStringList socs = m_window->atlasView()->sourceNames();
    QCOMPARE(socs.size(), 17);
    QStringList paths;
    for (int i = 0; i < socs.size(); ++i)
        paths << cann;
    checkPairsAgainstTheCli(m_window->atlasView()->model(), paths, socs);
    const CliRun cli = runOpsinfo({"library", "diff", cann, "--each-soc", "--json"});
    QCOMPARE(m_window->atlasView()->model()->rowCount(),
             QJsonDocument::fromJson(cli.out.toUtf8()).object().value("rows").toArray().size());
}

QTEST_MAIN(TestAtlasView)
#include "tst_atlasview.moc"
