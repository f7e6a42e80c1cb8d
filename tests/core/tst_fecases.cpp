// The fusion engine's own unit and system tests (hicann/ge), translated into our inputs in
// ../shared/spec/fe-cases (format in its README): one row per case, node and asserted tensor.

#include "graph/graphloader.h"
#include "library/libraryloader.h"
#include "mixlist/dtypeoverrides.h"
#include "mixlist/mixlist.h"
#include "mixlist/oppolicy.h"
#include "resolver/resolver.h"
#include "shareddata.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <map>
#include <memory>

using namespace opsinfo;

namespace {

QString casesFolder()
{
    return sharedData(QStringLiteral("../spec/fe-cases"));
}

std::string readText(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll().toStdString() : std::string();
}

// One case resolved twice: as FE compiles (check-support first) and as the UT calls the judge.
struct ResolvedCase
{
    std::unique_ptr<Graph> graph;
    OpLibrary library;
    Resolution compiled;
    Resolution judgeOnly;
    QString error; // inputs that did not load
};

ResolvedCase resolveCase(const QJsonObject &c)
{
    ResolvedCase out;
    const QString dir = casesFolder() + QLatin1Char('/');
    auto fail = [&out](const QString &why) {
        out.error = why;
        return std::move(out);
    };
    GraphLoadResult graph = loadGraph((dir + c["graph"].toString() + ".om.json").toStdString());
    if (!graph.graph)
        return fail(QStringLiteral("graph did not load"));
    out.graph = std::move(graph.graph);
    LibraryLoadResult library = loadLibraryFile((dir + c["library"].toString()).toStdString());
    if (!library.ok())
        return fail(QStringLiteral("library has errors"));
    out.library = std::move(library.library);
    if (c.contains("cube_ops")) { // the test replaced FE's fp16.op_type list
        std::set<std::string, std::less<>> types;
        for (const QJsonValue &t : c["cube_ops"].toArray())
            types.insert(t.toString().toStdString());
        out.library.setCubeOps(CubeOpList(std::move(types)));
    }
    std::string error;
    const auto mode = parsePrecisionMode(c["mode"].toString().toStdString(), &error);
    if (!mode)
        return fail(QString::fromStdString(error));
    if (c.contains("soc"))
        if (const auto refused = checkModeForSoc(*mode, c["soc"].toString().toStdString());
            refused && refused->severity == Severity::Error)
            return fail(QString::fromStdString(refused->message));
    std::optional<Mixlist> mixlist;
    std::vector<Diagnostic> diagnostics;
    if (c["mixlist"].isString()) {
        const QString path = dir + c["mixlist"].toString();
        MixlistParseResult parsed = parseMixlistStrict(readText(path), path.toStdString());
        if (!parsed.ok())
            return fail(QStringLiteral("mixlist has errors"));
        mixlist = std::move(parsed.mixlist);
    }
    ResolveOptions options;
    if (c["keep_dtype"].isString()) {
        const QString path = dir + c["keep_dtype"].toString();
        options.keepDtype = std::make_shared<const KeepDtype>(
            parseKeepDtype(readText(path), path.toStdString(), diagnostics));
    }
    if (c["customize_dtypes"].isString()) {
        const QString path = dir + c["customize_dtypes"].toString();
        options.customizeDtypes = std::make_shared<const CustomizeDtypes>(
            parseCustomizeDtypes(readText(path), path.toStdString(), diagnostics));
    }
    if (hasErrors(diagnostics))
        return fail(QString::fromStdString(formatDiagnostic(diagnostics.front())));
    const PolicyTable policies
        = PolicyTable::compute(out.library, mixlist ? &*mixlist : nullptr, "mixlist");
    const Resolver resolver(*out.graph, out.library);
    out.compiled = resolver.resolve(*mode, tablePolicies(policies), options);
    options.checkSupport = false;
    out.judgeOnly = resolver.resolve(*mode, tablePolicies(policies), options);
    return out;
}

struct CaseFile
{
    const char *file;
    const char *label;
};
constexpr CaseFile kCaseFiles[] = {{"expected.json", "public"},
                                   {"expected-hif8.json", "hif8"},
                                   {"expected-internal.json", "internal"}};

struct LoadedCase
{
    QJsonObject json;
    const char *label;
};

// Every case of the three files, in file order.
const std::vector<LoadedCase> &cases()
{
    static std::vector<LoadedCase> all;
    if (all.empty())
        for (const CaseFile &f : kCaseFiles)
            for (const QJsonValue &value :
                 QJsonDocument::fromJson(
                     QByteArray::fromStdString(readText(casesFolder() + '/' + f.file)))
                     .array())
                all.push_back({value.toObject(), f.label});
    return all;
}

ResolvedCase &resolved(int index)
{
    static std::map<int, ResolvedCase> cache;
    auto it = cache.find(index);
    if (it == cache.end())
        it = cache.emplace(index, resolveCase(cases()[std::size_t(index)].json)).first;
    return it->second;
}

} // namespace

