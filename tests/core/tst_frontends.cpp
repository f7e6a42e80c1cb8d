// Front ends (FRONTENDS.md F1-F3): default mode per SoC, which settings reach the compiler, the
// plan a preview is built from, and the cube math type on the aclnn paths.
#include "frontend/cubemath.h"
#include "frontend/frontend.h"
#include "frontend/frontendplan.h"
#include "frontend/planscope.h"
#include "graph/graph.h"
#include "library/cubeops.h"
#include "library/oplibrary.h"
#include "mixlist/dtypeoverrides.h"
#include "mixlist/oppolicy.h"
#include "resolver/policysource.h"
#include "resolver/resolution.h"
#include "resolver/resolver.h"

#include <QTest>

using namespace opsinfo;

Q_DECLARE_METATYPE(FrontEnd)

namespace {

FrontEnd fe(const char *id)
{
    const auto parsed = parseFrontEnd(id);
    if (!parsed)
        qFatal("unknown front end %s", id);
    return *parsed;
}

QString modeText(const std::optional<PrecisionMode> &mode)
{
    return mode ? QString::fromLatin1(precisionModeName(*mode)) : QStringLiteral("none");
}

} // namespace

class TestFrontEnds : public QObject
{
    Q_OBJECT
private slots:
    void idsRoundTrip()
    {
        QCOMPARE(kAllFrontEnds.size(), std::size_t(11));
        for (FrontEnd f : kAllFrontEnds) {
            QCOMPARE(parseFrontEnd(frontEndId(f)), std::optional<FrontEnd>(f));
            QVERIFY(QString::fromStdString(frontEndIdList()).split('|').contains(frontEndId(f)));
        }
        std::string error;
        QVERIFY(!parseFrontEnd("torch_npu", &error));
        QVERIFY2(error.find("did you mean 'torch-npu'") != std::string::npos, error.c_str());
        QVERIFY(!parseFrontEnd("mindspore", &error));
        QVERIFY2(error.find("did you mean 'mindspore-") != std::string::npos, error.c_str());
        QVERIFY(!parseFrontEnd("", &error));
        QVERIFY2(error.find("atc|ge|tf1") != std::string::npos, error.c_str());
    }

    // F1/F2: the mode the compiler runs with when none is given, per SoC. One row per F1 row.
    void defaultMode_data()
    {
        QTest::addColumn<QString>("frontEnd");
        QTest::addColumn<QString>("soc");
        QTest::addColumn<QString>("expected");
        QTest::newRow("atc: inference") << "atc"
                                        << "Ascend910B1"
                                        << "force_fp16";
        QTest::newRow("atc without soc") << "atc"
                                         << ""
                                         << "force_fp16";
        QTest::newRow("ge 910b: training") << "ge"
                                           << "Ascend910B2"
                                           << "must_keep_origin_dtype";
        QTest::newRow("ge 910a") << "ge"
                                 << "Ascend910A"
                                 << "allow_fp32_to_fp16";
        QTest::newRow("tf1 910_93") << "tf1"
                                    << "Ascend910_9391"
                                    << "must_keep_origin_dtype";
        QTest::newRow("tf2 910a") << "tf2"
                                  << "Ascend910ProA"
                                  << "allow_fp32_to_fp16";
        QTest::newRow("tf2 unknown soc") << "tf2"
                                         << ""
                                         << "none";
        QTest::newRow("acl-op") << "acl-op"
                                << "Ascend910B1"
                                << "allow_fp32_to_fp16";
        QTest::newRow("torch-npu 910a") << "torch-npu"
                                        << "Ascend910A"
                                        << "allow_fp32_to_fp16";
        QTest::newRow("torch-npu 310p") << "torch-npu"
                                        << "Ascend310P3"
                                        << "allow_fp32_to_fp16";
        QTest::newRow("torch-npu 910b") << "torch-npu"
                                        << "Ascend910B3"
                                        << "must_keep_origin_dtype";
        QTest::newRow("torch-npu 310b") << "torch-npu"
                                        << "Ascend310B1"
                                        << "must_keep_origin_dtype";
        QTest::newRow("torch-npu-jit: as aclop") << "torch-npu-jit"
                                                 << "Ascend910B3"
                                                 << "allow_fp32_to_fp16";
        QTest::newRow("torchair 910b") << "torchair"
                                       << "Ascend910B1"
                                       << "must_keep_origin_dtype";
        QTest::newRow("torchair 910a") << "torchair"
                                       << "Ascend910A"
                                       << "allow_fp32_to_fp16";
        QTest::newRow("torchair folder name") << "torchair"
                                              << "ascend910b"
                                              << "must_keep_origin_dtype";
        QTest::newRow("mindspore-o2 910b") << "mindspore-o2"
                                           << "Ascend910B4"
                                           << "must_keep_origin_dtype";
        QTest::newRow("mindspore-kbk 910a") << "mindspore-kbk"
                                            << "Ascend910A"
                                            << "allow_fp32_to_fp16";
        QTest::newRow("mindspore-lite: enforce_fp16") << "mindspore-lite"
                                                      << ""
                                                      << "force_fp16";
        QTest::newRow("unknown soc") << "ge"
                                     << "Ascend999Z"
                                     << "none";
    }
    void defaultMode()
    {
        QFETCH(QString, frontEnd);
        QFETCH(QString, soc);
        QFETCH(QString, expected);
        const FrontEnd f = fe(qPrintable(frontEnd));
        QCOMPARE(modeText(defaultModeFor(f, soc.toStdString())), expected);
    }

