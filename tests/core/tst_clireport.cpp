// `opsinfo report`: every documented option on real input, the page's escaping and that it fetches
// nothing, and the page itself in a real browser (headless Chromium): it draws, a search finds a
// node and shows the explanation `opsinfo resolve --json` gives for it; the 186,000-node graph too.
#include "clirun.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

namespace {

const QString kLibrary
    = QStringLiteral("opsinfo/cann-8.1.RC1/op_impl/ai_core/tbe/config/ascend910b");

QString sample(const QString &name)
{
    return QStringLiteral(OPSINFO_SOURCE_DIR "/resources/sample/") + name;
}

QString chromium()
{
    return QStandardPaths::findExecutable(QStringLiteral("chromium"));
}

// The JSON the page embeds (the script element with id "data").
QJsonObject pageData(const QByteArray &html)
{
    const int start = html.indexOf("id=\"data\">") + 10;
    const int end = html.indexOf("</script>", start);
    return QJsonDocument::fromJson(html.mid(start, end - start)).object();
}

// Opens `page#selftest=NAME` in headless Chromium and returns what the page's self-test wrote into
// the DOM (after the load event: --dump-dom).
QJsonObject browserSelfTest(const QString &page, const QString &node, const QString &profile,
                            qint64 *wallMs = nullptr)
{
    QProcess p;
    QElapsedTimer timer;
    timer.start();
    p.start(chromium(),
            {"--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1400,900",
             "--user-data-dir=" + profile, "--dump-dom",
             "file://" + page + "#selftest=" + QString::fromUtf8(QUrl::toPercentEncoding(node))});
    if (!p.waitForFinished(120000))
        p.kill();
    if (wallMs)
        *wallMs = timer.elapsed();
    const QString dom = QString::fromUtf8(p.readAllStandardOutput());
    const QRegularExpressionMatch m
        = QRegularExpression("<pre id=\"selftest\">(.*?)</pre>",
                             QRegularExpression::DotMatchesEverythingOption)
              .match(dom);
    if (!m.hasMatch())
        return {};
    // --dump-dom writes the text content with &, < and > as entities.
    QString text = m.captured(1);
    text.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&amp;", "&");
    return QJsonDocument::fromJson(text.toUtf8()).object();
}

// The explanation `opsinfo resolve --json` gives for `node`.
QString cliExplanation(const QStringList &resolveArgs, const QString &node)
{
    const CliRun r = runOpsinfo(resolveArgs + QStringList {"--json"});
    for (const QJsonValue &n : QJsonDocument::fromJson(r.out.toUtf8())["nodes"].toArray())
        if (n["name"].toString() == node)
            return n["explanation"].toString();
    return {};
}

} // namespace

class TestCliReport : public QObject
{
    Q_OBJECT

private slots:
    void help()
    {
        const CliRun r = runOpsinfo({"report", "--help"});
        QCOMPARE(r.code, 0);
        for (const char *option :
             {"--library", "--mode", "--all-modes", "--mixlist", "--evidence", "--collapse-depth",
              "--output", "--soc", "--front-end", "--cosine-threshold"})
            QVERIFY2(r.out.contains(option), option);
        QVERIFY(runOpsinfo({"--help"}).out.contains("  report"));
    }

