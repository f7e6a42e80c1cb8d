// Entries without dtype lists (dynamicFormat) judged with op_select_format's columns (SEMANTICS §1,
// resolver/dtypelesscolumns.cpp): the SoC from the library file's name, the static or unknown-shape
// row from the node's shapes, condition rows from its attributes, and approximate only where the
// outcome is not known.

#include "tst_resolverfixture.h"

#include "library/libraryloader.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace opsinfo;
using namespace opsinfo::testing;

namespace {

// Entries as in CANN 8.1.RC1's aic-ascend910b-ops-info.json (tensors named, no dtype lists), plus
// an op type the op_select_format table does not know and an Add with one tensor too many.
const char *const kLibrary = R"({
"Add":{"dynamicFormat":{"flag":"true"},"input0":{"name":"x1","paramType":"required"},
  "input1":{"name":"x2","paramType":"required"},"output0":{"name":"y","paramType":"required"}},
"RealDiv":{"dynamicFormat":{"flag":"true"},"input0":{"name":"x1","paramType":"required"},
  "input1":{"name":"x2","paramType":"required"},"output0":{"name":"y","paramType":"required"}},
"SoftmaxV2":{"dynamicFormat":{"flag":"true"},"needCheckSupport":{"flag":"true"},
  "input0":{"name":"x","paramType":"required"},"output0":{"name":"y","paramType":"required"}},
"LayerNorm":{"dynamicFormat":{"flag":"true"},"needCheckSupport":{"flag":"true"},
  "input0":{"name":"x","paramType":"required"},"input1":{"name":"gamma","paramType":"required"},
  "input2":{"name":"beta","paramType":"required"},"output0":{"name":"y","paramType":"required"},
  "output1":{"name":"mean","paramType":"required"},"output2":{"name":"variance","paramType":"required"}},
"Mul":{"dynamicFormat":{"flag":"true"},"input0":{"name":"x1","paramType":"required"},
  "input1":{"name":"x2","paramType":"required"},"input2":{"name":"x3","paramType":"optional"},
  "output0":{"name":"y","paramType":"required"}},
"NoFactsOp":{"dynamicFormat":{"flag":"true"},"input0":{"name":"x","paramType":"required"},
  "output0":{"name":"y","paramType":"required"}}
}
)";

} // namespace

class TestDtypelessColumns : public QObject
{
    Q_OBJECT

private slots:
    void node_data();
    void node();
};

