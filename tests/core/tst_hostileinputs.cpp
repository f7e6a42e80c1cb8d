// Hostile and broken inputs (issue 5): every parser the app opens user files with gets deep
// nesting, absurd length claims, wrong content for the extension, empty files, junk and invalid
// UTF-8, and must answer with an error naming the file (and a position where there is one) and
// what to do, within bounded time and memory.
#include "graph/graphloader.h"
#include "library/libraryloader.h"
#include "mixlist/dtypeoverrides.h"
#include "mixlist/mixlist.h"
#include "resolver/resolver.h"
#include "shareddata.h"

#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <sys/resource.h>

using namespace opsinfo;

namespace {

// The process's peak resident set so far, in MiB (it only grows, so a growth across one call is
// an upper bound of what that call held at once beyond what was held before).
long peakRssMiB()
{
    struct rusage usage = {};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss / 1024;
}

QByteArray nested(int levels, const QByteArray &open, const QByteArray &close,
                  const QByteArray &inner = "1")
{
    return open.repeated(levels) + inner + close.repeated(levels);
}

// Protobuf varint.
QByteArray varint(quint64 value)
{
    QByteArray out;
    do {
        char byte = char(value & 0x7f);
        value >>= 7;
        if (value)
            byte = char(byte | 0x80);
        out.append(byte);
    } while (value);
    return out;
}

constexpr quint64 oneGiB = quint64(1) << 30;

QString describe(const std::vector<Diagnostic> &diagnostics)
{
    QStringList lines;
    for (const Diagnostic &d : diagnostics)
        lines << QString::fromStdString(formatDiagnostic(d));
    return lines.join('\n');
}

// The first error, which must name `file`, say what is wrong (with `fragment`) and what to do.
void verifyClearError(const std::vector<Diagnostic> &diagnostics, const std::string &file,
                      const QString &fragment)
{
    const QString all = describe(diagnostics);
    auto it = std::find_if(diagnostics.begin(), diagnostics.end(),
                           [](const Diagnostic &d) { return d.severity == Severity::Error; });
    QVERIFY2(it != diagnostics.end(), qPrintable("no error in:\n" + all));
    QCOMPARE(it->location.file, file);
    QVERIFY2(QString::fromStdString(it->message + " " + it->hint)
                 .contains(fragment, Qt::CaseInsensitive),
             qPrintable("expected '" + fragment + "' in:\n" + all));
    QVERIFY2(!it->hint.empty() || it->message.size() > 40, qPrintable("no advice in:\n" + all));
}

enum class Parser { Library, MixlistStrict, MixlistLenient, KeepDtype, CustomizeDtypes, Graph };

} // namespace

class TestHostileInputs : public QObject
{
    Q_OBJECT
private:
    QTemporaryDir m_tmp;

    std::vector<Diagnostic> run(Parser parser, const QByteArray &bytes, const std::string &file)
    {
        const std::string_view text(bytes.constData(), std::size_t(bytes.size()));
        switch (parser) {
        case Parser::Library: {
            QFile f(QString::fromStdString(file));
            if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate)
                || f.write(bytes) != bytes.size())
                return {};
            f.close();
            return loadLibraryFile(file).diagnostics;
        }
        case Parser::MixlistStrict:
            return parseMixlistStrict(text, file).diagnostics;
        case Parser::MixlistLenient:
            return parseMixlistLenient(text, file).diagnostics;
        case Parser::KeepDtype: {
            std::vector<Diagnostic> d;
            parseKeepDtype(text, file, d);
            return d;
        }
        case Parser::CustomizeDtypes: {
            std::vector<Diagnostic> d;
            parseCustomizeDtypes(text, file, d);
            return d;
        }
        case Parser::Graph:
            return loadGraphFromBytes(text, file).diagnostics;
        }
        return {};
    }

