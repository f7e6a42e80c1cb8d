// The op_select_format table (resources/core/dynamic_formats.tsv, SEMANTICS §1): it parses, holds
// the facts its source holds (checked against ../shared/data/dynfmt when present, and regenerated
// byte for byte by its script), covers every ops-info entry without dtype lists of the CANN 8.1
// libraries whose SoC it knows, and picks a node's row by its shapes and attributes.
#include "library/dynamicformats.h"
#include "library/libraryloader.h"
#include "library/socfolders.h"
#include "shareddata.h"

#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTest>

using namespace opsinfo;

namespace {

std::string columnText(const DynamicFormatRow &row, int column)
{
    std::string text;
    for (int slot = 0; slot < row.slotCount(); ++slot) {
        if (slot == row.inputs)
            text += '>';
        else if (slot > 0)
            text += ',';
        const DType d = row.cell(column, slot);
        text += d == DType::Undefined ? "-" : dtypeName(d);
    }
    return text;
}

} // namespace

class TestDynamicFormats : public QObject
{
    Q_OBJECT
private slots:
    void builtInParses()
    {
        const DynamicFormatTable &table = DynamicFormatTable::builtIn();
        QVERIFY(table.rows().size() > 300);
        for (const char *soc :
             {"ascend910b", "ascend910", "ascend310p", "ascend910_93", "ascend310b", "ascend310"})
            QVERIFY2(table.knowsSoc(soc), soc);
        QVERIFY(!table.knowsSoc("ascend610"));
        for (const DynamicFormatRow &row : table.rows()) {
            QVERIFY(row.columns > 0);
            QCOMPARE(int(row.cells.size()), row.columns * row.slotCount());
        }
    }

    void facts()
    {
        const DynamicFormatTable &table = DynamicFormatTable::builtIn();
        const DynamicFormatChoice add
            = table.choose("ascend910b", "Add", ShapeKnowledge::Static, {});
        QVERIFY(add.row);
        QCOMPARE(add.row->columns, 10); // same-dtype columns only
        QCOMPARE(columnText(*add.row, 0), std::string("float32,float32>float32"));
        QCOMPARE(columnText(*add.row, 1), std::string("float16,float16>float16"));
        const DynamicFormatChoice addDynamic
            = table.choose("ascend910b", "Add", ShapeKnowledge::Dynamic, {});
        QCOMPARE(addDynamic.row->columns, 14); // + fp16/bf16 with fp32 -> fp32, unknown shape only
        QCOMPARE(columnText(*addDynamic.row, 10), std::string("float16,float32>float32"));
        QVERIFY(!addDynamic.row->needCheckSupport);
        // ascend910 has no bf16 in Add; LayerNorm lists bf16 even there (from the code, README)
        const DynamicFormatChoice add910
            = table.choose("ascend910", "Add", ShapeKnowledge::Static, {});
        for (int c = 0; c < add910.row->columns; ++c)
            QVERIFY(add910.row->cell(c, 0) != DType::BFloat16);
        const DynamicFormatChoice layerNorm
            = table.choose("ascend910", "LayerNorm", ShapeKnowledge::Static, {});
        QVERIFY(layerNorm.row->shapeDependent && layerNorm.row->needCheckSupport);
        QCOMPARE(columnText(*layerNorm.row, 3),
                 std::string("float16,float32,float32>float16,float32,float32"));
        // MatMulV2 static (impl/mat_mul.py): 7 columns, fp16 -> fp32 third (after two fp16 -> fp16
        // bias variants)
        const DynamicFormatChoice matmul
            = table.choose("ascend910b", "MatMulV2", ShapeKnowledge::Static, {});
        QCOMPARE(matmul.row->columns, 7);
        QCOMPARE(matmul.row->cell(2, 0), DType::Float16);
        QCOMPARE(matmul.row->cell(2, matmul.row->inputs), DType::Float32);
    }

