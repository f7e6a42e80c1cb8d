// Data-driven: every tests/data/resolver/*.json fixture (a graph, expected node dtypes and cast
// counts per mode) is one row per mode.

#include "tst_resolverfixture.h"

#include "shareddata.h"

#include <QDir>
#include <QFile>
#include <QTest>

#include <nlohmann/json.hpp>

using namespace opsinfo;
using namespace opsinfo::testing;

namespace {

Graph graphFrom(const nlohmann::json &nodes)
{
    GraphBuilder builder;
    for (const auto &n : nodes) {
        std::vector<DType> outs;
        for (const auto &o : n.at("outputs"))
            outs.push_back(dt(o.get<std::string>()));
        builder.node(n.at("name").get<std::string>(), n.at("type").get<std::string>(),
                     n.at("inputs").get<std::vector<std::string>>(), outs);
    }
    return builder.build();
}

nlohmann::json readFixture(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return nlohmann::json::parse(file.readAll().toStdString(), nullptr, false);
}

} // namespace

class TestResolverFixtures : public QObject
{
    Q_OBJECT

private slots:
    void fixture_data();
    void fixture();
};

void TestResolverFixtures::fixture_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("mode");
    const QDir dir(testData("resolver"));
    const QStringList files = dir.entryList({"*.json"}, QDir::Files, QDir::Name);
    QVERIFY(!files.isEmpty());
    for (const QString &name : files) {
        const nlohmann::json fixture = readFixture(dir.filePath(name));
        QVERIFY2(fixture.is_object(), qPrintable(name));
        for (const auto &[mode, expected] : fixture.at("expect").items())
            QTest::newRow(qPrintable(name + " " + QString::fromStdString(mode)))
                << dir.filePath(name) << QString::fromStdString(mode);
    }
}

void TestResolverFixtures::fixture()
{
    QFETCH(QString, path);
    QFETCH(QString, mode);
    const nlohmann::json fixture = readFixture(path);
    const OpLibrary library = testLibrary();
    const Graph g = graphFrom(fixture.at("graph"));
    const auto parsed = parsePrecisionMode(mode.toStdString());
    QVERIFY(parsed);
    const Resolution r = Resolver(g, library).resolve(*parsed, policies(library));
    const std::string m = mode.toStdString();
    for (const auto &[node, dtype] : fixture.at("expect").at(m).items()) {
        QVERIFY2(g.indexOf(node) >= 0, node.c_str());
        const NodeResolution &n = byName(g, r, node);
        QVERIFY2(
            dtypeName(n.dtype) == dtype.get<std::string>(),
            qPrintable(QString::fromStdString(node + ": " + dtypeName(n.dtype) + " expected "
                                              + dtype.get<std::string>() + " — " + n.explanation)));
    }
    if (fixture.contains("inputs") && fixture["inputs"].contains(m))
        for (const auto &[node, dtypes] : fixture["inputs"][m].items()) {
            const NodeResolution &n = byName(g, r, node);
            QCOMPARE(n.inputs.size(), dtypes.size());
            for (std::size_t i = 0; i < n.inputs.size(); ++i)
                QCOMPARE(std::string(dtypeName(n.inputs[i])), dtypes[i].get<std::string>());
        }
    if (fixture.contains("casts") && fixture["casts"].contains(m)) {
        const auto &c = fixture["casts"][m];
        QCOMPARE(int(r.summary.castsDown), c.at("down").get<int>());
        QCOMPARE(int(r.summary.castsUp), c.at("up").get<int>());
        QCOMPARE(int(r.summary.castsWeights), c.at("weights").get<int>());
    }
}

QTEST_GUILESS_MAIN(TestResolverFixtures)
#include "tst_resolverfixtures.moc"
