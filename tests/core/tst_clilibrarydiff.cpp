// `opsinfo library diff` as a transition matrix (--matrix, --json, --svg) and, with more than two
// libraries, as the policy atlas (--csv, --json, --svg, --each-soc, --differing-only ...): on the
// fixtures of tests/data/atlas and on the 17 SoCs and the real mixlists of ../shared/data.
#include "clirun.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

#include <set>

namespace {

QString atlasRoot()
{
    return testData(QStringLiteral("atlas"));
}

QString soc(const char *name)
{
    return atlasRoot() + QStringLiteral("/op_impl/ai_core/tbe/config/") + QLatin1String(name);
}

QString cann()
{
    return sharedData(QStringLiteral("opsinfo/cann-8.1.RC1"));
}

QString realSoc(const QString &name)
{
    return cann() + QStringLiteral("/op_impl/ai_core/tbe/config/") + name;
}

QJsonObject json(const CliRun &r)
{
    return QJsonDocument::fromJson(r.out.toUtf8()).object();
}

bool wellFormedXml(const QByteArray &bytes)
{
    QXmlStreamReader xml(bytes);
    while (!xml.atEnd())
        xml.readNext();
    return !xml.hasError() && !bytes.isEmpty();
}

// CSV lines split at commas (the fixtures' and the real SoCs' names and types hold none).
QList<QStringList> csvRows(const QString &text)
{
    QList<QStringList> rows;
    for (const QString &line : text.split(QLatin1Char('\n'), Qt::SkipEmptyParts))
        rows.append(line.split(QLatin1Char(',')));
    return rows;
}

} // namespace

class TestCliLibraryDiff : public QObject
{
    Q_OBJECT

private slots:
    void usageErrors_data();
    void usageErrors();
    void matrixText();
    void matrixJsonAgreesWithTheDiff();
    void matrixSvg();
    void svgNeverOverwritesAnInput();
    void matrixOfTwoMixlists();
    void atlasOfThreeLibraries();
    void atlasOptions_data();
    void atlasOptions();
    void atlasOfEverySoc();
    void realMatrixOfTwoSocs();
    void realAtlasOfSeventeenSocs();
    void realAtlasWithAMixlist();
    void atlasOfAFolderOfCopies();
    void socPicksOnlyWhereThereIsAChoice();
    void realAtlasOfTwoCannVersions();
    void realFolderOfUserCopies();
};

void TestCliLibraryDiff::usageErrors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("one library") << QStringList {soc("socx")} << "give two libraries";
    QTest::newRow("matrix of three")
        << QStringList {soc("socx"), soc("socy"), soc("socz"), "--matrix"}
        << "compare two libraries";
    QTest::newRow("mixlist-a in the atlas")
        << QStringList {soc("socx"), soc("socy"), soc("socz"), "--mixlist-a",
                        cliFixture("gelu_black.json")}
        << "compare two libraries";
    QTest::newRow("both mixlist kinds")
        << QStringList {soc("socx"),   soc("socy"),
                        "--mixlist",   cliFixture("gelu_black.json"),
                        "--mixlist-b", cliFixture("gelu_black.json")}
        << "--mixlist and --mixlist-b contradict each other";
    QTest::newRow("csv and json") << QStringList {soc("socx"), soc("socy"), "--csv", "--json"}
                                  << "--csv and --json contradict each other";
    QTest::newRow("each-soc of a soc folder")
        << QStringList {soc("socx"), "--each-soc"} << "has no soc folders";
    QTest::newRow("each-file of a file")
        << QStringList {soc("socx") + QStringLiteral("/aic-socx-ops-info.json"), "--each-file"}
        << "is not a folder with .json or .ini files";
    QTest::newRow("bad regex") << QStringList {soc("socx"), soc("socy"), "--filter", "("}
                               << "invalid --filter";
}

void TestCliLibraryDiff::usageErrors()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    const CliRun r = runOpsinfo(QStringList {"library", "diff"} + args);
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(message), qPrintable(r.err));
    QVERIFY(r.out.isEmpty());
}

void TestCliLibraryDiff::matrixText()
{
    const CliRun r = runOpsinfo({"library", "diff", soc("socx"), soc("socy"), "--matrix"});
    QCOMPARE(r.code, 0);
    // Rows A (socx), columns B (socy); the absent row and column because each lacks a type.
    QVERIFY2(r.out.contains(QStringLiteral("A: socx\nB: socy")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QRegularExpression(QStringLiteral("\ngray +1 +0 +1 +0\n"))),
             qPrintable(r.out));
    QVERIFY2(r.out.contains(QRegularExpression(QStringLiteral("\nwhite +1 +0 +0 +1\n"))),
             qPrintable(r.out));
    QVERIFY2(r.out.contains(QRegularExpression(QStringLiteral("\nabsent +0 +0 +1 *\n"))),
             qPrintable(r.out));
    QVERIFY(r.out.contains(
        QStringLiteral("1 op types change colour, 3 keep it, 1 only in A, 1 only in B")));
}

