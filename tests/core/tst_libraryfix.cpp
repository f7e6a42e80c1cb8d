// A library the compiler refuses is read, not refused: its problems are tied to the entries they
// are in (to jump there), it remembers it is refused (so every prediction says so), and where the
// repair is certain (a dtype word with one known spelling) a fix-it changes only those bytes.
#include "common/textfix.h"
#include "library/fixlibrary.h"
#include "library/getypenames.h"
#include "library/libraryloader.h"
#include "library/libraryproblems.h"
#include "mixlist/mixlistsniff.h"
#include "shareddata.h"
#include "tst_resolverfixture.h"

#include <QFile>
#include <QTest>

using namespace opsinfo;

namespace {

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace

class TestLibraryFix : public QObject
{
    Q_OBJECT
private slots:
    void aliases_data()
    {
        QTest::addColumn<QString>("token");
        QTest::addColumn<QString>("spelling"); // empty: no certain fix
        QTest::newRow("fp32") << "fp32"
                              << "float32";
        QTest::newRow("FP16 (any case)") << "FP16"
                                         << "float16";
        QTest::newRow("half") << "half"
                              << "float16";
        QTest::newRow("bf16") << "bf16"
                              << "bfloat16";
        QTest::newRow("float64") << "float64"
                                 << "double";
        QTest::newRow("fp64") << "Fp64"
                              << "double";
        QTest::newRow("boolean") << "boolean"
                                 << "bool";
        QTest::newRow("log: no one meaning") << "log"
                                             << "";
        QTest::newRow("int: int32 or int64?") << "int"
                                              << "";
        QTest::newRow("empty") << ""
                               << "";
    }
    void aliases()
    {
        QFETCH(QString, token);
        QFETCH(QString, spelling);
        const auto found = geSpellingOfDtypeAlias(token.toStdString());
        QCOMPARE(found ? QString::fromUtf8(found->data(), qsizetype(found->size())) : QString(),
                 spelling);
        if (found) // the fix is a word the compiler knows
            QVERIFY(geDtypeOfToken(*found));
    }

    // The fixes offered for tests/data/library/l6/dtype_tokens.json: fp32 and float64, not the
    // escaped \u0066p16 (its bytes are not the word), not the empty item.
    void fixItsOfferedWithTheFindings()
    {
        const std::string file = OPSINFO_TEST_DATA "/library/l6/dtype_tokens.json";
        const LibraryLoadResult loaded = loadLibraryFile(file);
        QStringList fixes;
        for (const Diagnostic &d : loaded.diagnostics)
            if (d.fix)
                fixes << QStringLiteral("%1:%2 %3->%4")
                             .arg(d.location.line)
                             .arg(d.location.column)
                             .arg(QString::fromStdString(d.fix->original),
                                  QString::fromStdString(d.fix->replacement));
        QCOMPARE(fixes, QStringList({"10:31 fp32->float32", "10:37 float64->double"}));
    }

    void fixLibraryTextChangesOnlyTheWords()
    {
        const QString file = OPSINFO_TEST_DATA "/library/l6/dtype_tokens.json";
        const QByteArray before = readAll(file);
        const LibraryFixResult fixed = fixLibraryText(before.toStdString(), file.toStdString());
        QCOMPARE(fixed.applied, std::size_t(2));
        QCOMPARE(fixed.fixed.size(), std::size_t(2));
        QByteArray expected = before;
        expected.replace("float16, fp32 ,float64", "float16, float32 ,double");
        QCOMPARE(QByteArray::fromStdString(fixed.bytes), expected);
        // What is not certain stays, and is still reported.
        bool escapedStill = false;
        for (const Diagnostic &d : fixed.remaining)
            escapedStill = escapedStill || d.message.find("'fp16'") != std::string::npos;
        QVERIFY(escapedStill);
        for (const Diagnostic &d : fixed.remaining)
            QVERIFY2(d.message.find("'fp32'") == std::string::npos, d.message.c_str());
    }

    void staleFixesAreSkipped()
    {
        const std::string text = "ab fp32 cd";
        const FixedText fixed = applyTextFixes(
            text,
            {TextFix {3, "fp32", "float32"}, TextFix {0, "xy", "z"}, TextFix {4, "p32", "q"}});
        QCOMPARE(QString::fromStdString(fixed.bytes), QStringLiteral("ab float32 cd"));
        QCOMPARE(fixed.applied, std::size_t(1));
        QCOMPARE(fixed.skipped, std::size_t(2)); // bytes differ; overlaps a fix taken
    }

