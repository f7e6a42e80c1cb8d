// Resolver rules M1-M9, G1-G6 and §8 on small hand-built graphs, one row per (graph, mode, node).

#include "tst_resolverfixture.h"

#include "mixlist/dtypeoverrides.h"
#include "mixlist/mixlist.h"
#include "mixlist/oppolicy.h"

#include <QTest>

using namespace opsinfo;
using namespace opsinfo::testing;

namespace {

const auto f16 = DType::Float16;
const auto f32 = DType::Float32;
const auto i32 = DType::Int32;

// Data -> MatMulV2(+Const weights) -> Add(+Const bias) -> Relu -> Exp (black, fp16 only) ->
// NetOutput
Graph chainGraph()
{
    return GraphBuilder()
        .node("data", "Data", {}, {f32}, {2, 4})
        .node("w", "Const", {}, {f32})
        .node("mm", "MatMulV2", {"data", "w"}, {f32}, {2, 4})
        .node("bias", "Const", {}, {f32})
        .node("add", "Add", {"mm", "bias"}, {f32}, {2, 4})
        .node("relu", "Relu", {"add"}, {f32}, {2, 4})
        .node("exp", "Exp", {"relu"}, {f32}, {2, 4})
        .node("out", "NetOutput", {"exp"}, {})
        .build();
}

// One cube op per M3 fallback.
Graph cubeGraph()
{
    return GraphBuilder()
        .node("data", "Data", {}, {f32})
        .node("w", "Const", {}, {f32})
        .node("mmv2", "MatMulV2", {"data", "w"}, {f32})
        .node("mm", "MatMul", {"data", "w"}, {f32})
        .node("conv", "Conv2D", {"data", "w"}, {f32})
        .node("bmm", "BatchMatMul", {"data", "w"}, {f32})
        .node("anycube", "BatchMatMulV2", {"data", "w"}, {f32})
        .build();
}

// G5's four cases and G6's output difference.
Graph grayGraph()
{
    return GraphBuilder()
        .node("d1", "Data", {}, {f32})
        .node("gelu", "Gelu", {"d1"}, {f32})
        .node("gelu2", "Gelu", {"d1"}, {f32})
        .node("r_data", "Relu", {"d1"}, {f32})
        .node("r_white", "Relu", {"gelu"}, {f32})
        .node("add_32_16", "Add", {"d1", "gelu"}, {f32})
        .node("add_16_32", "Add", {"gelu", "d1"}, {f32})
        .node("c", "Const", {}, {f32})
        .node("add_w", "Add", {"c", "gelu"}, {f32})
        .node("add_same", "Add", {"gelu", "gelu2"}, {f32})
        .node("rm", "ReduceMeanX", {"gelu"}, {f32})
        .build();
}

// G2: a widening Cast between an fp16 producer and a gray op.
Graph castGraph()
{
    return GraphBuilder()
        .node("d16", "Data", {}, {f16})
        .node("cast", "Cast", {"d16"}, {f32})
        .node("relu", "Relu", {"cast"}, {f32})
        .build();
}

Graph miscGraph()
{
    return GraphBuilder()
        .node("d", "Data", {}, {f32})
        .node("d16", "Data", {}, {f16})
        .node("sq", "Sqrt", {"d"}, {f32})
        .node("f32only", "Fp32Only", {"d16"}, {f16})
        .node("bf", "BfOnly", {"d"}, {f32})
        .node("erf", "Erf", {"d"}, {f32})
        .node("shape", "Const", {}, {i32})
        .node("reshape", "Reshape", {"d", "shape"}, {f32})
        .node("reshape16", "Reshape", {"d16", "shape"}, {f16})
        .node("gelu", "Gelu", {"d"}, {f32})
        .node("gamma", "Const", {}, {f32})
        .node("ln", "LayerNorm", {"gelu", "gamma", "gamma"}, {f32})
        .node("foo", "Foo", {"d"}, {f32})
        .node("soft", "SoftmaxV2", {"d16"}, {f16})
        .build();
}

Graph graphNamed(const QString &name)
{
    if (name == "chain")
        return chainGraph();
    if (name == "cube")
        return cubeGraph();
    if (name == "gray")
        return grayGraph();
    if (name == "cast")
        return castGraph();
    return miscGraph();
}

} // namespace