    // F1: which settings reach the compiler. One row per F1 row.
    void applicability_data()
    {
        QTest::addColumn<QString>("frontEnd");
        QTest::addColumn<QString>("path"); // graph | single-op | cube-math
        QTest::addColumn<bool>("lists"); // the library's colours act
        QTest::addColumn<bool>("mixlist");
        QTest::addColumn<QString>("keepDtype"); // file | scope | none
        QTest::addColumn<bool>("customize");
        QTest::addColumn<bool>("modeSettable");
        QTest::newRow("atc") << "atc"
                             << "graph" << true << true << "file" << true << true;
        QTest::newRow("ge") << "ge"
                            << "graph" << true << true << "none" << true << true;
        QTest::newRow("tf1") << "tf1"
                             << "graph" << true << true << "scope" << true << true;
        QTest::newRow("tf2") << "tf2"
                             << "graph" << true << true << "scope" << true << true;
        QTest::newRow("acl-op") << "acl-op"
                                << "single-op" << true << false << "none" << true << true;
        QTest::newRow("torch-npu") << "torch-npu"
                                   << "cube-math" << false << false << "none" << false << true;
        QTest::newRow("torch-npu-jit") << "torch-npu-jit"
                                       << "single-op" << true << false << "none" << false << true;
        QTest::newRow("torchair") << "torchair"
                                  << "graph" << true << false << "none" << false << false;
        QTest::newRow("mindspore-o2") << "mindspore-o2"
                                      << "graph" << true << true << "none" << true << true;
        QTest::newRow("mindspore-kbk") << "mindspore-kbk"
                                       << "cube-math" << false << false << "none" << false << true;
        QTest::newRow("mindspore-lite") << "mindspore-lite"
                                        << "graph" << true << true << "none" << false << true;
    }
    void applicability()
    {
        QFETCH(QString, frontEnd);
        QFETCH(QString, path);
        QFETCH(bool, lists);
        QFETCH(bool, mixlist);
        QFETCH(QString, keepDtype);
        QFETCH(bool, customize);
        QFETCH(bool, modeSettable);
        const FrontEnd f = fe(qPrintable(frontEnd));
        const FrontEndTraits &t = frontEndTraits(f);
        const QString actualPath = t.path == PrecisionPath::Graph ? "graph"
            : t.path == PrecisionPath::SingleOp                   ? "single-op"
                                                                  : "cube-math";
        QCOMPARE(actualPath, path);
        QCOMPARE(t.libraryLists, lists);
        QCOMPARE(t.mixlist, mixlist);
        QCOMPARE(QString(t.keepDtype == KeepDtypeRoute::File        ? "file"
                             : t.keepDtype == KeepDtypeRoute::Scope ? "scope"
                                                                    : "none"),
                 keepDtype);
        QCOMPARE(t.customizeDtypes, customize);
        QCOMPARE(t.modeSettable, modeSettable);

        // The plan with every setting given: what it uses is exactly what applies, the rest is F3.
        FrontEndRequest request {
            f, PrecisionMode::AllowMixPrecisionFp16, "Ascend910B1", true, true, true};
        const auto plan = planFrontEnd(request);
        QVERIFY(plan);
        QCOMPARE(plan->useMixlist, mixlist && modeSettable);
        QCOMPARE(plan->useKeepDtype, keepDtype != "none");
        QCOMPARE(plan->useCustomizeDtypes, customize);
        const std::string steps = plan->explanationSteps();
        const bool anythingIgnored = !mixlist || keepDtype == "none" || !customize || !modeSettable
            || f == FrontEnd::TorchNpu;
        QCOMPARE(!plan->ignored.empty(), anythingIgnored);
        for (const FrontEndNote &note : plan->ignored) {
            QCOMPARE(note.rule, std::string("F3"));
            QVERIFY2(steps.find(note.text) != std::string::npos, steps.c_str());
        }
        if (!mixlist)
            QVERIFY2(steps.find("modify_mixlist does nothing on") != std::string::npos,
                     steps.c_str());
        if (keepDtype == "none")
            QVERIFY2(steps.find("keep_dtype does nothing on") != std::string::npos, steps.c_str());
        if (!customize)
            QVERIFY2(steps.find("customize_dtypes does nothing on") != std::string::npos,
                     steps.c_str());
    }

