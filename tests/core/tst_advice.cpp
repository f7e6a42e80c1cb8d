// The advisor: candidates and plans on hand-built graphs, and its properties on real graphs: after
// applying a plan's mixlist and keep_dtype (written and read back as the compiler reads them, and
// resolved afresh), every protected node is fp32 and no other node moved beyond what the plan
// reported; the casts objective never moves a protected node.
#include "tst_resolverfixture.h"

#include "advice/advice.h"
#include "advice/evidenceprotect.h"
#include "evidence/evidencejoin.h"
#include "evidence/evidenceloader.h"
#include "evidence/evidencesummary.h"
#include "graph/graphloader.h"
#include "library/libraryloader.h"
#include "mixlist/oppolicy.h"
#include "resolver/policysource.h"

#include "shareddata.h"

#include <QTest>

#include <set>

using namespace opsinfo;
using namespace opsinfo::testing;

namespace {

const OpLibrary &sharedLibrary()
{
    static const LibraryLoadResult loaded = loadSocFolder(
        sharedData("opsinfo/cann-8.1.RC1/op_impl/ai_core/tbe/config/ascend910b").toStdString());
    return loaded.library;
}

std::unique_ptr<Graph> sharedGraph(const QString &relative)
{
    GraphLoadResult loaded = loadGraph(sharedData("graphs/" + relative).toStdString());
    return std::move(loaded.graph);
}

std::set<std::string> movedNames(const std::vector<MovedNode> &moved)
{
    std::set<std::string> names;
    for (const MovedNode &m : moved)
        names.insert(m.name);
    return names;
}

// Re-resolves with the plan's files as the compiler would read them and checks the properties.
void checkPlan(const Graph &graph, const OpLibrary &library, const AdviceRequest &request,
               const AdviceResult &result, const AdvicePlan &plan)
{
    const bool accuracy = request.objective == AdviceObjective::Accuracy;
    const PolicyTable baseTable = PolicyTable::compute(library, request.mixlist);
    ResolveOptions beforeOptions;
    beforeOptions.keepDtype = request.keepDtype;
    beforeOptions.customizeDtypes = request.customizeDtypes;
    const Resolution before
        = resolvePrecision(graph, library, request.mode, tablePolicies(baseTable), beforeOptions);

    const MixlistParseResult parsed = parseMixlistStrict(writeMixlist(plan.mixlist), "advice.json");
    QVERIFY2(parsed.ok(), writeMixlist(plan.mixlist).c_str());
    std::vector<Diagnostic> diagnostics;
    const KeepDtype keep = parseKeepDtype(keepDtypeText(plan.keepDtype), "keep.cfg", diagnostics);
    QVERIFY2(!hasErrors(diagnostics), keepDtypeText(plan.keepDtype).c_str());
    const PolicyTable table = PolicyTable::compute(library, &parsed.mixlist);
    ResolveOptions afterOptions;
    afterOptions.keepDtype = std::make_shared<const KeepDtype>(keep);
    afterOptions.customizeDtypes = request.customizeDtypes;
    const Resolution after
        = resolvePrecision(graph, library, request.mode, tablePolicies(table), afterOptions);

    std::set<int> protectedIndexes;
    for (const ProtectedNode &p : result.protectedNodes) {
        protectedIndexes.insert(p.index);
        const DType now = after.nodes[std::size_t(p.index)].dtype;
        if (accuracy)
            QVERIFY2(now == DType::Float32,
                     qPrintable(QString::fromStdString(p.name + " is " + dtypeName(now))));
        else
            QVERIFY2(now == before.nodes[std::size_t(p.index)].dtype,
                     qPrintable(QString::fromUtf8(p.name)));
    }
    std::set<std::string> moved;
    for (std::size_t i = 0; i < after.nodes.size(); ++i)
        if (!protectedIndexes.count(int(i)) && after.nodes[i].dtype != before.nodes[i].dtype)
            moved.emplace(after.nodes[i].node->name);
    QCOMPARE(moved, movedNames(plan.effect.moved));
    QCOMPARE(after.summary.castsTotal, plan.effect.after.castsTotal);
    QCOMPARE(before.summary.castsTotal, plan.effect.before.castsTotal);
}

// The first `count` decided fp16/bf16 nodes of these types, in resolution order.
std::vector<ProtectRequest> pick(const Graph &graph, const OpLibrary &library, PrecisionMode mode,
                                 const std::set<std::string> &types, std::size_t count)
{
    const PolicyTable table = PolicyTable::compute(library, nullptr);
    const Resolution r = resolvePrecision(graph, library, mode, tablePolicies(table));
    std::vector<ProtectRequest> out;
    for (std::size_t i = 0; i < r.nodes.size() && out.size() < count; ++i) {
        const NodeResolution &n = r.nodes[i]; // subgraph nodes too (If/Loop/Scan bodies)
        if (n.decided && types.count(std::string(n.node->opType))
            && (n.dtype == DType::Float16 || n.dtype == DType::BFloat16))
            out.push_back({std::string(n.node->name), {}, "test"});
    }
    return out;
}

} // namespace