    void choice_data()
    {
        QTest::addColumn<QString>("soc");
        QTest::addColumn<QString>("op");
        QTest::addColumn<int>("shapes");
        QTest::addColumn<QString>("attribute"); // name=value or empty
        QTest::addColumn<QString>("row"); // describe() of the chosen row, empty: none
        QTest::addColumn<bool>("alternative");
        const int s = int(ShapeKnowledge::Static), d = int(ShapeKnowledge::Dynamic),
                  u = int(ShapeKnowledge::Unknown);
        QTest::newRow("static") << "ascend910b"
                                << "SoftmaxV2" << s << ""
                                << "ascend910b SoftmaxV2 static" << false;
        QTest::newRow("dynamic") << "ascend910b"
                                 << "SoftmaxV2" << d << ""
                                 << "ascend910b SoftmaxV2 dynamic" << false;
        QTest::newRow("condition") << "ascend910b"
                                   << "SoftmaxV2" << s << "half_to_float=True"
                                   << "ascend910b SoftmaxV2 static half_to_float=True" << false;
        QTest::newRow("condition as GE writes it")
            << "ascend910b"
            << "SoftmaxV2" << d << "half_to_float=1"
            << "ascend910b SoftmaxV2 dynamic half_to_float=True" << false;
        QTest::newRow("condition not met") << "ascend910b"
                                           << "SoftmaxV2" << s << "half_to_float=false"
                                           << "ascend910b SoftmaxV2 static" << false;
        QTest::newRow("unknown shapes, rows differ") << "ascend910b"
                                                     << "Add" << u << ""
                                                     << "ascend910b Add static" << true;
        QTest::newRow("unknown shapes, rows agree") << "ascend910b"
                                                    << "Axpy" << u << ""
                                                    << "ascend910b Axpy static" << false;
        QTest::newRow("only precompiled kernels") << "ascend910b"
                                                  << "DynamicRNN" << s << ""
                                                  << "ascend910b DynamicRNN kernels" << false;
        QTest::newRow("not on that SoC") << "ascend910_93"
                                         << "DynamicRNN" << s << ""
                                         << "" << false;
        QTest::newRow("SoC without facts") << "ascend610"
                                           << "Add" << s << ""
                                           << "" << false;
    }
    void choice()
    {
        QFETCH(QString, soc);
        QFETCH(QString, op);
        QFETCH(int, shapes);
        QFETCH(QString, attribute);
        QFETCH(QString, row);
        QFETCH(bool, alternative);
        const std::string key = attribute.section('=', 0, 0).toStdString();
        const std::string value = attribute.section('=', 1).toStdString();
        NodeAttributes attributes;
        if (!attribute.isEmpty())
            attributes.set(key, value);
        const DynamicFormatChoice c = DynamicFormatTable::builtIn().choose(
            soc.toStdString(), op.toStdString(), ShapeKnowledge(shapes), attributes);
        QCOMPARE(QString::fromStdString(c.row ? c.row->describe(soc.toStdString()) : std::string()),
                 row);
        QCOMPARE(c.alternative != nullptr, alternative);
        QCOMPARE(c.socKnown, soc != "ascend610");
    }

    void badRowsAreReported()
    {
        std::vector<Diagnostic> problems;
        const DynamicFormatTable t = DynamicFormatTable::parse(
            "# header\nascend910b\tAdd\tstatic\t-\t-\tf32,f32>f32 f16,f16>f16\n"
            "ascend910b\tAdd\tstatic\t-\t-\tf32,fp32>f32\nascend910b\tAdd\twarm\t-\t-\tf32>f32\n"
            "ascend910b\tMul\tstatic\t-\tx\tf32>f32\nascend910b\tMul\tstatic\t-\t-\tf32>f32 f16,f16>f16\n",
            "t.tsv", &problems);
        QCOMPARE(int(t.rows().size()), 1);
        QCOMPARE(int(problems.size()), 4);
        QCOMPARE(problems[0].location.line, 3);
        QCOMPARE(problems[3].location.line, 6);
    }

