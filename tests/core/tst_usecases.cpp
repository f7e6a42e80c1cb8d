// The use cases the CLI and the app share, tested at their one home in core: the all-modes sweep
// (resolver/modesweep.h) and the resolution diff (diff/resolutiondiff.h).

#include "diff/resolutiondiff.h"
#include "resolver/modesweep.h"
#include "resolver/outputorder.h"
#include "tst_resolverfixture.h"

#include <QTest>

using namespace opsinfo;
using namespace opsinfo::testing;

namespace {

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

} // namespace

class TestUseCases : public QObject
{
    Q_OBJECT

private slots:
    void sweepCoversEveryModeInOrder()
    {
        const OpLibrary library = testLibrary();
        const Graph g = chainGraph();
        const Resolver resolver(g, library);
        std::vector<PrecisionMode> announced;
        const auto modes = summarizeModes(resolver, policies(library), {}, {}, 1,
                                          [&](std::size_t done, PrecisionMode next) {
                                              QCOMPARE(done, announced.size());
                                              announced.push_back(next);
                                          });
        QCOMPARE(modes.size(), kAllPrecisionModes.size());
        QCOMPARE(announced.size(), kAllPrecisionModes.size());
        for (std::size_t i = 0; i < modes.size(); ++i) {
            QCOMPARE(modes[i].mode, kAllPrecisionModes[i]);
            QCOMPARE(announced[i], kAllPrecisionModes[i]);
            QVERIFY(modes[i].refused.empty()); // no SoC given
            // The same figures as resolving that mode alone.
            const Resolution alone = resolver.resolve(modes[i].mode, policies(library));
            QCOMPARE(modes[i].summary.fp16Nodes, alone.summary.fp16Nodes);
            QCOMPARE(modes[i].summary.fp32Nodes, alone.summary.fp32Nodes);
            QCOMPARE(modes[i].summary.castsTotal, alone.summary.castsTotal);
        }
    }

    void sweepOnThreadsEqualsSweepInTurn()
    {
        const OpLibrary library = testLibrary();
        const Graph g = chainGraph();
        const Resolver resolver(g, library);
        const auto inTurn = summarizeModes(resolver, policies(library), {}, {"Ascend910A", {}}, 1);
        const auto parallel
            = summarizeModes(resolver, policies(library), {}, {"Ascend910A", {}}, 2);
        QCOMPARE(parallel.size(), inTurn.size());
        for (std::size_t i = 0; i < inTurn.size(); ++i) {
            QCOMPARE(parallel[i].mode, inTurn[i].mode);
            QCOMPARE(parallel[i].refused, inTurn[i].refused);
            QCOMPARE(parallel[i].summary.bf16Nodes, inTurn[i].summary.bf16Nodes);
            QCOMPARE(parallel[i].summary.castsTotal, inTurn[i].summary.castsTotal);
        }
    }

    void sweepMarksModesTheSocRefuses_data()
    {
        QTest::addColumn<QString>("soc");
        QTest::addColumn<bool>("bf16Refused");
        QTest::newRow("910A has no fp32->bf16") << "Ascend910A" << true;
        QTest::newRow("910B1 has it") << "Ascend910B1" << false;
        QTest::newRow("unknown SoC: a warning, not a refusal") << "Kirin9000" << false;
    }

    void sweepMarksModesTheSocRefuses()
    {
        QFETCH(QString, soc);
        QFETCH(bool, bf16Refused);
        const OpLibrary library = testLibrary();
        const Graph g = chainGraph();
        const std::string name = soc.toStdString();
        for (const ModeSummary &m :
             summarizeModes(Resolver(g, library), policies(library), {}, {name, {}})) {
            const bool refused = !m.refused.empty();
            QCOMPARE(refused, bf16Refused && isBf16Mode(m.mode));
            if (refused)
                QVERIFY2(m.refused.find(name) != std::string::npos, m.refused.c_str());
        }
    }

    void diffOfAModeWithItselfIsEmpty()
    {
        const OpLibrary library = testLibrary();
        const Graph g = chainGraph();
        const Resolver resolver(g, library);
        const Resolution a = resolver.resolve(PrecisionMode::ForceFp16, policies(library));
        const Resolution b = resolver.resolve(PrecisionMode::ForceFp16, policies(library));
        const ResolutionDiff diff = diffResolutions(g, a, b);
        QVERIFY(diff.changed.empty());
        QCOMPARE(diff.castDelta(), 0L);
    }

    void diffListsChangedNodesInOutputOrder()
    {
        const OpLibrary library = testLibrary();
        const Graph g = chainGraph();
        const Resolver resolver(g, library);
        const Resolution a = resolver.resolve(PrecisionMode::ForceFp16, policies(library));
        const Resolution b
            = resolver.resolve(PrecisionMode::MustKeepOriginDtype, policies(library));
        const ResolutionDiff diff = diffResolutions(g, a, b);
        QVERIFY(!diff.changed.empty());
        QCOMPARE(diff.castsA, a.summary.castsTotal);
        QCOMPARE(diff.castsB, b.summary.castsTotal);
        QCOMPARE(diff.castDelta(), long(b.summary.castsTotal) - long(a.summary.castsTotal));
        const std::vector<int> order = outputOrder(g, a);
        std::size_t position = 0;
        for (const NodeChange &c : diff.changed) {
            QVERIFY(c.a->dtype != c.b->dtype || c.a->engine != c.b->engine);
            QCOMPARE(c.a, &a.nodes[std::size_t(c.index)]);
            QCOMPARE(c.b, &b.nodes[std::size_t(c.index)]);
            QVERIFY(c.topLevel);
            while (position < order.size() && order[position] != c.index)
                ++position;
            QVERIFY2(position < order.size(), "changes follow the report's node order");
        }
        // Every unchanged node is left out.
        std::size_t unchanged = 0;
        for (std::size_t i = 0; i < a.nodes.size(); ++i)
            unchanged
                += a.nodes[i].dtype == b.nodes[i].dtype && a.nodes[i].engine == b.nodes[i].engine
                ? 1
                : 0;
        QCOMPARE(diff.changed.size() + unchanged, a.nodes.size());
    }
};

QTEST_GUILESS_MAIN(TestUseCases)
#include "tst_usecases.moc"
