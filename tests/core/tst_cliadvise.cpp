// `opsinfo advise`: every documented option, run on real graphs and the real ascend910b library
// (skipped without ../shared) and on our evidence fixtures.
#include "clirun.h"

#include "mixlist/dtypeoverrides.h"
#include "mixlist/mixlist.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

namespace {

QString library()
{
    return sharedData("opsinfo/cann-8.1.RC1/op_impl/ai_core/tbe/config/ascend910b");
}

QString resnet50()
{
    return sharedData("graphs/ge_dump/ge_proto_00017_OptimizeOriginalGraph_FeGraphFusionAfter.txt");
}

QString bert()
{
    return sharedData("graphs/onnx/ort__bert_toy_optimized.onnx");
}

QString fixture(const QString &name)
{
    return testData(QStringLiteral("evidence/") + name);
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

QStringList protectedNames(const QJsonObject &doc)
{
    QStringList names;
    for (const auto &p : doc.value("protected").toArray())
        names << p.toObject().value("name").toString();
    return names;
}

QJsonObject firstPlan(const QJsonObject &doc)
{
    return doc.value("plans").toArray().at(0).toObject();
}

QStringList entries(const QJsonObject &plan)
{
    QStringList out;
    for (const auto &e : plan.value("edits").toArray())
        out << e.toObject().value("entry").toString();
    return out;
}

} // namespace

class TestCliAdvise : public QObject
{
    Q_OBJECT

private slots:
    void help()
    {
        const CliRun r = runOpsinfo({"advise", "--help"});
        QCOMPARE(r.code, 0);
        for (const char *option :
             {"--library", "--soc", "--mixlist", "--keep-dtype", "--customize-dtypes",
              "--platform-ini", "--gray-rule", "--op-map", "--mode", "--keep-fp32", "--objective",
              "--max-changes", "--max-moved", "--output", "--keep-dtype-out", "--json",
              "--evidence", "--api-map", "--cosine-threshold"})
            QVERIFY2(r.out.contains(option), option);
        QVERIFY(r.out.contains("optimises the prediction, not the model's accuracy"));
    }

    void usageErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("no mode") << QStringList {"--keep-fp32", "conv1"}
                                 << "--mode MODE is required";
        QTest::newRow("bad objective")
            << QStringList {"--mode", "allow_mix_precision", "--objective", "speed"}
            << "--objective takes accuracy, casts or time";
        QTest::newRow("bad max-changes")
            << QStringList {"--mode", "allow_mix_precision", "--max-changes", "-1"}
            << "--max-changes takes a whole number";
        QTest::newRow("bad max-moved")
            << QStringList {"--mode", "allow_mix_precision", "--max-moved", "x"}
            << "--max-moved takes a whole number";
        QTest::newRow("nothing to protect")
            << QStringList {"--mode", "allow_mix_precision"} << "nothing to protect";
        QTest::newRow("json and stdout")
            << QStringList {"--mode", "allow_mix_precision", "--json", "-o", "-"}
            << "cannot share stdout";
    }

    void usageErrors()
    {
        REQUIRE_SHARED_DATA();
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const CliRun r
            = runOpsinfo(QStringList {"advise", resnet50(), "--library", library()} + args);
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
    }