void TestCliLibraryDiff::matrixJsonAgreesWithTheDiff()
{
    const CliRun m
        = runOpsinfo({"library", "diff", soc("socx"), soc("socz"), "--matrix", "--json"});
    const CliRun d = runOpsinfo({"library", "diff", soc("socx"), soc("socz"), "--json"});
    QCOMPARE(m.code, 0);
    QCOMPARE(d.code, 0);
    const QJsonObject matrix = json(m).value("matrix").toObject();
    const QJsonObject transitions = json(d).value("transitions").toObject();
    int diagonal = 0;
    for (const QString a : {"white", "black", "gray"})
        for (const QString b : {"white", "black", "gray"}) {
            const int cell = matrix.value(a).toObject().value(b).toInt(-1);
            QVERIFY(cell >= 0);
            if (a == b)
                diagonal += cell;
            else
                QCOMPARE(cell, transitions.value(a + "->" + b).toInt(0));
        }
    QCOMPARE(diagonal, json(d).value("unchanged").toInt());
    QCOMPARE(json(m).value("only_a").toObject().value("white").toInt(), 1); // OnlyX
    QCOMPARE(json(m).value("matrix").toObject().value("black").toObject().value("gray").toInt(),
             1); // Relu
}

void TestCliLibraryDiff::matrixSvg()
{
    QTemporaryDir dir;
    const QString svg = dir.filePath(QStringLiteral("matrix.svg"));
    const CliRun r
        = runOpsinfo({"library", "diff", soc("socx"), soc("socy"), "--matrix", "--svg", svg});
    QCOMPARE(r.code, 0);
    QVERIFY(r.err.contains(QStringLiteral("transition matrix written to")));
    const QByteArray bytes = readAllBytes(svg);
    QVERIFY(wellFormedXml(bytes));
    QVERIFY(bytes.contains("gray -&gt; white: 1 op types"));
    QVERIFY(bytes.contains("B: socy"));
}

void TestCliLibraryDiff::svgNeverOverwritesAnInput()
{
    QTemporaryDir dir;
    const QString copy = dir.filePath(QStringLiteral("aic-socx-ops-info.json"));
    QVERIFY(QFile::copy(soc("socx") + QStringLiteral("/aic-socx-ops-info.json"), copy));
    const QByteArray before = readAllBytes(copy);
    const CliRun r = runOpsinfo({"library", "diff", copy, soc("socy"), "--svg", copy});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("this command reads it")), qPrintable(r.err));
    QCOMPARE(readAllBytes(copy), before);
}

void TestCliLibraryDiff::matrixOfTwoMixlists()
{
    // The same library, a mixlist on each side: only the marked types move.
    const QString mixlist = QDir::temp().filePath(QStringLiteral("opsinfo-atlas-white-relu.json"));
    QFile f(mixlist);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"white-list": {"to-add": ["Relu"]}})");
    f.close();
    const CliRun r
        = runOpsinfo({"library", "diff", soc("socx"), soc("socx"), "--mixlist-a",
                      cliFixture("gelu_black.json"), "--mixlist-b", mixlist, "--matrix", "--json"});
    QFile::remove(mixlist);
    QCOMPARE(r.code, 0);
    const QJsonObject m = json(r).value("matrix").toObject();
    // A: Gelu black (mixlist), Relu black (library); B: Gelu gray, Relu white (X3: add-white).
    QCOMPARE(m.value("black").toObject().value("gray").toInt(), 1);
    QCOMPARE(m.value("black").toObject().value("white").toInt(), 1);
    QCOMPARE(json(r).value("unchanged").toInt(), 3);
    QCOMPARE(json(r).value("a").toString(), QStringLiteral("socx"));
    QCOMPARE(json(r).value("b").toString(), QStringLiteral("socx #2"));
}