class TestResolver : public QObject
{
    Q_OBJECT

private slots:
    void nodeDtype_data();
    void nodeDtype();
    void cubeFallbackTensors();
    void castLookThroughNotForBlack();
    void ambiguity();
    void keepDtype();
    void customizeDtypes();
    void notInLibrary();
    void subgraphs();
    void explanationNamesDecidingInput();
    void sameAcrossRepeatedResolves();
    void mixlistPolicyTable();
    void parallelModesEqualSerial();
};

void TestResolver::nodeDtype_data()
{
    QTest::addColumn<QString>("graph");
    QTest::addColumn<QString>("mode");
    QTest::addColumn<bool>("previous"); // G6 reading
    QTest::addColumn<QString>("node");
    QTest::addColumn<QString>("dtype");
    QTest::addColumn<QString>("engine");
    QTest::addColumn<QString>("status");
    QTest::addColumn<QString>("rule");

    auto row = [](const char *tag, const char *graph, const char *mode, const char *node,
                  const char *dtype, const char *engine, const char *status, const char *rule,
                  bool previous = false) {
        QTest::newRow(tag) << QString(graph) << QString(mode) << previous << QString(node)
                           << QString(dtype) << QString(engine) << QString(status) << QString(rule);
    };
    // chain under each of the 9 modes
    row("M1 cube fp16", "chain", "force_fp16", "mm", "float16", "AICore", "ok", "M1");
    row("M1 gray fp16", "chain", "fp16", "add", "float16", "AICore", "ok", "M1");
    row("M1 black fp16-only", "chain", "force_fp16", "exp", "float16", "AICore", "ok", "M1");
    row("M2 cube fp16", "chain", "allow_fp32_to_fp16", "mm", "float16", "AICore", "ok", "M2");
    row("M2 vector keeps fp32", "chain", "allow_fp32_to_fp16", "add", "float32", "AICore", "ok",
        "M2");
    row("M2 no fp32: fp16", "chain", "allow_fp32_to_fp16", "exp", "float16", "AICore", "ok", "M2");
    row("M3 cube fp16in fp32out", "chain", "cube_fp16in_fp32out", "mm", "float32", "AICore", "ok",
        "M3");
    row("M3 alias force_fp32", "chain", "force_fp32", "add", "float32", "AICore", "ok", "M3");
    // BLACK without fp32: force_fp32 may not lower a BLACK op, so check-support rejects it (M11).
    row("M3 BLACK fp16-only: AI CPU", "chain", "cube_fp16in_fp32out", "exp", "float32", "AICPU",
        "ok", "M11");
    row("M4 keeps fp32", "chain", "must_keep_origin_dtype", "mm", "float32", "AICore", "ok", "M4");
    row("M4 cannot lower: AI CPU", "chain", "origin", "exp", "float32", "AICPU", "ok", "M11");
    row("M5 white fp16", "chain", "allow_mix_precision", "mm", "float16", "AICore", "ok", "M5");
    row("M5 gray after white", "chain", "mixed_float16", "add", "float16", "AICore", "ok", "G1");
    row("M5 gray chain", "chain", "allow_mix_precision_fp16", "relu", "float16", "AICore", "ok",
        "G3");
    row("M5 BLACK fp16-only: AI CPU", "chain", "allow_mix_precision_fp16", "exp", "float32",
        "AICPU", "ok", "M11");
    row("M6 white bf16", "chain", "allow_mix_precision_bf16", "mm", "bfloat16", "AICore", "ok",
        "M6");
    row("M6 gray bf16", "chain", "mixed_bfloat16", "relu", "bfloat16", "AICore", "ok", "G3");
    row("M6 no lowering to fp16: AI CPU", "chain", "mixed_bfloat16", "exp", "float32", "AICPU",
        "ok", "M11");
    row("M7 keeps fp32", "chain", "allow_fp32_to_bf16", "mm", "float32", "AICore", "ok", "M7");
    row("M12 cube_hif8 cube op", "chain", "cube_hif8", "mm", "float16", "AICore", "ok", "M12");
    row("M12 cube_hif8 vector op", "chain", "cube_hif8", "add", "float32", "AICore", "ok", "M12");
    row("M12 mixed_hif8 white", "chain", "mixed_hif8", "mm", "float16", "AICore", "ok", "M12");
    row("M12 force_lowerprecision", "chain", "force_lowerprecision", "add", "bfloat16", "AICore",
        "ok", "M12");
    row("M12 allow_fp32_to_lowprecision", "chain", "allow_fp32_to_lowprecision", "mm", "float16",
        "AICore", "ok", "M12");
    row("Data not decided", "chain", "force_fp16", "data", "float32", "none", "ok", "");
    // M3's cube fallbacks
    row("M3 (fp16,fp32)", "cube", "cube_fp16in_fp32out", "mmv2", "float32", "AICore", "ok", "M3");
    row("M3 (fp32,fp32)", "cube", "cube_fp16in_fp32out", "mm", "float32", "AICore", "ok", "M3");
    row("M3 (fp16,fp16)", "cube", "cube_fp16in_fp32out", "conv", "float16", "AICore", "ok", "M3");
    // bf16-only: lowering to bf16 is forbidden (M10), nothing matches, column 0 stays: bf16.
    row("M3 no column fits", "cube", "cube_fp16in_fp32out", "bmm", "bfloat16", "AICore", "ok",
        "M10");
    // G5's four cases
    row("G5 gray after Data", "gray", "allow_mix_precision_fp16", "r_data", "float32", "AICore",
        "ok", "G1");
    row("G5 gray after white", "gray", "allow_mix_precision_fp16", "r_white", "float16", "AICore",
        "ok", "G1");
    row("G5 fp32 then fp16", "gray", "allow_mix_precision_fp16", "add_32_16", "float32", "AICore",
        "ok", "G3");
    row("G5 fp16 then fp32", "gray", "allow_mix_precision_fp16", "add_16_32", "float16", "AICore",
        "ok", "G3");
    row("G5 weights never decide", "gray", "allow_mix_precision_fp16", "add_w", "float16", "AICore",
        "ok", "G3");
    row("G4 output own dtype", "gray", "allow_mix_precision_fp16", "rm", "float32", "AICore", "ok",
        "G4");
    row("G6 previous op decides outputs", "gray", "allow_mix_precision_fp16", "rm", "float16",
        "AICore", "ok", "G6", true);
    row("G6 previous first producer", "gray", "allow_mix_precision_fp16", "add_32_16", "float32",
        "AICore", "ok", "G6", true);
    // G2
    row("G2 look through widening Cast", "cast", "allow_mix_precision_fp16", "relu", "float16",
        "AICore", "ok", "G2");
    // misc
    row("M4 raises fp16", "misc", "must_keep_origin_dtype", "f32only", "float32", "AICore", "ok",
        "M4");
    row("M4 cannot lower: AI CPU", "misc", "must_keep_origin_dtype", "sq", "float32", "AICPU", "ok",
        "M11");
    row("M1 no fp16: fp32", "misc", "force_fp16", "f32only", "float32", "AICore", "ok", "M1");
    row("M1 Null op not M9", "misc", "force_fp16", "reshape", "float16", "GE", "ok", "M1");
    row("M9 Null op gray fp32", "misc", "cube_fp16in_fp32out", "reshape", "float32", "GE", "ok",
        "M9");
    row("M9 Null op gray fp16", "misc", "cube_fp16in_fp32out", "reshape16", "float16", "GE", "ok",
        "M9");
    row("M9 Null op in a bf16 mode: fp16 flavour", "misc", "allow_mix_precision_bf16", "reshape16",
        "float16", "GE", "ok", "M9");
    row("M3 vector raises fp16", "misc", "cube_fp16in_fp32out", "soft", "float32", "AICore", "ok",
        "M3");
    row("M7 bf16 where no fp32", "misc", "allow_fp32_to_bf16", "bf", "bfloat16", "AICore", "ok",
        "M7");
    row("M2 never bf16", "misc", "allow_fp32_to_fp16", "bf", "float16", "AICore", "ok", "M2");
    row("M5 white without fp16", "misc", "allow_mix_precision_fp16", "erf", "float32", "AICore",
        "warning", "M5");
    row("M5 black keeps", "misc", "allow_mix_precision_fp16", "soft", "float16", "AICore", "ok",
        "M5");
    // Assumed columns (dtypelesscolumns.cpp, approx): a gray op follows its fp16 producer (G1).
    row("no dtype lists: assumed float columns", "misc", "allow_mix_precision_fp16", "ln",
        "float16", "AICore", "ok", "G1");
    row("not in library", "misc", "allow_mix_precision_fp16", "foo", "float32", "none", "ok", "");
}