    void modeNotGivenIsTheDefault()
    {
        const auto plan
            = planFrontEnd({FrontEnd::Torchair, std::nullopt, "Ascend910B1", false, false, false});
        QVERIFY(plan);
        QVERIFY(plan->modeIsDefault);
        QCOMPARE(plan->mode, PrecisionMode::MustKeepOriginDtype);
        QCOMPARE(plan->modeLabel(),
                 std::string("must_keep_origin_dtype (default for this front end)"));
        QVERIFY(plan->explanationSteps().find("default for this front end on Ascend910B1")
                != std::string::npos);
        QCOMPARE(plan->ruleIds(), std::vector<std::string> {"F2"});
        // No SoC: a training front end cannot know its default.
        std::string error;
        QVERIFY(!planFrontEnd({FrontEnd::Torchair, std::nullopt, "", false, false, false}, &error));
        QVERIFY2(error.find("depends on the SoC") != std::string::npos, error.c_str());
        // A mode given on ATC is not the default.
        const auto atc
            = planFrontEnd({FrontEnd::Atc, PrecisionMode::ForceFp16, "", false, false, false});
        QVERIFY(atc && !atc->modeIsDefault);
        QCOMPARE(atc->modeLabel(), std::string("force_fp16"));
        QVERIFY(atc->explanationSteps().empty());
    }

    void modesAFrontEndIgnores_data()
    {
        QTest::addColumn<QString>("frontEnd");
        QTest::addColumn<QString>("given");
        QTest::addColumn<QString>("used");
        QTest::newRow("torchair passes no mode") << "torchair"
                                                 << "force_fp16"
                                                 << "must_keep_origin_dtype";
        QTest::newRow("torch-npu: mixed mode unsupported") << "torch-npu"
                                                           << "allow_mix_precision_fp16"
                                                           << "must_keep_origin_dtype";
        QTest::newRow("torch-npu: force_fp16 unsupported") << "torch-npu"
                                                           << "force_fp16"
                                                           << "must_keep_origin_dtype";
        QTest::newRow("torch-npu honours allow_fp32_to_fp16") << "torch-npu"
                                                              << "allow_fp32_to_fp16"
                                                              << "allow_fp32_to_fp16";
        QTest::newRow("mindspore-kbk: force_fp32 unmapped") << "mindspore-kbk"
                                                            << "cube_fp16in_fp32out"
                                                            << "must_keep_origin_dtype";
        QTest::newRow("mindspore-kbk maps force_fp16") << "mindspore-kbk"
                                                       << "force_fp16"
                                                       << "force_fp16";
    }
    void modesAFrontEndIgnores()
    {
        QFETCH(QString, frontEnd);
        QFETCH(QString, given);
        QFETCH(QString, used);
        const auto plan
            = planFrontEnd({fe(qPrintable(frontEnd)), parsePrecisionMode(given.toStdString()),
                            "Ascend910B1", false, false, false});
        QVERIFY(plan);
        QCOMPARE(QString(precisionModeName(plan->mode)), used);
        QCOMPARE(plan->modeIsDefault, given != used);
        QCOMPARE(!plan->ignored.empty(), given != used);
        if (given != used)
            QVERIFY(plan->explanationSteps().find("(F3)") != std::string::npos);
    }