void TestCliLibraryDiff::atlasOfThreeLibraries()
{
    const CliRun r = runOpsinfo({"library", "diff", soc("socx"), soc("socy"), soc("socz")});
    QCOMPARE(r.code, 0);
    const QStringList lines = r.out.split(QLatin1Char('\n'));
    QVERIFY2(lines[0].startsWith(QStringLiteral("OP TYPE"))
                 && lines[0].contains(QStringLiteral("socz")),
             qPrintable(r.out));
    QVERIFY(lines[1].startsWith(QStringLiteral("Gelu")));
    QVERIFY(lines[1].contains(QRegularExpression(QStringLiteral("colour +gray +white +gray"))));
    QVERIFY(r.out.contains(QRegularExpression(QStringLiteral("OnlyY +presence +- +gray +-"))));
    QVERIFY(r.out.contains(
        QStringLiteral("6 op types: 2 differ in colour, 2 are missing from some sources, 2 are "
                       "the same everywhere")));
}

void TestCliLibraryDiff::atlasOptions_data()
{
    QTest::addColumn<QStringList>("options");
    QTest::addColumn<QStringList>("types"); // the CSV's rows, in order
    const QStringList all {"Gelu", "Relu", "OnlyX", "OnlyY", "Add", "Cast"};
    QTest::newRow("csv") << QStringList {"--csv"} << all;
    QTest::newRow("differing-only") << QStringList {"--csv", "--differing-only"}
                                    << QStringList {"Gelu", "Relu", "OnlyX", "OnlyY"};
    QTest::newRow("common-only") << QStringList {"--csv", "--common-only"}
                                 << QStringList {"Gelu", "Relu", "Add", "Cast"};
    QTest::newRow("filter") << QStringList {"--csv", "--filter", "^Only"}
                            << QStringList {"OnlyX", "OnlyY"};
    QTest::newRow("mixlist") << QStringList {"--csv", "--mixlist", cliFixture("gelu_black.json")}
                             << QStringList {"Relu", "OnlyX", "OnlyY", "Add", "Cast", "Gelu"};
}

void TestCliLibraryDiff::atlasOptions()
{
    QFETCH(QStringList, options);
    QFETCH(QStringList, types);
    const CliRun r = runOpsinfo(
        QStringList {"library", "diff", soc("socx"), soc("socy"), soc("socz")} + options);
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QList<QStringList> rows = csvRows(r.out);
    QCOMPARE(rows.front(),
             (QStringList {"op_type", "difference", "socx", "socy", "socz", "socx floats",
                           "socy floats", "socz floats"}));
    QStringList actual;
    for (qsizetype i = 1; i < rows.size(); ++i) {
        QCOMPARE(rows[i].size(), rows.front().size());
        actual << rows[i][0];
    }
    QCOMPARE(actual, types);
}

void TestCliLibraryDiff::atlasOfEverySoc()
{
    // One store root with --each-soc is the same atlas as its three soc folders; --json and --svg.
    QTemporaryDir dir;
    const QString svg = dir.filePath(QStringLiteral("atlas.svg"));
    const CliRun each
        = runOpsinfo({"library", "diff", atlasRoot(), "--each-soc", "--json", "--svg", svg});
    const CliRun three
        = runOpsinfo({"library", "diff", soc("socx"), soc("socy"), soc("socz"), "--json"});
    QCOMPARE(each.code, 0);
    QCOMPARE(json(each).value("rows"), json(three).value("rows"));
    QCOMPARE(json(each).value("sources").toArray().size(), 3);
    QCOMPARE(json(each).value("summary").toObject().value("colour_differs").toInt(), 2);
    QVERIFY(wellFormedXml(readAllBytes(svg)));
    // Two libraries as an atlas.
    const CliRun two = runOpsinfo({"library", "diff", soc("socx"), soc("socy"), "--atlas"});
    QCOMPARE(two.code, 0);
    QVERIFY2(two.out.contains(QStringLiteral("6 op types: 1 differ in colour, 2 are missing")),
             qPrintable(two.out));
}

void TestCliLibraryDiff::realMatrixOfTwoSocs()
{
    REQUIRE_SHARED_DATA();
    const CliRun m = runOpsinfo(
        {"library", "diff", realSoc("ascend910"), realSoc("ascend910b"), "--matrix", "--json"});
    const CliRun d
        = runOpsinfo({"library", "diff", realSoc("ascend910"), realSoc("ascend910b"), "--json"});
    QVERIFY2(m.code == 0, qPrintable(m.err));
    const QJsonObject matrix = json(m).value("matrix").toObject();
    const QJsonObject transitions = json(d).value("transitions").toObject();
    int changed = 0;
    for (const QString a : {"white", "black", "gray"})
        for (const QString b : {"white", "black", "gray"})
            if (a != b) {
                QCOMPARE(matrix.value(a).toObject().value(b).toInt(),
                         transitions.value(a + "->" + b).toInt(0));
                changed += matrix.value(a).toObject().value(b).toInt();
            }
    QVERIFY(changed > 0);
    int onlyB = 0;
    for (const QString b : {"white", "black", "gray"})
        onlyB += json(m).value("only_b").toObject().value(b).toInt();
    int absentToAny = 0;
    for (auto it = transitions.begin(); it != transitions.end(); ++it)
        if (it.key().startsWith(QStringLiteral("absent->")))
            absentToAny += it.value().toInt();
    QCOMPARE(onlyB, absentToAny);
}

