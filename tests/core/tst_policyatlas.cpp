// Visual diff of policies in the core (issue 14): the transition matrix of a policy diff, the
// policy atlas of many sources, the comparison of two explanation chains, their writers (JSON, CSV,
// SVG), and the soc folders of an opp. Fixtures: tests/data/atlas (README there); the 17 SoCs of
// CANN 8.1.RC1 in ../shared/data when present.
#include "diff/atlassources.h"
#include "diff/explanationdiff.h"
#include "diff/policyatlas.h"
#include "diff/policydiff.h"
#include "export/policyatlasexport.h"
#include "export/transitionmatrixexport.h"
#include "library/libraryloader.h"
#include "library/socfolders.h"
#include "mixlist/mixlist.h"
#include "mixlist/oppolicy.h"
#include "shareddata.h"

#include <QStringList>
#include <QTest>
#include <QXmlStreamReader>

#include <set>

using namespace opsinfo;

namespace {

QString atlasRoot()
{
    return testData(QStringLiteral("atlas"));
}

OpLibrary load(const QString &path, const std::string &soc = {})
{
    LibraryLoadResult result = loadLibraryPath(path.toStdString(), soc);
    if (!result.ok())
        qWarning("%s: %s", qPrintable(path), result.diagnostics.front().message.c_str());
    return std::move(result.library);
}

PolicyAtlas fixtureAtlas()
{
    std::vector<AtlasColumn> columns;
    for (const char *soc : {"socx", "socy", "socz"})
        columns.push_back(atlasColumn(soc, load(atlasRoot(), soc)));
    return buildAtlas(columns);
}

// Counts the elements of an SVG and fails on anything that is not well-formed XML.
int countElements(const std::string &svg, const QString &name, const QString &cssClass = {})
{
    QXmlStreamReader xml(QByteArray::fromStdString(svg));
    int count = 0;
    while (!xml.atEnd())
        if (xml.readNext() == QXmlStreamReader::StartElement && xml.name() == name
            && (cssClass.isEmpty() || xml.attributes().value(QStringLiteral("class")) == cssClass))
            ++count;
    return xml.hasError() ? -1 : count;
}

} // namespace

class TestPolicyAtlas : public QObject
{
    Q_OBJECT

private slots:
    void matrixOfTwoSocs();
    void matrixAgreesWithTheDiff();
    void unchangedRowsOnRequest();
    void atlasRowsAndOrder();
    void atlasCells();
    void atlasPairsAgreeWithTheDiff();
    void atlasWithAMixlist();
    void atlasCsvAndJson();
    void svgsAreWellFormed();
    void socFoldersOfEveryKindOfFolder();
    void libraryCopies_data();
    void libraryCopies();
    void libraryFilesOfAFolder();
    void explanationSteps_data();
    void explanationSteps();
    void firstDifferingRule_data();
    void firstDifferingRule();
    void realSocsAtlas();
};

void TestPolicyAtlas::matrixOfTwoSocs()
{
    const PolicyDiff diff = diffPolicies(PolicyTable::compute(load(atlasRoot(), "socx"), nullptr),
                                         PolicyTable::compute(load(atlasRoot(), "socy"), nullptr));
    const TransitionMatrix &m = diff.matrix;
    // README of tests/data/atlas: Add white->white, Cast gray->gray, Gelu gray->white, Relu
    // black->black; OnlyX only in socx (white), OnlyY only in socy (gray).
    QCOMPARE(m.count(Policy::White, Policy::White), std::size_t(1));
    QCOMPARE(m.count(Policy::Gray, Policy::Gray), std::size_t(1));
    QCOMPARE(m.count(Policy::Gray, Policy::White), std::size_t(1));
    QCOMPARE(m.count(Policy::Black, Policy::Black), std::size_t(1));
    QCOMPARE(m.count(Policy::White, Policy::Gray), std::size_t(0));
    QCOMPARE(m.onlyA(Policy::White), std::size_t(1));
    QCOMPARE(m.onlyB(Policy::Gray), std::size_t(1));
    QCOMPARE(m.common(), std::size_t(4));
    QCOMPARE(m.changed(), std::size_t(1));
    const nlohmann::json json = transitionMatrixJson(m);
    QCOMPARE(json["gray"]["white"].get<int>(), 1);
    QCOMPARE(json["white"]["white"].get<int>(), 1);
    QCOMPARE(json["black"]["gray"].get<int>(), 0);
    QCOMPARE(onlyOneSideJson(m, true)["white"].get<int>(), 1);
    QCOMPARE(onlyOneSideJson(m, false)["gray"].get<int>(), 1);
}

