// --front-end and `opsinfo snippet` on real input: every documented option of each, on the CANN 8.1
// ascend910b library, a real ResNet-50, real modelzoo mixlists, keep_dtype and customize_dtypes
// files and the GE dump pair (../shared/data).
#include "clirun.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

namespace {

QString lib()
{
    return sharedData("opsinfo/cann-8.1.RC1/op_impl/ai_core/tbe/config/ascend910b");
}
QString resnet()
{
    return sharedData("graphs/onnx/onnx__light_resnet50.onnx");
}
// Black-lists MatMulV2 (and MatMul): ResNet-50's one MatMulV2 is white in the library.
QString mixlistMatMul()
{
    return sharedData(
        "opsinfo/mixlists/modelzoo-tf/TensorFlow__built-in__cv__image_classification__PointNet_ID0266_for_TensorFlow__ops__ops_info.json");
}
// Black-lists Relu, Add, Mul ... (gray in the library).
QString mixlistRelu()
{
    return sharedData(
        "opsinfo/mixlists/modelzoo-tf/TensorFlow2__built-in__GAN_ID2351_for_TensorFlow2.X__configs__ops_info.json");
}
QString keepDtype()
{
    return sharedData(
        "opsinfo/keep_dtype/modelzoo-tf/ACL_TensorFlow__contrib__cv__FasterRCNN_for_ACL__keeptype.cfg");
}
QString customize()
{
    return sharedData(
        "opsinfo/customize_dtypes/modelzoo-tf/TensorFlow__contrib__cv__OOD_ID2046_for_TensorFlow__customize_dtypes.cfg");
}

QJsonObject json(const CliRun &r)
{
    return QJsonDocument::fromJson(r.out.toUtf8()).object();
}

QStringList base()
{
    return {"resolve", resnet(), "--library", lib(), "--soc", "Ascend910B1"};
}

} // namespace

class TestCliFrontEnds : public QObject
{
    Q_OBJECT
private slots:
    void init() { REQUIRE_SHARED_DATA(); }

