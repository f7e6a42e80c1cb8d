// Every real graph in ../shared/data/graphs against the real 910b library under all 9 modes:
// the resolver must give every node of every graph (subgraphs included) a consistent answer.

#include "graph/graphloader.h"
#include "library/dynamicformats.h"
#include "library/libraryloader.h"
#include "resolver/modesweep.h"
#include "resolver/resolver.h"
#include "shareddata.h"

#include <QDirIterator>
#include <QTest>

#include <algorithm>

using namespace opsinfo;

namespace {

std::size_t countNodes(const Graph &g)
{
    std::size_t n = g.nodes().size();
    for (const Node &node : g.nodes())
        for (const auto &sub : node.subgraphs)
            n += sub ? countNodes(*sub) : 0;
    return n;
}

// Every figure, so the sweep's quick path cannot drift from a full resolution.
void compareSummaries(const ResolutionSummary &quick, const ResolutionSummary &full)
{
    QCOMPARE(quick.nodes, full.nodes);
    QCOMPARE(quick.decidedNodes, full.decidedNodes);
    QCOMPARE(quick.floatNodes, full.floatNodes);
    QCOMPARE(quick.fp16Nodes, full.fp16Nodes);
    QCOMPARE(quick.bf16Nodes, full.bf16Nodes);
    QCOMPARE(quick.fp32Nodes, full.fp32Nodes);
    QCOMPARE(quick.otherFloatNodes, full.otherFloatNodes);
    QCOMPARE(quick.aicpuNodes, full.aicpuNodes);
    QCOMPARE(quick.geNodes, full.geNodes);
    QCOMPARE(quick.errors, full.errors);
    QCOMPARE(quick.warnings, full.warnings);
    QCOMPARE(quick.ambiguous, full.ambiguous);
    QCOMPARE(quick.approximate, full.approximate);
    QCOMPARE(quick.castsDown, full.castsDown);
    QCOMPARE(quick.castsUp, full.castsUp);
    QCOMPARE(quick.castsWeights, full.castsWeights);
    QCOMPARE(quick.castsTotal, full.castsTotal);
    QCOMPARE(quick.activationBytes, full.activationBytes);
    QCOMPARE(quick.outputsWithShape, full.outputsWithShape);
}

} // namespace

class TestResolverReal : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void graph_data();
    void graph();

private:
    LibraryLoadResult m_library;
};

void TestResolverReal::initTestCase()
{
    REQUIRE_SHARED_DATA();
    m_library = loadSocFolder(
        sharedData("opsinfo/cann-8.1.RC1/op_impl/ai_core/tbe/config/ascend910b").toStdString());
    QVERIFY(m_library.library.ops().size() > 500);
}

void TestResolverReal::graph_data()
{
    QTest::addColumn<QString>("path");
    QDirIterator it(sharedData("graphs"), QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        if (!path.endsWith(".md"))
            QTest::newRow(qPrintable(QFileInfo(path).fileName())) << path;
    }
}