    void accuracyText()
    {
        REQUIRE_SHARED_DATA();
        const CliRun r = runOpsinfo({"advise", resnet50(), "--library", library(), "--mode",
                                     "allow_mix_precision_fp16", "--keep-fp32", "res2a_branch2a",
                                     "--keep-fp32", "prob", "--keep-fp32", "res3a"});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains("protected nodes (3):"), qPrintable(r.out));
        QVERIFY(r.out.contains(
            "recommended: op types, keep_dtype where an op type would move more than 8 other nodes -- 3 edit(s), verified by re-resolving"));
        QVERIFY(r.out.contains("black-list.to-add Conv2D     yes     2      116    -102"));
        QVERIFY(r.out.contains("alternative 1: op types only -- 2 edit(s)"));
        QVERIFY(r.out.contains(
            "limits:\n  - the advice optimises the prediction, not the model's accuracy"));
    }

    void keepFp32OpTypeAndMaxMoved()
    {
        REQUIRE_SHARED_DATA();
        // OpType::SoftmaxV2 protects the one softmax; --max-moved 200 lets the Conv2D type edit
        // into the balanced plan, --max-moved 0 keeps every type edit that moves anything out of
        // it.
        auto plan = [](const QStringList &extra) {
            const CliRun r
                = runOpsinfo(QStringList {"advise", resnet50(), "--library", library(), "--mode",
                                          "allow_mix_precision_fp16", "--keep-fp32",
                                          "OpType::SoftmaxV2", "--keep-fp32", "res2a_branch2a",
                                          "--keep-fp32", "res2b_branch2a", "--json"}
                             + extra);
            return json(r);
        };
        const QJsonObject wide = plan({"--max-moved", "200"});
        QCOMPARE(protectedNames(wide), (QStringList {"prob", "res2a_branch2a", "res2b_branch2a"}));
        QCOMPARE(entries(firstPlan(wide)),
                 (QStringList {"black-list.to-add Conv2D", "black-list.to-add SoftmaxV2"}));
        const QJsonObject narrow = plan({"--max-moved", "0"});
        QCOMPARE(entries(firstPlan(narrow)),
                 (QStringList {"black-list.to-add SoftmaxV2", "keep_dtype res2a_branch2a",
                               "keep_dtype res2b_branch2a"}));
        QVERIFY(firstPlan(narrow).value("verified").toBool());
        QVERIFY(narrow.value("goal_reached").toBool());
    }

    void maxChanges()
    {
        REQUIRE_SHARED_DATA();
        // force_fp16: the lists do nothing (M5), keep_dtype per node is the only lever; 3 nodes
        // need 3 edits, more than --max-changes 2: the goal is not reached (exit 1), the plan is
        // shown.
        const QStringList args {"advise",      resnet50(),      "--library",   library(),
                                "--mode",      "force_fp16",    "--keep-fp32", "conv1",
                                "--keep-fp32", "res2a_branch1", "--keep-fp32", "res2a_branch2a",
                                "--json"};
        const CliRun within = runOpsinfo(args);
        QCOMPARE(within.code, 0);
        const CliRun over = runOpsinfo(args + QStringList {"--max-changes", "2"});
        QCOMPARE(over.code, 1);
        const QJsonObject plan = firstPlan(json(over));
        QCOMPARE(plan.value("within_max_changes").toBool(), false);
        QCOMPARE(plan.value("edits").toArray().size(), 3);
        QVERIFY(over.err.contains("in force_fp16 the lists do nothing (M5, M6)"));
    }

    void outputsAndReadBack()
    {
        REQUIRE_SHARED_DATA();
        QTemporaryDir dir;
        const QString mixlistOut = dir.filePath("advised.json");
        const QString keepOut = dir.filePath("keep.cfg");
        const CliRun r
            = runOpsinfo({"advise", resnet50(), "--library", library(), "--mode",
                          "allow_mix_precision_fp16", "--keep-fp32", "prob", "--keep-fp32",
                          "res2a_branch2a", "-o", mixlistOut, "--keep-dtype-out", keepOut});
        QCOMPARE(r.code, 0);
        // The files the compiler will read: a strict mixlist and a keep_dtype list.
        const QByteArray mixlist = readAllBytes(mixlistOut);
        QVERIFY(opsinfo::parseMixlistStrict(mixlist.toStdString(), "advised.json").ok());
        QCOMPARE(
            mixlist,
            QByteArray(
                "{\n    \"black-list\": {\n        \"to-add\": [\n            \"SoftmaxV2\"\n        ]\n    }\n}\n"));
        QCOMPARE(readAllBytes(keepOut), QByteArray("res2a_branch2a\n"));
        // Re-resolving with them: the protected nodes are fp32 (the advice holds outside the
        // advisor).
        const CliRun check = runOpsinfo({"resolve", resnet50(), "--library", library(), "--mode",
                                         "allow_mix_precision_fp16", "--mixlist", mixlistOut,
                                         "--keep-dtype", keepOut, "--json"});
        QCOMPARE(check.code, 0);
        for (const auto &n : json(check).value("nodes").toArray()) {
            const QJsonObject node = n.toObject();
            if (node.value("name") == "prob" || node.value("name") == "res2a_branch2a")
                QCOMPARE(node.value("dtype").toString(), QStringLiteral("float32"));
        }
        // '-' writes the mixlist to stdout and the report to stderr.
        const CliRun toStdout
            = runOpsinfo({"advise", resnet50(), "--library", library(), "--mode",
                          "allow_mix_precision_fp16", "--keep-fp32", "prob", "-o", "-"});
        QCOMPARE(toStdout.code, 0);
        QVERIFY(toStdout.out.startsWith("{\n    \"black-list\""));
        QVERIFY(toStdout.err.contains("recommended:"));
        // An input is never overwritten.
        const CliRun clobber = runOpsinfo({"advise", resnet50(), "--library", library(), "--mode",
                                           "allow_mix_precision_fp16", "--keep-fp32", "prob",
                                           "--mixlist", mixlistOut, "-o", mixlistOut});
        QCOMPARE(clobber.code, 2);
        QVERIFY2(clobber.err.contains("refusing to write")
                     && clobber.err.contains("this command reads it"),
                 qPrintable(clobber.err));
        QCOMPARE(readAllBytes(mixlistOut), mixlist);
    }

    void currentListsAndOverrides()
    {
        REQUIRE_SHARED_DATA();
        QTemporaryDir dir;
        // --mixlist: a real user mixlist (Swin-Transformer, black-lists Add ...) is the starting
        // point;
        // --keep-dtype: a node already kept is fp32, nothing to change for it.
        const QString swin = sharedData(
            "opsinfo/mixlists/modelzoo-tf/"
            "TensorFlow2__built-in__cv__detection__Swin-Transformer_ID2412_for_TensorFlow2.X__configs__ops_info.json");
        const QString keep = dir.filePath("keep.cfg");
        QVERIFY(writeFile(keep, "Div_83\n"));
        const CliRun r = runOpsinfo({"advise", bert(), "--library", library(), "--mode",
                                     "allow_mix_precision_fp16", "--mixlist", swin, "--keep-dtype",
                                     keep, "--keep-fp32", "Div_83", "--json"});
        QCOMPARE(r.code, 0);
        const QJsonObject doc = json(r);
        QCOMPARE(doc.value("protected").toArray().at(0).toObject().value("before").toString(),
                 QStringLiteral("float32"));
        QVERIFY(entries(firstPlan(doc)).isEmpty());
        // The plan's mixlist keeps the user's entries' effect (Add stays black).
        QVERIFY(firstPlan(doc)
                    .value("mixlist")
                    .toObject()
                    .value("black-list")
                    .toObject()
                    .value("to-add")
                    .toArray()
                    .contains("Add"));
        // A real keep_dtype file naming nodes of another model loads and changes nothing here.
        const CliRun other = runOpsinfo(
            {"advise", bert(), "--library", library(), "--mode", "allow_mix_precision_fp16",
             "--keep-dtype",
             sharedData(
                 "opsinfo/keep_dtype/modelzoo-tf/ACL_TensorFlow__contrib__cv__FasterRCNN_for_ACL__keeptype.cfg"),
             "--keep-fp32", "Div_83", "--json"});
        QCOMPARE(other.code, 0);
        QVERIFY(!entries(firstPlan(json(other))).isEmpty());
    }

    void resolveOptionsPassThrough()
    {
        REQUIRE_SHARED_DATA();
        QTemporaryDir dir;
        const QString base = sharedData("opsinfo/cann-8.1.RC1") + "/";
        // --customize-dtypes (a real ModelZoo file), --gray-rule previous, --soc and
        // --platform-ini.
        const QStringList common {"advise",      bert(),    "--library", library(),
                                  "--keep-fp32", "Erf_123", "--json"};
        const CliRun customized = runOpsinfo(
            common
            + QStringList {
                "--mode", "allow_mix_precision_fp16", "--customize-dtypes",
                sharedData(
                    "opsinfo/customize_dtypes/modelzoo-tf/ACL_TensorFlow__contrib__recommendation__DIEN_for_ACL__customize_dtypes.txt")});
        QCOMPARE(customized.code, 0);
        const CliRun previous = runOpsinfo(
            common + QStringList {"--mode", "allow_mix_precision_fp16", "--gray-rule", "previous"});
        QCOMPARE(previous.code, 0);
        QVERIFY(firstPlan(json(previous)).value("verified").toBool());
        const CliRun bf16 = runOpsinfo(common
                                       + QStringList {"--mode", "allow_mix_precision_bf16", "--soc",
                                                      "Ascend910B1", "--platform-ini",
                                                      base + "platform_config/Ascend910B1.ini"});
        QCOMPARE(bf16.code, 0);
        // A SoC without bf16, with its own library: the compiler refuses the mode (1).
        QStringList on910 = common;
        on910[on910.indexOf(library())] = library().replace("ascend910b", "ascend910");
        const CliRun refused
            = runOpsinfo(on910
                         + QStringList {"--mode", "allow_mix_precision_bf16", "--soc", "Ascend910A",
                                        "--platform-ini", base + "platform_config/Ascend910A.ini"});
        QCOMPARE(refused.code, 1);
        QVERIFY2(refused.err.contains("mode-soc"), qPrintable(refused.err));
        // The same --soc against the ascend910b folder contradicts the library: a usage error.
        const CliRun contradicting = runOpsinfo(
            common + QStringList {"--mode", "allow_mix_precision_bf16", "--soc", "Ascend910A"});
        QCOMPARE(contradicting.code, 2);
        QVERIFY2(contradicting.err.contains("contradicts the library"),
                 qPrintable(contradicting.err));
        // --op-map: Erf given another IR type by the user's map: protecting that type now finds
        // nodes.
        const QString map = dir.filePath("map.tsv");
        QVERIFY(writeFile(map, "[onnx]\nErf\tGelu\t*\n"));
        const QStringList byType {"advise",      bert(),         "--library",
                                  library(),     "--mode",       "allow_mix_precision_fp16",
                                  "--keep-fp32", "OpType::Gelu", "--json"};
        const CliRun none = runOpsinfo(byType); // no node of type Gelu: nothing protected, no plan
        QCOMPARE(none.code, 1);
        QVERIFY(
            none.err.contains("no node of op type Gelu in the graph: nothing protected for it"));
        const CliRun mapped = runOpsinfo(byType + QStringList {"--op-map", map});
        QCOMPARE(mapped.code, 0);
        QVERIFY(protectedNames(json(mapped)).contains("Erf_123"));
    }

    void evidenceProtectsAndThreshold()
    {
        REQUIRE_SHARED_DATA();
        auto protectedBy = [](const QStringList &extra) {
            return protectedNames(
                json(runOpsinfo(QStringList {"advise", resnet50(), "--library", library(), "--mode",
                                             "allow_mix_precision_fp16", "--evidence",
                                             fixture("msaccucmp_result_resnet50.csv"), "--json"}
                                + extra)));
        };
        QCOMPARE(protectedBy({}), (QStringList {"res2a", "res3a_branch1"}));
        QCOMPARE(protectedBy({"--cosine-threshold", "0.9"}),
                 (QStringList {"res2a", "res3a_branch1"})); // its verdict still says error
        QCOMPARE(protectedBy({"--cosine-threshold", "0.9", "--keep-fp32", "prob"}).size(), 3);
        // The overflow origin names the file and line.
        const CliRun r = runOpsinfo({"advise", resnet50(), "--library", library(), "--mode",
                                     "allow_mix_precision_fp16", "--evidence",
                                     fixture("msaccucmp_result_resnet50.csv")});
        QVERIFY2(r.out.contains("msaccucmp_result_resnet50.csv:6: overflow"), qPrintable(r.out));
        // A compare result whose flagged API has no node (layer_norm in a ResNet): --api-map maps
        // it.
        QTemporaryDir dir;
        const QString map = dir.filePath("apis.tsv");
        QVERIFY(writeFile(map, "[pytorch]\nlayer_norm\tLeakyRelu\nsoftmax\t-\n"));
        const QStringList args {"advise",     resnet50(),
                                "--library",  library(),
                                "--mode",     "allow_mix_precision_fp16",
                                "--evidence", fixture("compare_result_current.csv"),
                                "--json"};
        QCOMPARE(protectedNames(json(runOpsinfo(args))),
                 QStringList {"prob"}); // the NaN softmax row
        const QStringList mapped
            = protectedNames(json(runOpsinfo(args + QStringList {"--api-map", map})));
        QCOMPARE(mapped.size(), 49); // every LeakyRelu; softmax now runs no op
        QVERIFY(!mapped.contains("prob"));
    }

    void castsAndTimeObjectives()
    {
        REQUIRE_SHARED_DATA();
        QTemporaryDir dir;
        const QString mixlist = dir.filePath("black.json");
        QVERIFY(writeFile(
            mixlist, "{\"black-list\": {\"to-add\": [\"LeakyRelu\", \"Eltwise\", \"Pooling\"]}}"));
        const QStringList args {"advise",          resnet50(), "--library",
                                library(),         "--mode",   "allow_mix_precision_fp16",
                                "--mixlist",       mixlist,    "--keep-fp32",
                                "OpType::Pooling", "--json"};
        const CliRun casts = runOpsinfo(args + QStringList {"--objective", "casts"});
        QCOMPARE(casts.code, 0);
        const QJsonObject plan = firstPlan(json(casts));
        QVERIFY(plan.value("verified").toBool());
        QVERIFY(plan.value("effect").toObject().value("casts_delta").toInt() < 0);
        QVERIFY(plan.value("effect").toObject().value("moved_protected").toArray().isEmpty());
        for (const QString &entry : entries(plan))
            QVERIFY2(!entry.contains("Pooling"), qPrintable(entry));
        const CliRun time = runOpsinfo(args
                                       + QStringList {"--objective", "time", "--evidence",
                                                      fixture("op_summary_resnet50_graph.csv")});
        QCOMPARE(time.code, 0);
        const QJsonObject estimate
            = firstPlan(json(time)).value("effect").toObject().value("time_estimate_us").toObject();
        QVERIFY(estimate.value("cast_after").toDouble() < estimate.value("cast_before").toDouble());
        const CliRun noTimes = runOpsinfo(args + QStringList {"--objective", "time"});
        QCOMPARE(noTimes.code, 0);
        QVERIFY(noTimes.err.contains("the time objective needs profiler times"));
    }
};

QTEST_GUILESS_MAIN(TestCliAdvise)
#include "tst_cliadvise.moc"