    // resolve --front-end for every F1 row, with the default mode and every setting given.
    void resolveEveryFrontEnd_data()
    {
        QTest::addColumn<QString>("frontEnd");
        QTest::addColumn<QString>("mode"); // the mode the output reports
        QTest::addColumn<QString>("path"); // graph | single-op | cube-math
        QTest::addColumn<bool>("mixlistUsed");
        QTest::addColumn<QStringList>("ignored"); // fragments of the F3 notes
        QTest::newRow("atc") << "atc"
                             << "force_fp16"
                             << "graph" << false << QStringList {"act only in the mixed modes"};
        QTest::newRow("ge") << "ge"
                            << "must_keep_origin_dtype"
                            << "graph" << false
                            << QStringList {"keep_dtype does nothing",
                                            "act only in the mixed modes"};
        QTest::newRow("tf1") << "tf1"
                             << "must_keep_origin_dtype"
                             << "graph" << false << QStringList {"act only in the mixed modes"};
        QTest::newRow("tf2") << "tf2"
                             << "must_keep_origin_dtype"
                             << "graph" << false << QStringList {"act only in the mixed modes"};
        QTest::newRow("acl-op") << "acl-op"
                                << "allow_fp32_to_fp16"
                                << "single-op" << false
                                << QStringList {"no mixlist option", "keep_dtype does nothing"};
        QTest::newRow("torch-npu") << "torch-npu"
                                   << "must_keep_origin_dtype"
                                   << "cube-math" << false
                                   << QStringList {"no mixlist option", "keep_dtype does nothing",
                                                   "customize_dtypes does nothing"};
        QTest::newRow("torch-npu-jit")
            << "torch-npu-jit"
            << "allow_fp32_to_fp16"
            << "single-op" << false
            << QStringList {"no mixlist option", "customize_dtypes does nothing"};
        QTest::newRow("torchair") << "torchair"
                                  << "must_keep_origin_dtype"
                                  << "graph" << false
                                  << QStringList {"no mixlist option", "keep_dtype does nothing",
                                                  "customize_dtypes does nothing"};
        QTest::newRow("mindspore-o2")
            << "mindspore-o2"
            << "must_keep_origin_dtype"
            << "graph" << false
            << QStringList {"keep_dtype does nothing", "act only in the mixed modes"};
        QTest::newRow("mindspore-kbk") << "mindspore-kbk"
                                       << "must_keep_origin_dtype"
                                       << "cube-math" << false << QStringList {"no mixlist option"};
        QTest::newRow("mindspore-lite")
            << "mindspore-lite"
            << "force_fp16"
            << "graph" << false
            << QStringList {"keep_dtype does nothing", "customize_dtypes does nothing"};
    }
    void resolveEveryFrontEnd()
    {
        QFETCH(QString, frontEnd);
        QFETCH(QString, mode);
        QFETCH(QString, path);
        QFETCH(bool, mixlistUsed);
        QFETCH(QStringList, ignored);
        const QStringList args = base()
            + QStringList {"--front-end",  frontEnd,    "--mixlist",          mixlistRelu(),
                           "--keep-dtype", keepDtype(), "--customize-dtypes", customize()};
        const CliRun text = runOpsinfo(args);
        QVERIFY2(text.code == 0 || text.code == 1, qPrintable(text.err));
        // Said up front: the front end, the mode (default), then what does nothing.
        QVERIFY2(text.out.startsWith("front end: " + frontEnd + " ("),
                 qPrintable(text.out.left(400)));
        QVERIFY2(text.out.contains("precision mode: " + mode + " (default for this front end)\n"),
                 qPrintable(text.out.left(600)));
        const QString head = text.out.left(text.out.indexOf("\n\n"));
        for (const QString &fragment : ignored)
            QVERIFY2(head.contains(fragment), qPrintable(fragment + " not in\n" + head));

        const CliRun j = runOpsinfo(args + QStringList {"--json"});
        const QJsonObject o = json(j);
        const QJsonObject fe = o.value("front_end").toObject();
        // Exit 1 exactly when a node ends in error (the customize_dtypes file names a MatMulV2
        // column ResNet's MatMulV2 lacks, M8, where that file reaches the compiler; an op without
        // a column for the mode).
        const int errors = path == "cube-math"
            ? o.value("summary").toObject().value("unsupported").toInt()
            : o.value("summary").toObject().value("errors").toInt();
        QCOMPARE(j.code, errors > 0 ? 1 : 0);
        QCOMPARE(text.code, j.code);
        QCOMPARE(fe.value("id").toString(), frontEnd);
        QCOMPARE(fe.value("path").toString(), path);
        QCOMPARE(fe.value("mode").toString(), mode);
        QVERIFY(fe.value("mode_is_default").toBool());
        QCOMPARE(fe.value("uses").toObject().value("mixlist").toBool(), mixlistUsed);
        const QJsonArray nodes = o.value(path == "cube-math" ? "cube_nodes" : "nodes").toArray();
        QVERIFY(nodes.size() >= 50);
        // Every node's explanation names F3 (something here does nothing) and the default rule.
        for (const auto &n : nodes) {
            const QString why = n.toObject().value("explanation").toString();
            QVERIFY2(why.contains("(F3"), qPrintable(why));
            QVERIFY2(why.contains("default for this front end"), qPrintable(why));
            if (path != "cube-math")
                QVERIFY(n.toObject().value("rules").toArray().contains(QJsonValue("F3")));
        }
        if (path != "cube-math") {
            // The mixlist does nothing, so Relu keeps its library colour (gray), not black.
            bool sawRelu = false;
            for (const auto &n : nodes)
                if (n.toObject().value("op_type").toString() == "Relu") {
                    sawRelu = true;
                    QCOMPARE(n.toObject().value("policy").toString(), QStringLiteral("gray"));
                }
            QVERIFY(sawRelu);
        }
    }