class TestAdvice : public QObject
{
    Q_OBJECT

private slots:
    void keepDtypeWhenAnOpTypeMovesOthers();
    void opTypeWhenItCoversAll();
    void listsDoNothingOutsideMixedModes();
    void keepDtypeOnlyWhereItReachesTheCompiler_data();
    void keepDtypeOnlyWhereItReachesTheCompiler();
    void castsObjectiveNeverMovesProtected();
    void unknownProtectNames();
    void realGraphsAccuracy_data();
    void realGraphsAccuracy();
    void realGraphsCasts_data();
    void realGraphsCasts();
    void protectFromFlaggedEvidence();
    void timeObjectiveUsesMeasuredTimes();
};

namespace {

// d -> mm1 -> g1 -> mm2 -> g2 -> mm3 -> g3, every tensor fp32 in the file.
Graph geluChain()
{
    const auto f32 = DType::Float32;
    return GraphBuilder()
        .node("d", "Data", {}, {f32})
        .node("w", "Const", {}, {f32})
        .node("mm1", "MatMulV2", {"d", "w"}, {f32})
        .node("g1", "Gelu", {"mm1"}, {f32})
        .node("mm2", "MatMulV2", {"g1", "w"}, {f32})
        .node("g2", "Gelu", {"mm2"}, {f32})
        .node("mm3", "MatMulV2", {"g2", "w"}, {f32})
        .node("g3", "Gelu", {"mm3"}, {f32})
        .build();
}

AdviceRequest request(const Graph &graph, const OpLibrary &library,
                      std::vector<ProtectRequest> protect,
                      PrecisionMode mode = PrecisionMode::AllowMixPrecisionFp16)
{
    AdviceRequest r;
    r.graph = &graph;
    r.library = &library;
    r.mode = mode;
    r.protect = std::move(protect);
    return r;
}

} // namespace

void TestAdvice::keepDtypeWhenAnOpTypeMovesOthers()
{
    const OpLibrary library = testLibrary();
    const Graph graph = geluChain();
    AdviceRequest r = request(graph, library, {{"g2", {}, "test"}});
    const AdviceResult result = advise(r);
    QCOMPARE(int(result.protectedNodes.size()), 1);
    QCOMPARE(result.protectedNodes[0].before,
             DType::Float16); // white Gelu in the fp16 mixed mode (M5)
    // Candidates: Gelu to black (fixes g2, moves g1 and g3), Gelu to gray (follows mm2: fp16, fixes
    // nothing), keep_dtype g2 (its graph dtype fp32, M8: fixes g2 alone).
    QCOMPARE(int(result.candidates.size()), 3);
    const AdviceCandidate *black = nullptr, *gray = nullptr, *keep = nullptr;
    for (const AdviceCandidate &c : result.candidates)
        (c.edit.kind == EditKind::ToBlack      ? black
             : c.edit.kind == EditKind::ToGray ? gray
                                               : keep)
            = &c;
    QVERIFY(black && gray && keep);
    QCOMPARE(movedNames(black->effect.moved), (std::set<std::string> {"g1", "g3"}));
    QVERIFY(gray->rejected);
    QCOMPARE(gray->why, std::string("fixes no protected node"));
    QVERIFY(keep->effect.moved.empty());
    QCOMPARE(result.plans.size(), std::size_t(2));
    QCOMPARE(result.plans[0].edits, std::vector<AdviceEdit> {keep->edit}); // moves nothing else
    QCOMPARE(result.plans[1].edits, std::vector<AdviceEdit> {black->edit});
    QCOMPARE(result.plans[1].label, std::string("op types only"));
    QCOMPARE(
        writeMixlist(result.plans[1].mixlist),
        std::string(
            "{\n    \"black-list\": {\n        \"to-add\": [\n            \"Gelu\"\n        ]\n    }\n}\n"));
    QCOMPARE(keepDtypeText(result.plans[0].keepDtype), std::string("g2\n"));
    for (const AdvicePlan &plan : result.plans) {
        QVERIFY(plan.verified);
        checkPlan(graph, library, r, result, plan);
    }
    // --max-moved 0 changes nothing here (keep already wins); with keep_dtype unusable (the node
    // is already kept by type), only the type edit is left.
    auto keptByType = std::make_shared<KeepDtype>();
    keptByType->opTypes.insert("Gelu");
    r.keepDtype = keptByType;
    const AdviceResult kept = advise(r);
    QVERIFY(kept.protectedNodes.empty() || kept.protectedNodes[0].before == DType::Float32);
}

