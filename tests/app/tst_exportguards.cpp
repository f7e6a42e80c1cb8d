// Every file the app writes goes through the core's one writer (DocumentIo over
// core/common/outputfile): run from the real main window, each Save As and export refuses a target
// that is an input of the open documents (the library file and folder, the graph, the mixlist, the
// Diff tab's comparison library, the atlas columns) and leaves that input as it was, says so when
// the write breaks a hard link, and keeps the owner, group and permission bits of the file it
// replaces.
#include "graphtabfixture.h"

#include "library/libraryloader.h"
#include "studio/diff/atlasview.h"
#include "studio/diff/diffview.h"
#include "studio/document/librarydocument.h"
#include "studio/document/workspace.h"
#include "studio/graph/graphcanvas.h"
#include "studio/library/libraryview.h"

#include <QDir>
#include <QFile>

#include <sys/stat.h>
#include <unistd.h>

using namespace opsinfo;

namespace {

// The actions that write a file the user names, with what each needs to have something to write.
const char *const kWritingActions[] = {
    "actionExportReportJson",     "actionExportReportCsv",
    "actionExportGraphSvg",       "actionExportGraphPng",
    "actionExportGraphKeepDtype", "actionExportKeepDtype",
    "actionExportMinimalMixlist", "actionExportPatchedLibrary",
    "actionSaveMixlistAs",        "actionSaveAs",
    "actionExportMatrixSvg",      "actionExportAtlasCsv",
    "actionExportAtlasSvg",
};

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

struct stat statOf(const QString &path)
{
    struct stat st = {};
    if (::stat(QFile::encodeName(path).constData(), &st) != 0)
        st.st_nlink = 0;
    return st;
}

} // namespace

class TestExportGuards : public QObject, public GraphTabFixture
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        // Library Save As keeps a backup of the file it replaces: in a folder of this test, not
        // beside the targets (the writer refuses backups where a library would load them, L1).
        QVERIFY(m_state.isValid());
        qputenv("XDG_STATE_HOME", m_state.path().toLocal8Bit());
    }
    void init() { setUp(); }
    void cleanup() { tearDown(); }

    void refusesAnInput_data();
    void refusesAnInput();
    void reportsABrokenHardLink_data();
    void reportsABrokenHardLink();
    void keepsOwnerGroupAndMode_data();
    void keepsOwnerGroupAndMode();

private:
    // A copy of the sample library opened as a folder, the sample graph and mixlist opened from
    // files, a colour edit, a library type and a graph node selected, the diff and atlas filled:
    // every action of kWritingActions has something to write.
    void openEverything();
    void writingActionRows();
    // Triggers `name` answering the file question with `target`.
    void run(const QByteArray &name, const QString &target);

    QTemporaryDir m_state;
    QString m_libraryFolder;
    QString m_library;
    QString m_graph;
    QString m_mixlist;
    QString m_atlasSource;
    QString m_compared;
    QString m_comparedMixlist;
};

