// The ATC om -> json importer (simdjson On-Demand): what it reads from odd but valid JSON, how it
// reports broken JSON, and a differential check against Qt's independent JSON parser on every real
// ATC file in ../shared/data and on our fixture.
#include "graph/graphloader.h"

#include "shareddata.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace opsinfo;

namespace {

std::string dtypeText(DType dtype)
{
    return dtype == DType::Undefined ? "undefined" : dtypeName(dtype);
}

std::string shapeText(std::span<const std::int64_t> shape)
{
    std::string text = "[";
    for (std::size_t i = 0; i < shape.size(); ++i)
        text += (i ? "," : "") + std::to_string(shape[i]);
    return text + "]";
}

// One line per node: name=type(producer:index dtype shape, ...) ^control -> (dtype shape, ...)
std::string describe(const Graph &graph)
{
    std::string text;
    for (const Node &node : graph.nodes()) {
        text.append(node.name).append("=").append(node.opType).append("(");
        for (std::size_t i = 0; i < node.inputs.size(); ++i) {
            const NodeInput &in = node.inputs[i];
            text += (i ? ", " : "") + std::string(in.producerName) + ":"
                + std::to_string(in.outputIndex) + " " + dtypeText(in.dtype) + " "
                + shapeText(in.shape);
        }
        text += ")";
        for (std::string_view control : node.controlInputs)
            text.append(" ^").append(control);
        text += " -> (";
        for (std::size_t i = 0; i < node.outputs.size(); ++i)
            text += (i ? ", " : "") + dtypeText(node.outputs[i].dtype) + " "
                + shapeText(node.outputs[i].shape);
        text += ")\n";
    }
    return text;
}

GraphLoadResult load(const QByteArray &json)
{
    return loadGraphFromBytes(std::string_view(json.constData(), std::size_t(json.size())),
                              "m.json");
}

QByteArray diagnosticsText(const GraphLoadResult &result)
{
    QByteArray text;
    for (const auto &d : result.diagnostics)
        text += QByteArray::fromStdString(formatDiagnostic(d)) + '\n';
    return text;
}

} // namespace

