#include "cli/cli.h"

#include "clirun.h"
#include "shareddata.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <sstream>

using namespace opsinfo;

namespace {

using Run = CliRun;

Run run(const QStringList &args)
{
    return runOpsinfo(args);
}

QString cli(const QString &name)
{
    return cliFixture(name);
}

QByteArray readAll(const QString &path)
{
    return readAllBytes(path);
}

QJsonObject nodeNamed(const QJsonArray &nodes, const QString &name)
{
    for (const auto &n : nodes)
        if (n.toObject().value("name").toString() == name)
            return n.toObject();
    return {};
}

} // namespace

class TestCli : public QObject
{
    Q_OBJECT
private slots:
    // readResolveInputs returned ResolveInputs by move while its options still pointed at the
    // moved-from keep_dtype / customize_dtypes: a use after free (found by the advise tests,
    // a crash under load). The kept node must be decided from the file's keep list.
    void resolveReadsKeepDtypeAfterReturning()
    {
        QTemporaryDir dir;
        const QString keep = dir.filePath("keep.cfg");
        QFile file(keep);
        QVERIFY(file.open(QIODevice::WriteOnly) && file.write("mm\nact\n") > 0);
        file.close();
        const Run r = run({"resolve", cli("graph.json"), "--library", cli("lib"), "--mode",
                           "allow_mix_precision", "--keep-dtype", keep, "--json"});
        QCOMPARE(r.code, 0);
        const QJsonArray nodes
            = QJsonDocument::fromJson(r.out.toUtf8()).object().value("nodes").toArray();
        QCOMPARE(nodeNamed(nodes, "mm").value("dtype").toString(), QStringLiteral("float32"));
        QCOMPARE(nodeNamed(nodes, "act").value("dtype").toString(), QStringLiteral("float32"));
    }

