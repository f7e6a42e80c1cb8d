// The real main window as a whole on the embedded sample: dropped files, the Diff tab's
// transitions, every view rendered, a library the compiler refuses, a folder of several SoCs.
#include "mainwindowfixture.h"
#include "shareddata.h"

#include "studio/common/translations.h"
#include "studio/document/librarydocument.h"
#include "studio/document/mixlistdocument.h"
#include "studio/document/workspace.h"
#include "studio/library/librarymodel.h"
#include <QLabel>

#include <QApplication>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QFileInfo>
#include <QMenu>
#include <QMimeData>
#include <QTemporaryDir>
#include <QTest>

using namespace opsinfo;

class TestMainWindow : public QObject, public MainWindowFixture
{
    Q_OBJECT

private slots:
    void initTestCase() { setUpCase(); }
    void init() { setUp(); }
    void cleanup() { tearDown(); }

    void opensDroppedFiles();
    void showsStoreRefusals();
    void opensOneSocOfSeveral_data();
    void opensOneSocOfSeveral();
    void diffListsTransitions();
    void rendersEveryView();
    void showsDialogMessagesBounded();
};

void TestMainWindow::opensDroppedFiles()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("ops_info.json"));
    {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        // Lenient import: a comment and a trailing comma are repaired, with a note each.
        file.write(
            "{ // keep softmax in fp32\n  \"black-list\": { \"to-add\": [\"SoftmaxV2\", \"Exp\",] }\n}\n");
    }
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(path)});
    QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(m_window, &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(m_window, &drop);
    MixlistDocument *mixlist = m_window->workspace()->mixlistDocument();
    QCOMPARE(mixlist->path(), path);
    QCOMPARE(slotTypes(m_window->mixlistEditor(), MixlistList::Black, MixlistAction::Add),
             QStringList({QStringLiteral("SoftmaxV2"), QStringLiteral("Exp")}));
    QVERIFY(mixlist->importDiagnostics().size() >= 2);
    QVERIFY(m_window->windowTitle().contains(QLatin1String("ops_info.json")));
    // It is offered again under File > Open Recent.
    auto *recent = m_window->findChild<QMenu *>(QStringLiteral("menuRecent"));
    QVERIFY(recent && recent->isEnabled());
    QVERIFY(!recent->actions().isEmpty());
    QCOMPARE(recent->actions().front()->toolTip(), QFileInfo(path).absoluteFilePath());
}

// A library FE would refuse (SEMANTICS L6) opens for repair with the load-error dialog naming file,
// line, column and what to change, in the UI language.
void TestMainWindow::showsStoreRefusals()
{
    const QString path = QStringLiteral(OPSINFO_TEST_DATA "/library/l6/columns.json");
    QVERIFY(m_window->openPaths({path}));
    QCOMPARE(m_window->workspace()->libraryDocument()->path(), path);
    QString log = m_prompt->log.join(QLatin1Char('\n'));
    QVERIFY2(log.contains(QStringLiteral("error: columns.json has errors")), qPrintable(log));
    QVERIFY2(log.contains(QStringLiteral(
                 "columns.json:17:22: error: op 'Add', output0 has 2 kernel columns but "
                 "input0 has 3; the compiler refuses the whole store [L6]")),
             qPrintable(log));
    QVERIFY(log.contains(QStringLiteral("give output0 3 items")));

    QCOMPARE(Translations::install(QLocale(QLocale::Chinese, QLocale::China)),
             QStringLiteral("zh_CN"));
    m_prompt->log.clear();
    const QString tokens = QStringLiteral(OPSINFO_TEST_DATA "/library/l6/dtype_tokens.json");
    const bool opened = m_window->openPaths({tokens});
    log = m_prompt->log.join(QLatin1Char('\n'));
    Translations::install(QLocale(QLocale::English, QLocale::UnitedStates));
    QVERIFY(opened);
    QVERIFY2(
        log.contains(QStringLiteral("dtype_tokens.json:10:31: 错误: 算子 'Mul'，output0：'fp32' "
                                    "不是编译器认识的数据类型; 编译器会拒绝整个算子库 [L6]")),
        qPrintable(log));
    QVERIFY2(log.contains(QStringLiteral("请使用 GE 的数据类型名")), qPrintable(log));
}

// FE compiles for one SoC, and the loader refuses to guess among several (L5): opening a folder
// that holds several asks which one; a cancelled question keeps the library that was open.
void TestMainWindow::opensOneSocOfSeveral_data()
{
    QTest::addColumn<QString>("folder"); // under tests/data, or shared: under ../shared/data
    QTest::addColumn<QString>("answer"); // chooseOne's answer; "-" when no question is expected
    QTest::addColumn<QString>("asked"); // the SoCs offered
    QTest::addColumn<QString>("title"); // the window title's library part; empty: not opened
    QTest::addColumn<QString>("typeInLibrary");
    QTest::newRow("store root, the second SoC") << "atlas"
                                                << "socy"
                                                << "socx,socy,socz"
                                                << "atlas / socy"
                                                << "Relu";
    QTest::newRow("config folder, the last SoC") << "atlas/op_impl/ai_core/tbe/config"
                                                 << "socz"
                                                 << "socx,socy,socz"
                                                 << "config / socz"
                                                 << "Relu";
    QTest::newRow("cancelled: the sample stays") << "atlas"
                                                 << ""
                                                 << "socx,socy,socz"
                                                 << ""
                                                 << "";
    QTest::newRow("a SoC folder itself: no question") << "atlas/op_impl/ai_core/tbe/config/socx"
                                                      << "-"
                                                      << ""
                                                      << "socx"
                                                      << "OnlyX";
    QTest::newRow("real CANN 8.1.RC1 opp, ascend910b") << "shared:opsinfo/cann-8.1.RC1"
                                                       << "ascend910b"
                                                       << ""
                                                       << "cann-8.1.RC1 / ascend910b"
                                                       << "MatMulV2";
}