    void modeGivenWhereItReaches()
    {
        const CliRun r
            = runOpsinfo(base()
                         + QStringList {"--front-end", "tf2", "--mode", "allow_mix_precision",
                                        "--mixlist", mixlistRelu(), "--json"});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const QJsonObject fe = json(r).value("front_end").toObject();
        QVERIFY(!fe.value("mode_is_default").toBool());
        QVERIFY(fe.value("uses").toObject().value("mixlist").toBool());
        QVERIFY(fe.value("ignored").toArray().isEmpty());
        for (const auto &n : json(r).value("nodes").toArray())
            if (n.toObject().value("op_type").toString() == "Relu")
                QCOMPARE(n.toObject().value("policy").toString(), QStringLiteral("black"));
    }

    void torchairIgnoresAGivenMode()
    {
        const CliRun r
            = runOpsinfo(base() + QStringList {"--front-end", "torchair", "--mode", "force_fp16"});
        QVERIFY2(r.code == 0 || r.code == 1,
                 qPrintable(r.err)); // 1: an op without a column for the mode
        QVERIFY(
            r.out.contains("precision mode: must_keep_origin_dtype (default for this front end)"));
        QVERIFY(r.out.contains("precision mode force_fp16 does nothing on PyTorch torchair"));
        QVERIFY(r.out.contains("torchair.dynamo_export"));
    }