void TestCliLibraryDiff::realAtlasOfSeventeenSocs()
{
    REQUIRE_SHARED_DATA();
    const CliRun r = runOpsinfo({"library", "diff", cann(), "--each-soc", "--csv"});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QList<QStringList> rows = csvRows(r.out);
    QCOMPARE(rows.front().size(), 2 + 17 * 2);
    const QStringList sources = rows.front().mid(2, 17);
    QVERIFY(sources.contains(QStringLiteral("ascend910b"))
            && sources.contains(QStringLiteral("hi3796cv300cs")));
    // One row per op type of any source: the union of `library show` of each.
    std::set<QString> union_;
    for (const QString &name : sources) {
        const CliRun show = runOpsinfo({"library", "show", realSoc(name), "--json"});
        QCOMPARE(show.code, 0);
        for (const QJsonValue &op : QJsonDocument::fromJson(show.out.toUtf8()).array())
            union_.insert(op.toObject().value("op_type").toString());
    }
    QCOMPARE(std::size_t(rows.size() - 1), union_.size());
    // Three pairs against the two-library diff (the app test checks every pair).
    for (const auto &[i, j] : {std::pair<qsizetype, qsizetype> {0, 1},
                               {sources.indexOf("ascend910"), sources.indexOf("ascend910b")},
                               {sources.indexOf("ascend310p"), sources.indexOf("sd3403")}}) {
        const CliRun d
            = runOpsinfo({"library", "diff", realSoc(sources[i]), realSoc(sources[j]), "--json"});
        QCOMPARE(d.code, 0);
        std::set<QString> fromDiff, fromAtlas;
        for (const QJsonValue &row : json(d).value("changed").toArray())
            fromDiff.insert(row.toObject().value("op_type").toString());
        for (qsizetype k = 1; k < rows.size(); ++k)
            if (rows[k][2 + i] != rows[k][2 + j])
                fromAtlas.insert(rows[k][0]);
        QCOMPARE(fromAtlas, fromDiff);
    }
}

void TestCliLibraryDiff::realAtlasWithAMixlist()
{
    REQUIRE_SHARED_DATA();
    // A real mixlist (qwen: Square to the black list) on every SoC: Square is black wherever it is.
    const QString mixlist = sharedData(
        QStringLiteral("opsinfo/mixlists/other/Tlntin__qwen-ascend-llm__ops_info.json"));
    const CliRun r = runOpsinfo({"library", "diff", cann(), "--each-soc", "--mixlist", mixlist,
                                 "--json", "--filter", "^Square$"});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QJsonArray rows = json(r).value("rows").toArray();
    QCOMPARE(rows.size(), 1);
    int present = 0;
    for (const QJsonValue &cell : rows[0].toObject().value("cells").toArray()) {
        const QString list = cell.toObject().value("list").toString();
        QVERIFY(list == QStringLiteral("black") || list == QStringLiteral("absent"));
        present += list == QStringLiteral("black") ? 1 : 0;
    }
    QVERIFY(present > 0);
}

void TestCliLibraryDiff::atlasOfAFolderOfCopies()
{
    // --each-file: each copy a column named after its file (tests/data/atlas-copies/README.md);
    // without it the folder is one soc folder, as FE reads it (L1: the later file wins).
    const QString copies = testData(QStringLiteral("atlas-copies"));
    const CliRun r = runOpsinfo({"library", "diff", copies, soc("socx"), "--each-file", "--csv"});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QList<QStringList> rows = csvRows(r.out);
    QCOMPARE(
        rows.front().mid(2, 3),
        (QStringList {"modelA__aic-socx-ops-info.json", "modelB__aic-socx-ops-info.json", "socx"}));
    QMap<QString, QStringList> colours;
    for (qsizetype i = 1; i < rows.size(); ++i)
        colours.insert(rows[i][0], rows[i].mid(2, 3));
    QCOMPARE(colours.value("Add"), (QStringList {"white", "gray", "white"}));
    QCOMPARE(colours.value("Gelu"), (QStringList {"white", "gray", "gray"}));
    QCOMPARE(colours.value("Relu"), (QStringList {"black", "black", "black"}));
    const CliRun asOne = runOpsinfo({"library", "diff", copies, soc("socx"), "--json"});
    QVERIFY2(asOne.code == 0, qPrintable(asOne.err));
    // Read as one soc folder, modelB's file comes later (L2: same length, then by name) and
    // replaces modelA's entries: only its Add (gray) differs from socx.
    const QJsonArray changed = json(asOne).value("changed").toArray();
    QCOMPARE(changed.size(), 1);
    QCOMPARE(changed[0].toObject().value("op_type").toString(), QStringLiteral("Add"));
    QCOMPARE(changed[0].toObject().value("a").toString(), QStringLiteral("gray"));
}