void TestPolicyAtlas::matrixAgreesWithTheDiff()
{
    // Whatever the options list, the matrix holds every type: its cells off the diagonal are the
    // diff's transitions, its diagonal the unchanged types.
    const PolicyTable a = PolicyTable::compute(load(atlasRoot(), "socx"), nullptr);
    const PolicyTable b = PolicyTable::compute(load(atlasRoot(), "socz"), nullptr);
    for (bool includeAbsent : {true, false}) {
        const PolicyDiff diff = diffPolicies(a, b, includeAbsent);
        std::size_t diagonal = 0;
        for (Policy x : TransitionMatrix::order)
            for (Policy y : TransitionMatrix::order) {
                const std::string key = std::string(policyName(x)) + "->" + policyName(y);
                if (x == y)
                    diagonal += diff.matrix.count(x, y);
                else
                    QCOMPARE(diff.matrix.count(x, y),
                             diff.transitions.count(key) ? diff.transitions.at(key) : 0);
            }
        QCOMPARE(diagonal, diff.unchanged);
        QCOMPARE(diff.matrix.onlyACount(), std::size_t(1)); // OnlyX
    }
}

void TestPolicyAtlas::unchangedRowsOnRequest()
{
    const PolicyTable a = PolicyTable::compute(load(atlasRoot(), "socx"), nullptr);
    const PolicyTable b = PolicyTable::compute(load(atlasRoot(), "socy"), nullptr);
    const PolicyDiff changedOnly = diffPolicies(a, b);
    const PolicyDiff all = diffPolicies(a, b, PolicyDiffOptions {true, true});
    QCOMPARE(changedOnly.rows.size(), std::size_t(3)); // Gelu, OnlyX, OnlyY
    QCOMPARE(all.rows.size(), std::size_t(6));
    QCOMPARE(all.transitions, changedOnly.transitions);
    QCOMPARE(all.unchanged, changedOnly.unchanged);
    QVERIFY(all.matrix == changedOnly.matrix);
    QVERIFY(std::is_sorted(
        all.rows.begin(), all.rows.end(),
        [](const PolicyDiffRow &x, const PolicyDiffRow &y) { return x.type < y.type; }));
}

void TestPolicyAtlas::atlasRowsAndOrder()
{
    const PolicyAtlas atlas = fixtureAtlas();
    QCOMPARE(atlas.sources, (std::vector<std::string> {"socx", "socy", "socz"}));
    QStringList order;
    for (const AtlasRow &row : atlas.rows)
        order << QString::fromStdString(row.type) + QLatin1Char(':')
                + QString::fromLatin1(atlasDifferenceName(row.difference));
    QCOMPARE(order,
             (QStringList {"Gelu:colour", "Relu:colour", "OnlyX:presence", "OnlyY:presence",
                           "Add:none", "Cast:none"}));
    QCOMPARE(atlas.colourDiffers, std::size_t(2));
    QCOMPARE(atlas.presenceDiffers, std::size_t(2));
    QCOMPARE(atlas.same, std::size_t(2));
}