void TestResolver::nodeDtype()
{
    QFETCH(QString, graph);
    QFETCH(QString, mode);
    QFETCH(bool, previous);
    QFETCH(QString, node);
    QFETCH(QString, dtype);
    QFETCH(QString, engine);
    QFETCH(QString, status);
    QFETCH(QString, rule);

    const OpLibrary library = testLibrary();
    const Graph g = graphNamed(graph);
    std::string error;
    const auto parsed = parsePrecisionMode(mode.toStdString(), &error);
    QVERIFY2(parsed, error.c_str());
    ResolveOptions options;
    options.grayRule = previous ? GrayRule::Previous : GrayRule::FE;
    const Resolution r = Resolver(g, library).resolve(*parsed, policies(library), options);
    QCOMPARE(int(r.nodes.size()), int(g.nodes().size()));
    const NodeResolution &n = byName(g, r, node.toStdString());
    const QString why = QString::fromStdString(n.explanation);
    QVERIFY2(
        QString(dtypeName(n.dtype)) == dtype,
        qPrintable("dtype " + QString(dtypeName(n.dtype)) + " expected " + dtype + ": " + why));
    QCOMPARE(QString(engineName(n.engine)), engine);
    QVERIFY2(QString(statusName(n.status)) == status,
             qPrintable("status " + QString(statusName(n.status)) + ": " + why));
    if (!rule.isEmpty())
        QVERIFY2(n.rules.contains(rule.toStdString()),
                 qPrintable("rules " + QString::fromStdString(n.rules.joined())));
    QCOMPARE(n.approximate, node == "ln" || node == "anycube");
    if (engine != "none")
        QVERIFY(!n.explanation.empty());
}

