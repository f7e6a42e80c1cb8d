// The hand-written scanner for GE text dumps against protobuf's TextFormat (the path it speeds
// up): on every real dump in ../shared/data and on our fixtures it must accept and read exactly
// what TextFormat reads; on odd but valid text the same; and whatever it is unsure of it declines
// (the importer then runs TextFormat, so errors are worded as before).
#include "graph/geimporter.h"
#include "graph/getextscanner.h"

#include "shareddata.h"

#include <QDir>
#include <QTest>

using namespace opsinfo;

namespace {

// Everything convertGeModel reads, one line per graph and op.
std::string describe(const GeModel &model)
{
    auto strings = [&](GeRange range) {
        std::string text;
        for (std::string_view s : model.stringsAt(range))
            text += "'" + std::string(s) + "' ";
        return text;
    };
    auto descs = [&](GeRange range) {
        std::string text;
        for (const GeTensorDesc &d : model.descsAt(range)) {
            text += "{'" + std::string(d.name) + "' " + std::to_string(int(d.dtype)) + " [";
            for (std::int64_t dim : model.dimsAt(d.dims))
                text += std::to_string(dim) + ",";
            text += "]} ";
        }
        return text;
    };
    std::string text = "model '" + std::string(model.name) + "'\n";
    for (const GeGraphDef &graph : model.graphs) {
        text += "graph '" + std::string(graph.name) + "' in " + strings(graph.inputs) + "out "
            + strings(graph.outputs) + "\n";
        for (const GeOpDef &op : model.opsOf(graph))
            text += "  op '" + std::string(op.name) + "' '" + std::string(op.type) + "' in "
                + strings(op.inputs) + "sub " + strings(op.subgraphNames) + "idesc "
                + descs(op.inputDescs) + "odesc " + descs(op.outputDescs) + "\n";
    }
    return text;
}

// TextFormat's reading, as importGeProto's fallback runs it; empty when it refuses the text.
std::optional<std::string> viaTextFormat(std::string_view text)
{
    std::vector<Diagnostic> diagnostics;
    ImportContext context {"t.txt", OpMap::defaults(), {}, diagnostics};
    geir::ModelDef proto;
    if (!parseTextProto(text, proto, context, "GE graph dump") || !diagnostics.empty())
        return std::nullopt;
    return describe(geModelFromProto(proto));
}

QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void verifySame(const QByteArray &text)
{
    const std::string_view view(text.constData(), std::size_t(text.size()));
    GeModel scanned;
    QVERIFY2(scanGeModelText(view, scanned), "the scanner declined");
    const auto expected = viaTextFormat(view);
    QVERIFY2(expected, "TextFormat refuses what the scanner accepted");
    QCOMPARE(QString::fromStdString(describe(scanned)), QString::fromStdString(*expected));
}

const char *kOp = "graph { name: \"g\"\n op { name: \"a\" type: \"Add\" input: \"x:0\"\n"
                  "  input_desc { dtype: DT_FLOAT shape { dim: 1 dim: -1 } layout: \"ND\" }\n"
                  "  output_desc { dtype: DT_FLOAT16 } }\n}\n";

} // namespace

