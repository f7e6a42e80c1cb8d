// `opsinfo evidence show` and `opsinfo check --evidence`: every documented option, run on real
// evidence files and graphs (skipped without ../shared) and on our fixtures.
#include "clirun.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

namespace {

const QString kLibrary
    = QStringLiteral("opsinfo/cann-8.1.RC1/op_impl/ai_core/tbe/config/ascend910b");

QString evidence(const QString &relative)
{
    return sharedData(QStringLiteral("evidence/") + relative);
}

QString fixture(const QString &name)
{
    return testData(QStringLiteral("evidence/") + name);
}

QString resnet50()
{
    return sharedData("graphs/ge_dump/ge_proto_00017_OptimizeOriginalGraph_FeGraphFusionAfter.txt");
}

QJsonObject json(const CliRun &r)
{
    return QJsonDocument::fromJson(r.out.toUtf8()).object();
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

} // namespace

class TestCliEvidence : public QObject
{
    Q_OBJECT

private slots:
    void help()
    {
        const CliRun r = runOpsinfo({"evidence", "show", "--help"});
        QCOMPARE(r.code, 0);
        for (const char *option :
             {"--graph", "--op-map", "--library", "--soc", "--rows", "--unmatched", "--by-type",
              "--json", "--api-map", "--cosine-threshold"})
            QVERIFY2(r.out.contains(option), option);
        QCOMPARE(runOpsinfo({"evidence"}).code, 2);
        QCOMPARE(runOpsinfo({"evidence", "show"}).code, 2);
    }

    void realFilesText()
    {
        REQUIRE_SHARED_DATA();
        const CliRun r = runOpsinfo(
            {"evidence", "show",
             evidence(
                 "profiler_kernel_details/msinsight__st_qwen3-0.6b_level2_rank0__kernel_details.csv"),
             evidence("msprobe_overflow/msinsight__smoke_vit_overflow_rank0__construct.json"),
             "--library", sharedData(kLibrary)});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains("  format:   kernel_details (ge)\n  rows:     2463\n"),
                 qPrintable(r.out));
        QVERIFY(r.out.contains(
            "  joined:   2448 of 2463 (99.4%): 0 by node name, 0 by op type in the graph, 2448 by op type only\n"));
        QVERIFY(r.out.contains("  not joined: 15 (not-an-op 15)\n"));
        QVERIFY(r.out.contains("nothing imported: msprobe construct.json"));
    }

    void jsonAndFlags()
    {
        REQUIRE_SHARED_DATA();
        const CliRun r = runOpsinfo(
            {"evidence", "show",
             evidence("msprobe_overflow/msinsight__smoke_vit_overflow_rank0__dump.json"), "--json",
             "--rows"});
        QCOMPARE(r.code, 0);
        const QJsonObject file = json(r).value("files").toArray().at(0).toObject();
        QCOMPARE(file.value("format").toString(), QStringLiteral("msprobe-dump"));
        QCOMPARE(file.value("rows").toInt(), 3323);
        QCOMPARE(file.value("flagged").toInt(), 17);
        const QJsonArray rows = file.value("row_list").toArray();
        QCOMPARE(rows.size(), 3323);
        int nanInf = 0;
        for (const auto &row : rows)
            nanInf += row.toObject().value("flagged").toString() == QStringLiteral("NaN or Inf");
        QCOMPARE(nanInf, 17);
        QCOMPARE(file.value("joined")
                     .toObject()
                     .value("misses")
                     .toObject()
                     .value("module-level")
                     .toInt(),
                 360);
    }

    void cosineThreshold()
    {
        // Our current-layout compare fixture: the layer_norm row (cosine 0.9812) is flagged at the
        // default 0.99 by its cosine, at 0.98 only by the tool's error verdict; 0.9999 flags the
        // conv2d output (0.999871) too.
        auto flagged = [](const QStringList &extra) {
            const CliRun r = runOpsinfo(
                QStringList {"evidence", "show", fixture("compare_result_current.csv"), "--json"}
                + extra);
            return json(r).value("files").toArray().at(0).toObject().value("flagged").toInt();
        };
        QCOMPARE(flagged({}), 2);
        QCOMPARE(flagged({"--cosine-threshold", "0.98"}), 2);
        QCOMPARE(flagged({"--cosine-threshold", "0.9999"}), 4);
        QCOMPARE(runOpsinfo({"evidence", "show", fixture("compare_result_current.csv"),
                             "--cosine-threshold", "2"})
                     .code,
                 2);
        QCOMPARE(runOpsinfo({"evidence", "show", fixture("compare_result_current.csv"),
                             "--cosine-threshold", "x"})
                     .code,
                 2);
    }

