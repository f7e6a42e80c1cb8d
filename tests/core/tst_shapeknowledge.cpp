// Which nodes the compiler sees as static or unknown-shape (graph/shapeinference.h): stated shapes
// decide, unknown dimensions flow downstream, value-dependent outputs, weights and Shape.
#include "graph/graph.h"
#include "graph/shapeinference.h"

#include <QTest>

using namespace opsinfo;

namespace {

// "name:Type(in1,in2)[shape]": a node per line; [shape] is its output's ("?" = -1, empty =
// unstated).
std::unique_ptr<Graph> graphOf(const QStringList &lines)
{
    auto graph = std::make_unique<Graph>();
    for (const QString &line : lines) {
        Node node;
        node.name = graph->intern(line.section(':', 0, 0).toStdString());
        const QString rest = line.section(':', 1);
        node.opType = graph->intern(rest.section('(', 0, 0).toStdString());
        std::vector<NodeInput> inputs;
        for (const QString &in :
             rest.section('(', 1).section(')', 0, 0).split(',', Qt::SkipEmptyParts))
            inputs.push_back({graph->intern(in.toStdString())});
        node.inputs = graph->store(inputs);
        std::vector<std::int64_t> dims;
        for (const QString &dim :
             rest.section('[', 1).section(']', 0, 0).split(',', Qt::SkipEmptyParts))
            dims.push_back(dim == "?" ? -1 : dim.toLongLong());
        node.outputs = graph->store({NodeOutput {{}, DType::Undefined, graph->storeShape(dims)}});
        graph->addNode(std::move(node));
    }
    graph->linkProducers();
    return graph;
}

} // namespace

class TestShapeKnowledge : public QObject
{
    Q_OBJECT
private slots:
    void nodes_data()
    {
        QTest::addColumn<QStringList>("graph");
        QTest::addColumn<QString>("expected"); // per node: s, d or u
        QTest::newRow("unknown batch flows down")
            << QStringList {"x:Data()[?,4]", "w:Const()[4]", "a:Add(x,w)", "r:Relu(a)"} << "dsdd";
        QTest::newRow("static input stays static")
            << QStringList {"x:Data()[2,4]", "w:Const()", "a:Add(x,w)", "r:Relu(a)"} << "ssss";
        QTest::newRow("nothing stated")
            << QStringList {"x:Data()", "r:Relu(x)", "w:Const()", "q:Relu(w)"} << "uuss";
        QTest::newRow("stated output decides")
            << QStringList {"x:Data()", "r:Relu(x)[?,8]", "s:Relu(r)"} << "udd";
        QTest::newRow("data-dependent output")
            << QStringList {"x:Data()[2,4]", "n:NonZero(x)", "r:Relu(n)"} << "sdd";
        QTest::newRow("reshape by weights / by a folded Shape chain")
            << QStringList {"x:Data()[2,4]", "c:Const()",     "a:Reshape(x,c)", "s:Shape(x)",
                            "g:Gather(s,c)", "k:Concat(g,c)", "b:Reshape(x,k)", "r:Relu(b)"}
            << "ssssssss";
        QTest::newRow("reshape by values only known at run time")
            << QStringList {"x:Data()[2,4]", "v:Data()[2]", "b:Reshape(x,v)", "r:Relu(b)"}
            << "ssdd";
        QTest::newRow("reshape by the Shape of an unknown-shape tensor")
            << QStringList {"x:Data()[?,4]", "y:Data()[2,4]", "s:Shape(x)", "b:Reshape(y,s)"}
            << "dsdd";
        QTest::newRow("Shape of an unknown-shape tensor")
            << QStringList {"x:Data()[?,4]", "s:Shape(x)", "c:Cast(s)"} << "dds";
    }
    void nodes()
    {
        QFETCH(QStringList, graph);
        QFETCH(QString, expected);
        const auto g = graphOf(graph);
        QString found;
        for (ShapeKnowledge k : shapeKnowledgeOf(*g))
            found += QChar(shapeKnowledgeName(k)[0]);
        QCOMPARE(found, expected);
    }
};

QTEST_GUILESS_MAIN(TestShapeKnowledge)
#include "tst_shapeknowledge.moc"