class TestFeCases : public QObject
{
    Q_OBJECT

private slots:
    void tensorChecks_data();
    void tensorChecks();
    void judgeOnlyNodesAreNotOnAiCore_data();
    void judgeOnlyNodesAreNotOnAiCore();
};

void TestFeCases::tensorChecks_data()
{
    if (!QDir(casesFolder()).exists())
        QSKIP("../shared/spec/fe-cases is absent (fresh clone): FE test cases skipped");
    QTest::addColumn<int>("caseIndex");
    QTest::addColumn<QString>("node");
    QTest::addColumn<QString>("check");
    QTest::addColumn<QJsonValue>("want");
    QTest::addColumn<bool>("judgeOnly");
    QVERIFY2(cases().size() > 40, "fe-cases: expected.json and the others did not load");
    for (std::size_t index = 0; index < cases().size(); ++index) {
        const QJsonObject &c = cases()[index].json;
        QStringList judgeOnly;
        for (const QJsonValue &n : c["judge_only"].toArray())
            judgeOnly << n.toString();
        const QJsonObject want = c["want"].toObject();
        for (auto node = want.begin(); node != want.end(); ++node) {
            const QJsonObject checks = node.value().toObject();
            for (auto check = checks.begin(); check != checks.end(); ++check)
                QTest::addRow("%s %zu %s/%s %s %s", cases()[index].label, index,
                              qPrintable(c["graph"].toString()), qPrintable(c["mode"].toString()),
                              qPrintable(node.key()), qPrintable(check.key()))
                    << int(index) << node.key() << check.key() << QJsonValue(check.value())
                    << judgeOnly.contains(node.key());
        }
    }
}

void TestFeCases::tensorChecks()
{
    QFETCH(int, caseIndex);
    QFETCH(QString, node);
    QFETCH(QString, check);
    QFETCH(QJsonValue, want);
    QFETCH(bool, judgeOnly);
    const ResolvedCase &c = resolved(caseIndex);
    QVERIFY2(c.error.isEmpty(), qPrintable(c.error));
    const int index = c.graph->indexOf(node.toStdString());
    QVERIFY2(index >= 0, "node not in the graph");
    // A judge_only node's dtypes are what FE's judge returns when called directly, as the UT does;
    // in a compile check-support rejects it first (judgeOnlyNodesAreNotOnAiCore).
    const NodeResolution &n = (judgeOnly ? c.judgeOnly : c.compiled).nodes[std::size_t(index)];
    const QString why = QString::fromStdString(n.explanation);
    if (check == "aicore_supported") {
        QVERIFY2((n.engine == Engine::AICore) == want.toBool(),
                 qPrintable(QStringLiteral("engine %1: %2").arg(engineName(n.engine), why)));
    } else if (check == "error") {
        QVERIFY2(n.status == ResolutionStatus::Error, qPrintable(why));
    } else {
        const bool input = check.startsWith("in");
        const int k = check.mid(input ? 2 : 3).toInt();
        const std::vector<DType> &tensors = input ? n.inputs : n.outputs;
        QVERIFY2(k < int(tensors.size()), "no such tensor");
        const QString got = QString::fromLatin1(dtypeName(tensors[std::size_t(k)]));
        QVERIFY2(got == want.toString(),
                 qPrintable(QStringLiteral("got %1, want %2: %3").arg(got, want.toString(), why)));
    }
}

void TestFeCases::judgeOnlyNodesAreNotOnAiCore_data()
{
    if (!QDir(casesFolder()).exists())
        QSKIP("../shared/spec/fe-cases is absent (fresh clone): FE test cases skipped");
    QTest::addColumn<int>("caseIndex");
    QTest::addColumn<QString>("node");
    for (std::size_t i = 0; i < cases().size(); ++i) {
        const QJsonObject &c = cases()[i].json;
        for (const QJsonValue &n : c["judge_only"].toArray())
            QTest::addRow("%zu %s/%s %s", i, qPrintable(c["graph"].toString()),
                          qPrintable(c["mode"].toString()), qPrintable(n.toString()))
                << int(i) << n.toString();
    }
}

void TestFeCases::judgeOnlyNodesAreNotOnAiCore()
{
    QFETCH(int, caseIndex);
    QFETCH(QString, node);
    const ResolvedCase &c = resolved(caseIndex);
    QVERIFY2(c.error.isEmpty(), qPrintable(c.error));
    const NodeResolution &n = c.compiled.nodes[std::size_t(c.graph->indexOf(node.toStdString()))];
    QCOMPARE(QString(engineName(n.engine)), QStringLiteral("AICPU"));
    QCOMPARE(n.engineReason, EngineReason::RejectedTensor);
    QVERIFY2(n.explanation.find("M11") != std::string::npos, n.explanation.c_str());
    // Rejected: not judged, so every tensor keeps its graph dtype.
    const NodeResolution &judged
        = c.judgeOnly.nodes[std::size_t(c.graph->indexOf(node.toStdString()))];
    QCOMPARE(judged.engine, Engine::AICore);
}

QTEST_GUILESS_MAIN(TestFeCases)
#include "tst_fecases.moc"