    void graphJoinAndUnmatched()
    {
        REQUIRE_SHARED_DATA();
        const CliRun r = runOpsinfo({"evidence", "show", fixture("msaccucmp_result_resnet50.csv"),
                                     "--graph", resnet50(), "--unmatched"});
        QCOMPARE(r.code, 0);
        QVERIFY2(
            r.out.contains(
                "joined:   8 of 10 (80.0%): 8 by node name, 0 by op type in the graph, 0 by op type only"),
            qPrintable(r.out));
        QVERIFY(r.out.contains("not joined: 2 (type-not-in-graph 2)"));
        QVERIFY(r.out.contains(
            "'trans_TransData_1' is no node of the graph; op type TransData has no node in the graph"));
        QVERIFY(!r.out.contains("conv1_relu")); // only unmatched rows are listed
    }

    void byType()
    {
        REQUIRE_SHARED_DATA();
        const CliRun r = runOpsinfo(
            {"evidence", "show",
             evidence(
                 "profiler_kernel_details/msprof-analyze__advisor_backend_compute_advice__kernel_details.csv"),
             "--by-type"});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains("AI CPU 7 runs"), qPrintable(r.out));
        QVERIFY(r.out.contains("Cast 75 runs"));
        const CliRun j = runOpsinfo(
            {"evidence", "show",
             evidence(
                 "profiler_op_statistic/msinsight__st_qwen3-0.6b_level2_rank0__op_statistic.csv"),
             "--by-type", "--json"});
        const QJsonObject byType = json(j).value("by_type").toObject();
        QCOMPARE(byType.value("cast_runs").toInt(), 287);
        QVERIFY(byType.value("from_op_statistic").toBool());
        QCOMPARE(byType.value("types").toArray().at(0).toObject().value("op_type").toString(),
                 QStringLiteral("FlashAttentionScoreGrad"));
    }

    void socAndOpp()
    {
        // --soc picks the soc folder of an opp --library: op types checked against our fixture
        // store.
        const QString stats = fixture("op_summary_resnet50_graph.csv");
        const CliRun r = runOpsinfo({"evidence", "show", stats, "--library",
                                     testData("library/opp"), "--soc", "Ascend910B2", "--json"});
        QCOMPARE(r.code, 0);
        const QJsonObject joined
            = json(r).value("files").toArray().at(0).toObject().value("joined").toObject();
        QVERIFY(joined.value("type_only").toInt() > 0);
        QVERIFY(joined.value("misses").toObject().value("type-not-in-library").toInt() > 0);
    }

    void opMapAndApiMap()
    {
        // A custom ONNX op (my.domain::MyCustomOp) given an IR type by --op-map, and a framework
        // API given that type by --api-map: the evidence row joins the node.
        QTemporaryDir dir;
        const QString opMap = dir.filePath("ops.tsv");
        const QString apiMap = dir.filePath("apis.tsv");
        const QString dump = dir.filePath("dump.json");
        QVERIFY(writeFile(opMap, "[onnx]\nMyCustomOp\tMyFusedOp\t*\tmy.domain\n"));
        QVERIFY(writeFile(apiMap, "[pytorch]\nmy_custom\tMyFusedOp\n"));
        QVERIFY(writeFile(dump,
                          R"({"task": "statistics", "level": "L1", "framework": "pytorch", "data": {
            "NPU.my_custom.0.forward": {"input_args": [], "output": [{"type": "torch.Tensor", "dtype": "torch.float16"}]}}})"));
        const QString graph = testData("graphs/tiny_infer.onnx");
        auto joinedNodes = [&](const QStringList &extra) {
            const CliRun r = runOpsinfo(
                QStringList {"evidence", "show", dump, "--graph", graph, "--json"} + extra);
            return json(r)
                .value("files")
                .toArray()
                .at(0)
                .toObject()
                .value("joined")
                .toObject()
                .value("op_type")
                .toInt();
        };
        QCOMPARE(joinedNodes({}), 0);
        QCOMPARE(joinedNodes({"--api-map", apiMap}), 0);
        QCOMPARE(joinedNodes({"--api-map", apiMap, "--op-map", opMap}), 1);
        QVERIFY(writeFile(apiMap, "[pytorch\nmy_custom MyFusedOp\n"));
        const CliRun bad = runOpsinfo({"evidence", "show", dump, "--api-map", apiMap});
        QCOMPARE(bad.code, 1);
        QVERIFY2(bad.err.contains("apis.tsv:1:1: error: unknown section '[pytorch'"),
                 qPrintable(bad.err));
    }

    void badFiles()
    {
        QTemporaryDir dir;
        const QString cut = dir.filePath("kernel_details.csv");
        QVERIFY(writeFile(cut, "Name,Type,Duration(us)\nconv1,Conv2D,1.0\n\"conv2,Conv2D,2"));
        const CliRun r = runOpsinfo({"evidence", "show", cut});
        QCOMPARE(r.code, 1);
        QVERIFY2(
            r.err.contains(
                "kernel_details.csv:3:1: error: a quoted field is not closed before the end of the file"),
            qPrintable(r.err));
        QVERIFY(r.out.contains("rows:     1 (stopped at an error, see above)"));
        const CliRun missing = runOpsinfo({"evidence", "show", dir.filePath("nope.csv")});
        QCOMPARE(missing.code,
                 2); // a file that cannot be read is an I/O error, as for every command
        QVERIFY2(missing.err.contains("nope.csv: No such file or directory [input-missing]"),
                 qPrintable(missing.err));
        const CliRun json = runOpsinfo({"evidence", "show", cut, "--json"});
        QCOMPARE(json.code, 1);
        const QJsonObject file = QJsonDocument::fromJson(json.out.toUtf8())
                                     .object()
                                     .value("files")
                                     .toArray()
                                     .at(0)
                                     .toObject();
        QCOMPARE(file.value("ok").toBool(), false);
        QCOMPARE(file.value("diagnostics").toArray().at(0).toObject().value("line").toInt(), 3);
    }

    void checkWithEvidence()
    {
        REQUIRE_SHARED_DATA();
        // Name join: the graph-mode op_summary (dtypes of the compiled ResNet-50) agrees with the
        // prediction on every FE node in the fp16 mixed mode.
        const QStringList base {"check", resnet50(), "--library", sharedData(kLibrary)};
        const CliRun agree
            = runOpsinfo(base
                         + QStringList {"--mode", "allow_mix_precision_fp16", "--evidence",
                                        fixture("op_summary_resnet50_graph.csv")});
        QCOMPARE(agree.code, 0);
        QVERIFY2(
            agree.out.contains(
                "evidence: 122 of 122 executed dtypes agree with the prediction (100.0%): 122/122 by node name, 0/0 by op type"),
            qPrintable(agree.out));
        // must_keep_origin_dtype predicts fp32 from the fp32 source graph: every executed fp16
        // disagrees. pool1 and pool5 are not compared: Pooling's static op_select_format row on
        // ascend910b has no fp32 column, so FE rejects them in this mode (AI CPU, M11).
        const CliRun disagree
            = runOpsinfo(base
                         + QStringList {"--mode", "must_keep_origin_dtype", "--evidence",
                                        fixture("op_summary_resnet50_graph.csv"), "--json"});
        QCOMPARE(disagree.code, 1);
        const QJsonObject ev = json(disagree).value("evidence").toObject();
        QCOMPARE(ev.value("node_compared").toInt(), 120);
        QCOMPARE(ev.value("node_agreed").toInt(), 0);
        QCOMPARE(
            ev.value("node_disagreements").toArray().at(0).toObject().value("executed").toString(),
            QStringLiteral("float16"));
        // Type join: framework API rows against the types (conv2d fp16 and softmax fp16 vs the
        // nodes).
        const CliRun types
            = runOpsinfo(base
                         + QStringList {"--mode", "allow_mix_precision_fp16", "--evidence",
                                        fixture("compare_result_current.csv"), "--json"});
        const QJsonObject typeReport = json(types).value("evidence").toObject();
        QVERIFY(typeReport.value("type_compared").toInt() >= 3);
        QCOMPARE(typeReport.value("type_agreed").toInt(),
                 typeReport.value("type_compared").toInt());
        // With --compiled too: both checks in one JSON object.
        const CliRun both = runOpsinfo(
            base
            + QStringList {"--mode", "allow_mix_precision_fp16", "--evidence",
                           fixture("op_summary_resnet50_graph.csv"), "--compiled",
                           sharedData("graphs/ge_dump/ge_proto_00026_afterUBMatch.txt"), "--json"});
        QCOMPARE(both.code, 0);
        QCOMPARE(json(both).value("agreed").toInt(), 123);
        QVERIFY(json(both).contains("evidence"));
        // --api-map reaches the evidence join here too.
        QTemporaryDir dir;
        const QString map = dir.filePath("apis.tsv");
        QVERIFY(writeFile(
            map, "[pytorch]\nconv2d\t-\nsoftmax\t-\nlinear\t-\nmatmul\t-\nlayer_norm\t-\n"));
        const CliRun unmapped = runOpsinfo(
            base
            + QStringList {"--mode", "allow_mix_precision_fp16", "--evidence",
                           fixture("compare_result_current.csv"), "--api-map", map, "--json"});
        QCOMPARE(json(unmapped).value("evidence").toObject().value("type_compared").toInt(), 0);
        // Usage: neither --compiled nor --evidence.
        QCOMPARE(runOpsinfo(base + QStringList {"--mode", "force_fp16"}).code, 2);
        // An evidence file that does not import is an input error.
        const QString bad = dir.filePath("bad.csv");
        QVERIFY(writeFile(bad, "foo,bar\n"));
        QCOMPARE(runOpsinfo(base + QStringList {"--mode", "force_fp16", "--evidence", bad}).code,
                 1);
    }
};

QTEST_GUILESS_MAIN(TestCliEvidence)
#include "tst_clievidence.moc"