void TestAdvice::opTypeWhenItCoversAll()
{
    const OpLibrary library = testLibrary();
    const Graph graph = geluChain();
    const AdviceRequest r = request(graph, library, {{{}, "Gelu", "test"}});
    const AdviceResult result = advise(r);
    QCOMPARE(int(result.protectedNodes.size()), 3);
    QVERIFY(!result.plans.empty());
    QCOMPARE(result.plans[0].edits.size(), std::size_t(1));
    QCOMPARE(result.plans[0].edits[0].entry(), std::string("black-list.to-add Gelu"));
    QVERIFY(result.plans[0].effect.moved.empty());
    QCOMPARE(result.plans[0].effect.fixed.size(), std::size_t(3));
    // The keep_dtype-only alternative needs three edits; with --max-changes 2 it is over the limit.
    AdviceRequest limited = r;
    limited.maxChanges = 2;
    const AdviceResult over = advise(limited);
    QCOMPARE(over.plans.back().edits.size(), std::size_t(3));
    QVERIFY(!over.plans.back().withinMaxChanges);
    QVERIFY(over.plans.front().withinMaxChanges);
    for (const AdvicePlan &plan : result.plans)
        checkPlan(graph, library, r, result, plan);
}

void TestAdvice::listsDoNothingOutsideMixedModes()
{
    const OpLibrary library = testLibrary();
    const Graph graph = geluChain();
    const AdviceRequest r = request(graph, library, {{"g2", {}, "test"}}, PrecisionMode::ForceFp16);
    const AdviceResult result = advise(r);
    bool noted = false;
    for (const Diagnostic &d : result.diagnostics)
        noted = noted || d.code == "advice-mode";
    QVERIFY(noted);
    for (const AdviceCandidate &c : result.candidates)
        QCOMPARE(c.edit.kind, EditKind::KeepNode);
    QVERIFY(!result.plans.empty());
    QCOMPARE(result.plans[0].edits[0].entry(), std::string("keep_dtype g2"));
    checkPlan(graph, library, r, result, result.plans[0]);
}

// On a front end that passes no keep_dtype (F1, F3: GE session options, MindSpore, ACL single-op)
// a keep_dtype edit would do nothing: only list edits are advised, and the advice says why.
void TestAdvice::keepDtypeOnlyWhereItReachesTheCompiler_data()
{
    QTest::addColumn<bool>("reaches");
    QTest::addColumn<int>("mode");
    QTest::addColumn<QString>("plans"); // each plan's edits, "|" between plans
    QTest::addColumn<QString>("diagnostic"); // the advice-mode diagnostic's message, or ""
    const int mixed = int(PrecisionMode::AllowMixPrecisionFp16);
    const int force = int(PrecisionMode::ForceFp16);
    QTest::newRow("ATC: keep_dtype first, the op type second")
        << true << mixed << "keep_dtype g2|black-list.to-add Gelu"
        << "";
    QTest::newRow("GE session options: the op type only")
        << false << mixed << "black-list.to-add Gelu"
        << "";
    QTest::newRow("force_fp16 on ATC: keep_dtype is the only lever")
        << true << force << "keep_dtype g2"
        << "in force_fp16 the lists do nothing (M5, M6): only keep_dtype can change a node";
    QTest::newRow("force_fp16 without keep_dtype: nothing can help")
        << false << force << ""
        << "in force_fp16 the lists do nothing (M5, M6), and this front end passes no keep_dtype "
           "(F3): no edit can change a node";
}

