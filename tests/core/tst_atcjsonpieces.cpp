// A large ATC JSON file is indexed one piece of its main op array at a time: each row reads a file
// in pieces of several sizes and must give exactly the graph and the diagnostics of a whole read,
// on every real ATC file (atc's indented layout), on compact files in protobuf's field order with
// a subgraph after the main graph (a cut past the main ops is read again as the file's rest), and
// on broken files (the pieces give up and the whole read reports the error with its position).
#include "graph/atcjsonpieces.h"
#include "graph/graphloader.h"

#include "shareddata.h"

#include <QDir>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace opsinfo;

namespace {

// Everything a read gives: nodes with their lists, graph inputs and outputs, subgraphs, then the
// diagnostics.
void describeGraph(const Graph &graph, std::string &text)
{
    text += "graph " + graph.name + " inputs";
    for (const std::string &input : graph.inputs)
        text += " " + input;
    text += " outputs";
    for (const std::string &output : graph.outputs)
        text += " " + output;
    text += "\n";
    for (const Node &node : graph.nodes()) {
        text.append(node.name).append("=").append(node.opType).append("(");
        for (const NodeInput &in : node.inputs) {
            text.append(in.producerName).append(":").append(std::to_string(in.outputIndex));
            text.append(" ").append(std::to_string(int(in.dtype))).append(" [");
            for (std::int64_t d : in.shape)
                text.append(std::to_string(d)).append(",");
            text += "] ";
        }
        for (std::string_view control : node.controlInputs)
            text.append("^").append(control).append(" ");
        text += ") -> (";
        for (const NodeOutput &out : node.outputs) {
            text.append(out.name).append(" ").append(std::to_string(int(out.dtype))).append(" [");
            for (std::int64_t d : out.shape)
                text.append(std::to_string(d)).append(",");
            text += "] ";
        }
        text += ")\n";
        for (const auto &sub : node.subgraphs)
            describeGraph(*sub, text);
    }
}

std::string describeResult(const GraphLoadResult &result, bool withDiagnostics = true)
{
    std::string text;
    if (result.graph)
        describeGraph(*result.graph, text);
    for (const Diagnostic &d : result.diagnostics)
        text += withDiagnostics ? formatDiagnostic(d) + "\n" : "";
    return text;
}

std::string desc(int width)
{
    return "{\"dtype\":\"DT_FLOAT16\",\"layout\":\"ND\",\"shape\":{\"dim\":[1,"
        + std::to_string(width) + "]}}";
}

// (No raw string literals in this file: moc does not see a class after one.)
// ATC's ModelDef in protobuf's field order, compact: a chain of `ops` ops, one an If naming a
// body of `bodyOps` ops that follows the main graph.
QByteArray compactModel(int ops, int bodyOps)
{
    std::string json
        = "{\"name\":\"model\",\"version\":1,\"graph\":[{\"name\":\"main\",\"input\":[\"x:0\"],"
          "\"output\":[\"op"
        + std::to_string(ops - 1) + ":0\"],\"op\":[{\"name\":\"x\",\"type\":\"Data\",\"input\":[],"
        + "\"output_desc\":[" + desc(8) + "]}";
    for (int i = 1; i < ops; ++i) {
        const std::string producer = i == 1 ? "x" : "op" + std::to_string(i - 1);
        json += ",{\"name\":\"op" + std::to_string(i) + "\",\"type\":\""
            + (i == ops / 2 ? "If"
                   : i % 3  ? "Relu"
                            : "MatMulV2")
            + "\",\"input\":[\"" + producer + ":0\"" + (i % 7 == 0 ? ",\"x:-1\"" : "")
            + "],\"input_desc\":[" + desc(i % 5 + 1) + "],\"output_desc\":[" + desc(i % 5 + 2) + "]"
            + (i == ops / 2 && bodyOps > 0 ? ",\"subgraph_name\":[\"body\"]" : "")
            + ",\"attr\":[{\"key\":\"_note\",\"value\":{\"s\":\"a \\\"quoted\\\" },{\\\"name\\\":\\\"x\\\" text\"}}]}";
    }
    json += "]}";
    if (bodyOps > 0) {
        json += ",{\"name\":\"body\",\"op\":[{\"name\":\"b0\",\"type\":\"Data\",\"input\":[]}";
        for (int i = 1; i < bodyOps; ++i)
            json += ",{\"name\":\"b" + std::to_string(i) + "\",\"type\":\"Abs\",\"input\":[\"b"
                + std::to_string(i - 1) + ":0\"],\"output_desc\":[" + desc(3) + "]}";
        json += "]}";
    }
    json += "],\"attr\":[{\"key\":\"soc_version\",\"value\":{\"s\":\"Ascend910B\"}}]}";
    return QByteArray::fromStdString(json);
}

// The same as atc --json lays it out: indented, keys sorted (Qt sorts an object's keys).
QByteArray indented(const QByteArray &compact)
{
    return QJsonDocument::fromJson(compact).toJson(QJsonDocument::Indented);
}

GraphLoadResult readBytes(const QByteArray &bytes, std::size_t pieceBytes)
{
    GraphLoadOptions options;
    options.atcJsonPieceBytes = pieceBytes;
    return loadGraphFromBytes(std::string_view(bytes.constData(), std::size_t(bytes.size())),
                              "m.json", OpMap::defaults(), options);
}

} // namespace