    void mixlistOutsideTheMixedModes()
    {
        const auto plan = planFrontEnd(
            {FrontEnd::Atc, PrecisionMode::MustKeepOriginDtype, "", true, false, false});
        QVERIFY(plan && !plan->useMixlist);
        QCOMPARE(plan->ignored.size(), std::size_t(1));
        QVERIFY(plan->ignored[0].text.find("act only in the mixed modes") != std::string::npos);
        const auto mixed = planFrontEnd(
            {FrontEnd::Atc, PrecisionMode::AllowMixPrecisionBf16, "", true, false, false});
        QVERIFY(mixed && mixed->useMixlist && mixed->ignored.empty());
    }

    // Every node of a preview names F3 in its explanation and rules, before the resolver's steps.
    void planPrefixesEveryExplanation()
    {
        const auto plan = planFrontEnd(
            {FrontEnd::AclOp, PrecisionMode::AllowMixPrecisionFp16, "", true, false, false});
        QVERIFY(plan);
        Resolution r;
        r.nodes.resize(3);
        r.nodes[0].explanation = "white (M5)";
        r.nodes[0].rules.add("M5");
        applyFrontEndPlan(*plan, r);
        for (const NodeResolution &n : r.nodes) {
            QVERIFY2(n.explanation.rfind("each op is compiled alone", 0) == 0,
                     n.explanation.c_str());
            QVERIFY(n.explanation.find(
                        "the modify_mixlist does nothing on ACL single-op compile (aclop)")
                    != std::string::npos);
            QVERIFY(n.rules.contains("F3"));
            QVERIFY(n.rules.contains("F1"));
        }
        QVERIFY(r.nodes[0].explanation.find("; white (M5)") != std::string::npos);
        QVERIFY(r.nodes[0].rules.contains("M5"));
    }

    // torch_npu: (allow_hf32 << 1) + allow_fp32_to_fp16 (CalcuOpUtil::GetCubeMathType).
    void torchNpuCubeMathType_data()
    {
        QTest::addColumn<QString>("soc");
        QTest::addColumn<QString>("mode");
        QTest::addColumn<bool>("hf32");
        QTest::addColumn<QString>("type");
        QTest::addColumn<QString>("fp32ComputesIn");
        QTest::newRow("910b default, no hf32") << "Ascend910B1"
                                               << "" << false << "KEEP_DTYPE"
                                               << "float32";
        QTest::newRow("910b default, hf32") << "Ascend910B1"
                                            << "" << true << "USE_HF32"
                                            << "hfloat32";
        QTest::newRow("910b allow_fp32_to_fp16") << "Ascend910B1"
                                                 << "allow_fp32_to_fp16" << false << "USE_FP16"
                                                 << "float16";
        QTest::newRow("910b allow_fp32_to_fp16 + hf32")
            << "Ascend910B1"
            << "allow_fp32_to_fp16" << true << "ALLOW_FP32_DOWN_PRECISION"
            << "hfloat32";
        QTest::newRow("910a default") << "Ascend910A"
                                      << "" << false << "USE_FP16"
                                      << "float16";
        QTest::newRow("910a default + hf32") << "Ascend910A"
                                             << "" << true << "ALLOW_FP32_DOWN_PRECISION"
                                             << "float16";
        QTest::newRow("910a must_keep: refused")
            << "Ascend910A"
            << "must_keep_origin_dtype" << false << "KEEP_DTYPE"
            << "refused";
        QTest::newRow("mixed mode ignored") << "Ascend910B1"
                                            << "allow_mix_precision" << false << "KEEP_DTYPE"
                                            << "float32";
    }
    void torchNpuCubeMathType()
    {
        QFETCH(QString, soc);
        QFETCH(QString, mode);
        QFETCH(bool, hf32);
        QFETCH(QString, type);
        QFETCH(QString, fp32ComputesIn);
        const auto plan
            = planFrontEnd({FrontEnd::TorchNpu,
                            mode.isEmpty() ? std::nullopt : parsePrecisionMode(mode.toStdString()),
                            soc.toStdString(), false, false, false});
        QVERIFY(plan);
        for (CubeFamily family : {CubeFamily::Matmul, CubeFamily::Conv}) {
            Hf32Switches switches;
            (family == CubeFamily::Matmul ? switches.matmul : switches.conv) = hf32;
            (family == CubeFamily::Matmul ? switches.conv : switches.matmul)
                = !hf32; // the other switch must not matter
            std::string why;
            const CubeMathType t
                = cubeMathTypeFor(*plan, soc.toStdString(), family, switches, &why);
            QCOMPARE(QString(cubeMathTypeName(t)), type);
            QVERIFY2(why.find("torch_npu combines") != std::string::npos, why.c_str());
            const CubeCompute c = cubeComputeDtype(t, DType::Float32, soc.toStdString());
            QCOMPARE(c.supported ? QString::fromStdString(c.dtype) : QStringLiteral("refused"),
                     fp32ComputesIn);
        }
    }