void TestAdvice::keepDtypeOnlyWhereItReachesTheCompiler()
{
    QFETCH(bool, reaches);
    QFETCH(int, mode);
    QFETCH(QString, plans);
    QFETCH(QString, diagnostic);
    const OpLibrary library = testLibrary();
    const Graph graph = geluChain();
    AdviceRequest r = request(graph, library, {{"g2", {}, "test"}}, PrecisionMode(mode));
    r.keepDtypeReachesCompiler = reaches;
    const AdviceResult result = advise(r);
    QStringList shown;
    for (const AdvicePlan &plan : result.plans) {
        QStringList edits;
        for (const AdviceEdit &edit : plan.edits)
            edits << QString::fromStdString(edit.entry());
        shown << edits.join(u',');
        QVERIFY(plan.verified);
        checkPlan(graph, library, r, result, plan);
    }
    QCOMPARE(shown.join(u'|'), plans);
    for (const AdviceCandidate &c : result.candidates)
        QVERIFY(reaches || c.edit.kind != EditKind::KeepNode);
    QString said;
    for (const Diagnostic &d : result.diagnostics)
        if (d.code == "advice-mode")
            said = QString::fromStdString(d.message);
    QCOMPARE(said, diagnostic);
    const bool limitSaid
        = std::any_of(result.limits.begin(), result.limits.end(), [](const std::string &limit) {
              return limit.find("keep_dtype does not reach") == 0;
          });
    QCOMPARE(limitSaid, !reaches);
}

void TestAdvice::castsObjectiveNeverMovesProtected()
{
    // d -> mm (white, fp16) -> sm (SoftmaxV2 made black by the mixlist: fp32) -> mm2 (fp16): a Cast
    // up and a Cast down around sm. Whitening SoftmaxV2 removes both, unless sm is protected.
    const auto f32 = DType::Float32;
    const OpLibrary library = testLibrary();
    const Graph graph = GraphBuilder()
                            .node("d", "Data", {}, {f32})
                            .node("w", "Const", {}, {f32})
                            .node("mm", "MatMulV2", {"d", "w"}, {f32})
                            .node("sm", "SoftmaxV2", {"mm"}, {f32})
                            .node("mm2", "MatMulV2", {"sm", "w"}, {f32})
                            .build();
    AdviceRequest r = request(graph, library, {});
    r.objective = AdviceObjective::Casts;
    const AdviceResult free = advise(r);
    QVERIFY(!free.plans.empty());
    QCOMPARE(free.plans[0].edits[0].entry(),
             std::string("white-list.to-add SoftmaxV2 (black -> white)"));
    QVERIFY(free.plans[0].effect.castsDelta() < 0);
    checkPlan(graph, library, r, free, free.plans[0]);

    r.protect = {{"sm", {}, "test"}};
    const AdviceResult guarded = advise(r);
    QVERIFY(guarded.plans.empty());
    bool rejected = false;
    for (const AdviceCandidate &c : guarded.candidates)
        if (c.edit.target == "SoftmaxV2") {
            QVERIFY(c.rejected);
            QCOMPARE(c.why, std::string("would move protected node 'sm' (float32 -> float16)"));
            rejected = true;
        }
    QVERIFY(rejected);
}

void TestAdvice::unknownProtectNames()
{
    const OpLibrary library = testLibrary();
    const Graph graph = geluChain();
    const AdviceResult result = advise(
        request(graph, library, {{"nope", {}, "test"}, {{}, "Nope", "test"}, {"d", {}, "test"}}));
    QVERIFY(result.protectedNodes.empty());
    std::set<std::string> codes;
    for (const Diagnostic &d : result.diagnostics)
        codes.insert(d.code);
    QVERIFY(codes.count("advice-unknown-node") && codes.count("advice-unknown-type")
            && codes.count("advice-not-fe"));
    QVERIFY(result.plans.empty());
}