void TestExportGuards::openEverything()
{
    m_libraryFolder = m_dir.filePath(QStringLiteral("ascend910b"));
    QVERIFY(QDir().mkpath(m_libraryFolder));
    m_library = m_libraryFolder + QStringLiteral("/aic-ascend910b-ops-info.json");
    QVERIFY(copyResource(
        QStringLiteral(OPSINFO_SOURCE_DIR "/resources/sample/aic-ascend910b-ops-info.json"),
        m_library));
    QVERIFY(m_window->files()->openLibrary(m_libraryFolder));
    QCOMPARE(m_window->workspace()->libraryDocument()->library().files().size(), std::size_t(1));
    openSampleFiles(&m_graph, &m_mixlist);

    m_window->showView(MainWindow::View::Library);
    m_window->libraryView()->selectType(QStringLiteral("AddV2"));
    action("actionSetBlack")->trigger();
    QVERIFY(m_window->workspace()->libraryDocument()->isModified());
    // A second copy as an atlas column and a third as the Diff tab's comparison library: inputs
    // too.
    const QString sample
        = QStringLiteral(OPSINFO_SOURCE_DIR "/resources/sample/aic-ascend910b-ops-info.json");
    QVERIFY(QDir().mkpath(m_dir.filePath(QStringLiteral("atlas/ascend910b"))));
    m_atlasSource = m_dir.filePath(QStringLiteral("atlas/ascend910b/aic-ascend910b-ops-info.json"));
    QVERIFY(copyResource(sample, m_atlasSource));
    m_compared = m_dir.filePath(QStringLiteral("compared.json"));
    QVERIFY(copyResource(sample, m_compared));
    LibraryLoadResult compared = loadLibraryFile(m_compared.toStdString());
    QVERIFY(compared.ok());
    m_window->diffView()->setComparisonLibrary(std::move(compared.library),
                                               QStringLiteral("compared"));
    // and a copy of the mixlist as the Diff tab's comparison mixlist, chosen as the user does.
    m_comparedMixlist = m_dir.filePath(QStringLiteral("compared_mixlist.json"));
    QVERIFY(copyResource(m_mixlist, m_comparedMixlist));
    m_prompt->fileNames = {m_comparedMixlist};
    action("actionCompareMixlistFile")->trigger();
    QVERIFY(m_prompt->fileNames.isEmpty());
    m_window->showView(MainWindow::View::Diff); // the transition matrix is computed when shown
    QVERIFY(m_window->atlasView()->addPaths(
        {m_libraryFolder, QFileInfo(m_atlasSource).absolutePath()}));
    m_window->showView(MainWindow::View::Graph);
    QTRY_VERIFY(!state()->isBusy());
    QVERIFY(widget()->selectNodeByName(QStringLiteral("/model/layers.0/attn/softmax/SoftmaxV2")));
    m_prompt->log.clear();
}

void TestExportGuards::run(const QByteArray &name, const QString &target)
{
    QAction *a = action(name.constData());
    QVERIFY2(a, name.constData());
    m_prompt->fileNames = {target};
    a->trigger();
    QVERIFY2(m_prompt->fileNames.isEmpty(),
             qPrintable(name + " did not ask for a file name:\n" + m_prompt->log.join('\n')));
}

void TestExportGuards::writingActionRows()
{
    QTest::addColumn<QByteArray>("action");
    for (const char *name : kWritingActions)
        QTest::newRow(name) << QByteArray(name);
}

void TestExportGuards::refusesAnInput_data()
{
    QTest::addColumn<QByteArray>("action");
    QTest::addColumn<QString>("input"); // library, library folder, graph, mixlist
    QTest::addColumn<QString>("error");
    const QString open = QStringLiteral("is open in OpsInfo Studio");
    const QString folder = QStringLiteral("a folder open in OpsInfo Studio");
    for (const char *name : kWritingActions) {
        const QByteArray action(name);
        for (const char *input : {"library", "graph", "mixlist", "new file in the library folder",
                                  "atlas source", "compared library", "compared mixlist"}) {
            QString error = QByteArray(input).startsWith("new") ? folder : open;
            // Save As onto the mixlist's own file is Save; the patched library has its own words.
            if (action == "actionSaveMixlistAs" && QByteArray(input) == "mixlist")
                continue;
            // Library Save As onto its own file is Save, as in any editor.
            if (action == "actionSaveAs" && QByteArray(input) == "library")
                continue;
            if (action == "actionExportPatchedLibrary" && QByteArray(input) == "library")
                error = QStringLiteral("Not exported");
            QTest::addRow("%s onto the %s", name, input)
                << action << QString::fromLatin1(input) << error;
        }
    }
}