class TestAtcJsonPieces : public QObject
{
    Q_OBJECT

private slots:
    void piecesReadAsWhole_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<bool>("pieced"); // whether the pieces read it (else the whole read)
        const QByteArray withBody = compactModel(400, 120);
        QTest::newRow("compact, subgraph after the main graph") << withBody << true;
        QTest::newRow("compact, no subgraph") << compactModel(400, 0) << true;
        QTest::newRow("indented, keys sorted") << indented(withBody) << true;
        QByteArray duplicate = withBody; // warned in the order of the ops, across pieces
        duplicate.replace(duplicate.indexOf("{\"name\":\"op300\""), 15, "{\"name\":\"op100\"");
        QTest::newRow("compact, two ops of one name") << duplicate << true;
        // The messages of the ops before a late name would name the graph otherwise.
        QByteArray lateName = duplicate;
        lateName.replace(lateName.indexOf("\"name\":\"main\","), 14, "");
        lateName.replace(lateName.indexOf("]},{\"name\":\"body\""), 2, "],\"name\":\"late\"}");
        QTest::newRow("compact, the graph's name after its ops") << lateName << false;
        QByteArray missingComma = withBody;
        missingComma.replace(missingComma.indexOf("},{\"name\":\"op200\""), 3, "}{");
        QTest::newRow("compact, a comma missing between ops") << missingComma << false;
        QByteArray truncated = indented(withBody);
        truncated.truncate(truncated.size() * 2 / 3);
        QTest::newRow("indented, cut off") << truncated << false;
        QByteArray notJson = withBody;
        notJson.replace(notJson.indexOf("\"type\":\"Relu\"", notJson.size() / 2), 6, "\"type:");
        QTest::newRow("compact, broken in the middle") << notJson << false;
        const QDir real(sharedData("graphs/om_json"));
        for (const QString &name : real.entryList({"*.json"}, QDir::Files)) {
            QFile file(real.filePath(name));
            QVERIFY(file.open(QIODevice::ReadOnly));
            const QByteArray bytes = file.readAll();
            // The smallest real file has no op after the first piece's worth of bytes.
            QTest::newRow(qPrintable(name)) << bytes << (bytes.size() > 16 * 1024);
        }
    }

    void piecesReadAsWhole()
    {
        QFETCH(QByteArray, json);
        QFETCH(bool, pieced);
        const std::string whole = describeResult(readBytes(json, 0));
        QVERIFY(whole.starts_with("graph ") || !pieced); // a graph to compare with
        for (std::size_t pieceBytes : {std::size_t(512), std::size_t(3000), std::size_t(8192)}) {
            if (json.size() < qsizetype(2 * pieceBytes))
                continue;
            const std::size_t readsBefore = atcJsonPieceReads();
            const std::string inPieces = describeResult(readBytes(json, pieceBytes));
            QCOMPARE(inPieces, whole);
            QCOMPARE(atcJsonPieceReads() > readsBefore, pieced);
        }
    }

    // From a mapped file (the pages given back behind the pieces) the same as from memory.
    void mappedFileReadsInPieces()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("model.json");
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        const QByteArray json = indented(compactModel(3000, 200));
        file.write(json);
        file.close();
        GraphLoadOptions options;
        options.atcJsonPieceBytes = 64 * 1024;
        const std::size_t readsBefore = atcJsonPieceReads();
        const GraphLoadResult mapped = loadGraph(path.toStdString(), OpMap::defaults(), options);
        QCOMPARE(atcJsonPieceReads(), readsBefore + 1);
        QVERIFY(mapped.ok());
        QCOMPARE(mapped.graph->nodes().size(), std::size_t(3000));
        // (the diagnostics name the file, which differs)
        QCOMPARE(describeResult(mapped, false), describeResult(readBytes(json, 0), false));
    }

    // The conversion finds a graph's names by their pool position: two ops of one name are told
    // apart and the second renamed, also in a subgraph whose name is a node of the graph around
    // it (pooled before the subgraph began).
    void subgraphDuplicateOfOuterName()
    {
        const QByteArray json
            = "{\"graph\":[{\"name\":\"main\",\"op\":[{\"name\":\"x\",\"type\":\"Data\"},"
              "{\"name\":\"y\",\"type\":\"Relu\",\"input\":[\"x:0\"]},{\"name\":\"y\",\"type\":\"Relu\","
              "\"input\":[\"y:0\"]},{\"name\":\"if\",\"type\":\"If\",\"input\":[\"x:0\"],\"subgraph_name\":[\"body\"]}]},"
              "{\"name\":\"body\",\"op\":[{\"name\":\"x\",\"type\":\"Data\"},"
              "{\"name\":\"x\",\"type\":\"Relu\",\"input\":[\"x:0\"]}]}]}";
        const GraphLoadResult result = readBytes(json, 0);
        QVERIFY(result.graph);
        // In the main graph, a second "y" reading the first.
        const Graph &main = *result.graph;
        QCOMPARE(main.nodes()[2].name, std::string_view("y#2"));
        QCOMPARE(main.nodes()[2].inputs[0].producer, 1);
        const Graph &body = *main.nodes()[3].subgraphs.at(0);
        QCOMPARE(body.nodes().size(), std::size_t(2));
        QCOMPARE(body.nodes()[1].name, std::string_view("x#1"));
        QCOMPARE(body.nodes()[1].inputs[0].producer, 0);
        QVERIFY(describeResult(result).find("duplicate-node") != std::string::npos);
    }

    // An input without a descriptor reads its producer's output dtype, whether the producer comes
    // before the consumer (linked as the op is read) or after it (linked at the end).
    void inputDtypeFromProducerBeforeOrAfter()
    {
        const QByteArray json
            = "{\"graph\":[{\"name\":\"main\",\"op\":[{\"name\":\"a\",\"type\":\"Data\","
              "\"output_desc\":[{\"dtype\":\"DT_BF16\"}]},"
              "{\"name\":\"b\",\"type\":\"Relu\",\"input\":[\"a:0\"]},"
              "{\"name\":\"c\",\"type\":\"Add\",\"input\":[\"b:0\",\"d:0\",\"gone:0\"]},"
              "{\"name\":\"d\",\"type\":\"Const\",\"output_desc\":[{\"dtype\":\"DT_INT32\"}]}]}]}";
        const GraphLoadResult result = readBytes(json, 0);
        QVERIFY(result.graph);
        const Graph &g = *result.graph;
        QCOMPARE(g.nodes()[1].inputs[0].producer, 0);
        QCOMPARE(g.nodes()[1].inputs[0].dtype, DType::BFloat16);
        QCOMPARE(g.nodes()[2].inputs[0].dtype, DType::Undefined); // b states no output dtype
        QCOMPARE(g.nodes()[2].inputs[1].producer, 3);
        QCOMPARE(g.nodes()[2].inputs[1].dtype, DType::Int32);
        QCOMPARE(g.nodes()[2].inputs[2].producer, -1);
        QVERIFY(describeResult(result).find("'gone'") != std::string::npos);
    }

    void cutsAreOpBoundaries_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::newRow("compact") << compactModel(300, 50);
        QTest::newRow("indented") << indented(compactModel(300, 50));
    }

    void cutsAreOpBoundaries()
    {
        QFETCH(QByteArray, json);
        const std::string_view bytes(json.constData(), std::size_t(json.size()));
        const std::vector<std::size_t> cuts = findOpCuts(bytes, 1000);
        QVERIFY(cuts.size() > 5);
        for (std::size_t k = 0; k < cuts.size(); ++k) {
            QCOMPARE(bytes[cuts[k]], ',');
            QCOMPARE(bytes.substr(0, cuts[k]).find_last_not_of(" \n"),
                     bytes.substr(0, cuts[k]).rfind('}'));
            if (k > 0)
                QVERIFY(cuts[k] >= cuts[k - 1] + 1000);
        }
        QVERIFY(findOpCuts(bytes, 0).empty());
        QVERIFY(findOpCuts("{\"graph\":[]}", 4).empty());
    }
};

QTEST_APPLESS_MAIN(TestAtcJsonPieces)
#include "tst_atcjsonpieces.moc"