void TestResolver::cubeFallbackTensors()
{
    const OpLibrary library = testLibrary();
    const Graph g = cubeGraph();
    const Resolution r
        = Resolver(g, library).resolve(PrecisionMode::CubeFp16InFp32Out, policies(library));
    const auto &mmv2 = byName(g, r, "mmv2");
    QCOMPARE(mmv2.inputs, (std::vector<DType> {f16, f16}));
    QCOMPARE(mmv2.outputs, (std::vector<DType> {f32}));
    QCOMPARE(byName(g, r, "mm").inputs, (std::vector<DType> {f32, f32}));
    QCOMPARE(byName(g, r, "conv").outputs, (std::vector<DType> {f16}));
    QVERIFY(byName(g, r, "bmm").explanation.find("M3") != std::string::npos);
    QCOMPARE(r.summary.errors, std::size_t(0)); // M3 has no error case
    // A cube entry without dtype lists (dynamicFormat, as MatMulV2 in real 910b files): judged on
    // the assumed columns (dtypelesscolumns.cpp), so it still gets the M3 pair, marked approximate
    // with the reason.
    const auto &any = byName(g, r, "anycube");
    QVERIFY(any.decided);
    QCOMPARE(any.engine, Engine::AICore);
    QCOMPARE(any.inputs, (std::vector<DType> {f16, f16}));
    QCOMPARE(any.outputs, (std::vector<DType> {f32}));
    QVERIFY(any.approximate);
    QVERIFY2(any.explanation.find("dynamicFormat") != std::string::npos, any.explanation.c_str());
}

void TestResolver::castLookThroughNotForBlack()
{
    const OpLibrary library = testLibrary();
    const Graph g = castGraph();
    const Resolution black = Resolver(g, library)
                                 .resolve(PrecisionMode::AllowMixPrecisionFp16,
                                          policies(library, {{"Cast", Policy::Black}}));
    // A BLACK Cast is not looked through (G2): the relu reads its fp32 output.
    QCOMPARE(byName(g, black, "relu").dtype, f32);
    QVERIFY(!byName(g, black, "relu").rules.contains("G2"));
    QCOMPARE(byName(g, black, "cast").outputs, (std::vector<DType> {f32}));
}

void TestResolver::ambiguity()
{
    const OpLibrary library = testLibrary();
    const Graph g = grayGraph();
    const Resolution r
        = Resolver(g, library).resolve(PrecisionMode::AllowMixPrecisionFp16, policies(library));
    QVERIFY(byName(g, r, "add_32_16").ambiguous);
    QVERIFY(byName(g, r, "add_16_32").ambiguous);
    QVERIFY(!byName(g, r, "add_same").ambiguous);
    QVERIFY(!byName(g, r, "add_w").ambiguous); // weights are not producers that disagree
    QCOMPARE(r.summary.ambiguous, std::size_t(2));
}