void TestDtypelessColumns::node_data()
{
    QTest::addColumn<QString>("socFile"); // the library file's name: it names the SoC
    QTest::addColumn<QString>("op");
    QTest::addColumn<QString>("input0"); // dtype of the first input's producer
    QTest::addColumn<QList<qlonglong>>("shape"); // every tensor's; empty: not stated
    QTest::addColumn<QString>("attribute"); // "name=value" on the node, or empty
    QTest::addColumn<QString>("engine");
    QTest::addColumn<QString>("output"); // decided dtype of output 0
    QTest::addColumn<bool>("approximate");
    QTest::addColumn<QString>("says"); // a fragment of the explanation

    const QString b910 = QStringLiteral("aic-ascend910b-ops-info.json");
    const QList<qlonglong> known {8, 128}, dynamic {-1, 128}, unstated;
    // must_keep_origin_dtype with (fp16, fp32) inputs: the static Add row has only same-dtype
    // columns, so the fp16 column wins and the output is fp16; the unknown-shape row has the mixed
    // (fp16, fp32 -> fp32) column FE then takes.
    QTest::newRow("static shapes: static row")
        << b910 << "Add"
        << "float16" << known << ""
        << "AICore"
        << "float16" << false
        << "columns from op_select_format: ascend910b Add static (dynamic_formats.tsv:";
    QTest::newRow("unknown-shape node: dynamic row")
        << b910 << "Add"
        << "float16" << dynamic << ""
        << "AICore"
        << "float32" << false
        << "columns from op_select_format: ascend910b Add dynamic (dynamic_formats.tsv:";
    QTest::newRow("shapes unknown, the rows' answers differ: static row, approximate")
        << b910 << "Add"
        << "float16" << unstated << ""
        << "AICore"
        << "float16" << true
        << "the static-shape row is used, the unknown-shape row would give float32 on AICore";
    QTest::newRow("shapes unknown, the rows' answers agree: certain")
        << b910 << "Add"
        << "float32" << unstated << ""
        << "AICore"
        << "float32" << false << "the static and unknown-shape rows give the same result";
    QTest::newRow("shapes unknown, one row for both")
        << b910 << "RealDiv"
        << "float32" << unstated << ""
        << "AICore"
        << "float32" << false << "ascend910b RealDiv static";
    QTest::newRow("condition row from an attribute")
        << b910 << "SoftmaxV2"
        << "float16" << known << "half_to_float=true"
        << "AICore"
        << "float32" << false << "ascend910b SoftmaxV2 static half_to_float=True";
    QTest::newRow("default row without the attribute")
        << b910 << "SoftmaxV2"
        << "float16" << known << ""
        << "AICore"
        << "float16" << false << "ascend910b SoftmaxV2 static (";
    QTest::newRow("needCheckSupport: said, not approximate")
        << b910 << "SoftmaxV2"
        << "float32" << dynamic << ""
        << "AICore"
        << "float32" << false << "needCheckSupport: the op's own check_supported is not evaluated";
    QTest::newRow("shape-dependent row: approximate")
        << b910 << "LayerNorm"
        << "float32" << known << ""
        << "AICore"
        << "float32" << true << "the row is their union over the shapes tried";
    QTest::newRow("int64 in a float-only row: AI CPU")
        << b910 << "RealDiv"
        << "int64" << known << ""
        << "AICPU"
        << "int64" << false << "check-support rejects it: input 0 is int64";
    // No row applies: judged on assumed float columns (SEMANTICS §1 "supports the original dtype"),
    // approximate, saying why.
    QTest::newRow("op without a row")
        << b910 << "NoFactsOp"
        << "float32" << known << ""
        << "AICore"
        << "float32" << true << "the op_select_format table has no row for NoFactsOp on ascend910b";
    QTest::newRow("row with other tensors than the entry")
        << b910 << "Mul"
        << "float32" << known << ""
        << "AICore"
        << "float32" << true
        << "the op_select_format row has 2 inputs and 1 outputs, the entry 3 and 1";
    QTest::newRow("SoC without facts")
        << "aic-ascend035-ops-info.json"
        << "Add"
        << "float16" << known << ""
        << "AICore"
        << "float16" << true << "the op_select_format table has no rows for SoC ascend035";
    QTest::newRow("file naming no SoC") << "ops.json"
                                        << "Add"
                                        << "float16" << known << ""
                                        << "AICore"
                                        << "float16" << true << "the library file names no SoC";
}

void TestDtypelessColumns::node()
{
    QFETCH(QString, socFile);
    QFETCH(QString, op);
    QFETCH(QString, input0);
    QFETCH(QList<qlonglong>, shape);
    QFETCH(QString, attribute);
    QFETCH(QString, engine);
    QFETCH(QString, output);
    QFETCH(bool, approximate);
    QFETCH(QString, says);

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(socFile);
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(kLibrary);
    file.close();
    const LibraryLoadResult loaded = loadLibraryFile(path.toStdString());
    QVERIFY(loaded.ok());

    const std::vector<std::int64_t> dims(shape.begin(), shape.end());
    const bool twoInputs = op != "SoftmaxV2" && op != "NoFactsOp";
    GraphBuilder builder;
    builder.node("a", "Data", {}, {dt(input0.toStdString())}, dims)
        .node("b", "Data", {}, {DType::Float32}, dims)
        .node("g", "Const", {}, {DType::Float32}, {128});
    std::vector<std::string> inputs {"a"};
    if (twoInputs)
        inputs.push_back("b");
    if (op == "LayerNorm")
        inputs = {"a", "g", "g"};
    const DType out = op == "RealDiv" && input0 == "int64" ? DType::Int64 : DType::Float32;
    builder.node(
        "n", op.toStdString(), inputs,
        op == "LayerNorm" ? std::vector<DType>(3, DType::Float32) : std::vector<DType> {out}, dims);
    Graph graph = builder.build();
    if (!attribute.isEmpty())
        graph.nodes().back().attributes.set(
            graph.intern(attribute.section('=', 0, 0).toStdString()),
            graph.intern(attribute.section('=', 1).toStdString()));

    const Resolution r = resolvePrecision(graph, loaded.library, PrecisionMode::MustKeepOriginDtype,
                                          libraryPolicies(loaded.library));
    const NodeResolution &n = r.nodes.back();
    QCOMPARE(QString(engineName(n.engine)), engine);
    QCOMPARE(QString(dtypeName(n.outputs[0])), output);
    QCOMPARE(n.approximate, approximate);
    QVERIFY2(QString::fromStdString(n.explanation).contains(says), n.explanation.c_str());
}

QTEST_GUILESS_MAIN(TestDtypelessColumns)
#include "tst_dtypelesscolumns.moc"