void TestExportGuards::refusesAnInput()
{
    QFETCH(QByteArray, action);
    QFETCH(QString, input);
    QFETCH(QString, error);
    openEverything();
    const QString newFile
        = m_libraryFolder + QStringLiteral("/aic-ascend910b-ops-info-export.json");
    const QString target = input == QLatin1String("library") ? m_library
        : input == QLatin1String("graph")                    ? m_graph
        : input == QLatin1String("mixlist")                  ? m_mixlist
        : input == QLatin1String("atlas source")             ? m_atlasSource
        : input == QLatin1String("compared library")         ? m_compared
        : input == QLatin1String("compared mixlist")         ? m_comparedMixlist
                                                             : newFile;
    const QByteArray library = readAll(m_library);
    const QByteArray graph = readAll(m_graph);
    const QByteArray mixlist = readAll(m_mixlist);
    const QByteArray atlasSource = readAll(m_atlasSource);
    const QByteArray compared = readAll(m_compared);
    const QByteArray comparedMixlist = readAll(m_comparedMixlist);
    QVERIFY(!library.isEmpty() && !graph.isEmpty() && !mixlist.isEmpty());

    run(action, target);

    const QString log = m_prompt->log.join(QLatin1Char('\n'));
    QVERIFY2(m_prompt->log.filter(QStringLiteral("error: ")).size() == 1, qPrintable(log));
    QVERIFY2(log.contains(error), qPrintable(log));
    QVERIFY2(readAll(m_library) == library, "the library file changed");
    QVERIFY2(readAll(m_graph) == graph, "the graph file changed");
    QVERIFY2(readAll(m_mixlist) == mixlist, "the mixlist file changed");
    QVERIFY2(readAll(m_atlasSource) == atlasSource, "the atlas source changed");
    QVERIFY2(readAll(m_compared) == compared, "the compared library changed");
    QVERIFY2(readAll(m_comparedMixlist) == comparedMixlist, "the compared mixlist changed");
    QVERIFY2(!QFile::exists(newFile), "a file was written into the library folder");
}

void TestExportGuards::reportsABrokenHardLink_data()
{
    writingActionRows();
}

void TestExportGuards::reportsABrokenHardLink()
{
    QFETCH(QByteArray, action);
    openEverything();
    const QString target = m_dir.filePath(QStringLiteral("out/target"));
    const QString other = m_dir.filePath(QStringLiteral("out/other-name"));
    QVERIFY(QDir().mkpath(QFileInfo(target).absolutePath()));
    QFile::remove(target);
    QFile::remove(other);
    QVERIFY(writeFile(target, "old content\n"));
    QCOMPARE(::link(QFile::encodeName(target).constData(), QFile::encodeName(other).constData()),
             0);

    run(action, target);

    const QString log = m_prompt->log.join(QLatin1Char('\n'));
    QVERIFY2(m_prompt->log.filter(QStringLiteral("error: ")).isEmpty(), qPrintable(log));
    const QByteArray written = readAll(target);
    QVERIFY2(!written.isEmpty() && written != "old content\n", qPrintable(log));
    // Said, naming the other name, which still holds the old content.
    const QStringList said = m_prompt->log.filter(QStringLiteral("information: "));
    QVERIFY2(said.size() == 1, qPrintable(log));
    QVERIFY2(said.front().contains(QStringLiteral("hard links")), qPrintable(log));
    QVERIFY2(said.front().contains(QStringLiteral("other-name")), qPrintable(log));
    QCOMPARE(readAll(other), QByteArray("old content\n"));
    QCOMPARE(statOf(target).st_nlink, nlink_t(1));
}

void TestExportGuards::keepsOwnerGroupAndMode_data()
{
    writingActionRows();
}

void TestExportGuards::keepsOwnerGroupAndMode()
{
    QFETCH(QByteArray, action);
    openEverything();
    const QString target = m_dir.filePath(QStringLiteral("out/target"));
    QVERIFY(QDir().mkpath(QFileInfo(target).absolutePath()));
    QFile::remove(target);
    QVERIFY(writeFile(target, "old content\n"));
    const QByteArray native = QFile::encodeName(target);
    QCOMPARE(::chmod(native.constData(), 0640), 0);
    // As root, another owner and group, as a file of a CANN install user would have.
    const bool root = ::geteuid() == 0;
    if (root)
        QCOMPARE(::chown(native.constData(), 4242, 4343), 0);
    const struct stat before = statOf(target);

    run(action, target);

    const QString log = m_prompt->log.join(QLatin1Char('\n'));
    QVERIFY2(m_prompt->log.filter(QStringLiteral("error: ")).isEmpty(), qPrintable(log));
    QVERIFY2(readAll(target) != "old content\n", qPrintable(log));
    const struct stat after = statOf(target);
    QVERIFY(after.st_ino != before.st_ino || after.st_mtime >= before.st_mtime);
    QCOMPARE(after.st_mode & 07777, mode_t(0640));
    QCOMPARE(after.st_uid, before.st_uid);
    QCOMPARE(after.st_gid, before.st_gid);
    if (!root)
        qInfo("not root: the owner and group are the user's own, so their check is weaker");
}

QTEST_MAIN(TestExportGuards)
#include "tst_exportguards.moc"
