// §7 self-check: predicted vs compiled dtypes, on hand-built graphs and on the ResNet-50 GE dump.

#include "tst_resolverfixture.h"

#include "graph/graphloader.h"
#include "library/libraryloader.h"
#include "resolver/selfcheck.h"
#include "shareddata.h"

#include <QTest>

using namespace opsinfo;
using namespace opsinfo::testing;

class TestResolverCheck : public QObject
{
    Q_OBJECT

private slots:
    void handBuilt();
    void resnet50GeDump();
};

void TestResolverCheck::handBuilt()
{
    const auto f16 = DType::Float16, f32 = DType::Float32;
    const OpLibrary library = testLibrary();
    const Graph source = GraphBuilder()
                             .node("d", "Data", {}, {f32})
                             .node("gelu", "Gelu", {"d"}, {f32})
                             .node("relu", "Relu", {"gelu"}, {f32})
                             .node("fused", "Relu", {"relu"}, {f32})
                             .build();
    // Compiled: gelu fp16 (agrees with mixed fp16), relu fp32 (disagrees), "fused" gone, a Cast added.
    const Graph compiled = GraphBuilder()
                               .node("d", "Data", {}, {f32})
                               .node("cast0", "Cast", {"d"}, {f16})
                               .node("gelu", "Gelu", {"cast0"}, {f16})
                               .node("relu", "Relu", {"gelu"}, {f32})
                               .build();
    const Resolution r = Resolver(source, library).resolve(PrecisionMode::AllowMixPrecisionFp16, policies(library));
    const CheckReport report = compareWithCompiled(source, r, compiled);
    QCOMPARE(report.matched, std::size_t(3));
    QCOMPARE(report.feMatched, std::size_t(2));
    QCOMPARE(report.agreed, std::size_t(1));
    QCOMPARE(report.unmatchedFe, std::size_t(1));
    QCOMPARE(report.agreement(), 50.0);
    QCOMPARE(int(report.disagreements.size()), 1);
    QCOMPARE(report.disagreements[0].name, std::string("relu"));
    QCOMPARE(report.disagreements[0].predicted, f16);
    QCOMPARE(report.disagreements[0].compiled, f32);
}

void TestResolverCheck::resnet50GeDump()
{
    REQUIRE_SHARED_DATA();
    const std::string dump = sharedData("graphs/ge_dump").toStdString() + "/";
    const GraphLoadResult before = loadGraph(dump + "ge_proto_00017_OptimizeOriginalGraph_FeGraphFusionAfter.txt");
    const GraphLoadResult after = loadGraph(dump + "ge_proto_00026_afterUBMatch.txt");
    for (const auto *loaded : {&before, &after})
        for (const Diagnostic &d : loaded->diagnostics)
            qInfo("%s", formatDiagnostic(d).c_str());
    QVERIFY2(before.graph && after.graph, "GE dumps did not load");
    const LibraryLoadResult lib = loadSocFolder(
        sharedData("opsinfo/cann-8.1.RC1/op_impl/ai_core/tbe/config/ascend910b").toStdString());
    QVERIFY(!lib.library.ops().empty());
    Resolver resolver(*before.graph, lib.library);
    double forceFp16 = 0;
    for (PrecisionMode mode : kAllPrecisionModes) {
        const Resolution r = resolver.resolve(mode, libraryPolicies(lib.library));
        const CheckReport report = compareWithCompiled(*before.graph, r, *after.graph);
        QVERIFY(report.feMatched > 0);
        qInfo("%-26s matched %zu, FE nodes compared %zu, agreed %zu: %.1f%%", precisionModeName(mode),
              report.matched, report.feMatched, report.agreed, report.agreement());
        int shown = 0;
        for (const CheckDisagreement &d : report.disagreements)
            if (shown++ < 3 && mode == PrecisionMode::ForceFp16)
                qInfo("   %s (%s): predicted %s, compiled %s", d.name.c_str(), d.type.c_str(),
                      dtypeName(d.predicted), dtypeName(d.compiled));
        if (mode == PrecisionMode::ForceFp16)
            forceFp16 = report.agreement();
        if (mode == PrecisionMode::AllowMixPrecisionFp16) // what a user sees, for the record
            for (const char *name : {"conv1", "pool1", "prob", "data_0_huawei_aipp"})
                if (const int i = before.graph->indexOf(name); i >= 0)
                    qInfo("   %s: %s", name, r.nodes[std::size_t(i)].explanation.c_str());
    }
    // Measured on this pair: force_fp16 (ATC's default) agrees on 123 of 123 matched FE nodes;
    // allow_mix_precision_fp16 too, every fp32-keeping mode on ~1%. The floor leaves room for
    // importer refinements, not for a wrong mode reading.
    QVERIFY2(forceFp16 >= 95.0, qPrintable(QString::number(forceFp16)));
}

QTEST_GUILESS_MAIN(TestResolverCheck)
#include "tst_resolvercheck.moc"
