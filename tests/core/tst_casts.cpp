// C1 (casts, shared per producer output and target dtype) and C2 (summary figures).

#include "tst_resolverfixture.h"

#include <QTest>

using namespace opsinfo;
using namespace opsinfo::testing;

namespace {

const auto f16 = DType::Float16;
const auto f32 = DType::Float32;

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

// One activation and one weight, each read by two white cube ops.
Graph sharedGraph()
{
    return GraphBuilder()
        .node("data", "Data", {}, {f32})
        .node("w", "Const", {}, {f32})
        .node("mm1", "MatMulV2", {"data", "w"}, {f32})
        .node("mm2", "MatMulV2", {"data", "w"}, {f32})
        .node("r1", "Relu", {"data"}, {f32}) // gray after Data: stays fp32, needs no cast
        .build();
}

const CastInsertion *castFrom(const Graph &g, const Resolution &r, const std::string &producer,
                              DType to)
{
    for (const CastInsertion &c : r.casts)
        if (c.producer == g.indexOf(producer) && c.to == to)
            return &c;
    return nullptr;
}

} // namespace

class TestCasts : public QObject
{
    Q_OBJECT

private slots:
    void chainCasts_data();
    void chainCasts();
    void sharedCast();
    void summary();
    void noCastWhenNothingChanges();
};

void TestCasts::chainCasts_data()
{
    QTest::addColumn<QString>("mode");
    QTest::addColumn<int>("down");
    QTest::addColumn<int>("up");
    QTest::addColumn<int>("weights");
    // mixed fp16: data->mm down, w/bias weights, relu(fp16)->exp (AI CPU fp32) up.
    QTest::newRow("allow_mix_precision_fp16") << "allow_mix_precision_fp16" << 1 << 1 << 2;
    // force_fp16: data->mm down, 2 weights, exp fp16 -> NetOutput fp32 up.
    QTest::newRow("force_fp16") << "force_fp16" << 1 << 1 << 2;
    // must_keep_origin_dtype: exp (fp16 only) cannot keep fp32, so check-support rejects it (M11):
    // it keeps its graph dtypes and every edge stays fp32.
    QTest::newRow("must_keep_origin_dtype") << "must_keep_origin_dtype" << 0 << 0 << 0;
    // cube_fp16in_fp32out: data->mm fp16 down, w fp16 weights; bias stays fp32; exp on AI CPU.
    QTest::newRow("cube_fp16in_fp32out") << "cube_fp16in_fp32out" << 1 << 0 << 1;
}

void TestCasts::chainCasts()
{
    QFETCH(QString, mode);
    QFETCH(int, down);
    QFETCH(int, up);
    QFETCH(int, weights);
    const OpLibrary library = testLibrary();
    const Graph g = chainGraph();
    const Resolution r
        = Resolver(g, library).resolve(*parsePrecisionMode(mode.toStdString()), policies(library));
    QCOMPARE(int(r.summary.castsDown), down);
    QCOMPARE(int(r.summary.castsUp), up);
    QCOMPARE(int(r.summary.castsWeights), weights);
    QCOMPARE(int(r.summary.castsTotal), down + up + weights);
    QCOMPARE(int(r.casts.size()), down + up + weights);
    for (const CastInsertion &c : r.casts) {
        QVERIFY(c.from != c.to);
        QVERIFY(!c.consumers.empty());
        // Every consumer really reads that producer output at the target dtype.
        for (const auto &[consumer, input] : c.consumers) {
            QCOMPARE(r.nodes[std::size_t(consumer)].inputs[std::size_t(input)], c.to);
            QCOMPARE(g.nodes()[std::size_t(consumer)].inputs[std::size_t(input)].producer,
                     c.producer);
        }
    }
}

void TestCasts::sharedCast()
{
    const OpLibrary library = testLibrary();
    const Graph g = sharedGraph();
    const Resolution r
        = Resolver(g, library).resolve(PrecisionMode::AllowMixPrecisionFp16, policies(library));
    // Two consumers of data:0 both want fp16: one Cast, two consumers (C1).
    const CastInsertion *down = castFrom(g, r, "data", f16);
    QVERIFY(down);
    QCOMPARE(down->kind, CastKind::Down);
    QCOMPARE(down->from, f32);
    QCOMPARE(int(down->consumers.size()), 2);
    const CastInsertion *weights = castFrom(g, r, "w", f16);
    QVERIFY(weights);
    QCOMPARE(weights->kind, CastKind::Weights);
    QCOMPARE(int(weights->consumers.size()), 2);
    QCOMPARE(int(r.casts.size()), 2);
    QVERIFY(!castFrom(g, r, "data", f32)); // r1 reads data at fp32: no cast
}

void TestCasts::summary()
{
    const OpLibrary library = testLibrary();
    const Graph g = chainGraph();
    const Resolution r
        = Resolver(g, library).resolve(PrecisionMode::AllowMixPrecisionFp16, policies(library));
    const ResolutionSummary &s = r.summary;
    QCOMPARE(s.nodes, std::size_t(8));
    QCOMPARE(s.decidedNodes, std::size_t(3)); // mm, add, relu; exp is rejected (M11), not judged
    QCOMPARE(s.floatNodes, std::size_t(3));
    QCOMPARE(s.fp16Nodes, std::size_t(3));
    QCOMPARE(s.fp32Nodes, std::size_t(0));
    QCOMPARE(s.bf16Nodes, std::size_t(0));
    QCOMPARE(s.aicpuNodes, std::size_t(1));
    QCOMPARE(s.geNodes, std::size_t(0));
    QCOMPARE(s.errors, std::size_t(0));
    // Shapes [2,4] on data (fp32: 32 B), mm/add/relu (fp16: 16 B each), exp (fp32: 32 B).
    QCOMPARE(s.outputsWithShape, std::size_t(5));
    QCOMPARE(s.activationBytes, std::uint64_t(32 + 3 * 16 + 32));
    // Same graph in force_fp32: everything fp32, exp on AI CPU.
    const Resolution fp32
        = Resolver(g, library).resolve(PrecisionMode::CubeFp16InFp32Out, policies(library));
    QCOMPARE(fp32.summary.fp32Nodes, std::size_t(3));
    QCOMPARE(fp32.summary.activationBytes, std::uint64_t(5 * 32));
    // must_keep_origin_dtype has no error case (M4): exp goes to AI CPU instead.
    const Resolution keep
        = Resolver(g, library).resolve(PrecisionMode::MustKeepOriginDtype, policies(library));
    QCOMPARE(keep.summary.errors, std::size_t(0));
    QCOMPARE(keep.summary.aicpuNodes, std::size_t(1));
}

void TestCasts::noCastWhenNothingChanges()
{
    const OpLibrary library = testLibrary();
    const Graph g = GraphBuilder()
                        .node("d", "Data", {}, {f32})
                        .node("a", "Relu", {"d"}, {f32})
                        .node("b", "Add", {"a", "a"}, {f32})
                        .build();
    for (PrecisionMode mode :
         {PrecisionMode::AllowFp32ToFp16, PrecisionMode::AllowMixPrecisionFp16,
          PrecisionMode::MustKeepOriginDtype, PrecisionMode::AllowFp32ToBf16}) {
        const Resolution r = Resolver(g, library).resolve(mode, policies(library));
        QCOMPARE(r.summary.castsTotal, std::size_t(0));
    }
}

QTEST_GUILESS_MAIN(TestCasts)
#include "tst_casts.moc"