void TestResolverReal::graph()
{
    QFETCH(QString, path);
    const GraphLoadResult loaded = loadGraph(path.toStdString());
    if (!loaded.graph)
        QSKIP("the importer does not read this file (not the resolver's concern)");
    const Graph &g = *loaded.graph;
    const std::size_t total = countNodes(g);
    Resolver resolver(g, m_library.library);
    QCOMPARE(resolver.nodeCount(), total);
    const PolicySource policies = libraryPolicies(m_library.library);
    // The all-modes sweep on two threads, its steps reported in order on this thread.
    std::vector<std::size_t> steps;
    const std::vector<ModeSummary> sweep
        = summarizeModes(resolver, policies, {}, {}, 2,
                         [&steps](std::size_t done, PrecisionMode) { steps.push_back(done); });
    QCOMPARE(steps, std::vector<std::size_t>({0, 1, 2, 3, 4, 5, 6, 7, 8}));
    QCOMPARE(sweep.size(), kAllPrecisionModes.size());
    for (std::size_t m = 0; m < kAllPrecisionModes.size(); ++m) {
        const PrecisionMode mode = kAllPrecisionModes[m];
        const Resolution r = resolver.resolve(mode, policies);
        QCOMPARE(sweep[m].mode, mode);
        compareSummaries(resolver.summarize(mode, policies), r.summary);
        compareSummaries(sweep[m].summary, r.summary);
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(r.nodes.size(), total);
        std::size_t decided = 0;
        for (std::size_t i = 0; i < r.nodes.size(); ++i) {
            const NodeResolution &n = r.nodes[i];
            QVERIFY(n.node);
            QCOMPARE(n.inputs.size(), n.node->inputs.size());
            QCOMPARE(n.outputs.size(), n.node->outputs.size());
            if (i < g.nodes().size())
                QCOMPARE(n.node, &g.nodes()[i]); // top level keeps graph indices
            else
                QVERIFY(n.parent >= 0 && std::size_t(n.parent) < i);
            if (!n.decided) {
                // §8.1 (never judged, engine none) or rejected by check-support (M11, AI CPU).
                QVERIFY(n.engine == Engine::None || n.engine == Engine::AICPU);
                for (std::size_t k = 0; k < n.outputs.size(); ++k)
                    QCOMPARE(n.outputs[k], n.node->outputs[k].dtype); // graph dtypes kept
            } else {
                ++decided;
                QVERIFY(n.engine == Engine::AICore || n.engine == Engine::GE);
                QVERIFY(n.entry);
                // Every tensor takes its column's dtype (§8.5): one the entry lists (or, for an
                // entry without lists, an op_select_format row of the SoC, §1), else the graph's;
                // where no row applies the assumed float columns (approx).
                const auto rows
                    = DynamicFormatTable::builtIn().rowsFor("ascend910b", n.entry->type);
                const bool assumed = n.entry->columnCount() == 0 && rows.empty();
                QVERIFY(!assumed || n.approximate);
                for (std::size_t k = 0; k < n.outputs.size(); ++k) {
                    const DType o = n.node->outputs[k].dtype;
                    bool listed = n.outputs[k] == o || (assumed && isDecidedFloat(n.outputs[k]));
                    for (const TensorInfo &t : n.entry->outputs)
                        listed = listed
                            || std::find(t.dtypes.begin(), t.dtypes.end(), n.outputs[k])
                                != t.dtypes.end();
                    for (const DynamicFormatRow *row : rows)
                        for (int c = 0; c < row->columns && k < std::size_t(row->outputs); ++c)
                            listed = listed || row->cell(c, row->inputs + int(k)) == n.outputs[k];
                    QVERIFY2(listed, std::string(n.node->name).c_str());
                }
                QVERIFY(!n.explanation.empty());
                // A decided float node always names the rule that decided it.
                if (n.rules.empty() && n.dtype != DType::Undefined) {
                    std::string io;
                    for (std::size_t k = 0; k < n.inputs.size(); ++k)
                        io += std::string(" in") + std::to_string(k) + " "
                            + dtypeName(n.node->inputs[k].dtype) + "->" + dtypeName(n.inputs[k]);
                    for (std::size_t k = 0; k < n.outputs.size(); ++k)
                        io += std::string(" out") + std::to_string(k) + " "
                            + dtypeName(n.node->outputs[k].dtype) + "->" + dtypeName(n.outputs[k]);
                    QFAIL(qPrintable(QString::fromStdString(std::string(n.node->name) + ":" + io
                                                            + " — " + n.explanation)));
                }
            }
        }
        const ResolutionSummary &s = r.summary;
        QCOMPARE(s.decidedNodes, decided);
        QCOMPARE(s.fp16Nodes + s.bf16Nodes + s.fp32Nodes + s.otherFloatNodes, s.floatNodes);
        QCOMPARE(s.castsDown + s.castsUp + s.castsWeights, s.castsTotal);
        for (const CastInsertion &c : r.casts) {
            QVERIFY(c.from != c.to);
            for (const auto &[consumer, input] : c.consumers)
                QCOMPARE(r.nodes[std::size_t(consumer)].inputs[std::size_t(input)], c.to);
        }
        if (mode == PrecisionMode::AllowMixPrecisionFp16 || mode == PrecisionMode::ForceFp16)
            qInfo(
                "%-26s nodes %zu decided %zu fp16 %zu fp32 %zu aicpu %zu ge %zu errors %zu casts %zu "
                "(down %zu up %zu weights %zu) ambiguous %zu approximate %zu",
                precisionModeName(mode), s.nodes, s.decidedNodes, s.fp16Nodes, s.fp32Nodes,
                s.aicpuNodes, s.geNodes, s.errors, s.castsTotal, s.castsDown, s.castsUp,
                s.castsWeights, s.ambiguous, s.approximate);
    }
}

QTEST_GUILESS_MAIN(TestResolverReal)
#include "tst_resolverreal.moc"
