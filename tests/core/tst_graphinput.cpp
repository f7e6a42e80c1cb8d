// Bad graph files and the op map: every failure is a diagnostic naming the file and the problem,
// never a crash. Corrupt inputs are made at run time from our valid fixtures.
#include "graph/graphloader.h"
#include "graph/opmap.h"

#include "shareddata.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

// The test target does not get onnx_proto's compile definitions (core links it privately).
#ifndef ONNX_ML
#define ONNX_ML 1
#endif
#include <onnx/onnx_pb.h>

using namespace opsinfo;

namespace {

QByteArray readFixture(const QString &name)
{
    QFile file(testData(QStringLiteral("graphs/") + name));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("missing fixture %s", qPrintable(name));
    return file.readAll();
}

QByteArray allDiagnostics(const std::vector<Diagnostic> &diagnostics)
{
    QByteArray text;
    for (const auto &d : diagnostics)
        text += QByteArray::fromStdString(formatDiagnostic(d)) + '\n';
    return text;
}

// An ONNX model whose If nests `levels` deep (then_branch inside then_branch ...).
std::string nestedIfModel(int levels)
{
    onnx::ModelProto model;
    model.set_ir_version(8);
    model.add_opset_import()->set_version(13);
    onnx::GraphProto *graph = model.mutable_graph();
    for (int i = 0; i < levels; ++i) {
        graph->set_name("level" + std::to_string(i));
        auto *node = graph->add_node();
        node->set_op_type("If");
        node->set_name("if" + std::to_string(i));
        auto *attribute = node->add_attribute();
        attribute->set_name("then_branch");
        attribute->set_type(onnx::AttributeProto::GRAPH);
        graph = attribute->mutable_g();
    }
    graph->add_node()->set_op_type("Identity");
    return model.SerializeAsString();
}

} // namespace

class TestGraphInput : public QObject
{
    Q_OBJECT
private slots:
    void badBytes_data()
    {
        QTest::addColumn<QString>("fileName");
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("fragment");
        QTest::addColumn<int>("line"); // 0 = no line expected

        const QByteArray onnx = readFixture("tiny_infer.onnx");
        const QByteArray ge = readFixture("ge_proto_00001_fixture.txt");
        const QByteArray tf = readFixture("tf_fixture.pbtxt");
        const QByteArray atc = readFixture("atc_fixture.json");

        QTest::newRow("truncated onnx") << "m.onnx" << onnx.left(onnx.size() / 2) << "graph-corrupt"
                                        << "field 7 at byte 19 claims" << 0;
        QTest::newRow("onnx cut by one byte") << "m.onnx" << onnx.chopped(1) << "graph-corrupt"
                                              << "truncated" << 0;
        // Field 7 (graph) claiming 4 GiB in a 12-byte file.
        QTest::newRow("absurd length")
            << "m.onnx" << QByteArray::fromHex("08083affffffff0f0a020a00") << "graph-corrupt"
            << "field 7 at byte 2 claims 4294967295 bytes but only 4 remain" << 0;
        QTest::newRow("json renamed onnx")
            << "m.onnx" << QByteArray("{\"library\": {\"ops\": []}}") << "graph-format"
            << "name says ONNX, but the content is JSON" << 0;
        QTest::newRow("binary garbage") << "g.pb" << QByteArray(64, char(0xff)) << "graph-format"
                                        << "none of the supported graph formats" << 0;
        QTest::newRow("empty") << "e.onnx" << QByteArray() << "graph-empty"
                               << "empty" << 0;
        QTest::newRow("onnx without graph")
            << "m.onnx" << QByteArray::fromHex("0808") << "graph-empty"
            << "has no graph" << 0;
        QTest::newRow("truncated ge dump")
            << "ge_proto_1.txt" << ge.left(ge.indexOf("op {", 200) + 20) << "graph-syntax"
            << "not a valid GE graph dump" << -1;
        QByteArray badNumber = ge;
        badNumber.replace("DT_BF16 shape { dim: 16", "DT_BF16 shape { dim: sixteen");
        QTest::newRow("word for a number") << "ge_proto_2.txt" << badNumber << "graph-syntax"
                                           << "integer" << 15;
        QByteArray badTf = tf;
        badTf.replace("op: \"MatMul\"", "op: MatMul\"");
        QTest::newRow("tf syntax") << "t.pbtxt" << badTf << "graph-syntax"
                                   << "TensorFlow GraphDef text" << -1;
        QTest::newRow("truncated atc json")
            << "m.json" << atc.left(atc.size() - 40) << "graph-syntax"
            << "not valid JSON" << -1;
        QTest::newRow("ge dump without graph")
            << "ge_proto_3.txt" << QByteArray("op { name: \"a\" type: \"Add\" }\n") << "graph-empty"
            << "has no graph" << 0;
    }
    void badBytes()
    {
        QFETCH(QString, fileName);
        QFETCH(QByteArray, bytes);
        QFETCH(QString, code);
        QFETCH(QString, fragment);
        QFETCH(int, line);
        const auto result = loadGraphFromBytes(
            std::string_view(bytes.constData(), std::size_t(bytes.size())), fileName.toStdString());
        QVERIFY(!result.ok());
        const QByteArray text = allDiagnostics(result.diagnostics);
        bool found = false;
        for (const auto &d : result.diagnostics) {
            if (d.severity != Severity::Error || QString::fromStdString(d.code) != code)
                continue;
            found = true;
            QCOMPARE(QString::fromStdString(d.location.file), fileName);
            QVERIFY2(QString::fromStdString(d.message).contains(fragment), text.constData());
            if (line > 0)
                QCOMPARE(d.location.line, line);
            else if (line < 0)
                QVERIFY2(d.location.line > 0 && d.location.column > 0, text.constData());
            break;
        }
        QVERIFY2(found, text.constData());
    }