void TestResolver::keepDtype()
{
    const OpLibrary library = testLibrary();
    const Graph g = chainGraph();
    auto keep = std::make_shared<KeepDtype>();
    keep->nodeNames.insert("mm");
    ResolveOptions options;
    options.keepDtype = keep;
    Resolver resolver(g, library);
    // Without keep_dtype the cube op is promoted to fp16 (M2); kept, it stays fp32 (M8).
    QCOMPARE(
        byName(g, resolver.resolve(PrecisionMode::AllowFp32ToFp16, policies(library)), "mm").dtype,
        f16);
    const Resolution kept
        = resolver.resolve(PrecisionMode::AllowFp32ToFp16, policies(library), options);
    QCOMPARE(byName(g, kept, "mm").dtype, f32);
    QVERIFY(byName(g, kept, "mm").rules.contains("M8"));
    // By type too, and it wins over the mixed-mode white list.
    auto byType = std::make_shared<KeepDtype>();
    byType->opTypes.insert("MatMulV2");
    options.keepDtype = byType;
    QCOMPARE(
        byName(g,
               resolver.resolve(PrecisionMode::AllowMixPrecisionFp16, policies(library), options),
               "mm")
            .dtype,
        f32);
}

void TestResolver::customizeDtypes()
{
    const OpLibrary library = testLibrary();
    const Graph g = chainGraph();
    auto custom = std::make_shared<CustomizeDtypes>();
    custom->byNode["add"] = DtypeRestriction {{f32, std::nullopt}, {}, 1};
    ResolveOptions options;
    options.customizeDtypes = custom;
    Resolver resolver(g, library);
    QCOMPARE(
        byName(g, resolver.resolve(PrecisionMode::AllowMixPrecisionFp16, policies(library)), "add")
            .dtype,
        f16);
    const Resolution r
        = resolver.resolve(PrecisionMode::AllowMixPrecisionFp16, policies(library), options);
    QCOMPARE(byName(g, r, "add").dtype, f32);
    QVERIFY(byName(g, r, "add").rules.contains("M8"));
    // customize_dtypes wins over force_fp16 as well, and over keep_dtype; by op type.
    auto byType = std::make_shared<CustomizeDtypes>();
    byType->byType["Relu"] = DtypeRestriction {{f32}, {f32}, 1};
    options.customizeDtypes = byType;
    QCOMPARE(
        byName(g, resolver.resolve(PrecisionMode::ForceFp16, policies(library), options), "relu")
            .dtype,
        f32);
    // A restriction no column satisfies: check-support rejects the node and FE's judge would fail.
    auto impossible = std::make_shared<CustomizeDtypes>();
    impossible->byNode["exp"] = DtypeRestriction {{f32}, {}, 1};
    options.customizeDtypes = impossible;
    // The resolution outlives the reference into it (a temporary would die at the semicolon).
    const Resolution rejected
        = resolver.resolve(PrecisionMode::ForceFp16, policies(library), options);
    const NodeResolution &exp = byName(g, rejected, "exp");
    QCOMPARE(exp.status, ResolutionStatus::Error);
    QCOMPARE(exp.engine, Engine::AICPU);
    QCOMPARE(exp.engineReason, EngineReason::RejectedCustomize);
}

void TestResolver::notInLibrary()
{
    const OpLibrary library = testLibrary();
    const Graph g = miscGraph();
    for (PrecisionMode mode : kAllPrecisionModes) {
        const Resolution r = Resolver(g, library).resolve(mode, policies(library));
        const auto &foo = byName(g, r, "foo");
        QVERIFY(!foo.decided);
        QVERIFY(!foo.inLibrary);
        QCOMPARE(foo.outputs, (std::vector<DType> {f32}));
        QVERIFY(foo.explanation.find("§8.1") != std::string::npos);
    }
}

void TestResolver::subgraphs()
{
    const OpLibrary library = testLibrary();
    Graph g = GraphBuilder()
                  .node("d", "Data", {}, {f32})
                  .node("if", "If", {"d"}, {f32})
                  .node("gelu", "Gelu", {"d"}, {f32})
                  .build();
    Graph body = GraphBuilder()
                     .node("arg", "Data", {}, {f32})
                     .node("inner", "Gelu", {"arg"}, {f32})
                     .build();
    g.nodes()[1].subgraphs.push_back(std::make_unique<Graph>(std::move(body)));
    const Resolution r
        = Resolver(g, library).resolve(PrecisionMode::AllowMixPrecisionFp16, policies(library));
    QCOMPARE(r.nodes.size(), std::size_t(5));
    QCOMPARE(r.nodes[2].node->name, std::string("gelu")); // top level keeps its indices
    QCOMPARE(r.nodes[4].node->name, std::string("inner"));
    QCOMPARE(r.nodes[4].parent, 1);
    QCOMPARE(r.nodes[4].subgraph, 0);
    QCOMPARE(r.nodes[4].graphIndex, 1);
    QCOMPARE(r.nodes[4].dtype, f16);
}

