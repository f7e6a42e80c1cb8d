// Every real library opens in the app, whatever the compiler thinks of it: all op types listed
// and editable, what the compiler refuses shown as problems with positions (a banner, the list,
// the entry's raw text), a one-flag edit that changes one line, and no view that makes the window
// taller or wider than a screen, in English and in Chinese (issue 20).
#include "library/libraryloader.h"
#include "quietwindow.h"
#include "reallibraries.h"
#include "studio/common/translations.h"
#include "studio/document/filecontroller.h"
#include "studio/document/librarydocument.h"
#include "studio/document/scriptedprompt.h"
#include "studio/document/workspace.h"
#include "studio/library/librarymodel.h"
#include "studio/library/libraryview.h"
#include "studio/library/problemmodel.h"
#include "studio/library/problempanel.h"
#include "studio/mainwindow/mainwindow.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QFile>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

using namespace opsinfo;

namespace {

// A screen the app must fit on: the window may never be made larger than this by a view.
constexpr int kScreenWidth = 1920;
constexpr int kScreenHeight = 1080;

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

const MainWindow::View kViews[]
    = {MainWindow::View::Library,   MainWindow::View::Mixlist, MainWindow::View::Graph,
       MainWindow::View::Diff,      MainWindow::View::Atlas,   MainWindow::View::Matrix,
       MainWindow::View::GraphDiff, MainWindow::View::Advisor};

} // namespace

