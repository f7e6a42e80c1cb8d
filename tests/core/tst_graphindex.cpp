// Graph's node-by-name index (open addressing over the nodes' own names): each row adds nodes by
// name and looks names up; the first definition of a duplicate name wins, absent names give -1,
// and lookups stay right while the index grows and after the node vector reallocated.
#include "graph/graph.h"

#include <QTest>

using namespace opsinfo;

Q_DECLARE_METATYPE(std::vector<std::string>)

namespace {

Node named(Graph &graph, const std::string &name)
{
    Node node;
    node.name = graph.intern(name);
    return node;
}

std::vector<std::string> numbered(const std::string &prefix, int count)
{
    std::vector<std::string> names;
    for (int i = 0; i < count; ++i)
        names.push_back(prefix + std::to_string(i));
    return names;
}

} // namespace

class TestGraphIndex : public QObject
{
    Q_OBJECT

private slots:
    void lookup_data()
    {
        QTest::addColumn<std::vector<std::string>>("names");
        QTest::addColumn<QString>("query");
        QTest::addColumn<int>("expected");

        const std::vector<std::string> few {"x", "conv1", "relu", ""};
        QTest::newRow("empty graph") << std::vector<std::string> {} << "x" << -1;
        QTest::newRow("first") << few << "x" << 0;
        QTest::newRow("middle") << few << "relu" << 2;
        QTest::newRow("empty name") << few << "" << 3;
        QTest::newRow("absent") << few << "conv" << -1;
        QTest::newRow("prefix of a name") << few << "conv12" << -1;
        QTest::newRow("duplicate: first wins")
            << std::vector<std::string> {"a", "b", "a", "b", "a"} << "b" << 1;
        const std::vector<std::string> many
            = numbered("layers.17/self_attn/q_proj/MatMul_", 200000);
        QTest::newRow("200,000 nodes, first") << many << "layers.17/self_attn/q_proj/MatMul_0" << 0;
        QTest::newRow("200,000 nodes, last")
            << many << "layers.17/self_attn/q_proj/MatMul_199999" << 199999;
        QTest::newRow("200,000 nodes, absent")
            << many << "layers.17/self_attn/q_proj/MatMul_200000" << -1;
        std::vector<std::string> duplicated = numbered("n", 5000);
        const std::vector<std::string> again = numbered("n", 5000);
        duplicated.insert(duplicated.end(), again.begin(), again.end());
        QTest::newRow("every name twice, after growth") << duplicated << "n4999" << 4999;
    }

    void lookup()
    {
        QFETCH(std::vector<std::string>, names);
        QFETCH(QString, query);
        QFETCH(int, expected);
        Graph graph;
        for (const std::string &name : names)
            graph.addNode(named(graph, name));
        QCOMPARE(graph.indexOf(query.toStdString()), expected);
        // Every name maps to its first definition.
        for (std::size_t i = 0; i < names.size(); i += 997) {
            const int found = graph.indexOf(names[i]);
            QVERIFY(found >= 0 && found <= int(i));
            QCOMPARE(graph.nodes()[std::size_t(found)].name, names[i]);
        }
    }

    void movedGraphKeepsItsIndex()
    {
        Graph graph;
        for (const std::string &name : numbered("node", 1000))
            graph.addNode(named(graph, name));
        Graph moved = std::move(graph);
        QCOMPARE(moved.indexOf("node999"), 999);
        moved.addNode(named(moved, "late"));
        QCOMPARE(moved.indexOf("late"), 1000);
        QCOMPARE(moved.indexOf("node0"), 0);
    }
};

QTEST_APPLESS_MAIN(TestGraphIndex)
#include "tst_graphindex.moc"