    // MindSpore: an explicit mode maps by its table and ignores HF32; none set: SoC + HF32.
    void mindSporeCubeMathType_data()
    {
        QTest::addColumn<QString>("soc");
        QTest::addColumn<QString>("mode");
        QTest::addColumn<bool>("hf32");
        QTest::addColumn<QString>("type");
        QTest::newRow("910b none, hf32 off") << "Ascend910B1"
                                             << "" << false << "KEEP_DTYPE";
        QTest::newRow("910b none, hf32 on") << "Ascend910B1"
                                            << "" << true << "USE_HF32";
        QTest::newRow("910a none, hf32 off") << "Ascend910A"
                                             << "" << false << "USE_FP16";
        QTest::newRow("910a none, hf32 on") << "Ascend910A"
                                            << "" << true << "ALLOW_FP32_DOWN_PRECISION";
        QTest::newRow("force_fp16 ignores hf32") << "Ascend910B1"
                                                 << "force_fp16" << true << "USE_FP16";
        QTest::newRow("must_keep ignores hf32") << "Ascend910B1"
                                                << "must_keep_origin_dtype" << true << "KEEP_DTYPE";
        QTest::newRow("mixed bf16")
            << "Ascend910B1"
            << "allow_mix_precision_bf16" << false << "ALLOW_FP32_DOWN_PRECISION";
        QTest::newRow("allow_fp32_to_bf16")
            << "Ascend910B1"
            << "allow_fp32_to_bf16" << false << "ALLOW_FP32_DOWN_PRECISION";
    }
    void mindSporeCubeMathType()
    {
        QFETCH(QString, soc);
        QFETCH(QString, mode);
        QFETCH(bool, hf32);
        QFETCH(QString, type);
        const auto plan
            = planFrontEnd({FrontEnd::MindSporeKbk,
                            mode.isEmpty() ? std::nullopt : parsePrecisionMode(mode.toStdString()),
                            soc.toStdString(), false, false, false});
        QVERIFY(plan);
        Hf32Switches switches {hf32, hf32};
        QCOMPARE(QString(cubeMathTypeName(
                     cubeMathTypeFor(*plan, soc.toStdString(), CubeFamily::Matmul, switches))),
                 type);
    }

    void computeDtypes()
    {
        QCOMPARE(cubeComputeDtype(CubeMathType::UseFp16, DType::BFloat16, "Ascend910B1").supported,
                 false);
        QCOMPARE(cubeComputeDtype(CubeMathType::KeepDtype, DType::Float16, "Ascend910A").dtype,
                 std::string("float16"));
        QCOMPARE(cubeComputeDtype(CubeMathType::UseHf32, DType::Float32, "Ascend910A").supported,
                 false);
        QCOMPARE(cubeComputeDtype(CubeMathType::AllowFp32DownPrecision, DType::Int8, "Ascend910B1")
                     .dtype,
                 std::string("int8"));
        QCOMPARE(cubeFamilyOf("Conv2DBackpropInput"), CubeFamily::Conv);
        QCOMPARE(cubeFamilyOf("Deconvolution"), CubeFamily::Conv);
        QCOMPARE(cubeFamilyOf("BatchMatMulV2"), CubeFamily::Matmul);
    }

