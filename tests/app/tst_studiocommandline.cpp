// The opsinfo-studio executable's documented options, run as a user runs them (issue 14):
// --screenshot with every --view on the embedded sample, --atlas with the 17 SoCs of CANN 8.1.RC1
// and with a folder of user copies, and the errors for an unknown view or an atlas path that does
// not load. The README's screenshots are made this way.
#include "shareddata.h"

#include <QImage>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

QString studio()
{
    return QStringLiteral(OPSINFO_BINARY_DIR "/app/studio/opsinfo-studio");
}

struct StudioRun
{
    int code = -1;
    QString err;
    QImage image;
};

StudioRun runStudio(const QStringList &args, const QString &png)
{
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    process.setProcessEnvironment(env);
    process.start(studio(), QStringList {QStringLiteral("--screenshot"), png} + args);
    StudioRun run;
    if (!process.waitForFinished(180000) || process.exitStatus() != QProcess::NormalExit) {
        process.kill();
        run.err = QStringLiteral("opsinfo-studio did not finish: ") + process.errorString();
        return run;
    }
    run.code = process.exitCode();
    run.err = QString::fromUtf8(process.readAllStandardError());
    run.image = QImage(png);
    return run;
}

bool hasColour(const QImage &image, QRgb colour)
{
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            if ((image.pixel(x, y) & 0xffffff) == (colour & 0xffffff))
                return true;
    return false;
}

} // namespace

class TestStudioCommandLine : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void everyView_data();
    void everyView();
    void viewsDiffer();
    void unknownView();
    void evidenceFiles();
    void atlasOfTheRealSocs();
    void atlasOfAFolderOfCopies();
    void atlasPathThatDoesNotLoad();
    void refusedLibraryScreenshot_data();
    void refusedLibraryScreenshot();

private:
    QTemporaryDir m_dir;
};

void TestStudioCommandLine::initTestCase()
{
    QVERIFY2(QFile::exists(studio()),
             qPrintable(studio() + QStringLiteral(" is missing: build the opsinfo-studio target")));
    QVERIFY(m_dir.isValid());
}

void TestStudioCommandLine::everyView_data()
{
    QTest::addColumn<QString>("view");
    for (const char *view :
         {"library", "mixlist", "graph", "diff", "matrix", "graphdiff", "atlas", "advisor"})
        QTest::newRow(view) << QString::fromLatin1(view);
}

void TestStudioCommandLine::everyView()
{
    QFETCH(QString, view);
    const QString png = m_dir.filePath(view + QStringLiteral(".png"));
    const StudioRun run = runStudio({QStringLiteral("--view"), view}, png);
    QVERIFY2(run.code == 0, qPrintable(run.err));
    QVERIFY2(!run.image.isNull(), qPrintable(png + QStringLiteral(" is not an image")));
    QVERIFY(run.image.width() >= 800 && run.image.height() >= 600);
}

void TestStudioCommandLine::viewsDiffer()
{
    // Each view shows something of its own: no two screenshots are the same picture.
    QList<QImage> images;
    for (const char *view :
         {"library", "mixlist", "graph", "diff", "matrix", "graphdiff", "atlas", "advisor"}) {
        const QImage image(m_dir.filePath(QString::fromLatin1(view) + QStringLiteral(".png")));
        QVERIFY2(!image.isNull(), view);
        for (const QImage &other : images)
            QVERIFY2(other != image, view);
        images << image;
    }
}

// Evidence named beside the view opens over the sample (the README's Advisor picture); a broken
// evidence CSV is reported with its line and the run exits 1.
void TestStudioCommandLine::evidenceFiles()
{
    const QString evidence = QStringLiteral(OPSINFO_TEST_DATA "/evidence/");
    const QString png = m_dir.filePath(QStringLiteral("advisor-evidence.png"));
    const StudioRun run = runStudio({QStringLiteral("--view"), QStringLiteral("advisor"),
                                     evidence + QStringLiteral("sample_msaccucmp.csv"),
                                     evidence + QStringLiteral("sample_kernel_details.csv")},
                                    png);
    QVERIFY2(run.code == 0, qPrintable(run.err));
    QVERIFY(!run.image.isNull());
    const QImage plain(m_dir.filePath(QStringLiteral("advisor.png")));
    QVERIFY2(!plain.isNull(), "everyView(advisor) ran first");
    QVERIFY(plain != run.image); // badges and the flagged nodes' plan

    const QString broken = m_dir.filePath(QStringLiteral("kernel_details.csv"));
    QFile file(broken);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("Name,Type,Duration(us)\nconv1,Conv2D,1\n\"cut");
    file.close();
    const StudioRun bad = runStudio({broken}, m_dir.filePath(QStringLiteral("broken.png")));
    QCOMPARE(bad.code, 1);
    QVERIFY2(bad.err.contains(QStringLiteral("kernel_details.csv:3:1")), qPrintable(bad.err));
}