private slots:
    void initTestCase() { QVERIFY(m_tmp.isValid()); }

    void rejected_data()
    {
        QTest::addColumn<int>("parser");
        QTest::addColumn<QString>("fileName");
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("fragment"); // in the first error's message or hint
        QTest::addColumn<int>("line"); // of the first error; -1: not checked

        const int deep = 100000;
        const QByteArray onnx = [] {
            QFile f(testData("graphs/tiny_infer.onnx"));
            return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
        }();
        const QByteArray notUtf8
            = "{\n    \"Mat\xff\xfeMul\":{\n        \"precision_reduce\":{\"flag\":\"true\"}\n    }\n}";

        // --- ops-info library files (through the loader, from disk)
        const int lib = int(Parser::Library);
        QTest::newRow("library: 100k nested arrays")
            << lib << "deep1.json" << nested(deep, "[", "]") << "" << -1;
        QTest::newRow("library: 100k nested objects in an op")
            << lib << "deep2.json"
            << "{\"A\":" + nested(deep, "{\"a\":", "}") + "}"
            << "" << -1;
        QTest::newRow("library: empty file") << lib << "empty.json" << QByteArray() << "" << 1;
        QTest::newRow("library: binary junk")
            << lib << "junk.json" << QByteArray(4096, '\x9c') << "" << 1;
        QTest::newRow("library: an ONNX model named .json")
            << lib << "model.json" << onnx << "" << 1;
        QTest::newRow("library: invalid UTF-8 in an op name")
            << lib << "utf8.json" << notUtf8 << "UTF-8" << 2;
        QTest::newRow("library: a JSON array")
            << lib << "array.json" << QByteArray("[1,2]") << "" << 1;
        QTest::newRow("library: NUL bytes") << lib << "nul.json" << QByteArray(64, '\0') << "" << 1;

        // --- modify_mixlist
        const int strict = int(Parser::MixlistStrict);
        const int lenient = int(Parser::MixlistLenient);
        for (int parser : {strict, lenient}) {
            const QString p = parser == strict ? "strict" : "lenient";
            QTest::newRow(qPrintable("mixlist " + p + ": 100k nested arrays"))
                << parser << "mix.json" << nested(deep, "[", "]") << "nest" << 1;
            QTest::newRow(qPrintable("mixlist " + p + ": 100k nested in a list"))
                << parser << "mix.json"
                << "{\"black-list\":{\"to-add\":" + nested(deep, "[", "]") + "}}"
                << "nest" << 1;
            QTest::newRow(qPrintable("mixlist " + p + ": empty"))
                << parser << "mix.json" << QByteArray() << "" << -1;
            QTest::newRow(qPrintable("mixlist " + p + ": binary junk"))
                << parser << "mix.json" << QByteArray(4096, '\x9c') << "" << 1;
            QTest::newRow(qPrintable("mixlist " + p + ": an ONNX model"))
                << parser << "mix.json" << onnx << "" << 1;
            QTest::newRow(qPrintable("mixlist " + p + ": invalid UTF-8 in an op name"))
                << parser << "mix.json"
                << QByteArray("{\"black-list\":{\"to-add\":[\"Mat\xc3\x28Mul\"]}}") << "UTF-8" << 1;
        }
        // (lenient merges a duplicate key with a warning: that is its job)
        QTest::newRow("mixlist strict: duplicate list key")
            << strict << "mix.json"
            << QByteArray(
                   "{\"black-list\":{\"to-add\":[\"A\"]},\n\"black-list\":{\"to-add\":[\"B\"]}}")
            << "" << 2;

        // --- keep_dtype / customize_dtypes: line-based, but still not junk or endless lines
        QTest::newRow("keep_dtype: binary junk")
            << int(Parser::KeepDtype) << "keep.cfg" << QByteArray(4096, '\x9c') << "" << 1;
        QTest::newRow("customize_dtypes: 1 MB line")
            << int(Parser::CustomizeDtypes) << "custom.cfg"
            << "OpType::MatMul:InputDtype:" + QByteArray(1 << 20, 'f') << "1024" << 1;
        QTest::newRow("customize_dtypes: junk")
            << int(Parser::CustomizeDtypes) << "custom.cfg" << QByteArray(100, '\x9c') << "" << 1;

        // --- graphs
        const int graph = int(Parser::Graph);
        QTest::newRow("atc json: 100k nested arrays")
            << graph << "m.json"
            << "{\"graph\":" + nested(deep, "[", "]") + "}"
            << "" << -1;
        QTest::newRow("atc json: 100k nested objects, cut off")
            << graph << "m.json"
            << "{\"graph\":[{\"op\":" + nested(deep, "{\"a\":", "}") + "]}"
            << "" << 1;
        // ModelProto.producer_name (field 2) claiming 1 GiB, then a few bytes.
        QTest::newRow("onnx: 1 GiB string claimed")
            << graph << "m.onnx" << QByteArray("\x08\x07\x12", 3) + varint(oneGiB) + "abc"
            << "" << -1;
        // ModelProto.graph (7) claiming 1 GiB of nodes.
        QTest::newRow("onnx: 1 GiB graph claimed") << graph << "m.onnx"
                                                   << "\x08\x07\x3a" + varint(oneGiB) + "\x0a\x00"
                                                   << "" << -1;
        // A repeated packed field (TensorProto.dims inside an initializer) claiming 1 GiB of
        // varints.
        QTest::newRow("onnx: 1 GiB packed array claimed")
            << graph << "m.onnx"
            << "\x08\x07\x3a\x0a\x2a\x08\x0a" + varint(oneGiB) + "\x01\x02"
            << "" << -1;
        // GraphDef.node (1) claiming 1 GiB; NodeDef.name claiming 1 GiB inside a real node.
        QTest::newRow("tf pb: 1 GiB node claimed") << graph << "g.pb"
                                                   << "\x0a" + varint(oneGiB) + "\x0a\x01x"
                                                   << "" << -1;
        QTest::newRow("tf pb: 1 GiB name claimed")
            << graph << "g.pb"
            << "\x0a\x0a\x0a" + varint(oneGiB) + "abc\x12\x03" + "Add"
            << "" << -1;
        QTest::newRow("graph: empty") << graph << "g.onnx" << QByteArray() << "empty" << -1;
        QTest::newRow("graph: binary junk")
            << graph << "g.pb" << QByteArray(4096, '\xff') << "" << -1;
        QTest::newRow("graph: a library named .onnx")
            << graph << "lib.onnx" << QByteArray("{\"Add\":{\"opFile\":{\"value\":\"add\"}}}") << ""
            << -1;
        QTest::newRow("graph: a mixlist named .pbtxt")
            << graph << "g.pbtxt" << QByteArray("{\"black-list\":{\"to-add\":[\"A\"]}}") << ""
            << -1;
    }
    void rejected()
    {
        QFETCH(int, parser);
        QFETCH(QString, fileName);
        QFETCH(QByteArray, bytes);
        QFETCH(QString, fragment);
        QFETCH(int, line);
        const std::string file = Parser(parser) == Parser::Library
            ? m_tmp.filePath(fileName).toStdString()
            : fileName.toStdString();
        const long rssBefore = peakRssMiB();
        QElapsedTimer timer;
        timer.start();
        const std::vector<Diagnostic> diagnostics = run(Parser(parser), bytes, file);
        const qint64 ms = timer.elapsed();
        const long grown = peakRssMiB() - rssBefore;
        verifyClearError(diagnostics, file, fragment);
        if (QTest::currentTestFailed())
            return;
        if (line >= 0) {
            auto it = std::find_if(diagnostics.begin(), diagnostics.end(), [](const Diagnostic &d) {
                return d.severity == Severity::Error;
            });
            QVERIFY2(it->location.line == line, qPrintable(describe(diagnostics)));
            QVERIFY(it->location.column >= 1);
        }
        // Generous for sanitizer builds; a hang or a quadratic walk of 100k levels is far beyond.
        QVERIFY2(ms < 10000, qPrintable(QString("took %1 ms").arg(ms)));
        // Inputs are at most ~1 MB: holding 1 GiB (or a tree node per claimed byte) would show.
        QVERIFY2(grown < 200, qPrintable(QString("peak RSS grew by %1 MiB").arg(grown)));
    }

    // Duplicate keys are valid JSON; the last one wins (as in Python) and the user is told.
    void duplicateKeysAreReported()
    {
        const std::string path = m_tmp.filePath("dup.json").toStdString();
        QFile f(QString::fromStdString(path));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(
            "{\n\"Add\":{\"precision_reduce\":{\"flag\":\"true\"}},\n\"Add\":{\"precision_reduce\":{\"flag\":\"false\"}}\n}");
        f.close();
        const LibraryLoadResult loaded = loadLibraryFile(path);
        const OpEntry *add = loaded.library.find("Add");
        QVERIFY(add);
        QCOMPARE(add->policy, Policy::Black);
        auto it = std::find_if(
            loaded.diagnostics.begin(), loaded.diagnostics.end(),
            [&](const Diagnostic &d) { return d.location.file == path && d.location.line == 3; });
        QVERIFY2(it != loaded.diagnostics.end(), qPrintable(describe(loaded.diagnostics)));
    }

    // Fuzz finding (fuzz_atc_json): a number beyond double made nlohmann throw out_of_range, which
    // the ATC importer did not catch. The On-Demand reader looks only at the fields it uses: in a
    // field it skips ("id") the number is read past, as Python's json.load reads it (as inf); as a
    // dim it is not an integer and is left out, like any other non-integer dim.
    void atcNumberBeyondDouble()
    {
        const QByteArray text
            = "{\"graph\":[{\"op\":[{\"name\":\"a\",\"type\":\"Add\",\"id\":1e400,"
              "\"output_desc\":[{\"dtype\":\"DT_FLOAT\",\"shape\":{\"dim\":[2,1e400,3]}}]}]}]}";
        const GraphLoadResult loaded
            = loadGraphFromBytes({text.constData(), std::size_t(text.size())}, "m.json");
        QVERIFY2(loaded.ok(), qPrintable(describe(loaded.diagnostics)));
        QCOMPARE(loaded.graph->nodes().size(), std::size_t(1));
        const Node &a = loaded.graph->nodes().front();
        QCOMPARE(a.outputs.size(), std::size_t(1));
        QCOMPARE(a.outputs.front().dtype, DType::Float32);
        QCOMPARE(std::vector(a.outputs.front().shape.begin(), a.outputs.front().shape.end()),
                 (std::vector<std::int64_t> {2, 3}));
    }

    // Cycles: named, bounded, never an endless walk. TensorFlow has legal cycles (while loops), so
    // there it is a note; elsewhere an error.
    void cycles_data()
    {
        QTest::addColumn<QString>("fileName");
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<int>("severity");
        QTest::newRow("tf pbtxt")
            << "g.pbtxt"
            << QByteArray("node { name: \"a\" op: \"Add\" input: \"b\" input: \"b\" }\n"
                          "node { name: \"b\" op: \"Relu\" input: \"a\" }\n")
            << int(Severity::Note);
        QTest::newRow("onnx text")
            << "ge_onnx_1.pbtxt"
            << QByteArray(
                   "ir_version: 7\nopset_import { version: 13 }\ngraph {\n"
                   "  node { input: \"b\" output: \"a\" name: \"a\" op_type: \"Relu\" }\n"
                   "  node { input: \"a\" output: \"b\" name: \"b\" op_type: \"Relu\" }\n}\n")
            << int(Severity::Error);
    }
    void cycles()
    {
        QFETCH(QString, fileName);
        QFETCH(QByteArray, text);
        QFETCH(int, severity);
        const GraphLoadResult loaded = loadGraphFromBytes(
            {text.constData(), std::size_t(text.size())}, fileName.toStdString());
        auto it = std::find_if(loaded.diagnostics.begin(), loaded.diagnostics.end(),
                               [](const Diagnostic &d) { return d.code == "cycle"; });
        QVERIFY2(it != loaded.diagnostics.end(), qPrintable(describe(loaded.diagnostics)));
        QCOMPARE(int(it->severity), severity);
        QCOMPARE(it->location.file, fileName.toStdString());
        QVERIFY2(it->message.find("'a'") != std::string::npos
                     && it->message.find("'b'") != std::string::npos,
                 it->message.c_str());
    }

    // Sanitizer finding (core_resolverreal under ASan): the resolver's type-id map viewed strings
    // in a vector that reallocated while it grew, so short op type names (stored inside the
    // std::string) were read after free. Many distinct short types force the reallocations.
    void manyDistinctOpTypes()
    {
        QByteArray text;
        for (int i = 0; i < 500; ++i)
            text += QStringLiteral("node { name: \"n%1\" op: \"T%1\"%2 }\n")
                        .arg(i)
                        .arg(i ? QStringLiteral(" input: \"n%1\"").arg(i - 1) : QString())
                        .toUtf8();
        const GraphLoadResult loaded
            = loadGraphFromBytes({text.constData(), std::size_t(text.size())}, "g.pbtxt");
        QVERIFY(loaded.graph);
        const OpLibrary library;
        const Resolver resolver(*loaded.graph, library);
        QCOMPARE(resolver.nodeCount(), std::size_t(500));
        const Resolution r = resolver.resolve(
            PrecisionMode::AllowMixPrecisionFp16,
            PolicySource {[](std::string_view) { return Policy::Gray; }, {}, "test"});
        QCOMPARE(r.nodes.size(), std::size_t(500));
    }

    // An input whose producer is not in the graph: a finding naming it, not a crash.
    void missingProducer()
    {
        const QByteArray text = "node { name: \"a\" op: \"Relu\" input: \"nowhere:0\" }\n";
        const GraphLoadResult loaded
            = loadGraphFromBytes({text.constData(), std::size_t(text.size())}, "g.pbtxt");
        QVERIFY(loaded.graph);
        auto it = std::find_if(loaded.diagnostics.begin(), loaded.diagnostics.end(),
                               [](const Diagnostic &d) { return d.code == "missing-producer"; });
        QVERIFY2(it != loaded.diagnostics.end(), qPrintable(describe(loaded.diagnostics)));
        QVERIFY(it->message.find("nowhere") != std::string::npos);
        QCOMPARE(it->location.file, std::string("g.pbtxt"));
    }
};

QTEST_GUILESS_MAIN(TestHostileInputs)
#include "tst_hostileinputs.moc"
