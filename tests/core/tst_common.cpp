#include "common/diagnostic.h"
#include "common/dtype.h"
#include "common/lineindex.h"
#include "common/policy.h"
#include "graph/graph.h"
#include "library/cubeops.h"
#include "library/oplibrary.h"

#include <QTest>

#include <algorithm>
#include <numeric>
#include <random>
#include <thread>

using namespace opsinfo;

class TestCommon : public QObject
{
    Q_OBJECT
private slots:
    void flagParsing_data()
    {
        QTest::addColumn<QString>("flag");
        QTest::addColumn<int>("expected"); // -1 = invalid
        QTest::newRow("true") << "true" << int(Policy::White);
        QTest::newRow("TRUE padded") << "  True " << int(Policy::White);
        QTest::newRow("false") << "false" << int(Policy::Black);
        QTest::newRow("empty is gray") << "" << int(Policy::Gray);
        QTest::newRow("yes is invalid") << "yes" << -1;
        QTest::newRow("1 is invalid") << "1" << -1;
    }
    void flagParsing()
    {
        QFETCH(QString, flag);
        QFETCH(int, expected);
        const auto policy = policyFromFlag(flag.toStdString());
        QCOMPARE(policy ? int(*policy) : -1, expected);
    }

    void dtypeNames()
    {
        QCOMPARE(parseOpsInfoDType("float"), DType::Float32);
        QCOMPARE(parseOpsInfoDType("float32"), DType::Float32);
        QCOMPARE(parseOpsInfoDType("bfloat16"), DType::BFloat16);
        QCOMPARE(parseOpsInfoDType("complex999"), DType::Other);
        QCOMPARE(parseEnumDType("DT_BF16"), DType::BFloat16);
        QCOMPARE(fromOnnxElemType(10), DType::Float16);
        QVERIFY(floatRank(DType::Float16) < floatRank(DType::BFloat16));
        QVERIFY(floatRank(DType::BFloat16) < floatRank(DType::Float32));
        QCOMPARE(floatRank(DType::Int32), -1);
    }

    void locateCountsLinesAndColumns()
    {
        const auto loc = locate("ab\ncd\nef", 4, "f.json");
        QCOMPARE(loc.line, 2);
        QCOMPARE(loc.column, 2);
        QCOMPARE(
            QString::fromStdString(formatDiagnostic({Severity::Error, loc, "L4", "bad", "fix it"})),
            QStringLiteral("f.json:2:2: error: bad [L4] (fix it)"));
    }

    void defaultCubeListHas27Types()
    {
        const auto cube = CubeOpList::defaults();
        QCOMPARE(cube.types().size(), std::size_t(27));
        QVERIFY(cube.contains("MatMulV2"));
        QVERIFY(!cube.contains("Add"));
    }

    void laterFileReplacesWholeEntryButHigherStoreWins()
    {
        auto entry = [](std::string type, int file, Policy p) {
            OpEntry e;
            e.type = std::move(type);
            e.fileIndex = file;
            e.policy = p;
            return e;
        };
        std::vector<LibraryStore> stores {{"custom", "/c", LibraryStore::Kind::Custom},
                                          {"built-in", "/b", LibraryStore::Kind::BuiltIn}};
        std::vector<LibraryFile> files {
            {"/c/a.json", 0, 1}, {"/b/x-legacy.json", 1, 2}, {"/b/x.json", 1, 2}};
        auto lib = OpLibrary::build(stores, files,
                                    {entry("Add", 0, Policy::Black), entry("Add", 1, Policy::White),
                                     entry("Mul", 1, Policy::White), entry("Mul", 2, Policy::Gray),
                                     entry("Add", 2, Policy::Gray)});
        QCOMPARE(lib.ops().size(), std::size_t(2));
        QCOMPARE(lib.find("Add")->policy, Policy::Black); // custom store wins (L3)
        QCOMPARE(lib.find("Mul")->policy, Policy::Gray); // later file wins (L2)
        QCOMPARE(lib.find("Mul")->fileIndex, 2);
        QCOMPARE(lib.shadowed("Add").size(), std::size_t(2));
        QVERIFY(!lib.find("Sub"));
    }