void TestMainWindow::opensOneSocOfSeveral()
{
    QFETCH(QString, folder);
    QFETCH(QString, answer);
    QFETCH(QString, asked);
    QFETCH(QString, title);
    QFETCH(QString, typeInLibrary);
    if (folder.startsWith(QLatin1String("shared:"))) {
        REQUIRE_SHARED_DATA();
        folder = sharedData(folder.mid(7));
    } else {
        folder = QStringLiteral(OPSINFO_TEST_DATA "/") + folder;
    }
    LibraryDocument *document = m_window->workspace()->libraryDocument();
    const QString before = document->path();
    if (answer != QLatin1String("-"))
        m_prompt->chosenItem = answer;
    const bool opened = m_window->openPaths({folder});
    const QString log = m_prompt->log.join(u'\n');
    const QStringList questions = m_prompt->log.filter(QStringLiteral("chooseOne: "));
    if (answer == QLatin1String("-")) {
        QVERIFY2(questions.isEmpty(), qPrintable(log));
    } else {
        QCOMPARE(questions.size(), 1);
        if (!asked.isEmpty())
            QVERIFY2(questions.front().endsWith(QStringLiteral(": ") + asked), qPrintable(log));
        QVERIFY2(questions.front().contains(answer), qPrintable(log));
    }
    if (title.isEmpty()) {
        QVERIFY(!opened);
        QCOMPARE(document->path(), before);
        QVERIFY(document->isSample());
        return;
    }
    QVERIFY2(opened, qPrintable(log));
    QVERIFY2(m_prompt->log.filter(QStringLiteral("error: ")).isEmpty(), qPrintable(log));
    QCOMPARE(document->path(), folder);
    QCOMPARE(document->displayName(), title);
    QVERIFY(m_window->windowTitle().startsWith(title));
    QVERIFY(document->library().find(typeInLibrary.toStdString()));
}

void TestMainWindow::diffListsTransitions()
{
    m_window->libraryView()->selectType(QStringLiteral("Cast"));
    m_window->setSelectedPolicy(Policy::Black);
    m_window->showView(MainWindow::View::Diff);
    m_window->diffView()->setMode(DiffView::Mode::OpenedVsEdited);
    DiffModel *model = m_window->diffView()->model();
    QCOMPARE(model->rowCount(), 1);
    QCOMPARE(model->index(0, DiffModel::TypeColumn).data().toString(), QStringLiteral("Cast"));
    QCOMPARE(model->index(0, DiffModel::TransitionColumn).data().toString(),
             QStringLiteral("gray->black"));

    // Library as opened vs with the sample mixlist and the edit: every op the mixlist changes too.
    m_window->diffView()->setMode(DiffView::Mode::OpenedVsEffective);
    int expected = 0;
    const LibraryDocument *library = m_window->workspace()->libraryDocument();
    for (const OpEntry &e : library->library().ops())
        expected += m_window->workspace()->policyTable().effective(e.type)
            != library->originalPolicy(e.type);
    QCOMPARE(model->rowCount(), expected);
    QVERIFY(expected >= 4);
}

void TestMainWindow::rendersEveryView()
{
    for (int v = 0; v < 4; ++v) {
        m_window->showView(MainWindow::View(v));
        const QPixmap pixmap = m_window->grab();
        QVERIFY(!pixmap.isNull());
        QCOMPARE(pixmap.size(), m_window->size() * pixmap.devicePixelRatio());
    }
}

// What dialogs said in a --screenshot run is drawn above the views, a screen's worth at most.
void TestMainWindow::showsDialogMessagesBounded()
{
    auto *band = m_window->findChild<QLabel *>(QStringLiteral("dialogMessages"));
    QVERIFY(band);
    QVERIFY(band->isHidden());
    QStringList problems;
    for (int i = 1; i <= 30; ++i)
        problems << QStringLiteral("lib.json:%1:1: error: problem %1").arg(i);
    m_window->showDialogMessages({QStringLiteral("lib.json has errors\n") + problems.join('\n')});
    QVERIFY(!band->isHidden());
    const QStringList lines = band->text().split('\n');
    QCOMPARE(lines.size(), 13);
    QCOMPARE(lines.first(), QStringLiteral("lib.json has errors"));
    QCOMPARE(lines.last(), QStringLiteral("… and 19 more line(s)"));
    QVERIFY(m_window->size().height() <= 1080);
    m_window->showDialogMessages({});
    QVERIFY(band->isHidden());
}

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