void TestAdvice::realGraphsAccuracy_data()
{
    QTest::addColumn<QString>("graph");
    QTest::addColumn<QString>("types");
    QTest::addColumn<int>("mode");
    QTest::newRow("ResNet-50 GE dump, fp16 mixed")
        << "ge_dump/ge_proto_00017_OptimizeOriginalGraph_FeGraphFusionAfter.txt"
        << "Conv2D,Eltwise,SoftmaxV2,LeakyRelu" << int(PrecisionMode::AllowMixPrecisionFp16);
    QTest::newRow("BERT toy ONNX, fp16 mixed")
        << "onnx/ort__bert_toy_optimized.onnx"
        << "ReduceMean,Sub,Erf,Mul,RealDiv" << int(PrecisionMode::AllowMixPrecisionFp16);
    QTest::newRow("BERT toy ONNX, bf16 mixed")
        << "onnx/ort__bert_toy_optimized.onnx"
        << "ReduceMean,Sub,Erf,Mul,BatchMatMulV2" << int(PrecisionMode::AllowMixPrecisionBf16);
    QTest::newRow("tiny GPT-2 ONNX, fp16 mixed")
        << "onnx/ort__tiny_gpt2_beamsearch.onnx"
        << "LayerNorm,FastGelu,Add" << int(PrecisionMode::AllowMixPrecisionFp16);
    QTest::newRow("ResNet-50 GE dump, force_fp16")
        << "ge_dump/ge_proto_00017_OptimizeOriginalGraph_FeGraphFusionAfter.txt"
        << "Conv2D,Eltwise" << int(PrecisionMode::ForceFp16);
}

void TestAdvice::realGraphsAccuracy()
{
    REQUIRE_SHARED_DATA();
    QFETCH(QString, graph);
    QFETCH(QString, types);
    QFETCH(int, mode);
    const auto g = sharedGraph(graph);
    QVERIFY(g);
    std::set<std::string> typeSet;
    for (const QString &t : types.split(','))
        typeSet.insert(t.toStdString());
    AdviceRequest r
        = request(*g, sharedLibrary(), pick(*g, sharedLibrary(), PrecisionMode(mode), typeSet, 20),
                  PrecisionMode(mode));
    QVERIFY(r.protect.size() >= 5);
    const AdviceResult result = advise(r);
    QCOMPARE(result.protectedNodes.size(), r.protect.size());
    QVERIFY2(!result.plans.empty(), "no plan");
    int verified = 0;
    for (const AdvicePlan &plan : result.plans) {
        if (!plan.verified)
            continue;
        ++verified;
        checkPlan(*g, sharedLibrary(), r, result, plan);
        if (QTest::currentTestFailed())
            return;
    }
    QVERIFY(verified > 0);
    qInfo(
        "%s: %zu protected, %zu candidates, %zu plans, recommended %zu edits moving %zu other nodes, %zu re-resolutions",
        qPrintable(graph), result.protectedNodes.size(), result.candidates.size(),
        result.plans.size(), result.plans[0].edits.size(), result.plans[0].effect.moved.size(),
        result.trials);
}

void TestAdvice::realGraphsCasts_data()
{
    QTest::addColumn<QString>("graph");
    QTest::addColumn<QStringList>("black"); // the current mixlist's black-list.to-add
    QTest::addColumn<QString>("protectType"); // nodes of this type are protected
    QTest::newRow("BERT toy") << "onnx/ort__bert_toy_optimized.onnx"
                              << QStringList {"Tanh", "SoftmaxV2", "Sub"} << "Erf";
    QTest::newRow("ResNet-50")
        << "ge_dump/ge_proto_00017_OptimizeOriginalGraph_FeGraphFusionAfter.txt"
        << QStringList {"LeakyRelu", "Eltwise", "Pooling"} << "Eltwise";
    QTest::newRow("tiny GPT-2") << "onnx/ort__tiny_gpt2_beamsearch.onnx"
                                << QStringList {"FastGelu", "LayerNorm"} << "LayerNorm";
}

void TestAdvice::realGraphsCasts()
{
    REQUIRE_SHARED_DATA();
    QFETCH(QString, graph);
    QFETCH(QStringList, black);
    QFETCH(QString, protectType);
    const auto g = sharedGraph(graph);
    QVERIFY(g);
    Mixlist current;
    for (const QString &t : black)
        current.add(MixlistList::Black, MixlistAction::Add, t.toStdString());
    AdviceRequest r = request(*g, sharedLibrary(), {{{}, protectType.toStdString(), "test"}});
    r.mixlist = &current;
    r.objective = AdviceObjective::Casts;
    const AdviceResult result = advise(r);
    QVERIFY(!result.protectedNodes.empty());
    for (const AdviceCandidate &c : result.candidates)
        if (!c.rejected)
            QVERIFY(c.effect.movedProtected.empty());
    QVERIFY2(!result.plans.empty(), "a black list that costs Casts leaves something to gain");
    const AdvicePlan &plan = result.plans[0];
    QVERIFY(plan.verified);
    QVERIFY(plan.effect.castsDelta() < 0);
    QVERIFY(plan.effect.movedProtected.empty());
    checkPlan(*g, sharedLibrary(), r, result, plan);
    qInfo("%s: Casts %zu -> %zu with %zu edits, %zu re-resolutions", qPrintable(graph),
          plan.effect.before.castsTotal, plan.effect.after.castsTotal, plan.edits.size(),
          result.trials);
}