    void cubeMathReportCoversCubeNodes()
    {
        Graph g;
        // Names and types are literals: static text, as a node's views allow.
        auto add = [&g](const char *name, const char *type, const char *input, DType dtype,
                        bool output) {
            Node node;
            node.name = name;
            node.opType = node.frameworkType = type;
            if (*input)
                node.inputs = g.store({NodeInput {input, 0, -1, dtype, {}}});
            if (output)
                node.outputs = g.store({NodeOutput {"", dtype, {}}});
            g.addNode(std::move(node));
        };
        add("x", "Data", "", DType::Float32, true);
        add("mm", "MatMulV2", "x", DType::Float32, true);
        add("conv", "Conv2D", "mm", DType::Float16, true);
        add("relu", "Relu", "conv", DType::Float16, false);
        g.linkProducers();
        const auto plan = planFrontEnd({FrontEnd::TorchNpu, PrecisionMode::AllowFp32ToFp16,
                                        "Ascend910B1", true, false, false});
        QVERIFY(plan);
        const CubeMathReport report
            = cubeMathReport(g, CubeOpList::defaults(), *plan, "Ascend910B1");
        QCOMPARE(report.nodes.size(), std::size_t(2));
        QCOMPARE(report.nodes[0].name, std::string("mm"));
        QCOMPARE(report.nodes[0].type, CubeMathType::UseFp16); // matmul HF32 off by default
        QCOMPARE(report.nodes[1].type,
                 CubeMathType::AllowFp32DownPrecision); // conv HF32 on by default
        QCOMPARE(report.nodes[1].compute.dtype, std::string("float16")); // an fp16 input stays fp16
        QCOMPARE(report.fp32Inputs, std::size_t(1));
        QCOMPARE(report.lowered, std::size_t(1));
        // The plan's F3 step leads each explanation: the mixlist does nothing here.
        QVERIFY2(report.nodes[0].explanation.find("modify_mixlist does nothing")
                     != std::string::npos,
                 report.nodes[0].explanation.c_str());
        QVERIFY(report.nodes[0].explanation.find("a float32 input is computed in float16")
                != std::string::npos);

        // As a Resolution for the views: graph dtypes kept, cube nodes at their compute dtype.
        const OpLibrary empty;
        const Resolver resolver(g, empty);
        Resolution r = resolver.resolve(plan->mode, libraryPolicies(empty));
        applyCubeMathReport(report, *plan, r);
        QCOMPARE(r.nodes[1].dtype, DType::Float16); // mm: fp32 input computed in fp16
        QCOMPARE(r.nodes[1].engine, Engine::AICore);
        QCOMPARE(r.nodes[3].dtype, DType::Float16); // relu keeps its graph dtype
        QVERIFY(!r.nodes[3].decided);
        QVERIFY(r.nodes[3].rules.contains("F3"));
        QVERIFY(r.nodes[3].explanation.find("modify_mixlist does nothing") != std::string::npos);
        QVERIFY(r.casts.empty());
        QCOMPARE(r.summary.fp16Nodes, std::size_t(3));
    }

    // The scope of a plan is what the plan says reaches the compiler; every mode at once keeps
    // only what the front end passes in some mode.
    void scopeOfAPlan_data()
    {
        QTest::addColumn<QString>("frontEnd");
        for (const char *id : {"atc", "acl-op", "torchair", "torch-npu", "mindspore-o2"})
            QTest::newRow(id) << QString::fromLatin1(id);
    }
    void scopeOfAPlan()
    {
        QFETCH(QString, frontEnd);
        const FrontEnd which = fe(qPrintable(frontEnd));
        const auto plan = planFrontEnd({which, std::nullopt, "Ascend910B1", true, true, true});
        QVERIFY(plan);
        const PlanScope scope = planScope(*plan);
        QCOMPARE(scope.mixlist, plan->useMixlist);
        QCOMPARE(scope.keepDtype, plan->useKeepDtype);
        QCOMPARE(scope.customizeDtypes, plan->useCustomizeDtypes);
        const FrontEndTraits &traits = frontEndTraits(which);
        const PlanScope any = frontEndScope(which);
        QCOMPARE(any.mixlist, traits.mixlist);
        QCOMPARE(any.keepDtype, traits.keepDtype != KeepDtypeRoute::None);
        QCOMPARE(any.customizeDtypes, traits.customizeDtypes);

        ResolveOptions options;
        options.keepDtype = std::make_shared<const KeepDtype>();
        options.customizeDtypes = std::make_shared<const CustomizeDtypes>();
        restrictToScope(scope, options);
        QCOMPARE(options.keepDtype != nullptr, scope.keepDtype);
        QCOMPARE(options.customizeDtypes != nullptr, scope.customizeDtypes);
    }