    void usageErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("message");
        const QString g = sample("ge_proto_sample_graph.txt");
        const QString lib = sample("aic-ascend910b-ops-info.json");
        QTest::newRow("no -o") << QStringList {"report", g,        "--library",
                                               lib,      "--mode", "force_fp16"}
                               << 2 << "give -o FILE.html";
        QTest::newRow("no mode") << QStringList {"report", g, "--library", lib, "-o", "/tmp/x.html"}
                                 << 2 << "give --mode MODE";
        QTest::newRow("bad depth") << QStringList {"report",
                                                   g,
                                                   "--library",
                                                   lib,
                                                   "--mode",
                                                   "force_fp16",
                                                   "--collapse-depth",
                                                   "x",
                                                   "-o",
                                                   "/tmp/x.html"}
                                   << 2 << "--collapse-depth takes a number";
        QTest::newRow("onto an input")
            << QStringList {"report", g, "--library", lib, "--mode", "force_fp16", "-o", g} << 2
            << "";
        QTest::newRow("missing graph")
            << QStringList {"report", "/nonexistent/g.txt", "--library", lib,
                            "--mode", "force_fp16",         "-o",        "/tmp/x.html"}
            << 2 << "/nonexistent/g.txt";
    }
    void usageErrors()
    {
        QFETCH(QStringList, args);
        QFETCH(int, code);
        QFETCH(QString, message);
        const QByteArray before = readAllBytes(sample("ge_proto_sample_graph.txt"));
        const CliRun r = runOpsinfo(args);
        QCOMPARE(r.code, code);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
        QCOMPARE(readAllBytes(sample("ge_proto_sample_graph.txt")), before);
    }

    // Node names that try to close the script element, open a comment or load an image stay data:
    // the page holds our two </script> only, no src= and no URL outside the embedded JSON strings.
    void escaping()
    {
        QTemporaryDir dir;
        const QString graph = dir.filePath("evil.json");
        QFile f(graph);
        QVERIFY(f.open(QIODevice::WriteOnly));
        // Built as JSON (moc does not read raw string literals).
        const QString evil = "x</script><img src=http://e/x.png>";
        const QJsonArray desc {QJsonObject {{"dtype", "DT_FLOAT"},
                                            {"layout", "ND"},
                                            {"shape", QJsonObject {{"dim", QJsonArray {2, 2}}}}}};
        const QJsonArray ops {QJsonObject {{"name", evil},
                                           {"type", "Data"},
                                           {"input", QJsonArray {}},
                                           {"attr", QJsonArray {}},
                                           {"output_desc", desc}},
                              QJsonObject {{"name", "relu<!--&amp;"},
                                           {"type", "Relu"},
                                           {"input", QJsonArray {evil + ":0"}},
                                           {"attr", QJsonArray {}},
                                           {"input_desc", desc},
                                           {"output_desc", desc}}};
        const QJsonObject root {
            {"name", "evil"},
            {"graph",
             QJsonArray {QJsonObject {{"name", "g"}, {"input", QJsonArray {}}, {"op", ops}}}}};
        f.write(QJsonDocument(root).toJson());
        f.close();
        const QString page = dir.filePath("evil.html");
        const CliRun r
            = runOpsinfo({"report", graph, "--library", sample("aic-ascend910b-ops-info.json"),
                          "--mode", "allow_mix_precision", "-o", page});
        QCOMPARE(r.code, 0);
        const QByteArray html = readAllBytes(page);
        QCOMPARE(html.count("</script>"), 2);
        QCOMPARE(html.count("<script"), 2);
        QVERIFY(!html.contains("<img"));
        QVERIFY(!html.contains("<!--"));
        // The names are data inside the JSON; the page around it names no source and no URL.
        const int dataAt = html.indexOf("id=\"data\">");
        const QByteArray outside = html.left(dataAt) + html.mid(html.indexOf("</script>", dataAt));
        QVERIFY(!outside.contains("src="));
        QVERIFY(!outside.contains("http"));
        const QJsonObject data = pageData(html);
        QCOMPARE(data["names"].toArray()[0].toString(),
                 QString("x</script><img src=http://e/x.png>"));
        QCOMPARE(data["names"].toArray()[1].toString(), QString("relu<!--&amp;"));
        if (chromium().isEmpty())
            QSKIP("chromium is not installed (Debian package chromium): browser part skipped");
        const QJsonObject result = browserSelfTest(page, "relu<!--&amp;", dir.filePath("profile"));
        QCOMPARE(result["found"].toString(), QString("relu<!--&amp;"));
    }

    // Every option on the sample graph and the real library, the mixlist and evidence included;
    // the page embeds each part and nothing from elsewhere.
    void options_data()
    {
        QTest::addColumn<QStringList>("extra");
        QTest::addColumn<QString>("expect"); // a key of the embedded data that must be non-null
        QTest::addColumn<int>("modes");
        QTest::newRow("--mode") << QStringList {"--mode", "allow_mix_precision"} << "view" << 1;
        QTest::newRow("--all-modes") << QStringList {"--all-modes"} << "modes" << 9;
        QTest::newRow("--mode --all-modes --soc")
            << QStringList {"--mode", "force_fp32", "--all-modes", "--soc", "Ascend910B1"}
            << "modes" << 9;
        QTest::newRow("--mixlist")
            << QStringList {"--mode", "allow_mix_precision", "--mixlist", sample("ops_info.json")}
            << "diff" << 1;
        QTest::newRow("--front-end")
            << QStringList {"--front-end", "atc", "--soc", "Ascend910B1"} << "view" << 1;
        QTest::newRow("--collapse-depth 1")
            << QStringList {"--mode", "force_fp16", "--collapse-depth", "1"} << "view" << 1;
        QTest::newRow("--evidence (real profiler file) --cosine-threshold")
            << QStringList {"--mode",
                            "allow_mix_precision",
                            "--evidence",
                            sharedData("evidence/profiler_kernel_details/"
                                       "msinsight__st_qwen3-0.6b_level2_rank0__kernel_details.csv"),
                            "--evidence",
                            testData("evidence/compare_result_current.csv"),
                            "--cosine-threshold",
                            "0.95"}
            << "evidence" << 1;
    }
    void options()
    {
        REQUIRE_SHARED_DATA();
        QFETCH(QStringList, extra);
        QFETCH(QString, expect);
        QFETCH(int, modes);
        QTemporaryDir dir;
        const QString page = dir.filePath("r.html");
        const CliRun r = runOpsinfo(QStringList {"report", sample("ge_proto_sample_graph.txt"),
                                                 "--library", sharedData(kLibrary), "-o", page}
                                    + extra);
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.err.contains("report written to " + page), qPrintable(r.err));
        const QByteArray html = readAllBytes(page);
        QVERIFY(!html.contains("http://"));
        QVERIFY(!html.contains("https://"));
        QVERIFY(!html.contains("src="));
        const QJsonObject data = pageData(html);
        QCOMPARE(data["nodeCount"].toInt(), 122);
        QVERIFY2(!data[expect].isNull(), qPrintable(expect));
        QCOMPARE(data["modes"].toArray().size(), modes);
        QCOMPARE(html.contains("<svg"), extra.contains("--all-modes"));
        if (extra.contains("--collapse-depth"))
            QCOMPARE(data["view"]["collapseDepth"].toInt(), 1);
        if (expect == "diff")
            QVERIFY(!data["diff"]["changed"].toArray().isEmpty());
        if (expect == "evidence")
            QVERIFY(!data["evidence"]["files"].toArray().isEmpty());
    }

    // The page in a real browser: drawn, the node count shown, a search finds the node and the
    // explanation it shows is the one `opsinfo resolve --json` gives.
    void browser_data()
    {
        QTest::addColumn<QString>("node");
        QTest::newRow("a Const") << "/model/layers.0/post_attention_layernorm/weight";
        QTest::newRow("a softmax the mixlist moves") << "/model/layers.0/attn/softmax/SoftmaxV2";
        QTest::newRow("part of a name") << "resnet/head/softmax";
    }
    void browser()
    {
        QFETCH(QString, node);
        if (chromium().isEmpty())
            QSKIP("chromium is not installed (Debian package chromium): browser test skipped");
        QTemporaryDir dir;
        const QStringList args {sample("ge_proto_sample_graph.txt"),
                                "--library",
                                sample("aic-ascend910b-ops-info.json"),
                                "--mode",
                                "allow_mix_precision",
                                "--mixlist",
                                sample("ops_info.json")};
        const QString page = dir.filePath("r.html");
        QCOMPARE(runOpsinfo(QStringList {"report"} + args + QStringList {"-o", page}).code, 0);
        const QJsonObject result = browserSelfTest(page, node, dir.filePath("profile"));
        QVERIFY2(!result.isEmpty(), "the page wrote no self-test result");
        QCOMPARE(result["nodes"].toInt(), 122);
        QVERIFY(result["drawn"].toInt() >= 1);
        QVERIFY2(result["paintedPixels"].toInt() > 1000, "the canvas stayed blank");
        QVERIFY(result["status"].toString().startsWith("122 nodes"));
        const QString found = result["found"].toString();
        QVERIFY2(found.contains(node), qPrintable(found));
        const QString expected = cliExplanation(QStringList {"resolve"} + args, found);
        QVERIFY(!expected.isEmpty());
        QCOMPARE(result["explanation"].toString(), expected);
    }

    // Issue 21: the report of the 186,000-node graph renders and finds a node within 3 s of
    // navigation start, measured in the page.
    void largeGraph()
    {
        REQUIRE_SHARED_DATA();
        if (chromium().isEmpty())
            QSKIP("chromium is not installed (Debian package chromium): browser test skipped");
        QTemporaryDir dir;
        const QString graph = dir.filePath("t186k.json");
        QProcess gen;
        gen.start("python3",
                  {OPSINFO_SOURCE_DIR "/tests/bench/gen_transformer_graph.py", "--nodes", "186000",
                   graph});
        QVERIFY(gen.waitForFinished(300000) && gen.exitCode() == 0);
        const QString page = dir.filePath("t186k.html");
        const QStringList args {graph, "--library", sharedData(kLibrary), "--mode",
                                "allow_mix_precision"};
        const CliRun r = runOpsinfo(QStringList {"report"} + args + QStringList {"-o", page});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const QString node = "/model/layers.40/attn/q_proj/MatMul";
        qint64 wall = 0;
        const QJsonObject result = browserSelfTest(page, node, dir.filePath("profile"), &wall);
        QVERIFY2(!result.isEmpty(), "the page wrote no self-test result");
        const double loadMs = result["firstDrawMs"].toDouble() + result["searchMs"].toDouble();
        qInfo("report %lld KiB, %d nodes, %d boxes: first draw %.0f ms, search %.0f ms, "
              "browser wall %lld ms",
              QFileInfo(page).size() / 1024, result["nodes"].toInt(), result["boxes"].toInt(),
              result["firstDrawMs"].toDouble(), result["searchMs"].toDouble(), wall);
        QVERIFY(result["nodes"].toInt() > 185000);
        QVERIFY2(result["paintedPixels"].toInt() > 1000, "the canvas stayed blank");
        QCOMPARE(result["found"].toString(), node);
        QVERIFY2(loadMs < 3000, qPrintable(QString("%1 ms").arg(loadMs)));
    }
};

QTEST_GUILESS_MAIN(TestCliReport)
#include "tst_clireport.moc"
