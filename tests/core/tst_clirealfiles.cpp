// Every real file under ../shared/data opens in the CLI with the command a user runs on it, and no
// command refuses what it could show: a library the compiler refuses is listed with its problems
// (exit 1), a mixlist with errors is linted, evidence that holds no measurements says what it is.
// Also, for every real library, a one-flag edit changes exactly that flag's line (issue 20).
#include "clirun.h"
#include "realfiles.h"
#include "reallibraries.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

class TestCliRealFiles : public QObject
{
    Q_OBJECT
private slots:
    void everyRealFileOpens_data() { addRealFileRows(); }
    void everyRealFileOpens()
    {
        REQUIRE_SHARED_DATA();
        QFETCH(QString, path);
        QFETCH(int, kind);
        const QString graph = cliFixture(QStringLiteral("graph.json"));
        const QString lib = cliFixture(QStringLiteral("lib"));
        const QStringList resolve {"resolve", graph, "--library", lib, "--mode", "force_fp16"};
        CliRun r;
        switch (RealFileKind(kind)) {
        case RealFileKind::Library:
            r = runOpsinfo({"library", "stats", path});
            QVERIFY2(r.out.contains(QLatin1String("ops:")), qPrintable(r.err));
            // Exit 1 only for what the compiler refuses, and then it says so.
            QVERIFY2(r.code == 0
                         || (r.code == 1
                             && r.err.contains(QLatin1String("the compiler refuses this library"))),
                     qPrintable(r.err));
            return;
        case RealFileKind::Mixlist:
            r = runOpsinfo({"mixlist", "lint", path, "--lenient"});
            // Lint reads every mixlist; exit 1 when the compiler would still refuse it.
            QVERIFY2(r.code == 0 || r.code == 1, qPrintable(r.err));
            QVERIFY2(r.code == 0 || r.err.contains(path + ':'), qPrintable(r.err));
            return;
        case RealFileKind::Graph:
            r = runOpsinfo({"graph", "info", path});
            break;
        case RealFileKind::Evidence:
            r = runOpsinfo({"evidence", "show", path});
            QVERIFY2(r.out.contains(QLatin1String("format:")), qPrintable(r.out + r.err));
            break;
        case RealFileKind::KeepDtype:
            r = runOpsinfo(QStringList(resolve) << "--keep-dtype" << path);
            break;
        case RealFileKind::CustomizeDtypes:
            r = runOpsinfo(QStringList(resolve) << "--customize-dtypes" << path);
            break;
        case RealFileKind::FeIni:
            r = runOpsinfo(QStringList(resolve) << "--fe-ini" << path);
            QVERIFY2(r.err.contains(QLatin1String("fp16.op_type of ") + path), qPrintable(r.err));
            break;
        case RealFileKind::PlatformIni:
            r = runOpsinfo(QStringList(resolve) << "--platform-ini" << path);
            break;
        case RealFileKind::Reference:
        case RealFileKind::Unclassified:
            QFAIL("a file of a kind tests/common/realfiles.h does not know: give it one");
        }
        QVERIFY2(r.code == 0, qPrintable(QStringLiteral("exit %1\n").arg(r.code) + r.err));
    }

    // `library set` on every real library: the edit is written (also where the compiler refuses
    // the store), and it changes exactly the flag's line; an op without precision_reduce (files
    // with none) gets the item inserted and no other line changes.
    void oneFlagEditOfEveryRealLibrary_data()
    {
        QTest::addColumn<QString>("path");
        for (const QString &path : realLibraryFiles())
            QTest::newRow(realRowName(path)) << path;
    }
    void oneFlagEditOfEveryRealLibrary()
    {
        REQUIRE_SHARED_DATA();
        QFETCH(QString, path);
        const CliRun show = runOpsinfo({"library", "show", path, "--json"});
        const QJsonArray rows = QJsonDocument::fromJson(show.out.toUtf8()).array();
        QVERIFY2(!rows.isEmpty(), qPrintable(show.err));
        const CliRun stats = runOpsinfo({"library", "stats", path, "--json"});
        QCOMPARE(rows.size(),
                 QJsonDocument::fromJson(stats.out.toUtf8()).object().value("ops").toInt());
        const QByteArray before = readAllBytes(path);
        // The first op whose entry has a flag, else the first op.
        QString type = rows.first().toObject().value("op_type").toString();
        QString list = QStringLiteral("black");
        bool hasFlag = false;
        for (const QJsonValue &row : rows) {
            const QJsonObject o = row.toObject();
            const QByteArray key = '"' + o.value("op_type").toString().toUtf8() + '"';
            const qsizetype at = before.indexOf(key);
            const qsizetype next = before.indexOf("\"precision_reduce\"", at);
            const qsizetype nextOp = before.indexOf("\n    \"", at + key.size());
            if (at >= 0 && next >= 0 && (nextOp < 0 || next < nextOp)) {
                type = o.value("op_type").toString();
                list = o.value("list").toString() == QLatin1String("white")
                    ? QStringLiteral("black")
                    : QStringLiteral("white");
                hasFlag = true;
                break;
            }
        }
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("edited.json"));
        const CliRun set
            = runOpsinfo({"library", "set", path, "--op", type, "--list", list, "-o", out});
        QVERIFY2(set.code == 0 || set.code == 1, qPrintable(set.err));
        QVERIFY2(set.err.contains(QLatin1String("1 op(s) changed in ") + out), qPrintable(set.err));
        QCOMPARE(set.code == 1, stats.code == 1); // exit 1 exactly where the store is refused
        const int changed = changedLines(before, readAllBytes(out));
        if (hasFlag)
            QCOMPARE(changed, 1);
        else
            QVERIFY2(changed > 0, "a pure insertion of the precision_reduce item");
        const CliRun after
            = runOpsinfo({"library", "show", out, "--json", "--filter", '^' + type + '$'});
        const QJsonArray edited = QJsonDocument::fromJson(after.out.toUtf8()).array();
        QCOMPARE(edited.size(), 1);
        QCOMPARE(edited.first().toObject().value("list").toString(), list);
    }
};

QTEST_APPLESS_MAIN(TestCliRealFiles)
#include "tst_clirealfiles.moc"