class TestGeTextScanner : public QObject
{
    Q_OBJECT
private slots:
    void realDumps_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("fixture") << testData("graphs/ge_proto_00001_fixture.txt");
        const QDir real(sharedData("graphs/ge_dump"));
        for (const QString &name : real.entryList({"*.txt"}, QDir::Files))
            QTest::newRow(qPrintable(name)) << real.filePath(name);
    }
    void realDumps()
    {
        QFETCH(QString, file);
        const QByteArray text = readFile(file);
        QVERIFY(!text.isEmpty());
        verifySame(text);
    }

    void oddButValid_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::newRow("the basic op") << QByteArray(kOp);
        QTest::newRow("empty text") << QByteArray();
        QTest::newRow("only comments") << QByteArray("# a dump\n  # nothing else\n");
        QTest::newRow("a graph without ops") << QByteArray("name: \"m\" graph { name: \"g\" }");
        QTest::newRow("colons before braces, separators") << QByteArray(
            "graph: { name: \"g\"; op: { name: \"a\", type: \"Relu\"; input: \"x:0\", }; },");
        QTest::newRow("escapes and adjacent literals") << QByteArray(
            "graph { op { name: \"a\\\"b\\\\c\\x41\\101\\n\" 'more\\'' \"\" type: 'Re' \"lu\" } }");
        QTest::newRow("repeated fields interleaved") << QByteArray(
            "graph { input: \"i\" op { input: \"p:0\" output_desc { dtype: DT_INT32 } "
            "subgraph_name: \"s1\" input_desc { dtype: DT_BF16 } input: \"q:1\" "
            "output_desc { dtype: DT_BOOL } subgraph_name: \"s2\" input_desc { } name: \"n\" } "
            "output: \"n:0\" input: \"j\" op { name: \"m\" } output: \"m:0\" }");
        QTest::newRow("a singular field twice: the last wins; a shape twice: merged") << QByteArray(
            "graph { op { name: \"a\" name: \"b\" input_desc { dtype: DT_FLOAT dtype: DT_INT8 "
            "shape { dim: 1 } name: \"t\" shape { dim: 2 dim: 3 } } } name: \"g1\" name: \"g2\" }");
        QTest::newRow("unknown fields of every kind") << QByteArray(
            "version: 3 weird_float: -1.5e-3f flag: true ident: SOME_ENUM neg: - 7 s: \"x\" 'y'\n"
            "blob { a { b { c: 1 } } d: 2.5 } blob2: { e: \"\" }\n"
            "graph { id: 4 attr { key: \"k\" } op { has_out_attr: true id: 19 size: 75264 "
            "input_desc { attr { key: \"origin_shape\" value { list { i: 1 i: 2 val_type: VT_LIST_INT } } } "
            "device_type: \"NPU\" real_dim_cnt: 4 } } }");
        QTest::newRow("separators inside an unknown message")
            << QByteArray("blob { a: 1; b { c: \"x\", }; d: 2, } graph { name: \"g\" }");
        QTest::newRow("op attributes of each value type") << QByteArray(
            "graph { op { name: \"c\" type: \"Cast\" attr { key: \"s\" value { s: \"str\" } } "
            "attr { value { i: -9223372036854775807 } key: \"i\" } attr { key: \"f\" value { f: 0.5 } } "
            "attr { key: \"f2\" value { f: 3 } } attr { key: \"b\" value { b: false } } "
            "attr { key: \"b1\" value { b: 1 } } attr { key: \"t\" value { b: t } } "
            "attr { key: \"dt\" value { dt: 1 } } attr { key: \"l\" value { list { s: \"a\" } func { } } } } }");
        QTest::newRow("several graphs (subgraphs by name)") << QByteArray(
            "graph { name: \"main\" op { name: \"if\" type: \"If\" subgraph_name: \"then\" } }\n"
            "graph { name: \"then\" op { name: \"t\" type: \"Relu\" } }");
        QTest::newRow("every dtype spelling of GE's proto") << QByteArray(
            "graph { op { output_desc { dtype: DT_UNDEFINED } output_desc { dtype: DT_DUAL } "
            "output_desc { dtype: DT_FLOAT8_E4M3FN } output_desc { dtype: DT_HIFLOAT8 } } }");
        QTest::newRow("CRLF, tabs, vertical tab and form feed between tokens")
            << QByteArray("graph\t{\r\n\v\fop {\r\n name:\t\"a\"\r\n}\r\n}\r\n");
    }
    void oddButValid()
    {
        QFETCH(QByteArray, text);
        verifySame(text);
    }

    void declined_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::newRow("unclosed graph") << QByteArray(kOp).chopped(2);
        QTest::newRow("a closing brace too many") << QByteArray(kOp) + "}";
        QTest::newRow("unknown dtype name")
            << QByteArray("graph { op { input_desc { dtype: DT_NEW } } }");
        QTest::newRow("dtype as a number")
            << QByteArray("graph { op { input_desc { dtype: 1 } } }");
        QTest::newRow("a word for a dim")
            << QByteArray("graph { op { input_desc { shape { dim: sixteen } } } }");
        QTest::newRow("a float dim")
            << QByteArray("graph { op { input_desc { shape { dim: 1.5 } } } }");
        QTest::newRow("a dim beyond int64")
            << QByteArray("graph { op { input_desc { shape { dim: 99999999999999999999 } } } }");
        QTest::newRow("a hex dim")
            << QByteArray("graph { op { input_desc { shape { dim: 0x10 } } } }");
        QTest::newRow("list syntax") << QByteArray("graph { op { input: [\"a\", \"b\"] } }");
        QTest::newRow("angle brackets") << QByteArray("graph < op < name: \"a\" > >");
        QTest::newRow("an extension") << QByteArray("graph { [ext.field]: 1 }");
        QTest::newRow("a string over a line break") << QByteArray("graph { name: \"a\nb\" }");
        QTest::newRow("a \\u escape") << QByteArray("graph { name: \"\\u00e9\" }");
        QTest::newRow("a bad escape") << QByteArray("graph { name: \"\\q\" }");
        QTest::newRow("a name that is not a string") << QByteArray("graph { name: g }");
        QTest::newRow("a missing colon") << QByteArray("graph { name \"g\" }");
        QTest::newRow("two oneof members")
            << QByteArray("graph { op { attr { key: \"k\" value { i: 1 s: \"x\" } } } }");
        QTest::newRow("a bool that is not one")
            << QByteArray("graph { op { attr { value { b: yes } } } }");
        QTest::newRow("a number glued to a word") << QByteArray("id: 12abc");
        QTest::newRow("-inf") << QByteArray("x: -inf");
        QTest::newRow("a byte-order mark") << QByteArray("\xef\xbb\xbfgraph { }");
        QTest::newRow("a NUL byte") << QByteArray("graph { }\0", 10);
        // fuzz_ge_text_scanner: a comment ends at a NUL byte for the tokenizer (which then refuses
        // it)
        QTest::newRow("a NUL byte in a comment") << QByteArray("# \0\0{rlist {", 13);
        // fuzz_ge_text_scanner: TextFormat takes no ';' or ',' after an unknown field of a message
        // it reads (it does inside an unknown one)
        QTest::newRow("';' after an unknown top-level field") << QByteArray("ipra:ra; ");
        QTest::newRow("',' after an unknown field of the graph") << QByteArray("graph { id: 4, }");
        QTest::newRow("';' after an unknown message of an op")
            << QByteArray("graph { op { blob { } ; } }");
        QTest::newRow("deep nesting")
            << QByteArray("x ") + QByteArray(100, '{') + QByteArray(100, '}');
    }
    void declined()
    {
        QFETCH(QByteArray, text);
        GeModel scanned;
        QVERIFY(!scanGeModelText(std::string_view(text.constData(), std::size_t(text.size())),
                                 scanned));
    }
};

QTEST_GUILESS_MAIN(TestGeTextScanner)
#include "tst_getextscanner.moc"