void TestStudioCommandLine::unknownView()
{
    const StudioRun run = runStudio({QStringLiteral("--view"), QStringLiteral("atlases")},
                                    m_dir.filePath(QStringLiteral("unknown.png")));
    QCOMPARE(run.code, 2);
    QVERIFY2(run.err.contains(QStringLiteral("unknown view 'atlases'")), qPrintable(run.err));
    QVERIFY(run.image.isNull()); // nothing written
}

void TestStudioCommandLine::atlasOfTheRealSocs()
{
    REQUIRE_SHARED_DATA();
    const QString png = m_dir.filePath(QStringLiteral("atlas17.png"));
    const StudioRun run
        = runStudio({QStringLiteral("--view"), QStringLiteral("atlas"), QStringLiteral("--atlas"),
                     sharedData(QStringLiteral("opsinfo/cann-8.1.RC1"))},
                    png);
    QVERIFY2(run.code == 0, qPrintable(run.err));
    // The opp folder offered its 17 soc folders; a screenshot run takes them all.
    QVERIFY2(
        run.err.contains(QStringLiteral("chooseItems: SoCs of cann-8.1.RC1: as31xm1,ascend031,")),
        qPrintable(run.err));
    QVERIFY(run.err.contains(QStringLiteral(",sd3403")));
    QVERIFY(!run.image.isNull());
    QVERIFY(run.image != QImage(m_dir.filePath(QStringLiteral("atlas.png")))); // the empty atlas
}

void TestStudioCommandLine::atlasOfAFolderOfCopies()
{
    const StudioRun run
        = runStudio({QStringLiteral("--view"), QStringLiteral("atlas"), QStringLiteral("--atlas"),
                     testData(QStringLiteral("atlas-copies")), QStringLiteral("--atlas"),
                     testData(QStringLiteral("atlas"))},
                    m_dir.filePath(QStringLiteral("copies.png")));
    QVERIFY2(run.code == 0, qPrintable(run.err));
    QVERIFY2(run.err.contains(
                 QStringLiteral("chooseItems: Library copies in atlas-copies: "
                                "modelA__aic-socx-ops-info.json,modelB__aic-socx-ops-info.json")),
             qPrintable(run.err));
    QVERIFY2(run.err.contains(QStringLiteral("chooseItems: SoCs of atlas: socx,socy,socz")),
             qPrintable(run.err));
}

void TestStudioCommandLine::atlasPathThatDoesNotLoad()
{
    // A path that is not a library: said on stderr, exit 1, the picture still made.
    const QString missing = m_dir.filePath(QStringLiteral("no-such-opp"));
    const StudioRun run = runStudio(
        {QStringLiteral("--view"), QStringLiteral("atlas"), QStringLiteral("--atlas"), missing},
        m_dir.filePath(QStringLiteral("missing.png")));
    QCOMPARE(run.code, 1);
    QVERIFY2(run.err.contains(QStringLiteral("no-such-opp")), qPrintable(run.err));
    QVERIFY(!run.image.isNull());
}

QTEST_MAIN(TestStudioCommandLine)
#include "tst_studiocommandline.moc"

void TestStudioCommandLine::refusedLibraryScreenshot_data()
{
    QTest::addColumn<QString>("view");
    for (const char *view : {"library", "mixlist", "graph", "diff", "matrix", "advisor"})
        QTest::newRow(view) << QString::fromLatin1(view);
}

// GNMT's copy, which the compiler refuses: the picture is a window of a screen's size, showing
// what the "has errors" dialog said (its band above the views) and, on the library view, the
// refusal banner.
void TestStudioCommandLine::refusedLibraryScreenshot()
{
    REQUIRE_SHARED_DATA();
    QFETCH(QString, view);
    const QString png = m_dir.filePath(QStringLiteral("gnmt-") + view + QStringLiteral(".png"));
    const StudioRun run = runStudio(
        {QStringLiteral("--view"), view,
         sharedData(QStringLiteral(
             "opsinfo/modelzoo-tf-user-copies/GNMT_ID0015__aic-ascend910-ops-info.json"))},
        png);
    QVERIFY2(run.code == 0, qPrintable(run.err));
    QVERIFY2(run.err.contains(QLatin1String("7552:23")), qPrintable(run.err));
    QVERIFY(!run.image.isNull());
    QVERIFY2(run.image.width() <= 1920 && run.image.height() <= 1080,
             qPrintable(QStringLiteral("%1 x %2").arg(run.image.width()).arg(run.image.height())));
    QVERIFY2(hasColour(run.image, qRgb(0xff, 0xf4, 0xe5)),
             "the dialog's band is not in the picture");
    if (view == QLatin1String("library"))
        QVERIFY2(hasColour(run.image, qRgb(0xfd, 0xec, 0xea)),
                 "the refusal banner is not in the picture");
}