void TestAdvice::protectFromFlaggedEvidence()
{
    REQUIRE_SHARED_DATA();
    // msaccucmp rows on the ResNet-50 dump: res2a (overflow) and res3a_branch1 (cosine 0.972) are
    // flagged and joined by name; nothing else is protected.
    const auto g
        = sharedGraph("ge_dump/ge_proto_00017_OptimizeOriginalGraph_FeGraphFusionAfter.txt");
    const auto files
        = loadEvidenceFiles({testData("evidence/msaccucmp_result_resnet50.csv").toStdString()});
    const std::vector<FileJoin> joins {
        joinEvidence(files[0], {g.get(), &sharedLibrary(), nullptr})};
    const auto protect = protectFromEvidence(*g, files, joins, {});
    QCOMPARE(int(protect.size()), 2);
    QCOMPARE(protect[0].nodeName, std::string("res2a"));
    QVERIFY(QString::fromStdString(protect[0].origin)
                .endsWith("msaccucmp_result_resnet50.csv:6: overflow"));
    QCOMPARE(protect[1].nodeName, std::string("res3a_branch1"));
    // An API row joined by type protects the type.
    const auto api
        = loadEvidenceFiles({testData("evidence/compare_result_current.csv").toStdString()});
    const auto byType = protectFromEvidence(
        *g, api, {joinEvidence(api[0], {g.get(), &sharedLibrary(), nullptr})}, {});
    QCOMPARE(int(byType.size()),
             1); // softmax (NaN) joins SoftmaxV2; layer_norm has no node in ResNet-50
    QCOMPARE(byType[0].opType, std::string("SoftmaxV2"));
    AdviceRequest r = request(*g, sharedLibrary(), protect);
    const AdviceResult result = advise(r);
    QCOMPARE(int(result.protectedNodes.size()), 2);
    QVERIFY(result.plans[0].verified);
    checkPlan(*g, sharedLibrary(), r, result, result.plans[0]);
}

void TestAdvice::timeObjectiveUsesMeasuredTimes()
{
    REQUIRE_SHARED_DATA();
    const auto g
        = sharedGraph("ge_dump/ge_proto_00017_OptimizeOriginalGraph_FeGraphFusionAfter.txt");
    const auto files
        = loadEvidenceFiles({testData("evidence/op_summary_resnet50_graph.csv").toStdString()});
    const std::vector<FileJoin> joins {
        joinEvidence(files[0], {g.get(), &sharedLibrary(), nullptr})};
    const EvidenceSummary summary = summarizeEvidence(files, joins);
    Mixlist current;
    current.add(MixlistList::Black, MixlistAction::Add, "LeakyRelu");
    AdviceRequest r = request(*g, sharedLibrary(), {});
    r.mixlist = &current;
    r.objective = AdviceObjective::Time;
    r.measured = &summary;
    const AdviceResult result = advise(r);
    QVERIFY(!result.plans.empty());
    const AdvicePlan &plan = result.plans[0];
    QVERIFY(plan.effect.timeEstimated);
    QVERIFY(plan.effect.castTimeAfterUs < plan.effect.castTimeBeforeUs);
    QVERIFY(plan.effect.fp32TimeMovedUs
            > 0); // LeakyRelu back to fp16: its measured time is at stake
    const OpTypeEvidence *cast = summary.find("Cast");
    QVERIFY(cast);
    QCOMPARE(plan.effect.castTimeBeforeUs,
             double(plan.effect.before.castsTotal) * cast->timeUs / double(cast->runs));
    checkPlan(*g, sharedLibrary(), r, result, plan);
    // Without times the time objective falls back to Casts, saying so.
    r.measured = nullptr;
    const AdviceResult fallback = advise(r);
    bool warned = false;
    for (const Diagnostic &d : fallback.diagnostics)
        warned = warned || d.code == "advice-no-times";
    QVERIFY(warned);
}

QTEST_GUILESS_MAIN(TestAdvice)
#include "tst_advice.moc"