class TestAtcJson : public QObject
{
    Q_OBJECT
private slots:
    void reads_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("expected");
        QTest::newRow("escaped strings are unescaped")
            << QByteArray(
                   "{\"graph\":[{\"op\":[{\"name\":\"a\\/b\\u00e9\",\"type\":\"Re\\u006cu\",\"input\":[\"x\\\"y:0\"]},"
                   "{\"name\":\"x\\\"y\",\"type\":\"Data\"}]}]}")
            << QString::fromUtf8("a/bé=Relu(x\"y:0 undefined []) -> ()\nx\"y=Data() -> ()\n");
        QTest::newRow("values of the wrong type are skipped as if absent")
            << QByteArray(
                   "{\"graph\":[{\"op\":[{\"name\":5,\"type\":[\"Add\"],\"input\":\"a:0\"},7,"
                   "{\"name\":\"b\",\"type\":\"Add\",\"input\":[3,\"op_0:0\"],\"input_desc\":{\"dtype\":\"DT_FLOAT\"}}]}]}")
            << "op_0=() -> ()\nb=Add(:0 undefined [], op_0:0 undefined []) -> ()\n";
        QTest::newRow("a descriptor that is not an object keeps the pairing")
            << QByteArray(
                   "{\"graph\":[{\"op\":[{\"name\":\"n\",\"type\":\"Add\",\"input\":[\"p:0\",\"q:1\"],"
                   "\"input_desc\":[5,{\"dtype\":\"DT_FLOAT16\",\"shape\":{\"dim\":[2,\"x\",3.5,4]}}]}]}]}")
            << "n=Add(p:0 undefined [], q:1 float16 [2,4]) -> ()\n";
        QTest::newRow("dtypes by name and by GE's number; unknown ones undefined")
            << QByteArray(
                   "{\"graph\":[{\"op\":[{\"name\":\"n\",\"type\":\"Cast\",\"output_desc\":[{\"dtype\":1},"
                   "{\"dtype\":\"DT_BF16\"},{\"dtype\":\"DT_NEW_FP4\"},{\"dtype\":999},{\"dtype\":true}]}]}]}")
            << "n=Cast() -> (float32 [], bfloat16 [], undefined [], undefined [], undefined [])\n";
        QTest::newRow("a key given twice: the last wins, as in Python") << QByteArray(
            "{\"graph\":[{\"op\":[{\"name\":\"a\",\"type\":\"Add\",\"name\":\"b\"}]}]}")
                                                                        << "b=Add() -> ()\n";
        QTest::newRow("control inputs, skipped fields of every kind")
            << QByteArray(
                   "{\"attr\":[{\"key\":\"k\",\"value\":{\"list\":{\"i\":[1,2,1e400]}}}],\"graph\":[{\"op\":["
                   "{\"name\":\"a\",\"type\":\"Data\",\"id\":-0.5e-3,\"has_out_attr\":true,\"x\":null},"
                   "{\"name\":\"b\",\"type\":\"Relu\",\"input\":[\"a:0\",\"a:-1\"],\"attr\":[[[{}]]]}]}]}")
            << "a=Data() -> ()\nb=Relu(a:0 undefined []) ^a -> ()\n";
    }
    void reads()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, expected);
        const GraphLoadResult result = load(json);
        QVERIFY2(result.graph, diagnosticsText(result).constData());
        QCOMPARE(QString::fromStdString(describe(*result.graph)), expected);
    }

    void refuses_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("fragment");
        QTest::addColumn<int>("line"); // 0: no position expected
        QTest::addColumn<int>("column");
        QTest::newRow("missing comma on line 3") << QByteArray(
            "{\"graph\": [{\"op\": [\n{\"name\": \"a\", \"type\": \"Add\"},\n{\"name\": \"b\" \"type\": \"Add\"}]}]}")
                                                 << "graph-syntax"
                                                 << "not valid JSON: Expecting ',' delimiter" << 3
                                                 << 14;
        QTest::newRow("cut off") << QByteArray("{\"graph\": [{\"op\": [{\"name\": \"a\"")
                                 << "graph-syntax"
                                 << "not valid JSON" << 1 << 32;
        QTest::newRow("content after the model")
            << QByteArray("{\"graph\": [{\"op\": []}]}\n{}") << "graph-syntax"
            << "not valid JSON: Extra data" << 2 << 1;
        QTest::newRow("bad escape in a name")
            << QByteArray("{\"graph\": [{\"op\": [{\"name\": \"a\\qb\"}]}]}") << "graph-syntax"
            << "not valid JSON: Invalid \\escape" << 1 << 31;
        QTest::newRow("an array at the top")
            << QByteArray("[{\"graph\": [{\"op\": []}]}]") << "graph-format"
            << "not an object" << 0 << 0;
    }
    void refuses()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, code);
        QFETCH(QString, fragment);
        QFETCH(int, line);
        QFETCH(int, column);
        const GraphLoadResult result = load(json);
        QVERIFY(!result.ok());
        QVERIFY2(!result.diagnostics.empty(), "no diagnostic");
        const Diagnostic &d = result.diagnostics.front();
        QCOMPARE(QString::fromStdString(d.code), code);
        QVERIFY2(QString::fromStdString(d.message).contains(fragment),
                 diagnosticsText(result).constData());
        QCOMPARE(d.location.file, std::string("m.json"));
        QCOMPARE(d.location.line, line);
        QCOMPARE(d.location.column, column);
        QVERIFY(!d.hint.empty());
    }

    // Every real ATC file and our fixture, read by Qt's JSON parser independently: each op's name,
    // type, inputs and descriptor dtypes and shapes must be what the importer made of it.
    void agreesWithQtJson_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("fixture") << testData("graphs/atc_fixture.json");
        const QDir real(sharedData("graphs/om_json"));
        for (const QString &name : real.entryList({"*.json"}, QDir::Files))
            QTest::newRow(qPrintable(name)) << real.filePath(name);
    }
    void agreesWithQtJson()
    {
        QFETCH(QString, file);
        QFile f(file);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject model = QJsonDocument::fromJson(f.readAll()).object();
        const GraphLoadResult result = loadGraph(file.toStdString());
        QVERIFY2(result.graph, diagnosticsText(result).constData());
        const Graph &graph = *result.graph;
        const QJsonArray ops = model["graph"].toArray().first().toObject()["op"].toArray();
        QCOMPARE(graph.nodes().size(), std::size_t(ops.size()));
        auto dtypeOf = [](const QJsonValue &desc) {
            return parseEnumDType(desc.toObject()["dtype"].toString().toStdString());
        };
        auto shapeOf = [](const QJsonValue &desc) {
            std::vector<std::int64_t> shape;
            for (const QJsonValue &dim : desc.toObject()["shape"].toObject()["dim"].toArray())
                shape.push_back(dim.toInteger());
            return shape;
        };
        for (qsizetype i = 0; i < ops.size(); ++i) {
            const QJsonObject op = ops[i].toObject();
            const Node &node = graph.nodes()[std::size_t(i)];
            // ATC's enum-compressed JSON leaves names out: the importer names them by position.
            const QString name = op["name"].toString();
            QCOMPARE(QString::fromUtf8(node.name),
                     name.isEmpty() ? "op_" + QString::number(i) : name);
            QCOMPARE(QString::fromUtf8(node.opType), op["type"].toString());
            const QJsonArray inputs = op["input"].toArray();
            const QJsonArray inDescs = op["input_desc"].toArray();
            std::size_t data = 0;
            for (qsizetype k = 0; k < inputs.size(); ++k) {
                const QString input = inputs[k].toString();
                if (input.endsWith(":-1")) {
                    QVERIFY(std::find(node.controlInputs.begin(), node.controlInputs.end(),
                                      std::string_view(input.chopped(3).toStdString()))
                            != node.controlInputs.end());
                    continue;
                }
                QVERIFY(data < node.inputs.size());
                const NodeInput &in = node.inputs[data];
                QCOMPARE(QString::fromUtf8(in.producerName) + ":" + QString::number(in.outputIndex),
                         input.isEmpty()           ? QStringLiteral(":0")
                             : input.contains(':') ? input
                                                   : input + ":0");
                if (qsizetype(data) < inDescs.size()) {
                    const DType stated = dtypeOf(inDescs[qsizetype(data)]);
                    if (stated != DType::Undefined)
                        QCOMPARE(in.dtype, stated);
                    QCOMPARE(std::vector(in.shape.begin(), in.shape.end()),
                             shapeOf(inDescs[qsizetype(data)]));
                }
                ++data;
            }
            QCOMPARE(node.inputs.size(), data);
            const QJsonArray outDescs = op["output_desc"].toArray();
            QCOMPARE(node.outputs.size(), std::size_t(outDescs.size()));
            for (qsizetype k = 0; k < outDescs.size(); ++k) {
                QCOMPARE(node.outputs[std::size_t(k)].dtype, dtypeOf(outDescs[k]));
                QCOMPARE(std::vector(node.outputs[std::size_t(k)].shape.begin(),
                                     node.outputs[std::size_t(k)].shape.end()),
                         shapeOf(outDescs[k]));
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestAtcJson)
#include "tst_atcjson.moc"
