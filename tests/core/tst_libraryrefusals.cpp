// What makes FE refuse a whole ops-info store (SEMANTICS §2 L6, from hicann/ge
// opskernel/ops_store/op_kernel_info_constructor.cc): one fixture per kind of refusal in
// tests/data/library/l6, each finding with its line, column and wording, and the words FE accepts
// that a stricter reading would refuse (case-insensitive dtypes, "NC1HWC0:16", NULL, "reserved",
// dtype lists FE does not read).
#include "library/getypenames.h"
#include "library/libraryloader.h"
#include "shareddata.h"

#include <QTest>

using namespace opsinfo;

class TestLibraryRefusals : public QObject
{
    Q_OBJECT
private slots:
    void fixtures_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QStringList>("expected"); // "line:column message fragment", in order
        QTest::newRow("column count")
            << "columns.json"
            << QStringList {"17:22 op 'Add', output0 has 2 kernel columns but input0 has 3"};
        QTest::newRow("Input0/Output0 keys are tensors")
            << "capital_keys.json"
            << QStringList {"11:22 op 'Sub', Output0 has 1 kernel columns but Input0 has 2"};
        QTest::newRow("dtype words")
            << "dtype_tokens.json"
            << QStringList {"10:31 op 'Mul', output0: 'fp32' is not a dtype the compiler knows",
                            "10:37 op 'Mul', output0: 'float64' is not a dtype",
                            "18:30 op 'Relu', input0: 'fp16' is not a dtype", // after \u0066
                            "25:22 op 'Relu', output0 has 3 kernel columns but input0 has 2",
                            "24:38 op 'Relu', output0: '' is not a dtype"};
        QTest::newRow("format words")
            << "format_tokens.json"
            << QStringList {"5:31 op 'Conv2D', input0: 'nd' is not a format the compiler knows",
                            "8:44 'UNDEFINED' is not a format", "12:23 'ND:70000' is not a format",
                            "12:32 'ND:' is not a format"};
        // The same text on several tensors: a list found good is remembered, a bad one is
        // reported on every tensor that has it.
        QTest::newRow("format lists repeated")
            << "format_lists_repeat.json"
            << QStringList {"5:26 op 'Add', input0: 'nd' is not a format the compiler knows",
                            "17:26 op 'Add', output0: 'nd' is not a format",
                            "31:26 op 'Mul', output0: 'nd' is not a format"};
        QTest::newRow("sub_format")
            << "sub_format.json"
            << QStringList {
                   "8:37 op 'Conv2D', input0: sub_format item 'x' is not an integer in 0..65535",
                   "8:39 sub_format item '-1'", "8:42 sub_format item '65536'",
                   "8:54 sub_format item ''"};
        QTest::newRow("name and paramType")
            << "name_param_type.json"
            << QStringList {"4:21 op 'Add', input0 lacks name",
                            "12:25 op 'Add', input1.paramType is 'mandatory'",
                            "21:21 op 'Add', output0 lacks paramType"};
        QTest::newRow("op.pattern")
            << "patterns.json"
            << QStringList {
                   "4:20 op 'AddN', input0 lists no dtype, which op.pattern 'formatAgnostic' requires",
                   "23:21 op 'Maximum', input1 has 3 kernel columns but input0 has 2"};
        QTest::newRow("dtype/format lengths")
            << "../count_mismatch.json"
            << QStringList {"5:22 op 'Add', input0: 3 dtypes but 2 formats",
                            "15:35 op 'Add', output0: 3 dtypes but 1 unknownshape_format entries"};
    }
    void fixtures()
    {
        QFETCH(QString, file);
        QFETCH(QStringList, expected);
        const std::string path = testData("library/l6/" + file).toStdString();
        const LibraryLoadResult r = loadLibraryFile(path);
        QVERIFY(!r.ok());
        QStringList found;
        for (const Diagnostic &d : r.diagnostics) {
            QCOMPARE(d.severity, Severity::Error);
            QCOMPARE(d.code, std::string("L6"));
            QCOMPARE(d.location.file, path);
            QVERIFY2(d.message.find("; the compiler refuses the whole store") != std::string::npos,
                     d.message.c_str());
            QVERIFY(!d.hint.empty());
            found << QString("%1:%2 %3")
                         .arg(d.location.line)
                         .arg(d.location.column)
                         .arg(QString::fromStdString(d.message));
        }
        QCOMPARE(found.size(), expected.size());
        for (int i = 0; i < expected.size(); ++i) {
            const QString where = expected[i].section(' ', 0, 0);
            const QString fragment = expected[i].section(' ', 1);
            QVERIFY2(found[i].startsWith(where + ' ') && found[i].contains(fragment),
                     qPrintable(found[i] + "\n  expected " + expected[i]));
        }
        // What could be read stays on show (for repair), as with every other load error.
        QVERIFY(!r.library.ops().empty());
    }

    // FE accepts these: a rule that refused them would refuse libraries the compiler loads.
    void acceptedWords()
    {
        const LibraryLoadResult r
            = loadLibraryFile(testData("library/l6/dtype_tokens.json").toStdString());
        const OpEntry *mul = r.library.find("Mul");
        QVERIFY(mul);
        QCOMPARE(mul->inputs[0].dtypes,
                 (std::vector<DType> {DType::Float16, DType::Float32,
                                      DType::Float32})); // Float16, FLOAT32, float
        QCOMPARE(mul->outputs[0].dtypes,
                 (std::vector<DType> {DType::Float16, DType::Other, DType::Other}));
        // Abs lists "fp32" without a format: FE does not read such a dtype list, so it refuses
        // nothing.
        QVERIFY(r.library.find("Abs"));
        const LibraryLoadResult capital
            = loadLibraryFile(testData("library/l6/capital_keys.json").toStdString());
        const OpEntry *sub = capital.library.find("Sub");
        QCOMPARE(int(sub->inputs.size()), 1);
        QCOMPARE(sub->inputs[0].name, std::string("x1"));
        QCOMPARE(int(sub->outputs.size()), 1);
    }

    void geWords_data()
    {
        QTest::addColumn<QString>("token");
        QTest::addColumn<bool>("isFormat");
        QTest::addColumn<bool>("known");
        QTest::newRow("float") << "float" << false << true;
        QTest::newRow("float32") << "float32" << false << true;
        QTest::newRow("FLOAT32") << "FLOAT32" << false << true;
        QTest::newRow("BFloat16") << "BFloat16" << false << true;
        QTest::newRow("qint8") << "qint8" << false << true;
        QTest::newRow("hifloat8") << "hifloat8" << false << true;
        QTest::newRow("fp32") << "fp32" << false << false;
        QTest::newRow("float64") << "float64" << false << false;
        QTest::newRow("bf16") << "bf16" << false << false;
        QTest::newRow("undefined") << "undefined" << false << false;
        QTest::newRow("reserved") << "reserved" << false << false;
        QTest::newRow("empty dtype") << "" << false << false;
        QTest::newRow("ND") << "ND" << true << true;
        QTest::newRow("C1HWNCoC0") << "C1HWNCoC0" << true << true;
        QTest::newRow("NULL") << "NULL" << true << true;
        QTest::newRow("NC1HWC0:0") << "NC1HWC0:0" << true << true;
        QTest::newRow("FRACTAL_Z:65535") << "FRACTAL_Z:65535" << true << true;
        QTest::newRow("FRACTAL_Z:65536") << "FRACTAL_Z:65536" << true << false;
        QTest::newRow("FRACTAL_Z:-1") << "FRACTAL_Z:-1" << true << false;
        QTest::newRow("nchw") << "nchw" << true << false;
        QTest::newRow("RESERVED") << "RESERVED" << true << false;
        QTest::newRow("FORMAT_RESERVED") << "FORMAT_RESERVED" << true << false;
        QTest::newRow("FRACTAL_ZZ")
            << "FRACTAL_ZZ" << true << false; // an internal name, not a serial one
        QTest::newRow("empty format") << "" << true << false;
    }
    void geWords()
    {
        QFETCH(QString, token);
        QFETCH(bool, isFormat);
        QFETCH(bool, known);
        const std::string word = token.toStdString();
        QCOMPARE(isFormat ? isGeFormatToken(word) : geDtypeOfToken(word).has_value(), known);
    }

    // Every real library the compiler loads must load here without an L6 finding (the user's edits
    // in one ModelZoo copy excepted: tst_libraryload pins those).
    void realLibrariesHaveNoRefusal_data()
    {
        REQUIRE_SHARED_DATA();
        QTest::addColumn<QString>("path");
        for (const QString &folder :
             {QStringLiteral("cann-8.1.RC1/op_impl/ai_core/tbe/config"),
              QStringLiteral("hicann-ge-910b-split-stub/op_impl/ai_core/tbe/config")}) {
            const QDir dir(sharedData("opsinfo/" + folder));
            for (const QString &soc : dir.entryList(QDir::Dirs | QDir::NoDotAndDotDot))
                QTest::newRow(qPrintable(folder.section('/', 0, 0) + '/' + soc))
                    << dir.filePath(soc);
        }
        QTest::newRow("vector core") << sharedData(
            "opsinfo/cann-8.1.RC1/op_impl/vector_core/tbe/config/vector_core_tbe_ops_info.json");
        QTest::newRow("FE test store") << sharedData("opsinfo/hicann-ge-tests/tbe_opinfo.json");
    }
    void realLibrariesHaveNoRefusal()
    {
        QFETCH(QString, path);
        const LibraryLoadResult r = loadLibraryPath(path.toStdString());
        for (const Diagnostic &d : r.diagnostics)
            QVERIFY2(d.code != "L6", formatDiagnostic(d).c_str());
        QVERIFY(!r.library.ops().empty());
    }
};

QTEST_GUILESS_MAIN(TestLibraryRefusals)
#include "tst_libraryrefusals.moc"