void TestCliLibraryDiff::socPicksOnlyWhereThereIsAChoice()
{
    // --soc applies to a store root; a soc folder given beside it keeps its own name and library.
    const CliRun r
        = runOpsinfo({"library", "diff", atlasRoot(), soc("socz"), "--soc", "socy", "--csv"});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QCOMPARE(csvRows(r.out).front().mid(2, 2), (QStringList {"socy", "socz"}));
}

void TestCliLibraryDiff::realAtlasOfTwoCannVersions()
{
    // ascend910b of CANN 8.1.RC1 (one file) and of the newer split layout (hicann/ge's FE test
    // stub: -legacy, -nn, -transformer, -math, -cv pieces read as one library): columns named by
    // their opp folder; the rows whose colour differs are the two-library diff's.
    REQUIRE_SHARED_DATA();
    const QString stub = sharedData(QStringLiteral("opsinfo/hicann-ge-910b-split-stub"));
    const CliRun r = runOpsinfo(
        {"library", "diff", cann(), stub, realSoc("ascend910"), "--soc", "ascend910b", "--csv"});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QList<QStringList> rows = csvRows(r.out);
    QCOMPARE(rows.front().mid(2, 3),
             (QStringList {"cann-8.1.RC1/ascend910b", "hicann-ge-910b-split-stub/ascend910b",
                           "ascend910"}));
    const CliRun d = runOpsinfo({"library", "diff", cann(), stub, "--soc", "ascend910b", "--json"});
    QVERIFY2(d.code == 0, qPrintable(d.err));
    std::set<QString> fromDiff, fromAtlas;
    for (const QJsonValue &row : json(d).value("changed").toArray())
        fromDiff.insert(row.toObject().value("op_type").toString());
    for (qsizetype k = 1; k < rows.size(); ++k)
        if (rows[k][2] != rows[k][3] && rows[k][2] != QStringLiteral("-")
            && rows[k][3] != QStringLiteral("-"))
            fromAtlas.insert(rows[k][0]);
    QVERIFY(!fromDiff.empty());
    QCOMPARE(fromAtlas, fromDiff);
}

void TestCliLibraryDiff::realFolderOfUserCopies()
{
    // The two ModelZoo copies: GNMT's is one the compiler refuses (L6). The atlas still compares
    // it, naming the file, line and column of each problem, and ends with exit 1; --strict
    // refuses it before any output.
    REQUIRE_SHARED_DATA();
    const QString copies = sharedData(QStringLiteral("opsinfo/modelzoo-tf-user-copies"));
    const CliRun r = runOpsinfo({"library", "diff", copies, "--each-file", "--csv"});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(QStringLiteral("GNMT_ID0015__aic-ascend910-ops-info.json:21837:22")),
             qPrintable(r.err));
    QVERIFY2(r.out.contains(QStringLiteral("GNMT_ID0015")), qPrintable(r.out.left(400)));
    const CliRun strict
        = runOpsinfo({"library", "diff", copies, "--each-file", "--csv", "--strict"});
    QCOMPARE(strict.code, 1);
    QVERIFY(strict.out.isEmpty());
    // CharCNN's copy against CANN 8.1.RC1's ascend910.
    const CliRun two = runOpsinfo({"library", "diff",
                                   copies + QStringLiteral("/CharCNN__aic-ascend910-ops-info.json"),
                                   realSoc("ascend910"), "--matrix", "--json"});
    QVERIFY2(two.code == 0, qPrintable(two.err));
    QVERIFY(json(two).value("matrix").toObject().value("gray").toObject().value("black").toInt()
            > 0);
}

QTEST_GUILESS_MAIN(TestCliLibraryDiff)
#include "tst_clilibrarydiff.moc"