void TestPolicyAtlas::atlasCells()
{
    const PolicyAtlas atlas = fixtureAtlas();
    auto row = [&atlas](const std::string &type) -> const AtlasRow & {
        for (const AtlasRow &r : atlas.rows)
            if (r.type == type)
                return r;
        return atlas.rows.front();
    };
    const AtlasRow &relu = row("Relu");
    QCOMPARE(relu.cells[0].policy, std::optional<Policy>(Policy::Black));
    QCOMPARE(relu.cells[2].policy, std::optional<Policy>(Policy::Gray));
    QVERIFY(relu.cells[0].lacks(Bf16Column) && !relu.cells[0].lacks(Fp32Column));
    QVERIFY(relu.cells[1].lacks(Fp32Column) && relu.cells[1].lacks(Bf16Column));
    QVERIFY(!relu.cells[2].lacks(Bf16Column));
    QCOMPARE(atlasFloatsText(relu.cells[1]), std::string("fp16"));
    QCOMPARE(atlasFloatsText(relu.cells[2]), std::string("fp16 bf16 fp32"));
    const AtlasRow &cast = row("Cast");
    QVERIFY(cast.cells[0].dynamicFormat && !cast.cells[0].dtypesListed);
    QVERIFY(!cast.cells[0].lacks(Fp16Column)); // nothing listed: nothing is known to be missing
    QCOMPARE(atlasFloatsText(cast.cells[0]), std::string("dynamic"));
    const AtlasRow &onlyX = row("OnlyX");
    QVERIFY(onlyX.cells[0].present() && !onlyX.cells[1].present() && !onlyX.cells[2].present());
    QCOMPARE(atlasFloatsText(onlyX.cells[1]), std::string());
    QVERIFY(!onlyX.cells[1].lacks(Fp16Column)); // absent is its own mark
}

void TestPolicyAtlas::atlasPairsAgreeWithTheDiff()
{
    const PolicyAtlas atlas = fixtureAtlas();
    for (std::size_t i = 0; i < atlas.sources.size(); ++i)
        for (std::size_t j = 0; j < atlas.sources.size(); ++j) {
            const PolicyDiff diff
                = diffPolicies(PolicyTable::compute(load(atlasRoot(), atlas.sources[i]), nullptr),
                               PolicyTable::compute(load(atlasRoot(), atlas.sources[j]), nullptr));
            std::set<std::string> fromDiff, fromAtlas;
            for (const PolicyDiffRow &r : diff.rows)
                fromDiff.insert(r.type);
            for (const AtlasRow &r : atlas.rows)
                if (r.differs(i, j))
                    fromAtlas.insert(r.type);
            QCOMPARE(fromAtlas, fromDiff);
        }
}

void TestPolicyAtlas::atlasWithAMixlist()
{
    // The same mixlist on every source: what one training script gets on each SoC.
    const MixlistParseResult parsed
        = parseMixlistStrict(R"({"black-list": {"to-add": ["Gelu"]}})", "ops_info.json");
    QVERIFY(parsed.ok());
    std::vector<AtlasColumn> columns;
    for (const char *soc : {"socx", "socy", "socz"})
        columns.push_back(
            atlasColumn(soc, load(atlasRoot(), soc), &parsed.mixlist, "ops_info.json"));
    const PolicyAtlas atlas = buildAtlas(columns);
    for (const AtlasRow &row : atlas.rows)
        if (row.type == "Gelu") {
            QCOMPARE(row.difference, AtlasDifference::None);
            for (const AtlasCell &cell : row.cells)
                QCOMPARE(cell.policy, std::optional<Policy>(Policy::Black));
        }
    QCOMPARE(atlas.colourDiffers, std::size_t(1)); // Relu only
}

void TestPolicyAtlas::atlasCsvAndJson()
{
    const PolicyAtlas atlas = fixtureAtlas();
    const QStringList lines = QString::fromStdString(policyAtlasCsv(atlas))
                                  .split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 1 + 6);
    QCOMPARE(
        lines[0],
        QStringLiteral("op_type,difference,socx,socy,socz,socx floats,socy floats,socz floats"));
    QCOMPARE(lines[1], QStringLiteral("Gelu,colour,gray,white,gray,fp16 fp32,fp16 fp32,fp16 fp32"));
    QCOMPARE(lines[3], QStringLiteral("OnlyX,presence,white,absent,absent,fp16,,"));
    QCOMPARE(lines[6], QStringLiteral("Cast,none,gray,gray,gray,dynamic,dynamic,dynamic"));
    const nlohmann::json json = policyAtlasJson(atlas);
    QCOMPARE(json["rows"].size(), std::size_t(6));
    QCOMPARE(json["summary"]["colour_differs"].get<int>(), 2);
    QCOMPARE(json["rows"][1]["cells"][1]["list"].get<std::string>(), std::string("black"));
    QCOMPARE(json["rows"][1]["cells"][1]["floats"].get<std::string>(), std::string("fp16"));
}