    // Every problem of GNMT's copy (SEMANTICS L6) is tied to its op, and the library keeps all
    // 613 entries and knows the compiler refuses it.
    void problemsAreTiedToTheirEntries()
    {
        REQUIRE_SHARED_DATA();
        const std::string file
            = sharedData("opsinfo/modelzoo-tf-user-copies/GNMT_ID0015__aic-ascend910-ops-info.json")
                  .toStdString();
        const LibraryLoadResult loaded = loadLibraryPath(file);
        QCOMPARE(loaded.library.ops().size(), std::size_t(613));
        QCOMPARE(loaded.library.refusal().problems, std::size_t(2));
        QCOMPARE(loaded.library.refusal().first.line, 7552);
        QCOMPARE(loaded.library.refusal().first.column, 23);
        const std::vector<LibraryProblem> problems
            = libraryProblems(loaded.library, loaded.diagnostics);
        QCOMPARE(problems.size(), std::size_t(2));
        QCOMPARE(QString::fromStdString(problems[0].opType), QStringLiteral("CTCLossV2Grad"));
        QCOMPARE(QString::fromStdString(problems[1].opType), QStringLiteral("PadV3"));
        const QByteArray bytes = readAll(QString::fromStdString(file));
        for (const LibraryProblem &p : problems) {
            QVERIFY(p.entryBegin < p.entryEnd && p.entryEnd <= std::size_t(bytes.size()));
            const QByteArray entry
                = bytes.mid(qsizetype(p.entryBegin), qsizetype(p.entryEnd - p.entryBegin));
            QVERIFY2(entry.startsWith("\"" + QByteArray::fromStdString(p.opType) + "\""),
                     entry.left(60).constData());
            QVERIFY(p.entryLine > 0 && p.entryLine <= p.diagnostic.location.line);
        }
    }

    void acceptedLibraryIsNotRefused()
    {
        const LibraryLoadResult loaded = loadLibraryPath(OPSINFO_TEST_DATA "/cli/lib");
        QVERIFY(loaded.ok());
        QVERIFY(!loaded.library.refusal().refused());
    }

    // Predictions from a refused library say so in every explanation (§2: FE would not start).
    void everyExplanationSaysTheStoreIsRefused()
    {
        const LibraryLoadResult loaded
            = loadLibraryFile(OPSINFO_TEST_DATA "/library/l6/columns.json");
        QVERIFY(!loaded.ok());
        QVERIFY(!loaded.library.ops().empty());
        const Graph graph = testing::GraphBuilder()
                                .node("x", "Data", {}, {DType::Float32})
                                .node("y", "Data", {}, {DType::Float32})
                                .node("add", "Add", {"x", "y"}, {DType::Float32})
                                .node("out", "NetOutput", {"add"}, {})
                                .build();
        const Resolver resolver(graph, loaded.library);
        ResolveOptions options;
        options.explanations = true;
        const Resolution resolution = resolver.resolve(PrecisionMode::AllowMixPrecisionFp16,
                                                       testing::policies(loaded.library), options);
        QVERIFY(!resolution.nodes.empty());
        int explained = 0;
        for (const NodeResolution &node : resolution.nodes) {
            if (node.explanation.empty())
                continue;
            ++explained;
            QVERIFY2(node.explanation.find(
                         "the compiler refuses this library (1 problems, the first at ")
                         == 0,
                     node.explanation.c_str());
        }
        QVERIFY(explained >= 3); // the two Data nodes, Add, NetOutput
    }

    void mixlistOrLibrary_data()
    {
        QTest::addColumn<QByteArray>("head");
        QTest::addColumn<bool>("mixlist");
        QTest::newRow("black-list") << QByteArray("{\"black-list\": {\"to-add\": []}}") << true;
        QTest::newRow("BOM, comment, Gray_List")
            << QByteArray("\xEF\xBB\xBF// keep\n/* x */ {\n \"Gray_List\": {}}") << true;
        QTest::newRow("empty object") << QByteArray("{ }") << true;
        // A library's entries hold attr "list" keys: not a mixlist.
        QTest::newRow("library with attr.list")
            << QByteArray("{\n \"Abs\": {\"attr\": {\"list\": \"x\"}}}") << false;
        QTest::newRow("op type with List in its name")
            << QByteArray("{\"TensorListGetItem\": {}}") << false;
        QTest::newRow("array") << QByteArray("[\"black-list\"]") << false;
    }
    void mixlistOrLibrary()
    {
        QFETCH(QByteArray, head);
        QFETCH(bool, mixlist);
        QCOMPARE(looksLikeMixlistJson(std::string_view(head.constData(), std::size_t(head.size()))),
                 mixlist);
    }
};

QTEST_APPLESS_MAIN(TestLibraryFix)
#include "tst_libraryfix.moc"