    void socOfFile_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("soc");
        QTest::newRow("file name") << "/x/aic-ascend910b-ops-info.json"
                                   << "ascend910b";
        QTest::newRow("split file") << "aic-ascend910_93-ops-info-nn.json"
                                    << "ascend910_93";
        QTest::newRow("folder") << "/opp/op_impl/ai_core/tbe/config/ascend310p/custom.json"
                                << "ascend310p";
        QTest::newRow("vector core")
            << "/opp/op_impl/vector_core/tbe/config/vector_core_tbe_ops_info.json"
            << "";
        QTest::newRow("elsewhere") << "/tmp/ops.json"
                                   << "";
        QTest::newRow("user copy") << "/copies/GNMT_ID0015__aic-ascend910-ops-info.json"
                                   << "ascend910";
        QTest::newRow("aic- inside a word") << "/tmp/basic-x-ops-info.json"
                                            << "";
        QTest::newRow("a folder named like config") << "/tmp/myconfig/ascend910b/ops.json"
                                                    << "";
        QTest::newRow("config at the root") << "config/ascend910/ops.json"
                                            << "ascend910";
    }
    void socOfFile()
    {
        QFETCH(QString, path);
        QFETCH(QString, soc);
        QCOMPARE(QString::fromStdString(socOfLibraryFile(path.toStdString())), soc);
    }

    // The resource is what its script makes of the shared table, byte for byte.
    void regeneratedFromTheSource()
    {
        REQUIRE_SHARED_DATA();
        const QString python = QStandardPaths::findExecutable("python3");
        if (python.isEmpty())
            QSKIP("python3 not found: the resource is not regenerated");
        QProcess p;
        p.start(python,
                {QStringLiteral(OPSINFO_SOURCE_DIR "/resources/dynfmt/make_dynamic_formats.py"),
                 sharedData("dynfmt/dynfmt_dtypes.tsv")});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 0);
        QFile committed(QStringLiteral(OPSINFO_SOURCE_DIR "/resources/core/dynamic_formats.tsv"));
        QVERIFY(committed.open(QIODevice::ReadOnly));
        QVERIFY(p.readAllStandardOutput() == committed.readAll());
    }

    // Every entry without dtype lists in the CANN 8.1 library of a SoC the table knows has rows,
    // and the rows have the entry's number of inputs and outputs (so slot k is input<k>).
    void coversTheLibraries_data()
    {
        REQUIRE_SHARED_DATA();
        QTest::addColumn<QString>("soc");
        for (const char *soc :
             {"ascend910b", "ascend910", "ascend310p", "ascend910_93", "ascend310b", "ascend310"})
            QTest::newRow(soc) << soc;
    }
    void coversTheLibraries()
    {
        QFETCH(QString, soc);
        const LibraryLoadResult r = loadLibraryPath(
            sharedData("opsinfo/cann-8.1.RC1/op_impl/ai_core/tbe/config/" + soc).toStdString());
        QVERIFY(r.ok());
        int dtypeless = 0;
        QStringList missing;
        for (const OpEntry &e : r.library.ops()) {
            if (e.columnCount() != 0 || (e.inputs.empty() && e.outputs.empty()))
                continue;
            ++dtypeless;
            const auto rows = DynamicFormatTable::builtIn().rowsFor(soc.toStdString(), e.type);
            if (rows.empty())
                missing << QString::fromStdString(e.type);
            for (const DynamicFormatRow *row : rows) {
                QVERIFY2(row->inputs == int(e.inputs.size())
                             && row->outputs == int(e.outputs.size()),
                         qPrintable(QString::fromStdString(row->describe(soc.toStdString()))));
            }
        }
        QVERIFY(dtypeless >= 70);
        // README: no facts for DynamicRNN(V2) on ascend910_93 (compiled op_select_format, no
        // kernels)
        const QStringList expected
            = soc == "ascend910_93" ? QStringList {"DynamicRNN", "DynamicRNNV2"} : QStringList {};
        QCOMPARE(missing, expected);
    }
};

QTEST_GUILESS_MAIN(TestDynamicFormats)
#include "tst_dynamicformats.moc"