    void unknownEnumNames()
    {
        // A newer GE may write dtype names we do not declare: read as "other", with a warning.
        QByteArray ge = readFixture("ge_proto_00001_fixture.txt");
        ge.replace("dtype: DT_BF16 shape", "dtype: DT_FLOAT3_NEW shape");
        ge.replace("{ dtype: DT_INT64 }\n    subgraph_name",
                   "{ dtype:DT_INT1_NEW }\n    subgraph_name");
        ge.replace("\"transpose_x1\"",
                   "\"DT_FLOAT3_NEW\""); // a string that merely contains it stays
        const auto result = loadGraphFromBytes(
            std::string_view(ge.constData(), std::size_t(ge.size())), "new.txt");
        QVERIFY2(result.ok(), allDiagnostics(result.diagnostics).constData());
        const Graph &g = *result.graph;
        QCOMPARE(g.nodes()[std::size_t(g.indexOf("w"))].outputs[0].dtype, DType::Other);
        QCOMPARE(g.nodes()[std::size_t(g.indexOf("loop"))].outputs[0].dtype, DType::Other);
        QCOMPARE(g.nodes()[std::size_t(g.indexOf("x"))].outputs[0].dtype, DType::Float32);
        QCOMPARE(result.diagnostics.size(),
                 std::size_t(2)); // missing producer 'ghost', unknown enums
        const Diagnostic &warning = result.diagnostics.front(); // reported while parsing
        QCOMPARE(warning.code, std::string("unknown-enum"));
        QVERIFY(warning.message.find("DT_FLOAT3_NEW, DT_INT1_NEW") != std::string::npos);
    }

    void deepNesting_data()
    {
        QTest::addColumn<int>("levels");
        QTest::addColumn<QString>("code");
        QTest::newRow("ours: 101 levels") << 101 << "graph-too-deep";
        QTest::newRow("protobuf's: 2000 levels") << 2000 << "graph-corrupt"; // no stack overflow
    }
    void deepNesting()
    {
        QFETCH(int, levels);
        QFETCH(QString, code);
        const std::string bytes = nestedIfModel(levels);
        const auto result = loadGraphFromBytes(bytes, "deep.onnx");
        QVERIFY(!result.ok());
        QVERIFY(!result.graph);
        QVERIFY2(!result.diagnostics.empty()
                     && QString::fromStdString(result.diagnostics.back().code) == code,
                 allDiagnostics(result.diagnostics).constData());
        // 100 levels are fine.
        const std::string fine = nestedIfModel(100);
        const auto ok = loadGraphFromBytes(fine, "deep.onnx");
        QVERIFY2(ok.ok(), allDiagnostics(ok.diagnostics).constData());
        QCOMPARE(ok.graph->totalFileNodeCount(), std::size_t(101));
    }

