// §7 self-check: predicted vs compiled dtypes, on hand-built graphs and on the ResNet-50 GE dump.

#include "tst_resolverfixture.h"

#include "graph/graphloader.h"
#include "library/libraryloader.h"
#include "resolver/selfcheck.h"
#include "shareddata.h"

#include <QTest>

#include <algorithm>

using namespace opsinfo;
using namespace opsinfo::testing;

class TestResolverCheck : public QObject
{
    Q_OBJECT

private slots:
    void handBuilt();
    void sweepNamesTheConsistentModes();
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
    // Compiled: gelu fp16 (agrees with mixed fp16), relu fp32 (disagrees), "fused" gone, a Cast
    // added.
    const Graph compiled = GraphBuilder()
                               .node("d", "Data", {}, {f32})
                               .node("cast0", "Cast", {"d"}, {f16})
                               .node("gelu", "Gelu", {"cast0"}, {f16})
                               .node("relu", "Relu", {"gelu"}, {f32})
                               .build();
    const Resolution r = Resolver(source, library)
                             .resolve(PrecisionMode::AllowMixPrecisionFp16, policies(library));
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

void TestResolverCheck::sweepNamesTheConsistentModes()
{
    const auto f16 = DType::Float16, f32 = DType::Float32;
    const OpLibrary library = testLibrary();
    const Graph source = GraphBuilder()
                             .node("d", "Data", {}, {f32})
                             .node("relu", "Relu", {"d"}, {f32})
                             .node("gelu", "Gelu", {"relu"}, {f32})
                             .node("ln", "LayerNorm", {"gelu"}, {f32})
                             .build();
    // Compiled as force_fp16 would: everything fp16. The layer norm lists no dtypes (approximate).
    const Graph compiled = GraphBuilder()
                               .node("d", "Data", {}, {f32})
                               .node("relu", "Relu", {"d"}, {f16})
                               .node("gelu", "Gelu", {"relu"}, {f16})
                               .node("ln", "LayerNorm", {"gelu"}, {f16})
                               .build();
    const Resolver resolver(source, library);
    const std::vector<PrecisionMode> modes {
        PrecisionMode::ForceFp16, PrecisionMode::AllowMixPrecisionFp16,
        PrecisionMode::MustKeepOriginDtype, PrecisionMode::AllowMixPrecisionBf16};
    std::vector<Resolution> resolutions;
    std::vector<ModeCheck> checks;
    for (PrecisionMode m : modes) {
        resolutions.push_back(resolver.resolve(m, policies(library)));
        checks.push_back(
            {m, m == PrecisionMode::AllowMixPrecisionBf16 ? "refused on this SoC" : "", {}, 0, 0});
    }
    const ModeCheckSweep sweep = compareModesWithCompiled(source, resolutions, checks, compiled);
    QCOMPARE(sweep.modes.size(), modes.size());
    // Mixed fp16 keeps the gray Relu after Data in fp32 (G5) while force_fp16 lowers it: the Relu
    // tells them apart, the Gelu (fp16 in both) does not.
    const ModeCheck &force = sweep.modes[0], &mixed = sweep.modes[1], &origin = sweep.modes[2];
    QCOMPARE(force.report.agreement(), 100.0);
    QCOMPARE(force.decisive, std::size_t(2)); // relu (vs mixed, origin), gelu (vs origin)
    QCOMPARE(force.decisiveAgreed, std::size_t(2));
    QCOMPARE(mixed.decisive, std::size_t(2));
    QCOMPARE(mixed.decisiveAgreed, std::size_t(1)); // gelu
    QCOMPARE(origin.decisiveAgreed, std::size_t(0));
    QCOMPARE(sweep.modes[3].decisive, std::size_t(0)); // refused: not a candidate
    QCOMPARE(sweep.consistent, std::vector<PrecisionMode> {PrecisionMode::ForceFp16});
    QVERIFY(sweep.closest.empty());
    QCOMPARE(sweep.approximate, std::size_t(1)); // ln
    // Against a dump compiled as origin would: the other way round.
    const ModeCheckSweep asOrigin = compareModesWithCompiled(source, resolutions, checks, source);
    QCOMPARE(asOrigin.consistent, std::vector<PrecisionMode> {PrecisionMode::MustKeepOriginDtype});
}

void TestResolverCheck::resnet50GeDump()
{
    REQUIRE_SHARED_DATA();
    const std::string dump = sharedData("graphs/ge_dump").toStdString() + "/";
    const GraphLoadResult before
        = loadGraph(dump + "ge_proto_00017_OptimizeOriginalGraph_FeGraphFusionAfter.txt");
    const GraphLoadResult after = loadGraph(dump + "ge_proto_00026_afterUBMatch.txt");
    for (const auto *loaded : {&before, &after})
        for (const Diagnostic &d : loaded->diagnostics)
            qInfo("%s", formatDiagnostic(d).c_str());
    QVERIFY2(before.graph && after.graph, "GE dumps did not load");
    const LibraryLoadResult lib = loadSocFolder(
        sharedData("opsinfo/cann-8.1.RC1/op_impl/ai_core/tbe/config/ascend910b").toStdString());
    QVERIFY(!lib.library.ops().empty());
    Resolver resolver(*before.graph, lib.library);
    std::vector<Resolution> resolutions;
    std::vector<ModeCheck> checks;
    for (PrecisionMode mode : kAllPrecisionModes) {
        resolutions.push_back(resolver.resolve(mode, libraryPolicies(lib.library)));
        checks.push_back({mode, {}, {}, 0, 0});
    }
    const ModeCheckSweep sweep
        = compareModesWithCompiled(*before.graph, resolutions, checks, *after.graph);
    for (const ModeCheck &m : sweep.modes) {
        QVERIFY(m.report.feMatched > 0);
        qInfo(
            "%-26s matched %zu, FE nodes compared %zu, agreed %zu: %.1f%%; decisive %zu, agreed %zu",
            precisionModeName(m.mode), m.report.matched, m.report.feMatched, m.report.agreed,
            m.report.agreement(), m.decisive, m.decisiveAgreed);
    }
    std::string consistent;
    for (PrecisionMode m : sweep.consistent)
        consistent += std::string(precisionModeName(m)) + " ";
    qInfo("consistent with: %s(%zu matched nodes approximate in some mode)", consistent.c_str(),
          sweep.approximate);
    // ATC compiled this ResNet-50 with its default, force_fp16: every decisive node agrees there,
    // and no mode that keeps fp32 (origin, force_fp32, allow_fp32_to_bf16) survives.
    const ModeCheck &force = sweep.modes[0];
    QCOMPARE(force.mode, PrecisionMode::ForceFp16);
    QVERIFY(force.decisive >= 50);
    QCOMPARE(force.decisiveAgreed, force.decisive);
    QVERIFY(std::find(sweep.consistent.begin(), sweep.consistent.end(), PrecisionMode::ForceFp16)
            != sweep.consistent.end());
    for (PrecisionMode keeps : {PrecisionMode::MustKeepOriginDtype,
                                PrecisionMode::CubeFp16InFp32Out, PrecisionMode::AllowFp32ToBf16})
        QVERIFY(std::find(sweep.consistent.begin(), sweep.consistent.end(), keeps)
                == sweep.consistent.end());
}

QTEST_GUILESS_MAIN(TestResolverCheck)
#include "tst_resolvercheck.moc"