void TestResolver::explanationNamesDecidingInput()
{
    const OpLibrary library = testLibrary();
    const Graph g = grayGraph();
    const Resolution r
        = Resolver(g, library).resolve(PrecisionMode::AllowMixPrecisionFp16, policies(library));
    const auto &n = byName(g, r, "add_16_32");
    QCOMPARE(n.decidingInput, 0);
    QVERIFY2(n.explanation.find("'gelu' (float16)") != std::string::npos, n.explanation.c_str());
    QVERIFY2(n.explanation.find("gray") != std::string::npos, n.explanation.c_str());
    const auto &gelu = byName(g, r, "gelu");
    QVERIFY2(gelu.explanation.find("white") != std::string::npos, gelu.explanation.c_str());
    QVERIFY2(gelu.explanation.find("aic-test-ops-info.json") != std::string::npos,
             gelu.explanation.c_str());
}

void TestResolver::sameAcrossRepeatedResolves()
{
    // The plan is shared between modes: resolving in another order must not change any result.
    const OpLibrary library = testLibrary();
    const Graph g = miscGraph();
    Resolver shared(g, library);
    std::vector<Resolution> first;
    for (PrecisionMode mode : kAllPrecisionModes)
        first.push_back(shared.resolve(mode, policies(library)));
    for (int i = int(kAllPrecisionModes.size()) - 1; i >= 0; --i) {
        const Resolution again
            = Resolver(g, library).resolve(kAllPrecisionModes[std::size_t(i)], policies(library));
        for (std::size_t n = 0; n < again.nodes.size(); ++n) {
            QCOMPARE(again.nodes[n].inputs, first[std::size_t(i)].nodes[n].inputs);
            QCOMPARE(again.nodes[n].outputs, first[std::size_t(i)].nodes[n].outputs);
        }
    }
}

void TestResolver::mixlistPolicyTable()
{
    // The seed's example: black-list.to-add moves the white MatMulV2 to black (X3); the resolver
    // takes the effective colour from the table and names the mixlist entry in its explanation.
    const OpLibrary library = testLibrary();
    const Graph g = chainGraph();
    const MixlistParseResult parsed
        = parseMixlistStrict(R"({"black-list": {"to-add": ["MatMulV2"]}})", "ops_info.json");
    QVERIFY(parsed.ok());
    const PolicyTable table = PolicyTable::compute(library, &parsed.mixlist, "ops_info.json");
    Resolver resolver(g, library);
    QCOMPARE(
        byName(g, resolver.resolve(PrecisionMode::AllowMixPrecisionFp16, policies(library)), "mm")
            .dtype,
        f16);
    const Resolution r
        = resolver.resolve(PrecisionMode::AllowMixPrecisionFp16, tablePolicies(table));
    const auto &mm = byName(g, r, "mm");
    QCOMPARE(mm.policy, Policy::Black);
    QCOMPARE(mm.dtype, f32);
    QVERIFY2(mm.explanation.find("ops_info.json") != std::string::npos, mm.explanation.c_str());
    // The gray Add after it now follows an fp32 producer.
    QCOMPARE(byName(g, r, "add").dtype, f32);
}

void TestResolver::parallelModesEqualSerial()
{
    const OpLibrary library = testLibrary();
    const Graph g = miscGraph();
    Resolver resolver(g, library);
    const std::vector<PrecisionMode> modes(kAllPrecisionModes.begin(), kAllPrecisionModes.end());
    const std::vector<Resolution> parallel = resolver.resolveModes(modes, policies(library), {}, 4);
    QCOMPARE(parallel.size(), modes.size());
    for (std::size_t m = 0; m < modes.size(); ++m) {
        const Resolution serial = resolver.resolve(modes[m], policies(library));
        QCOMPARE(parallel[m].mode, modes[m]);
        QCOMPARE(parallel[m].summary.castsTotal, serial.summary.castsTotal);
        for (std::size_t n = 0; n < serial.nodes.size(); ++n) {
            QCOMPARE(parallel[m].nodes[n].outputs, serial.nodes[n].outputs);
            QCOMPARE(parallel[m].nodes[n].explanation, serial.nodes[n].explanation);
        }
    }
}

QTEST_GUILESS_MAIN(TestResolver)
#include "tst_resolver.moc"