    void fileProblems()
    {
        const auto missing = loadGraph("/nonexistent/model.onnx");
        QVERIFY(!missing.ok());
        QCOMPARE(missing.diagnostics.at(0).code, std::string("graph-read"));
        QCOMPARE(missing.diagnostics.at(0).location.file, std::string("/nonexistent/model.onnx"));

        GraphLoadOptions small;
        small.maxFileBytes = 100;
        const std::string path = testData("graphs/tiny_infer.onnx").toStdString();
        const auto tooLarge = loadGraph(path, OpMap::defaults(), small);
        QVERIFY(!tooLarge.ok());
        QCOMPARE(tooLarge.diagnostics.at(0).code, std::string("graph-too-large"));
        QVERIFY(formatDiagnostic(tooLarge.diagnostics.at(0)).starts_with(path));
    }

    void detection_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<int>("format");
        QTest::newRow("onnx") << readFixture("tiny_infer.onnx") << int(GraphFormat::Onnx);
        QTest::newRow("tf pb") << readFixture("tf_fixture.pb") << int(GraphFormat::TfGraphDef);
        QTest::newRow("tf pbtxt") << readFixture("tf_fixture.pbtxt")
                                  << int(GraphFormat::TfGraphText);
        QTest::newRow("ge proto") << readFixture("ge_proto_00001_fixture.txt")
                                  << int(GraphFormat::GeProto);
        QTest::newRow("ge onnx") << readFixture("ge_onnx_00001_graph_0_fixture.pbtxt")
                                 << int(GraphFormat::OnnxText);
        QTest::newRow("atc json") << readFixture("atc_fixture.json") << int(GraphFormat::AtcJson);
        QTest::newRow("other json") << QByteArray("[1, 2]") << int(GraphFormat::Json);
        QTest::newRow("xml") << QByteArray("<?xml version=\"1.0\"?><net/>")
                             << int(GraphFormat::Unknown);
    }
    void detection()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(int, format);
        QCOMPARE(
            int(detectGraphFormat(std::string_view(bytes.constData(), std::size_t(bytes.size())))),
            format);
    }

    void opMapDefaults()
    {
        const OpMap &map = OpMap::defaults();
        QVERIFY(map.size(Framework::Onnx) > 250);
        QVERIFY(map.size(Framework::TensorFlow) > 700);
        const OpLookup conv = map.lookupOnnx("", "Conv", 13);
        QVERIFY(conv.mapped && conv.opsetMatched);
        QCOMPARE(conv.irType, std::string("Conv2D"));
        QCOMPARE(conv.alternatives, std::vector<std::string> {"Conv3D"});
        QCOMPARE(map.lookupOnnx("ai.onnx", "Gemm", 11).irType, std::string("MatMulV2"));
        QCOMPARE(map.lookupOnnx("", "Squeeze", 11).irType, std::string("Squeeze"));
        QCOMPARE(map.lookupOnnx("", "Squeeze", 13).irType, std::string("SqueezeV3"));
        QCOMPARE(map.lookupOnnx("", "Constant", 21).irType, std::string("Const"));
        QCOMPARE(map.lookupOnnx("npu", "NPURmsNorm", 1).irType, std::string("RmsNorm"));
        QVERIFY(!map.lookupOnnx("", "Loop", 13).mapped);
        QCOMPARE(map.lookupOnnx("", "Loop", 13).irType, std::string("Loop"));
        const OpLookup newer = map.lookupOnnx("", "Add", 19); // registrations stop at 18
        QVERIFY(newer.mapped);
        QVERIFY(!newer.opsetMatched);
        QCOMPARE(newer.irType, std::string("Add"));
        QCOMPARE(map.lookupTensorFlow("MatMul").irType, std::string("MatMulV2"));
        QCOMPARE(map.lookupTensorFlow("Placeholder").irType, std::string("Data"));
        QVERIFY(map.lookupTensorFlow("Conv2D").mapped);
        QVERIFY(!map.lookupTensorFlow("PriorBox").mapped);
    }

    void opMapOverride()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("mine.tsv");
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(
            "# my plugins\n[onnx]\nLoop\tWhile\t*\nConv\tMyConv\nMyCustomOp\tMyIr\t1\tmy.domain\n"
            "[tensorflow]\nPriorBox\t=\n");
        file.close();
        OpMap map = OpMap::defaults();
        const auto diagnostics = map.loadOverride(path.toStdString());
        QVERIFY2(diagnostics.empty(), allDiagnostics(diagnostics).constData());
        QCOMPARE(map.lookupOnnx("", "Loop", 13).irType, std::string("While"));
        const OpLookup conv = map.lookupOnnx("", "Conv", 13);
        QCOMPARE(conv.irType, std::string("MyConv"));
        QVERIFY(conv.alternatives.empty());
        QVERIFY(map.lookupTensorFlow("PriorBox").mapped);
        QCOMPARE(map.lookupOnnx("", "Relu", 13).irType, std::string("Relu")); // defaults stay

        // The importer uses the map it is given.
        const auto result = loadGraph(testData("graphs/tiny_infer.onnx").toStdString(), map);
        QVERIFY(result.ok());
        const Node &custom = result.graph->nodes()[std::size_t(result.graph->indexOf("custom"))];
        QVERIFY(custom.mapped);
        QCOMPARE(custom.opType, std::string("MyIr"));

        const auto missing = map.loadOverride("/nonexistent/map.tsv");
        QCOMPARE(missing.size(), std::size_t(1));
        QCOMPARE(missing[0].code, std::string("input-missing"));
    }

    void opMapMalformed_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("fragment");
        QTest::newRow("outside section")
            << QByteArray("Conv\tConv2D\n") << 1 << 1 << "outside a section";
        QTest::newRow("unknown section")
            << QByteArray("# c\n[caffe]\n") << 2 << 1 << "unknown section";
        QTest::newRow("one column") << QByteArray("[onnx]\nConv\n") << 2 << 1 << "found 1";
        QTest::newRow("tf with opsets")
            << QByteArray("[tensorflow]\nA\tB\t1\n") << 2 << 1 << "expected 2";
        QTest::newRow("bad opsets")
            << QByteArray("[onnx]\nConv\tConv2D\t8-x\n") << 2 << 13 << "opset list";
        QTest::newRow("reversed range")
            << QByteArray("[onnx]\n\nConv\tConv2D\t18-8\n") << 3 << 13 << "opset list";
        QTest::newRow("space in op")
            << QByteArray("[onnx]\nMy Op\tX\n") << 2 << 1 << "invalid op type";
        QTest::newRow("bad ir type")
            << QByteArray("[onnx]\nConv\t|X\n") << 2 << 6 << "invalid Ascend IR type";
    }
    void opMapMalformed()
    {
        QFETCH(QByteArray, text);
        QFETCH(int, line);
        QFETCH(int, column);
        QFETCH(QString, fragment);
        OpMap map;
        const auto diagnostics = map.loadText(text.toStdString(), "user.tsv");
        QCOMPARE(diagnostics.size(), std::size_t(1));
        const Diagnostic &d = diagnostics[0];
        QCOMPARE(d.code, std::string("opmap-syntax"));
        QCOMPARE(d.location.file, std::string("user.tsv"));
        QCOMPARE(d.location.line, line);
        QCOMPARE(d.location.column, column);
        QVERIFY2(QString::fromStdString(d.message).contains(fragment), d.message.c_str());
        QVERIFY(!d.hint.empty());
    }
};

QTEST_GUILESS_MAIN(TestGraphInput)
#include "tst_graphinput.moc"
