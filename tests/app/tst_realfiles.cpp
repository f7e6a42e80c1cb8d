// Every real file under ../shared/data opens in the app as a user drops it on the window: a
// library the compiler refuses shows its problems, a mixlist with errors its entries, a graph its
// nodes, evidence its rows (or what it is when it holds none), a keep_dtype, customize_dtypes,
// fe.ini or platform ini file joins the preview. None is refused; the window stays screen-sized.
#include "quietwindow.h"
#include "realfiles.h"
#include "studio/document/scriptedprompt.h"
#include "studio/mainwindow/mainwindow.h"

#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace opsinfo;

class TestRealFiles : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { QVERIFY(keepAppStateIn(m_state)); }

    void everyRealFileOpens_data() { addRealFileRows(); }
    void everyRealFileOpens()
    {
        REQUIRE_SHARED_DATA();
        QFETCH(QString, path);
        QFETCH(int, kind);
        QVERIFY2(RealFileKind(kind) != RealFileKind::Unclassified,
                 "a file of a kind tests/common/realfiles.h does not know: give it one");
        QuietWindow quiet;
        MainWindow &window = quiet.window;
        ScriptedPrompt &prompt = quiet.prompt;
        QVERIFY2(window.openPaths({path}), qPrintable(prompt.log.join('\n')));
        // What the compiler refuses is reported ("... has errors") and shown; nothing says it
        // cannot be opened, read or used.
        for (const QString &line : prompt.log)
            QVERIFY2(!line.startsWith(QLatin1String("error: Cannot")), qPrintable(line));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QCoreApplication::processEvents();
        const QSize size = window.size().expandedTo(window.minimumSizeHint());
        QVERIFY2(size.width() <= 1920 && size.height() <= 1080,
                 qPrintable(QStringLiteral("%1 x %2").arg(size.width()).arg(size.height())));
    }

private:
    QTemporaryDir m_state;
};

QTEST_MAIN(TestRealFiles)
#include "tst_realfiles.moc"