class TestRealLibraries : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { QVERIFY(keepAppStateIn(m_state)); }
    void cleanup() { Translations::install(QLocale(QLocale::English)); }

    void opensEveryRealLibrary_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("language");
        for (const QString &language : {QStringLiteral("en"), QStringLiteral("zh_CN")})
            for (const QString &path : realLibraryFiles())
                QTest::newRow(realRowName(path) + " " + language.toUtf8()) << path << language;
    }
    void opensEveryRealLibrary()
    {
        REQUIRE_SHARED_DATA();
        QFETCH(QString, path);
        QFETCH(QString, language);
        QCOMPARE(Translations::install(
                     language == QLatin1String("en")
                         ? QLocale(QLocale::English)
                         : Translations::localeFor(Translations::Choice::SimplifiedChinese)),
                 language);
        QuietWindow quiet;
        MainWindow &window = quiet.window;
        ProblemPanel *problems = window.libraryView()->problemPanel();
        new QAbstractItemModelTester(
            problems->model(), QAbstractItemModelTester::FailureReportingMode::QtTest, &window);
        QVERIFY2(quiet.openAndShow({path}), qPrintable(quiet.prompt.log.join('\n')));

        // Every op type the loader reads is listed, refused store or not.
        const LibraryLoadResult expected = loadLibraryPath(path.toStdString());
        const LibraryDocument *document = window.workspace()->libraryDocument();
        QVERIFY(!expected.library.ops().empty());
        QCOMPARE(document->library().ops().size(), expected.library.ops().size());
        QCOMPARE(window.libraryView()->model()->rowCount(), int(expected.library.ops().size()));

        // What the compiler refuses: a banner with the count and one row per problem, with its
        // position; nothing when it accepts the store.
        const std::size_t refused = expected.library.refusal().problems;
        QCOMPARE(std::size_t(problems->model()->errorCount()), refused);
        auto *banner = window.findChild<QLabel *>(QStringLiteral("libraryRefusalBanner"));
        QVERIFY(banner);
        QCOMPARE(banner->isVisible(), refused > 0);
        if (refused > 0) {
            QVERIFY2(banner->text().contains(QString::number(refused)), qPrintable(banner->text()));
            QVERIFY(problems->isVisible());
            // The first problem is picked: its op selected, its entry's raw text shown.
            const QString type
                = problems->table()->currentIndex().data(ProblemModel::TypeRole).toString();
            QVERIFY(!type.isEmpty());
            QCOMPARE(window.libraryView()->selectedTypes(),
                     std::vector<std::string> {type.toStdString()});
            QVERIFY2(problems->entryText()->toPlainText().startsWith('"' + type + '"'),
                     qPrintable(problems->entryText()->toPlainText().left(80)));
        }

        // No view makes the window larger than a screen.
        for (MainWindow::View view : kViews) {
            window.showView(view);
            QCoreApplication::processEvents();
            const QSize size = window.size().expandedTo(window.minimumSizeHint());
            QVERIFY2(size.width() <= kScreenWidth && size.height() <= kScreenHeight,
                     qPrintable(QStringLiteral("view %1: window %2 x %3")
                                    .arg(int(view))
                                    .arg(size.width())
                                    .arg(size.height())));
        }
    }

    // GNMT's copy: the two L6 problems the compiler reports, at their positions, in the list; a
    // click on the second selects PadV3 and shows its entry.
    void gnmtShowsItsTwoProblems()
    {
        REQUIRE_SHARED_DATA();
        const QString path = sharedData(QStringLiteral(
            "opsinfo/modelzoo-tf-user-copies/GNMT_ID0015__aic-ascend910-ops-info.json"));
        QuietWindow quiet;
        MainWindow &window = quiet.window;
        ScriptedPrompt &prompt = quiet.prompt;
        QVERIFY2(quiet.openAndShow({path}), qPrintable(quiet.prompt.log.join('\n')));
        ProblemPanel *problems = window.libraryView()->problemPanel();
        ProblemModel *model = problems->model();
        QCOMPARE(model->rowCount(), 2);
        const auto cell
            = [model](int row, int column) { return model->index(row, column).data().toString(); };
        QCOMPARE(cell(0, ProblemModel::LocationColumn),
                 QStringLiteral("GNMT_ID0015__aic-ascend910-ops-info.json:7552:23"));
        QCOMPARE(cell(0, ProblemModel::OpColumn), QStringLiteral("CTCLossV2Grad"));
        QVERIFY(cell(0, ProblemModel::MessageColumn).contains(QLatin1String("input6: 'log'")));
        QCOMPARE(cell(1, ProblemModel::LocationColumn),
                 QStringLiteral("GNMT_ID0015__aic-ascend910-ops-info.json:21837:22"));
        QCOMPARE(cell(1, ProblemModel::OpColumn), QStringLiteral("PadV3"));
        QCOMPARE(cell(1, ProblemModel::RuleColumn), QStringLiteral("L6"));

        const QRect second
            = problems->table()->visualRect(model->index(1, ProblemModel::MessageColumn));
        QTest::mouseClick(problems->table()->viewport(), Qt::LeftButton, {}, second.center());
        QCOMPARE(window.libraryView()->selectedTypes(), std::vector<std::string> {"PadV3"});
        const QString entry = problems->entryText()->toPlainText();
        QVERIFY2(entry.startsWith(QLatin1String("\"PadV3\"")), qPrintable(entry.left(80)));
        // The cursor stands on the line the problem names (output0's 5 formats).
        QVERIFY2(problems->entryText()->textCursor().selectedText().contains(
                     QLatin1String("\"format\":\"ND,ND,ND,ND,ND\"")),
                 qPrintable(problems->entryText()->textCursor().selectedText()));
        // The dialog's text is also in the window, for a --screenshot of this moment.
        QVERIFY(prompt.dialogs.join('\n').contains(QLatin1String("7552:23")));
    }

    // A one-flag edit in the app, saved: exactly the flag's line changes (where the op has no
    // precision_reduce item, as in the files without any, the item is inserted and no line of
    // the file changes).
    void oneFlagEditChangesOneLine_data()
    {
        QTest::addColumn<QString>("path");
        for (const QString &path : realLibraryFiles())
            QTest::newRow(realRowName(path)) << path;
    }
    void oneFlagEditChangesOneLine()
    {
        REQUIRE_SHARED_DATA();
        QFETCH(QString, path);
        QuietWindow quiet;
        MainWindow &window = quiet.window;
        ScriptedPrompt &prompt = quiet.prompt;
        QVERIFY(window.openPaths({path}));
        const OpLibrary &library = window.workspace()->libraryDocument()->library();
        const OpEntry *target = nullptr;
        for (const OpEntry &op : library.ops())
            if (op.flagBegin != OpEntry::npos) {
                target = &op;
                break;
            }
        const bool hasFlag = target != nullptr;
        if (!target)
            target = &library.ops().front();
        const QString type = QString::fromStdString(target->type);
        const bool toBlack = target->policy == Policy::White;
        window.libraryView()->selectType(type);
        window
            .findChild<QAction *>(toBlack ? QStringLiteral("actionSetBlack")
                                          : QStringLiteral("actionSetWhite"))
            ->trigger();
        QCOMPARE(window.workspace()->libraryDocument()->policy(target->type),
                 toBlack ? Policy::Black : Policy::White);
        QTemporaryDir dir;
        const QString saved = dir.filePath(QStringLiteral("saved.json"));
        prompt.fileNames = {saved};
        window.findChild<QAction *>(QStringLiteral("actionSaveAs"))->trigger();
        QVERIFY2(QFile::exists(saved), qPrintable(prompt.log.join('\n')));
        const int changed = changedLines(readAll(path), readAll(saved));
        if (hasFlag)
            QCOMPARE(changed, 1);
        else
            QVERIFY2(changed > 0, "the precision_reduce item is inserted; no line changes");
        // The saved file reads back with the new colour and everything else as it was.
        const LibraryLoadResult reread = loadLibraryFile(saved.toStdString());
        QCOMPARE(reread.library.ops().size(), library.ops().size());
        QCOMPARE(reread.library.find(target->type)->policy,
                 toBlack ? Policy::Black : Policy::White);
    }

    // A library opened as a mixlist by mistake: the lenient import repairs ~600 keys away, and
    // its notes scroll instead of making the window 9,000 px tall (as they did).
    void mixlistRepairNotesDoNotGrowTheWindow()
    {
        REQUIRE_SHARED_DATA();
        QuietWindow quiet;
        MainWindow &window = quiet.window;
        QVERIFY(quiet.openAndShow({}));
        QVERIFY(window.files()->openMixlist(sharedData(QStringLiteral(
            "opsinfo/modelzoo-tf-user-copies/GNMT_ID0015__aic-ascend910-ops-info.json"))));
        auto *notes = window.findChild<QPlainTextEdit *>(QStringLiteral("mixlistImportNotes"));
        QVERIFY(notes);
        QVERIFY(notes->toPlainText().count('\n') > 500);
        window.showView(MainWindow::View::Mixlist);
        QCoreApplication::processEvents();
        const QSize size = window.size().expandedTo(window.minimumSizeHint());
        QVERIFY2(size.height() <= kScreenHeight, qPrintable(QString::number(size.height())));
    }

    // A certain fix in the app: the 910B library with one "float16" written "fp16" opens with one
    // problem; Apply Fix repairs it (one undo step), Save writes back exactly the real file.
    void applyFixRestoresTheRealFile()
    {
        REQUIRE_SHARED_DATA();
        const QString real = sharedData(QStringLiteral(
            "opsinfo/cann-8.1.RC1/op_impl/ai_core/tbe/config/ascend910b/aic-ascend910b-ops-info.json"));
        QByteArray bytes = readAll(real);
        const qsizetype at = bytes.indexOf("\"dtype\":\"float16,");
        QVERIFY(at > 0);
        bytes.replace(at, 17, "\"dtype\":\"fp16,");
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("aic-ascend910b-ops-info.json"));
        {
            QFile file(path);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(bytes);
        }
        QuietWindow quiet;
        MainWindow &window = quiet.window;
        ScriptedPrompt &prompt = quiet.prompt;
        QVERIFY2(quiet.openAndShow({path}), qPrintable(quiet.prompt.log.join('\n')));
        ProblemPanel *problems = window.libraryView()->problemPanel();
        QCOMPARE(problems->model()->errorCount(), 1);
        QCOMPARE(problems->table()->currentIndex().row(), 0); // the first error is picked
        QVERIFY(problems->entryText()->toPlainText().contains(
            QLatin1String("Certain fix: 'fp16' -> 'float16'")));
        auto *banner = window.findChild<QLabel *>(QStringLiteral("libraryRefusalBanner"));
        QVERIFY(banner->isVisible());
        QVERIFY(problems->applyFixButton()->isEnabled());
        QTest::mouseClick(problems->applyFixButton(), Qt::LeftButton);
        QCOMPARE(problems->model()->errorCount(), 0);
        QCOMPARE(problems->model()->index(0, ProblemModel::SeverityColumn).data().toString(),
                 QStringLiteral("fixed"));
        QVERIFY(!banner->isVisible());
        QVERIFY(!problems->applyFixButton()->isEnabled());
        LibraryDocument *document = window.workspace()->libraryDocument();
        QVERIFY(document->isModified());
        // One undo step: undone, the problem is back.
        document->undoStack()->undo();
        QCOMPARE(problems->model()->errorCount(), 1);
        QVERIFY(banner->isVisible());
        document->undoStack()->redo();
        window.findChild<QAction *>(QStringLiteral("actionSave"))->trigger();
        QVERIFY2(!document->isModified(), qPrintable(prompt.log.join('\n')));
        QCOMPARE(readAll(path), readAll(real));
    }

private:
    QTemporaryDir m_state;
};

QTEST_MAIN(TestRealLibraries)
#include "tst_reallibraries.moc"