void TestPolicyAtlas::svgsAreWellFormed()
{
    const PolicyAtlas atlas = fixtureAtlas();
    const std::string svg = policyAtlasSvg(atlas, "Atlas <of> three & more");
    QCOMPARE(countElements(svg, QStringLiteral("g"), QStringLiteral("row")), 6);
    QVERIFY(svg.find("Atlas &lt;of&gt; three &amp; more") != std::string::npos);
    QVERIFY(svg.find("socy: Relu black (fp16): no bf16, no fp32") != std::string::npos);

    const PolicyDiff diff = diffPolicies(PolicyTable::compute(load(atlasRoot(), "socx"), nullptr),
                                         PolicyTable::compute(load(atlasRoot(), "socy"), nullptr));
    const std::string matrix = transitionMatrixSvg(diff.matrix, "socx", "socy", "socx -> socy");
    // 3x3 plus an absent row and column (both sides lack a type), without absent->absent.
    QCOMPARE(countElements(matrix, QStringLiteral("g"), QStringLiteral("cell")), 15);
    QVERIFY(matrix.find("gray -&gt; white: 1 op types") != std::string::npos);
    const PolicyDiff same = diffPolicies(PolicyTable::compute(load(atlasRoot(), "socx"), nullptr),
                                         PolicyTable::compute(load(atlasRoot(), "socx"), nullptr));
    QCOMPARE(countElements(transitionMatrixSvg(same.matrix, "a", "b", "t"), QStringLiteral("g"),
                           QStringLiteral("cell")),
             9);
}

void TestPolicyAtlas::socFoldersOfEveryKindOfFolder()
{
    const std::vector<std::string> all {"socx", "socy", "socz"};
    QCOMPARE(socFoldersOf(atlasRoot().toStdString()), all); // a store root
    const QString config = atlasRoot() + QStringLiteral("/op_impl/ai_core/tbe/config");
    QCOMPARE(socFoldersOf(config.toStdString()), all);
    QVERIFY(socFoldersOf((config + QStringLiteral("/socx")).toStdString()).empty()); // a soc folder
    QVERIFY(socFoldersOf((config + QStringLiteral("/socx/aic-socx-ops-info.json")).toStdString())
                .empty());
    QVERIFY(socFoldersOf("/nonexistent/opp").empty());
}

void TestPolicyAtlas::libraryCopies_data()
{
    QTest::addColumn<QStringList>("files");
    QTest::addColumn<bool>("copies");
    QTest::newRow("one soc's file")
        << QStringList {"/c/ascend910/aic-ascend910-ops-info.json"} << false;
    QTest::newRow("split layout (CANN 8.5)")
        << QStringList {"/s/aic-ascend910b-ops-info-cv.json",
                        "/s/aic-ascend910b-ops-info-legacy.json",
                        "/s/aic-ascend910b-ops-info-nn.json", "/s/aic-ascend910b-ops-info.json"}
        << false;
    QTest::newRow("ModelZoo user copies")
        << QStringList {"/u/CharCNN__aic-ascend910-ops-info.json",
                        "/u/GNMT_ID0015__aic-ascend910-ops-info.json"}
        << true;
    QTest::newRow("two socs' libraries")
        << QStringList {"/u/aic-ascend910-ops-info.json", "/u/aic-ascend910b-ops-info.json"}
        << true;
    QTest::newRow("an INI beside a library")
        << QStringList {"/u/aic-ascend910-ops-info.json", "/u/my_ops.ini"} << true;
    QTest::newRow("nothing") << QStringList {} << false;
}