    void topologicalOrderKeepsFileOrderAndReportsCycles()
    {
        Graph g;
        auto add = [&g](std::string name, std::vector<std::string> from) {
            Node n;
            n.name = g.intern(name);
            std::vector<NodeInput> inputs;
            for (auto &f : from)
                inputs.push_back({g.intern(f)});
            n.inputs = g.store(inputs);
            g.addNode(std::move(n));
        };
        add("c", {"b"});
        add("a", {});
        add("b", {"a"});
        add("x", {"y"});
        add("y", {"x"});
        QVERIFY(g.linkProducers().empty());
        std::vector<Diagnostic> diags;
        const auto order = g.topologicalOrder(&diags);
        QCOMPARE(order, (std::vector<int> {1, 2, 0}));
        QCOMPARE(diags.size(), std::size_t(1));
        QVERIFY(diags[0].message.find("'x'") != std::string::npos);
    }

    // Names are indexed when first looked up: a lookup between additions sees the nodes added so
    // far and later ones too, a duplicate name still finds its first node (also when the first
    // lookup comes after both), and lookups from several threads at once agree.
    void indexOfFindsNodesAddedBeforeAndAfterALookup()
    {
        Graph g;
        auto add = [&g](const std::string &name) {
            Node n;
            n.name = g.intern(name);
            g.addNode(std::move(n));
        };
        add("a");
        add("b");
        QCOMPARE(g.indexOf("b"), 1);
        QCOMPARE(g.indexOf("c"), -1);
        add("c");
        add("b"); // a duplicate: the first stays the one found
        QCOMPARE(g.indexOf("c"), 2);
        QCOMPARE(g.indexOf("b"), 1);
        Graph late;
        for (const std::string name : {"x", "y", "x"}) {
            Node n;
            n.name = late.intern(name);
            late.addNode(std::move(n));
        }
        QCOMPARE(late.indexOf("x"), 0);
        for (int i = 0; i < 5000; ++i) {
            Node n;
            n.name = late.intern("n" + std::to_string(i));
            late.addNode(std::move(n));
        }
        std::vector<int> found(4, -2);
        std::vector<std::thread> threads;
        for (int t = 0; t < 4; ++t)
            threads.emplace_back([&late, &found, t] {
                int sum = 0;
                for (int i = t; i < 5000; i += 4)
                    sum += late.indexOf("n" + std::to_string(i)) == i + 3 ? 0 : 1;
                found[std::size_t(t)] = sum;
            });
        for (std::thread &t : threads)
            t.join();
        QCOMPARE(found, (std::vector<int> {0, 0, 0, 0}));
    }

    // The order is the smallest by file position among all topological orders, whether the file
    // is already in order (the identity, found without the heap) or not.
    void topologicalOrderIsTheSmallest_data()
    {
        QTest::addColumn<bool>("forwardOnly");
        QTest::addColumn<unsigned>("seed");
        for (unsigned seed = 1; seed <= 4; ++seed) {
            QTest::addRow("file in order, seed %u", seed) << true << seed;
            QTest::addRow("producers after consumers, seed %u", seed) << false << seed;
        }
    }

    void topologicalOrderIsTheSmallest()
    {
        QFETCH(bool, forwardOnly);
        QFETCH(unsigned, seed);
        std::mt19937 random(seed);
        const int n = 60;
        // A DAG over ranks; the file position of rank r is r, or shuffled.
        std::vector<int> position(n);
        std::iota(position.begin(), position.end(), 0);
        if (!forwardOnly)
            std::shuffle(position.begin(), position.end(), random);
        std::vector<std::vector<int>> producersAt(n); // by file position
        for (int r = 1; r < n; ++r)
            for (int k = 0; k < 3; ++k)
                if (random() % 2)
                    producersAt[std::size_t(position[r])].push_back(position[random() % r]);
        Graph g;
        for (int i = 0; i < n; ++i)
            g.intern("n" + std::to_string(i));
        for (int i = 0; i < n; ++i) {
            Node node;
            node.name = g.intern("n" + std::to_string(i));
            std::vector<NodeInput> inputs;
            for (int p : producersAt[std::size_t(i)])
                inputs.push_back({g.intern("n" + std::to_string(p))});
            node.inputs = g.store(inputs);
            g.addNode(std::move(node));
        }
        QVERIFY(g.linkProducers().empty());
        // Reference: repeatedly the smallest node whose producers are all placed.
        std::vector<int> expected;
        std::vector<char> placed(n, 0);
        while (int(expected.size()) < n) {
            for (int i = 0; i < n; ++i) {
                if (placed[std::size_t(i)])
                    continue;
                bool ready = true;
                for (int p : producersAt[std::size_t(i)])
                    ready = ready && placed[std::size_t(p)];
                if (ready) {
                    placed[std::size_t(i)] = 1;
                    expected.push_back(i);
                    break;
                }
            }
        }
        QCOMPARE(g.topologicalOrder(), expected);
    }
};

QTEST_GUILESS_MAIN(TestCommon)
#include "tst_common.moc"