    // resolveUnderPlan: the plan's mode and its steps first in every explanation; without a
    // plan, the mode given and FE's own explanation.
    void resolveUnderAPlan()
    {
        Graph g;
        Node data;
        data.name = data.opType = data.frameworkType = "Data";
        data.outputs = g.store({NodeOutput {"", DType::Float32, {}}});
        g.addNode(std::move(data));
        Node relu;
        relu.name = relu.opType = relu.frameworkType = "Relu";
        relu.inputs = g.store({NodeInput {"Data", 0, -1, DType::Float32, {}}});
        relu.outputs = g.store({NodeOutput {"", DType::Float32, {}}});
        g.addNode(std::move(relu));
        g.linkProducers();
        const OpLibrary empty;
        const Resolver resolver(g, empty);
        const PolicyTable policies = PolicyTable::compute(empty, nullptr, {});
        const auto plan = planFrontEnd(
            {FrontEnd::AclOp, PrecisionMode::AllowMixPrecisionFp16, "", true, false, false});
        QVERIFY(plan);

        const Resolution planned
            = resolveUnderPlan(resolver, &*plan, PrecisionMode::MustKeepOriginDtype, policies, {});
        QCOMPARE(planned.mode, plan->mode);
        for (const NodeResolution &n : planned.nodes) {
            QVERIFY2(n.explanation.rfind("each op is compiled alone", 0) == 0,
                     n.explanation.c_str());
            QVERIFY(n.rules.contains("F3"));
        }
        const Resolution plain
            = resolveUnderPlan(resolver, nullptr, PrecisionMode::MustKeepOriginDtype, policies, {});
        QCOMPARE(plain.mode, PrecisionMode::MustKeepOriginDtype);
        QCOMPARE(plain.nodes.size(), planned.nodes.size());
        for (const NodeResolution &n : plain.nodes)
            QVERIFY(!n.rules.contains("F3"));
        ResolveOptions quiet;
        quiet.explanations = false;
        const Resolution unexplained = resolveUnderPlan(
            resolver, &*plan, PrecisionMode::MustKeepOriginDtype, policies, quiet);
        for (const NodeResolution &n : unexplained.nodes)
            QVERIFY(!n.rules.contains("F3")); // batch figures: nobody reads the steps
    }

    // MindSpore Lite's names are accepted wherever a mode is parsed.
    void liteAliases_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("canonical");
        QTest::newRow("enforce_fp32") << "enforce_fp32"
                                      << "cube_fp16in_fp32out";
        QTest::newRow("preferred_fp32") << "preferred_fp32"
                                        << "allow_fp32_to_fp16";
        QTest::newRow("enforce_fp16") << "enforce_fp16"
                                      << "force_fp16";
        QTest::newRow("enforce_origin") << "enforce_origin"
                                        << "must_keep_origin_dtype";
        QTest::newRow("preferred_optimal") << "preferred_optimal"
                                           << "allow_mix_precision_fp16";
    }
    void liteAliases()
    {
        QFETCH(QString, name);
        QFETCH(QString, canonical);
        const auto mode = parsePrecisionMode(name.toStdString());
        QVERIFY(mode);
        QCOMPARE(QString(precisionModeName(*mode)), canonical);
        QCOMPARE(QString(mindSporeLiteModeName(*mode)), name);
    }
    void liteAliasSuggested()
    {
        std::string error;
        QVERIFY(!parsePrecisionMode("prefered_optimal", &error));
        QVERIFY2(error.find("did you mean 'preferred_optimal'") != std::string::npos,
                 error.c_str());
        QVERIFY(!mindSporeLiteModeName(PrecisionMode::AllowMixPrecisionBf16));
    }
};

QTEST_GUILESS_MAIN(TestFrontEnds)
#include "tst_frontends.moc"