void TestPolicyAtlas::libraryCopies()
{
    QFETCH(QStringList, files);
    QFETCH(bool, copies);
    std::vector<std::string> paths;
    for (const QString &file : files)
        paths.push_back(file.toStdString());
    QCOMPARE(areLibraryCopies(paths), copies);
}

void TestPolicyAtlas::libraryFilesOfAFolder()
{
    const QString copies = testData(QStringLiteral("atlas-copies"));
    const std::vector<std::string> files = libraryFilesIn(copies.toStdString());
    QCOMPARE(files.size(), std::size_t(2)); // README.md is not one
    QVERIFY(files[0].ends_with("modelA__aic-socx-ops-info.json"));
    QVERIFY(areLibraryCopies(files));
    QVERIFY(
        libraryFilesIn((copies + QStringLiteral("/modelA__aic-socx-ops-info.json")).toStdString())
            .empty());
    QVERIFY(libraryFilesIn("/nonexistent/folder").empty());
}

void TestPolicyAtlas::explanationSteps_data()
{
    QTest::addColumn<QString>("explanation");
    QTest::addColumn<QStringList>("steps");
    QTest::addColumn<QStringList>("rules"); // per step, joined by ','
    QTest::newRow("gray node")
        << "gray (library, entry from aic-ascend910b-ops-info.json); allow_mix_precision_fp16: GRAY "
           "follows rule G; input 0 from 'Mul' (float16) decides (G1, G3); -> float16 [M5,G1,G3]"
        << QStringList {"gray (library, entry from aic-ascend910b-ops-info.json)",
                        "allow_mix_precision_fp16: GRAY follows rule G",
                        "input 0 from 'Mul' (float16) decides (G1, G3)", "-> float16 [M5,G1,G3]"}
        << QStringList {"", "", "G1,G3", "M5,G1,G3"};
    QTest::newRow("op policy")
        << "white in aic-ascend910b-ops-info.json (L2); black-list.to-add at ops_info.json:3 -> black (X3)"
        << QStringList {"white in aic-ascend910b-ops-info.json (L2)",
                        "black-list.to-add at ops_info.json:3 -> black (X3)"}
        << QStringList {"L2", "X3"};
    QTest::newRow("SoC names are no rules")
        << "Ascend910B1 keeps B1 and C12x (M4)"
        << QStringList {"Ascend910B1 keeps B1 and C12x (M4)"} << QStringList {"B1,M4"};
    QTest::newRow("empty") << "" << QStringList {} << QStringList {};
}

void TestPolicyAtlas::explanationSteps()
{
    QFETCH(QString, explanation);
    QFETCH(QStringList, steps);
    QFETCH(QStringList, rules);
    const std::vector<ExplanationStep> actual
        = opsinfo::explanationSteps(explanation.toStdString());
    QStringList texts, ids;
    for (const ExplanationStep &s : actual) {
        texts << QString::fromStdString(s.text);
        QStringList stepIds;
        for (const std::string &id : s.rules)
            stepIds << QString::fromStdString(id);
        ids << stepIds.join(QLatin1Char(','));
    }
    QCOMPARE(texts, steps);
    QCOMPARE(ids, rules);
}

void TestPolicyAtlas::firstDifferingRule_data()
{
    QTest::addColumn<QString>("a");
    QTest::addColumn<QString>("b");
    QTest::addColumn<int>("step");
    QTest::addColumn<QString>("ruleA");
    QTest::addColumn<QString>("ruleB");
    QTest::newRow("two modes")
        << "gray (library); must_keep_origin_dtype: keeps the original dtype, raised if unsupported (M4); -> float32 [M4]"
        << "gray (library); allow_mix_precision_fp16: GRAY follows rule G; input 0 from 'Mul' (float16) decides (G1, G3); -> float16 [M5,G1,G3]"
        << 1 << "M4"
        << "";
    QTest::newRow("same rules, other data") << "white in a.json (L2); -> float16 [M5]"
                                            << "gray in b.json (L2); -> float32 [M5]" << 0 << "L2"
                                            << "L2";
    QTest::newRow("a mixlist mark")
        << "gray in a.json (L2)"
        << "gray in a.json (L2); black-list.to-add at m.json:3 -> black (X3)" << 1 << ""
        << "X3";
    QTest::newRow("same chain") << "gray (L2); -> float16 [G3]"
                                << "gray (L2); -> float16 [G3]" << -1 << ""
                                << "";
    QTest::newRow("rule order") << "x (G1, G3)"
                                << "x (G1, G6)" << 0 << "G3"
                                << "G6";
}