    void csvKeepsTheNotesOnStderr()
    {
        const CliRun r = runOpsinfo(
            base() + QStringList {"--front-end", "acl-op", "--mixlist", mixlistRelu(), "--csv"});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.startsWith("name,"));
        QVERIFY(r.err.contains("the modify_mixlist does nothing on ACL single-op compile"));
        QVERIFY(r.out.contains("(F3)"));
    }

    void frontEndErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown id")
            << QStringList {"resolve", resnet(), "--library", lib(), "--front-end", "torch_npu"}
            << 2 << "did you mean 'torch-npu'";
        QTest::newRow("default needs the SoC")
            << QStringList {"resolve", resnet(), "--library", lib(), "--front-end", "torchair"} << 2
            << "depends on the SoC";
        QTest::newRow("cube math needs the SoC")
            << QStringList {"resolve",   resnet(), "--front-end",
                            "torch-npu", "--mode", "allow_fp32_to_fp16"}
            << 2 << "needs --soc";
        QTest::newRow("bad hf32") << QStringList {"resolve",     resnet(), "--front-end",
                                                  "torch-npu",   "--soc",  "Ascend910A",
                                                  "--conv-hf32", "maybe"}
                                  << 2 << "takes true or false";
        QTest::newRow("neither mode nor front end")
            << QStringList {"resolve", resnet(), "--library", lib()} << 2 << "--front-end ID";
    }
    void frontEndErrors()
    {
        QFETCH(QStringList, args);
        QFETCH(int, code);
        QFETCH(QString, message);
        const CliRun r = runOpsinfo(args);
        QCOMPARE(r.code, code);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
    }

    // torch-npu / mindspore-kbk: the cube math report, with the HF32 switches, without a library.
    void cubeMathWithHf32Switches_data()
    {
        QTest::addColumn<QString>("frontEnd");
        QTest::addColumn<QString>("soc");
        QTest::addColumn<QStringList>("extra");
        QTest::addColumn<QString>("convType");
        QTest::addColumn<QString>("matmulType");
        QTest::addColumn<int>("code");
        QTest::newRow("torch-npu 910b defaults") << "torch-npu"
                                                 << "Ascend910B1" << QStringList {} << "USE_HF32"
                                                 << "KEEP_DTYPE" << 0;
        QTest::newRow("torch-npu 910b conv hf32 off")
            << "torch-npu"
            << "Ascend910B1" << QStringList {"--conv-hf32", "false"} << "KEEP_DTYPE"
            << "KEEP_DTYPE" << 0;
        QTest::newRow("torch-npu 910b matmul hf32 on")
            << "torch-npu"
            << "Ascend910B1" << QStringList {"--matmul-hf32", "true"} << "USE_HF32"
            << "USE_HF32" << 0;
        QTest::newRow("torch-npu 910a must_keep: refused")
            << "torch-npu"
            << "Ascend910A"
            << QStringList {"--mode", "must_keep_origin_dtype", "--conv-hf32", "false"}
            << "KEEP_DTYPE"
            << "KEEP_DTYPE" << 1;
        QTest::newRow("mindspore-kbk mode set")
            << "mindspore-kbk"
            << "Ascend910B1" << QStringList {"--mode", "force_fp16", "--matmul-hf32", "true"}
            << "USE_FP16"
            << "USE_FP16" << 0;
    }
    void cubeMathWithHf32Switches()
    {
        QFETCH(QString, frontEnd);
        QFETCH(QString, soc);
        QFETCH(QStringList, extra);
        QFETCH(QString, convType);
        QFETCH(QString, matmulType);
        QFETCH(int, code);
        const CliRun r = runOpsinfo(
            QStringList {"resolve", resnet(), "--front-end", frontEnd, "--soc", soc, "--json"}
            + extra);
        QVERIFY2(r.code == code, qPrintable(r.err + r.out.left(300)));
        const QJsonObject o = json(r);
        const QJsonArray nodes = o.value("cube_nodes").toArray();
        QCOMPARE(nodes.size(), 54); // 53 Conv2D + 1 MatMulV2
        for (const auto &n : nodes) {
            const QJsonObject node = n.toObject();
            QCOMPARE(node.value("cube_math_type").toString(),
                     node.value("op_type").toString() == "Conv2D" ? convType : matmulType);
        }
        QCOMPARE(o.value("summary").toObject().value("unsupported").toInt() > 0, code == 1);
    }

    void allModesWithAFrontEnd()
    {
        const CliRun torchair
            = runOpsinfo(base() + QStringList {"--front-end", "torchair", "--all-modes", "--json"});
        QVERIFY2(torchair.code == 0, qPrintable(torchair.err));
        int refused = 0, defaults = 0;
        for (const auto &m : json(torchair).value("modes").toArray()) {
            refused += m.toObject().contains("refused");
            defaults += m.toObject().value("default").toBool();
        }
        QCOMPARE(refused, 8); // only the default runs
        QCOMPARE(defaults, 1);
        const CliRun text = runOpsinfo(
            base()
            + QStringList {"--front-end", "acl-op", "--all-modes", "--mixlist", mixlistRelu()});
        QVERIFY2(text.code == 0, qPrintable(text.err));
        QVERIFY(text.out.contains("allow_fp32_to_fp16 (default for this front end)"));
        QVERIFY(text.out.contains("the modify_mixlist does nothing on ACL single-op compile"));
        const CliRun cube = runOpsinfo({"resolve", resnet(), "--front-end", "mindspore-kbk",
                                        "--soc", "Ascend910A", "--all-modes", "--conv-hf32",
                                        "false", "--matmul-hf32", "false"});
        QVERIFY2(cube.code == 0, qPrintable(cube.err));
        QVERIFY(cube.out.contains("(not set) = allow_fp32_to_fp16, default for this front end"));
        QVERIFY(cube.out.contains("USE_FP16"));
    }

    void diffWithAFrontEnd()
    {
        // The same two mixlists change nodes on ATC in a mixed mode, nothing on torchair.
        const QStringList twoMixlists {"resolve",       "diff",        resnet(),      "--library",
                                       lib(),           "--soc",       "Ascend910B1", "--mixlist-a",
                                       mixlistMatMul(), "--mixlist-b", mixlistRelu(), "--json"};
        const CliRun atc = runOpsinfo(
            twoMixlists + QStringList {"--mode", "allow_mix_precision", "--front-end", "atc"});
        QVERIFY2(atc.code == 0, qPrintable(atc.err));
        QVERIFY(json(atc).value("changed_count").toInt() > 0);
        const CliRun torchair = runOpsinfo(twoMixlists + QStringList {"--front-end", "torchair"});
        QVERIFY2(torchair.code == 0, qPrintable(torchair.err));
        QCOMPARE(json(torchair).value("changed_count").toInt(), 0);
        QVERIFY(json(torchair).value("front_end_b").toObject().value("ignored").toArray().size()
                >= 1);
        // The aclnn path compares cube math types between modes, with the HF32 switches.
        const CliRun cube = runOpsinfo({"resolve", "diff", resnet(), "--front-end", "torch-npu",
                                        "--soc", "Ascend910B1", "--mode", "must_keep_origin_dtype",
                                        "--mode", "allow_fp32_to_fp16", "--conv-hf32", "false",
                                        "--matmul-hf32", "false", "--json"});
        QVERIFY2(cube.code == 0, qPrintable(cube.err));
        QCOMPARE(json(cube).value("changed_count").toInt(), 54);
        QCOMPARE(json(cube).value("changed").toArray().first().toObject().value("b").toString(),
                 QStringLiteral("USE_FP16 -> float16"));
        const CliRun text = runOpsinfo({"resolve", "diff", resnet(), "--front-end", "torch-npu",
                                        "--soc", "Ascend910B1", "--mode", "must_keep_origin_dtype",
                                        "--mode", "allow_fp32_to_fp16", "--format", "github"});
        QCOMPARE(text.code, 0);
        QVERIFY(text.out.contains("::notice"));
    }

    void checkWithAFrontEnd()
    {
        const QString dump = sharedData("graphs/ge_dump") + '/';
        const QStringList args {
            "check",      dump + "ge_proto_00017_OptimizeOriginalGraph_FeGraphFusionAfter.txt",
            "--compiled", dump + "ge_proto_00026_afterUBMatch.txt",
            "--library",  lib(),
            "--json"};
        // ATC's default (force_fp16) is the mode this model was compiled with.
        const CliRun atc = runOpsinfo(args + QStringList {"--front-end", "atc"});
        QVERIFY2(atc.code == 0 || atc.code == 1, qPrintable(atc.err));
        QCOMPARE(json(atc).value("mode").toString(), QStringLiteral("force_fp16"));
        QVERIFY(json(atc).value("agreement_percent").toDouble() >= 95.0);
        QVERIFY(json(atc).value("front_end").toObject().value("mode_is_default").toBool());
        const CliRun eager
            = runOpsinfo(args + QStringList {"--front-end", "torch-npu", "--soc", "Ascend910B1"});
        QCOMPARE(eager.code, 2);
        QVERIFY(eager.err.contains("no GE prediction to check"));
    }

    void adviseWithAFrontEnd()
    {
        // Protect ResNet-50's MatMulV2 (white in the library): the advice is for ATC's default
        // mode, force_fp16, where no list acts; for tf1's default (Ascend910B1: keep origin) too.
        const QStringList args {"advise",      resnet(),      "--library",        lib(),   "--soc",
                                "Ascend910B1", "--keep-fp32", "OpType::MatMulV2", "--json"};
        const CliRun atc = runOpsinfo(args + QStringList {"--front-end", "atc"});
        QVERIFY2(atc.code == 0 || atc.code == 1, qPrintable(atc.err));
        QCOMPARE(json(atc).value("mode").toString(), QStringLiteral("force_fp16"));
        QVERIFY(json(atc).value("front_end").toObject().value("mode_is_default").toBool());
        const CliRun given = runOpsinfo(
            args + QStringList {"--front-end", "tf1", "--mode", "allow_mix_precision"});
        QVERIFY2(given.code == 0 || given.code == 1, qPrintable(given.err));
        QCOMPARE(json(given).value("mode").toString(), QStringLiteral("allow_mix_precision_fp16"));
        QVERIFY(!json(given).value("front_end").toObject().value("mode_is_default").toBool());
        // Text output says the path first.
        QStringList text = args;
        text.removeAll("--json");
        const CliRun header = runOpsinfo(text + QStringList {"--front-end", "atc"});
        QVERIFY2(header.out.startsWith("front end"), qPrintable(header.out.left(200)));
        for (const char *noMixlist : {"acl-op", "torch-npu", "torchair", "mindspore-kbk"}) {
            const CliRun r = runOpsinfo(args + QStringList {"--front-end", noMixlist});
            QCOMPARE(r.code, 2);
            QVERIFY2(r.err.contains("passes no modify_mixlist to the compiler (F3)"),
                     qPrintable(r.err));
        }
    }

    void mixlistLintWithAFrontEnd()
    {
        const CliRun r = runOpsinfo({"mixlist", "lint", mixlistRelu(), "--library", lib(),
                                     "--front-end", "torchair", "--json"});
        QCOMPARE(r.code, 0);
        const QJsonArray findings = json(r).value("diagnostics").toArray();
        QVERIFY2(!findings.isEmpty(), qPrintable(r.out));
        // Said first: the path takes no mixlist.
        QCOMPARE(findings.first().toObject().value("code").toString(), QStringLiteral("F3"));
        QVERIFY2(findings.first().toObject().value("message").toString().contains(
                     "it has no mixlist option (F3)"),
                 qPrintable(r.out));
        const CliRun atc = runOpsinfo(
            {"mixlist", "lint", mixlistRelu(), "--library", lib(), "--front-end", "atc"});
        QCOMPARE(atc.code, 0);
        QVERIFY(!atc.err.contains("(F3)"));
    }

    void mixlistApplyWithAFrontEnd()
    {
        const QStringList args {"mixlist", "apply", mixlistRelu(), "--library", lib(), "--json"};
        const CliRun acl = runOpsinfo(args + QStringList {"--front-end", "acl-op"});
        QVERIFY2(acl.code == 0, qPrintable(acl.err));
        QVERIFY(!json(acl).value("mixlist_reaches_compiler").toBool());
        for (const auto &op : json(acl).value("ops").toArray()) {
            QCOMPARE(op.toObject().value("effective").toString(),
                     op.toObject().value("library").toString());
            QVERIFY(op.toObject().value("explanation").toString().contains("(F3)"));
        }
        const CliRun nonMixed = runOpsinfo(args + QStringList {"--mode", "must_keep_origin_dtype"});
        QVERIFY(!json(nonMixed).value("mixlist_reaches_compiler").toBool());
        QVERIFY(json(nonMixed)
                    .value("ignored")
                    .toArray()
                    .first()
                    .toObject()
                    .value("text")
                    .toString()
                    .contains("mixed modes"));
        const CliRun tf2
            = runOpsinfo(args
                         + QStringList {"--front-end", "tf2", "--mode", "allow_mix_precision",
                                        "--soc", "Ascend910B1"});
        QVERIFY(json(tf2).value("mixlist_reaches_compiler").toBool());
        bool reluBlack = false;
        for (const auto &op : json(tf2).value("ops").toArray())
            reluBlack = reluBlack
                || (op.toObject().value("op_type").toString() == "Relu"
                    && op.toObject().value("effective").toString() == "black");
        QVERIFY(reluBlack);
        // Ascend910A with its own library (--soc Ascend910A against ascend910b is a usage error).
        const CliRun text = runOpsinfo({"mixlist", "apply", mixlistRelu(), "--library",
                                        QString(lib()).replace("ascend910b", "ascend910"),
                                        "--front-end", "torchair", "--soc", "Ascend910A"});
        QVERIFY(text.out.startsWith("front end: torchair"));
    }

    // `opsinfo snippet` with every option, on the real files.
    void snippetEveryOption()
    {
        const CliRun r = runOpsinfo(
            {"snippet", "--front-end", "atc", "--mode", "allow_mix_precision", "--mixlist",
             mixlistRelu(), "--keep-dtype", keepDtype(), "--customize-dtypes", customize(), "--soc",
             "Ascend910B1", "--model", "/models/res net.onnx", "--json"});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const QJsonObject o = json(r);
        QCOMPARE(o.value("front_end").toString(), QStringLiteral("atc"));
        QCOMPARE(o.value("language").toString(), QStringLiteral("shell"));
        QCOMPARE(o.value("mode").toString(), QStringLiteral("allow_mix_precision_fp16"));
        const QString code = o.value("code").toString();
        for (const QString &flag :
             {"--modify_mixlist=" + mixlistRelu(), "--keep_dtype=" + keepDtype(),
              "--customize_dtypes=" + customize(), QString("--model='/models/res net.onnx'"),
              QString("--soc_version=Ascend910B1"),
              QString("--precision_mode=allow_mix_precision")})
            QVERIFY2(code.contains(flag), qPrintable(flag + "\n" + code));
        QVERIFY(o.value("warnings").toArray().isEmpty());
        const CliRun hf32 = runOpsinfo({"snippet", "--front-end", "torch-npu", "--matmul-hf32",
                                        "true", "--conv-hf32", "false", "--soc", "Ascend910B1"});
        QVERIFY2(hf32.code == 0, qPrintable(hf32.err));
        QVERIFY(hf32.out.contains("torch.npu.matmul.allow_hf32 = True\n"));
        QVERIFY(hf32.out.contains("torch.npu.conv.allow_hf32 = False\n"));
        QVERIFY(hf32.out.contains(
            "# warning: no precision mode set: the compiler uses must_keep_origin_dtype"));
    }

    void snippetErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("message");
        QTest::newRow("no front end")
            << QStringList {"snippet", "--mode", "force_fp16"} << 2 << "--front-end ID is required";
        QTest::newRow("bad mode") << QStringList {"snippet", "--front-end", "tf2", "--mode", "fp17"}
                                  << 1 << "unknown precision mode";
        QTest::newRow("broken mixlist here")
            << QStringList {"snippet", "--front-end", "tf2", "--mixlist",
                            cliFixture("broken_comment.json")}
            << 1 << "broken_comment.json";
        QTest::newRow("mixlist not here")
            << QStringList {"snippet", "--front-end", "tf2", "--mixlist", "/npu/host/ops_info.json"}
            << 0 << "not here: not checked";
    }
    void snippetErrors()
    {
        QFETCH(QStringList, args);
        QFETCH(int, code);
        QFETCH(QString, message);
        const CliRun r = runOpsinfo(args);
        QCOMPARE(r.code, code);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
    }

    // What the snippet command prints is valid for its language: ATC's line through the real sh.
    void snippetThroughTheShell()
    {
        const QString sh = QStandardPaths::findExecutable(QStringLiteral("sh"));
        if (sh.isEmpty())
            QSKIP("no sh on this machine");
        QTemporaryDir dir(QDir::tempPath() + "/it's a dir XXXXXX");
        QVERIFY(dir.isValid());
        const QString mixlist = dir.filePath("ops \"info\".json");
        QVERIFY(QFile::copy(mixlistRelu(), mixlist));
        // Without --soc the snippet's placeholder is a shell variable that must be set.
        const CliRun r = runOpsinfo({"snippet", "--front-end", "atc", "--mode",
                                     "allow_mix_precision", "--mixlist", mixlist});
        QCOMPARE(r.code, 0);
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("SOC_VERSION", "Ascend310P3");
        p.setProcessEnvironment(env);
        p.start(sh, {"-c", "atc() { for a in \"$@\"; do printf '%s\\n' \"$a\"; done; }\n" + r.out});
        QVERIFY(p.waitForFinished(30000));
        const QStringList args = QString::fromUtf8(p.readAllStandardOutput()).split('\n');
        QVERIFY2(args.contains("--modify_mixlist=" + mixlist),
                 qPrintable(r.out + p.readAllStandardError()));
        QVERIFY(args.contains("--soc_version=Ascend310P3"));
        env.remove("SOC_VERSION");
        QProcess unset;
        unset.setProcessEnvironment(env);
        unset.start(sh, {"-c", "atc() { :; }\n" + r.out});
        QVERIFY(unset.waitForFinished(30000));
        QVERIFY(unset.exitCode() != 0);
        QVERIFY(unset.readAllStandardError().contains("your SoC"));
    }
};

QTEST_GUILESS_MAIN(TestCliFrontEnds)
#include "tst_clifrontends.moc"