    void exitCodes_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("code");
        QTest::newRow("version") << QStringList {"--version"} << 0;
        QTest::newRow("help") << QStringList {"--help"} << 0;
        QTest::newRow("no args") << QStringList {} << 2;
        QTest::newRow("unknown command") << QStringList {"frobnicate"} << 2;
        QTest::newRow("unknown option")
            << QStringList {"library", "stats", cli("lib"), "--colour"} << 2;
        QTest::newRow("sub help") << QStringList {"resolve", "--help"} << 0;
        QTest::newRow("missing file") << QStringList {"mixlist", "lint", cli("nope.json")} << 2;
        QTest::newRow("bad mode") << QStringList {"resolve",  cli("graph.json"), "--library",
                                                  cli("lib"), "--mode",          "force_fp8"}
                                  << 2;
    }
    void exitCodes()
    {
        QFETCH(QStringList, args);
        QFETCH(int, code);
        const Run r = run(args);
        QVERIFY2(r.code == code, qPrintable(r.err));
    }

    void libraryStatsCountsColours()
    {
        const Run r = run({"library", "stats", cli("lib"), "--json"});
        QCOMPARE(r.code, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QCOMPARE(o.value("ops").toInt(), 4);
        QCOMPARE(o.value("white").toInt(), 1);
        QCOMPARE(o.value("black").toInt(), 1);
        QCOMPARE(o.value("gray").toInt(), 2);
        QCOMPARE(o.value("cube").toInt(), 1);
    }

    void libraryShowFilters()
    {
        const Run r
            = run({"library", "show", cli("lib"), "--list", "gray", "--filter", "^G", "--json"});
        QCOMPARE(r.code, 0);
        const QJsonArray rows = QJsonDocument::fromJson(r.out.toUtf8()).array();
        QCOMPARE(rows.size(), 1);
        QCOMPARE(rows[0].toObject().value("op_type").toString(), QStringLiteral("Gelu"));
    }

    void librarySetToOutputChangesOnlyThatOp()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath("edited.json");
        const QString input = cli("lib/aic-test-ops-info.json");
        const Run r = run({"library", "set", input, "--op", "Add", "--list", "black", "-o", out});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const QByteArray before = readAll(input);
        const QByteArray after = readAll(out);
        QVERIFY(
            after.contains("\"precision_reduce\":{\n            \"flag\":\"false\"\n        }"));
        // Everything outside Add's object is untouched: the common prefix reaches Add's entry.
        const int addAt = before.indexOf("\"Add\":{");
        QVERIFY(addAt > 0);
        QCOMPARE(after.left(addAt), before.left(addAt));
        QVERIFY(after.endsWith(before.mid(before.indexOf("\n    },\n    \"Gelu\""))));
        const Run shown = run({"library", "show", out, "--list", "black", "--json"});
        QCOMPARE(QJsonDocument::fromJson(shown.out.toUtf8()).array().size(), 2);
    }

    void librarySetInPlaceKeepsBackupOutside()
    {
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkpath("ascend_test"));
        const QString file = dir.filePath("ascend_test/aic-ascend_test-ops-info.json");
        QVERIFY(QFile::copy(cli("lib/aic-test-ops-info.json"), file));
        QFile::setPermissions(file, QFile::ReadOwner | QFile::WriteOwner);
        const QString backups = dir.filePath("backups");
        const Run r = run({"library", "set", file, "--op", "MatMulV2", "--list", "gray",
                           "--in-place", "--backup-dir", backups});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY(!readAll(file).contains("\"flag\":\"true\""));
        const QStringList saved = QDir(backups).entryList(QDir::Files);
        QCOMPARE(saved.size(), 1);
        QCOMPARE(readAll(backups + "/" + saved[0]), readAll(cli("lib/aic-test-ops-info.json")));
        // A backup folder inside the soc folder would be loaded by the compiler (L1): refused.
        const Run inside = run({"library", "set", file, "--op", "Add", "--list", "white",
                                "--in-place", "--backup-dir", dir.filePath("ascend_test/bak")});
        QCOMPARE(inside.code, 2);
    }

    void mixlistLintReportsCommentsStrictlyAndRepairsLeniently()
    {
        const Run strict = run({"mixlist", "lint", cli("broken_comment.json")});
        QCOMPARE(strict.code, 1);
        QVERIFY2(strict.err.contains("broken_comment.json:2:"), qPrintable(strict.err));
        QVERIFY(strict.err.contains("comment", Qt::CaseInsensitive));
        const Run lenient = run(
            {"mixlist", "lint", cli("broken_comment.json"), "--lenient", "--library", cli("lib")});
        QVERIFY2(lenient.code == 0, qPrintable(lenient.err));
        QVERIFY2(lenient.err.contains("Matmul"), qPrintable(lenient.err));
    }

    void mixlistLintFormatsForCi()
    {
        const Run gh = run({"mixlist", "lint", cli("broken_comment.json"), "--format", "github"});
        QCOMPARE(gh.code, 1);
        QVERIFY2(gh.out.startsWith("::error file="), qPrintable(gh.out));
        QVERIFY(gh.out.contains(",line=2,col="));
        const Run junit = run({"mixlist", "lint", cli("broken_comment.json"), "--format", "junit"});
        QVERIFY(junit.out.contains("<failure"));
        QVERIFY(junit.out.contains("failures=\""));
    }

    void mixlistApplyAndExportRoundTrip()
    {
        const Run applied
            = run({"mixlist", "apply", cli("gelu_black.json"), "--library", cli("lib"), "--json"});
        QCOMPARE(applied.code, 0);
        const QJsonArray ops
            = QJsonDocument::fromJson(applied.out.toUtf8()).object().value("ops").toArray();
        QCOMPARE(ops.size(), 1);
        QCOMPARE(ops[0].toObject().value("effective").toString(), QStringLiteral("black"));
        QCOMPARE(ops[0].toObject().value("library").toString(), QStringLiteral("gray"));

        QTemporaryDir dir;
        const QString edited = dir.filePath("edited.json");
        QCOMPARE(run({"library", "set", cli("lib/aic-test-ops-info.json"), "--op", "Gelu", "--list",
                      "black", "-o", edited})
                     .code,
                 0);
        const QString exported = dir.filePath("mixlist.json");
        const Run ex = run(
            {"mixlist", "export", "--library", cli("lib"), "--target", edited, "-o", exported});
        QVERIFY2(ex.code == 0, qPrintable(ex.err));
        QCOMPARE(QJsonDocument::fromJson(readAll(exported)).object(),
                 QJsonDocument::fromJson(readAll(cli("gelu_black.json"))).object());
    }

    void libraryDiffWithMixlist()
    {
        const Run r = run({"library", "diff", cli("lib"), cli("lib"), "--mixlist-b",
                           cli("gelu_black.json"), "--json"});
        QCOMPARE(r.code, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QCOMPARE(o.value("changed").toArray().size(), 1);
        QCOMPARE(o.value("transitions").toObject().value("gray->black").toInt(), 1);
    }

    void graphInfoCountsNodes()
    {
        const Run r = run({"graph", "info", cli("graph.json"), "--json"});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QCOMPARE(o.value("nodes").toInt(), 7);
    }

    void resolveMixedPrecisionEndToEnd()
    {
        const Run r = run({"resolve", cli("graph.json"), "--library", cli("lib"), "--mode",
                           "allow_mix_precision", "--json"});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QCOMPARE(o.value("mode").toString(), QStringLiteral("allow_mix_precision_fp16"));
        const QJsonArray nodes = o.value("nodes").toArray();
        QCOMPARE(nodes.size(), 7);
        QCOMPARE(nodes.first().toObject().value("name").toString(),
                 QStringLiteral("x")); // topological
        QCOMPARE(nodeNamed(nodes, "mm").value("dtype").toString(),
                 QStringLiteral("float16")); // white (M5)
        QCOMPARE(nodeNamed(nodes, "mm").value("policy").toString(), QStringLiteral("white"));
        QCOMPARE(nodeNamed(nodes, "add").value("dtype").toString(),
                 QStringLiteral("float16")); // gray after white (G5)
        QCOMPARE(nodeNamed(nodes, "act").value("dtype").toString(), QStringLiteral("float16"));
        QCOMPARE(nodeNamed(nodes, "sm").value("dtype").toString(),
                 QStringLiteral("float32")); // black keeps fp32
        QCOMPARE(nodeNamed(nodes, "x").value("policy").toString(), QStringLiteral("none"));
        QCOMPARE(nodeNamed(nodes, "x").value("engine").toString(), QStringLiteral("none"));
        QVERIFY(nodeNamed(nodes, "add").value("rules").toArray().contains(QJsonValue("G3")));
        const QJsonObject casts = o.value("casts").toObject();
        QCOMPARE(casts.value("down").toInt(), 1); // x -> fp16, shared by mm and add (C1)
        QCOMPARE(casts.value("weights").toInt(), 1); // w -> fp16
        QCOMPARE(casts.value("up").toInt(), 1); // act -> sm
        QCOMPARE(casts.value("total").toInt(), 3);

        const Run withMixlist
            = run({"resolve", cli("graph.json"), "--library", cli("lib"), "--mode", "mixed_float16",
                   "--mixlist", cli("gelu_black.json"), "--csv"});
        QCOMPARE(withMixlist.code, 0);
        QVERIFY2(withMixlist.out.contains("\nact,Gelu,black,float32,"),
                 qPrintable(withMixlist.out));
    }

    void resolveAllModesAndDiffGate()
    {
        const Run all
            = run({"resolve", cli("graph.json"), "--library", cli("lib"), "--all-modes", "--json"});
        QCOMPARE(all.code, 0);
        QCOMPARE(QJsonDocument::fromJson(all.out.toUtf8()).object().value("modes").toArray().size(),
                 9);
        const Run refused = run({"resolve", cli("graph.json"), "--library", cli("lib"), "--mode",
                                 "allow_mix_precision_bf16", "--soc", "Ascend910A"});
        QCOMPARE(refused.code, 1);
        QVERIFY(refused.err.contains("bf16", Qt::CaseInsensitive));

        const QStringList diff {"resolve",       "diff",        cli("graph.json"),
                                "--library",     cli("lib"),    "--mode",
                                "mixed_float16", "--mixlist-b", cli("gelu_black.json"),
                                "--json"};
        const Run open = run(diff);
        QCOMPARE(open.code, 0);
        QVERIFY(open.out.contains("\"changed_count\": 1"));
        QCOMPARE(run(diff + QStringList {"--max-changed", "0"}).code, 1);
        QCOMPARE(run(diff + QStringList {"--max-changed", "1"}).code, 0);
    }

    void convertIniOnRealSample()
    {
        REQUIRE_SHARED_DATA();
        QTemporaryDir dir;
        const QString out = dir.filePath("out.json");
        const Run r
            = run({"convert-ini",
                   sharedData("opsinfo/ini-samples/Tensorflow__ascend310__conv2d.ini"), "-o", out});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const QJsonObject o = QJsonDocument::fromJson(readAll(out)).object();
        QVERIFY(!o.isEmpty());
        QVERIFY(readAll(out).contains("{\n    \""));
    }

    // --script: the TBE script (default) requires output0, the Ascend C one does not; a refusal
    // names the line and quotes the script, and nothing is written.
    void convertIniScripts()
    {
        REQUIRE_SHARED_DATA();
        QTemporaryDir dir;
        QByteArray ini;
        for (const QByteArray &line :
             readAll(sharedData("opsinfo/ini-samples/Onnx__ascend310__fill_v2d.ini")).split('\n'))
            if (!line.startsWith("output0."))
                ini += line + '\n';
        const QString in = dir.filePath("fill_v2d.ini");
        QFile file(in);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(ini);
        file.close();
        const QString out = dir.filePath("out.json");
        for (const QStringList &tbe : {QStringList {}, QStringList {"--script", "tbe"}}) {
            const Run refused = run(QStringList {"convert-ini", in, "-o", out} + tbe);
            QCOMPARE(refused.code, 1);
            QVERIFY2(
                refused.err.contains(
                    in
                    + ":1:1: error: [FillV2D] has no output0; parse_ini_to_json.py: output0 is "
                      "required in .ini file! [ini-output0]"),
                qPrintable(refused.err));
            QVERIFY(!QFile::exists(out));
        }
        const Run converted = run({"convert-ini", in, "-o", out, "--script", "ascendc"});
        QVERIFY2(converted.code == 0, qPrintable(converted.err));
        QVERIFY(QJsonDocument::fromJson(readAll(out)).object().contains("FillV2D"));
        QCOMPARE(run({"convert-ini", in, "-o", out, "--script", "tbe2"}).code, 2);
        // --trim strips the blanks around '=' no shipped script strips
        QFile spaced(dir.filePath("spaced.ini"));
        QVERIFY(spaced.open(QIODevice::WriteOnly));
        spaced.write("[A]\noutput0.name = y\noutput0.paramType=required\n");
        spaced.close();
        const Run trimmed = run({"convert-ini", spaced.fileName(), "-o", "-", "--trim"});
        QCOMPARE(trimmed.code, 0);
        QVERIFY(trimmed.out.contains("\"name\":\"y\""));
    }

    // A library FE refuses (SEMANTICS L6) is read by every command that loads one, which does its
    // work (an edit or export is written) and ends with exit 1, the finding with file, line,
    // column and what to change on stderr; with --strict it stops before any output, exit 1.
    void storeRefusalIsReadByEveryCommand_data()
    {
        QTest::addColumn<QStringList>("args"); // %L = the refused library, %O = an output file
        const QString graph = cli("graph.json");
        const QString dump = testData("graphs/ge_proto_00001_fixture.txt");
        QTest::newRow("library show") << QStringList {"library", "show", "%L"};
        QTest::newRow("library stats") << QStringList {"library", "stats", "%L", "--json"};
        QTest::newRow("library set")
            << QStringList {"library", "set", "%L", "--op", "Add", "--list", "black", "-o", "%O"};
        QTest::newRow("library diff A") << QStringList {"library", "diff", "%L", cli("lib")};
        QTest::newRow("library diff B") << QStringList {"library", "diff", cli("lib"), "%L"};
        QTest::newRow("mixlist lint")
            << QStringList {"mixlist", "lint", cli("gelu_black.json"), "--library", "%L"};
        QTest::newRow("mixlist apply")
            << QStringList {"mixlist", "apply", cli("gelu_black.json"), "--library", "%L"};
        QTest::newRow("mixlist export base") << QStringList {
            "mixlist", "export", "--library", "%L", "--target", cli("lib"), "-o", "%O"};
        QTest::newRow("mixlist export target") << QStringList {
            "mixlist", "export", "--library", cli("lib"), "--target", "%L", "-o", "%O"};
        QTest::newRow("resolve") << QStringList {"resolve", graph,    "--library",
                                                 "%L",      "--mode", "allow_mix_precision"};
        QTest::newRow("resolve --all-modes")
            << QStringList {"resolve", graph, "--library", "%L", "--all-modes", "--json"};
        QTest::newRow("resolve stores") << QStringList {
            "resolve", graph, "--library", "%L", "--library", cli("lib"), "--mode", "force_fp16"};
        QTest::newRow("resolve diff")
            << QStringList {"resolve", "diff",       graph,    "--library",          "%L",
                            "--mode",  "force_fp16", "--mode", "allow_mix_precision"};
        QTest::newRow("check") << QStringList {
            "check", dump, "--compiled", dump, "--library", "%L", "--mode", "allow_mix_precision"};
    }
    void storeRefusalIsReadByEveryCommand()
    {
        QFETCH(QStringList, args);
        QTemporaryDir dir;
        const QString library = testData("library/l6/columns.json");
        const QString output = dir.filePath("out.json");
        args.replaceInStrings("%L", library).replaceInStrings("%O", output);
        const QString finding = library
            + ":17:22: error: op 'Add', output0 has 2 kernel columns but input0 has 3; "
              "the compiler refuses the whole store [L6] (every input and output lists one "
              "dtype and one format per kernel column: give output0 3 items)";
        const Run read = run(args);
        QCOMPARE(read.code, 1);
        QVERIFY2(read.err.contains(finding), qPrintable(read.err));
        QVERIFY2(
            read.err.contains("the compiler refuses this library: 1 problem (above); it is read"),
            qPrintable(read.err));
        // What the command writes, it wrote; what it prints, it printed.
        if (args.contains(output))
            QVERIFY2(QFile::exists(output), qPrintable(read.err));
        else if (args.first() != "mixlist" || args.at(1) != "lint") // lint reports on stderr
            QVERIFY2(!read.out.isEmpty(), qPrintable(read.err));
        QFile::remove(output);

        const Run strict = run(args << "--strict");
        QCOMPARE(strict.code, 1);
        QVERIFY2(strict.err.contains(finding), qPrintable(strict.err));
        QVERIFY2(strict.err.contains("fix them first") && strict.err.contains("(--strict)"),
                 qPrintable(strict.err));
        QVERIFY(strict.out.isEmpty());
        QVERIFY(!QFile::exists(output));
    }

    void realLibraryStats()
    {
        REQUIRE_SHARED_DATA();
        const Run r = run({"library", "stats",
                           sharedData("opsinfo/cann-8.1.RC1/op_impl/ai_core/tbe/config/ascend910b"),
                           "--json"});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QCOMPARE(o.value("ops").toInt(), 1094);
        QCOMPARE(o.value("white").toInt(), 316);
        QCOMPARE(o.value("black").toInt(), 94);
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