void TestPolicyAtlas::firstDifferingRule()
{
    QFETCH(QString, a);
    QFETCH(QString, b);
    QFETCH(int, step);
    QFETCH(QString, ruleA);
    QFETCH(QString, ruleB);
    const ExplanationComparison c = compareExplanations(a.toStdString(), b.toStdString());
    QCOMPARE(c.same(), step < 0);
    if (step >= 0)
        QCOMPARE(c.firstDifferentStep, std::size_t(step));
    QCOMPARE(QString::fromStdString(c.ruleA), ruleA);
    QCOMPARE(QString::fromStdString(c.ruleB), ruleB);
}

void TestPolicyAtlas::realSocsAtlas()
{
    REQUIRE_SHARED_DATA();
    const QString cann = sharedData(QStringLiteral("opsinfo/cann-8.1.RC1"));
    const std::vector<std::string> socs = socFoldersOf(cann.toStdString());
    QCOMPARE(socs.size(), std::size_t(17));
    QVERIFY(std::find(socs.begin(), socs.end(), "ascend910b") != socs.end());
    std::vector<OpLibrary> libraries;
    std::vector<AtlasColumn> columns;
    std::set<std::string> types;
    for (const std::string &soc : socs) {
        libraries.push_back(load(cann, soc));
        QVERIFY2(!libraries.back().ops().empty(), soc.c_str());
        columns.push_back(atlasColumn(soc, libraries.back()));
        for (const OpEntry &op : libraries.back().ops())
            types.insert(op.type);
    }
    const PolicyAtlas atlas = buildAtlas(columns);
    QCOMPARE(atlas.rows.size(), types.size());
    QCOMPARE(atlas.colourDiffers + atlas.presenceDiffers + atlas.same, types.size());
    QVERIFY(atlas.colourDiffers > 0);
    // Differing rows first.
    for (std::size_t r = 1; r < atlas.rows.size(); ++r)
        QVERIFY(int(atlas.rows[r - 1].difference) <= int(atlas.rows[r].difference));
    // Every pair against the diff of those two libraries.
    for (std::size_t i = 0; i < socs.size(); ++i)
        for (std::size_t j = i + 1; j < socs.size(); ++j) {
            const PolicyDiff diff = diffPolicies(PolicyTable::compute(libraries[i], nullptr),
                                                 PolicyTable::compute(libraries[j], nullptr));
            std::size_t differing = 0;
            for (const AtlasRow &row : atlas.rows)
                differing += row.differs(i, j) ? 1 : 0;
            QCOMPARE(differing, diff.rows.size());
        }
    // ascend910 (first generation) has no bf16 kernels; ascend910b has them for AddN.
    bool found = false;
    for (const AtlasRow &row : atlas.rows)
        if (row.type == "AddN") {
            found = true;
            const auto index = [&socs](const char *soc) {
                return std::size_t(std::find(socs.begin(), socs.end(), soc) - socs.begin());
            };
            QVERIFY(row.cells[index("ascend910")].lacks(Bf16Column));
            QVERIFY(!row.cells[index("ascend910b")].lacks(Bf16Column));
        }
    QVERIFY(found);
    QCOMPARE(
        countElements(policyAtlasSvg(atlas, "17 SoCs"), QStringLiteral("g"), QStringLiteral("row")),
        int(atlas.rows.size()));
}

QTEST_GUILESS_MAIN(TestPolicyAtlas)
#include "tst_policyatlas.moc"
