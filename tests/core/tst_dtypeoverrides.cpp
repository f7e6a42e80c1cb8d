#include "mixlist/dtypeoverrides.h"

#include "shareddata.h"

#include <QDir>
#include <QFile>
#include <QTest>

using namespace opsinfo;

namespace {

std::string readAll(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QByteArray b = f.readAll();
    return std::string(b.constData(), std::size_t(b.size()));
}

QStringList describe(const std::vector<Diagnostic> &diagnostics)
{
    QStringList out;
    for (const auto &d : diagnostics)
        out << QStringLiteral("%1 %2:%3 %4")
                   .arg(QString::fromLatin1(severityName(d.severity)))
                   .arg(d.location.line)
                   .arg(d.location.column)
                   .arg(QString::fromStdString(d.message));
    return out;
}

std::vector<std::optional<DType>> dtypes(std::initializer_list<std::optional<DType>> list)
{
    return list;
}

} // namespace

class TestDtypeOverrides : public QObject
{
    Q_OBJECT
private slots:
    void keepDtypeRealFiles_data()
    {
        QTest::addColumn<QString>("file");
        const QString dir = sharedData("opsinfo/keep_dtype/modelzoo-tf");
        for (const QString &name : QDir(dir).entryList(QDir::Files))
            QTest::newRow(qPrintable(name)) << dir + '/' + name;
    }
    void keepDtypeRealFiles()
    {
        REQUIRE_SHARED_DATA();
        QFETCH(QString, file);
        const std::string text = readAll(file);
        std::vector<Diagnostic> diagnostics;
        const KeepDtype keep = parseKeepDtype(text, file.toStdString(), diagnostics);
        QVERIFY2(diagnostics.empty(), qPrintable(describe(diagnostics).join('\n')));
        // Independent count: distinct non-empty lines (the files hold node names only).
        QSet<QString> lines;
        for (const QString &l : QString::fromStdString(text).split('\n'))
            if (!l.trimmed().isEmpty())
                lines.insert(l.trimmed());
        QVERIFY(lines.size() > 30);
        QCOMPARE(int(keep.nodeNames.size()), int(lines.size()));
        QVERIFY(keep.opTypes.empty());
        QVERIFY(keep.matches("multilevel_propose_rois/level_2/normalize_box/truediv", "RealDiv"));
        QVERIFY(!keep.matches("multilevel_propose_rois/level_2/normalize_box", "RealDiv"));
    }

    void keepDtypeDiagnostics()
    {
        const std::string text
            = "a/b\nOpType::MatMulV2\nOpType::matmul\nOpType::\n  spaced  \n\na/b\n#comment\r\nOpType::Mat-Mul";
        std::vector<Diagnostic> diagnostics;
        const KeepDtype keep = parseKeepDtype(text, "k.cfg", diagnostics);
        QCOMPARE(describe(diagnostics),
                 (QStringList {
                     "error 3:9 invalid op type 'matmul': it must match ^[A-Z][A-Za-z0-9]*$",
                     "error 4:9 'OpType::' without an op type",
                     "warning 5:3 blanks around the entry were ignored",
                     "warning 7:1 'a/b' is listed again (first at line 1)",
                     "warning 8:1 '#comment' looks like a comment but is read as a node name",
                     "error 9:12 invalid op type 'Mat-Mul': it must match ^[A-Z][A-Za-z0-9]*$"}));
        QCOMPARE(keep.nodeNames,
                 (std::set<std::string, std::less<>> {"#comment", "a/b", "spaced"}));
        QCOMPARE(keep.opTypes, (std::set<std::string, std::less<>> {"MatMulV2"}));
        QVERIFY(keep.matches("anything", "MatMulV2"));
        for (const auto &d : diagnostics) {
            QCOMPARE(d.location.file, std::string("k.cfg"));
            QVERIFY(!d.hint.empty());
        }

        std::vector<Diagnostic> none;
        QVERIFY(parseKeepDtype("", "e.cfg", none).empty());
        QVERIFY(parseKeepDtype("\xEF\xBB\xBFnode\n", "b.cfg", none).nodeNames.count("node"));
        QCOMPARE(none.size(), std::size_t(1)); // the BOM warning
    }

    void customizeDtypesRealFiles_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("types");
        const QString dir = sharedData("opsinfo/customize_dtypes/modelzoo-tf");
        for (const QString &name : QDir(dir).entryList(QDir::Files))
            QTest::newRow(qPrintable(name))
                << dir + '/' + name << (name.contains("OOD_ID2046") ? 1 : 3);
    }
    void customizeDtypesRealFiles()
    {
        REQUIRE_SHARED_DATA();
        QFETCH(QString, file);
        QFETCH(int, types);
        std::vector<Diagnostic> diagnostics;
        const auto custom = parseCustomizeDtypes(readAll(file), file.toStdString(), diagnostics);
        QVERIFY2(diagnostics.empty(), qPrintable(describe(diagnostics).join('\n')));
        QCOMPARE(int(custom.byType.size()), types);
        QVERIFY(custom.byNode.empty());
        const DtypeRestriction *mm = custom.find("any_node", "MatMulV2");
        QVERIFY(mm);
        QCOMPARE(mm->inputs, dtypes({DType::Float16, DType::Float16, DType::Float32}));
        QCOMPARE(mm->outputs, dtypes({DType::Float32}));
        QCOMPARE(mm->line, 1);
        if (types == 3) {
            const DtypeRestriction *bmm = custom.find("x", "BatchMatMulV2");
            QVERIFY(bmm);
            QCOMPARE(bmm->inputs, dtypes({DType::Float16, DType::Float16}));
            QCOMPARE(bmm->outputs, dtypes({DType::Float32}));
            QCOMPARE(bmm->line, 3);
        }
    }

    void customizeDtypesForms()
    {
        // FE's forms: the name ends at the first ':' ("name::" and "name:" both), dtype words in
        // any case.
        const std::string text
            = "OpType::MatMulV2:InputDtype:float16,,float32,OutputDtype:float32\r\n"
              "mat_mul_name:InputDtype:FLOAT16,float,OutputDtype:float\n"
              "scope/MatMul_1::InputDtype:bfloat16,float,OutputDtype:\n"
              "OpType::Cast:OutputDtype:float16\n";
        std::vector<Diagnostic> diagnostics;
        const auto custom = parseCustomizeDtypes(text, "c.cfg", diagnostics);
        QVERIFY2(diagnostics.empty(), qPrintable(describe(diagnostics).join('\n')));
        QCOMPARE(custom.byType.at("MatMulV2").inputs,
                 dtypes({DType::Float16, std::nullopt, DType::Float32}));
        const DtypeRestriction &node = custom.byNode.at("scope/MatMul_1");
        QCOMPARE(node.inputs, dtypes({DType::BFloat16, DType::Float32}));
        QCOMPARE(node.outputs, dtypes({std::nullopt}));
        QCOMPARE(node.line, 3);
        QCOMPARE(custom.byNode.at("mat_mul_name").inputs, dtypes({DType::Float16, DType::Float32}));
        QCOMPARE(custom.byNode.at("mat_mul_name").outputs, dtypes({DType::Float32}));
        QVERIFY(custom.byType.at("Cast").inputs.empty());
        // A node name wins over an op type.
        QCOMPARE(custom.find("scope/MatMul_1", "MatMulV2"), &node);
        QCOMPARE(custom.find("other", "MatMulV2"), &custom.byType.at("MatMulV2"));
        QVERIFY(!custom.find("other", "Add"));
    }

    void customizeDtypesErrors_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addColumn<QString>("expected"); // "severity line:col message-start"
        QTest::newRow("unknown dtype") << "OpType::MatMulV2:InputDtype:float61"
                                       << "error 1:29 unknown dtype 'float61'";
        // FE accepts any op type; a name no Ascend type has is worth a warning, not a refusal.
        QTest::newRow("lower-case type") << "OpType::matMul:InputDtype:float16"
                                         << "warning 1:9 op type 'matMul' is not PascalCase";
        QTest::newRow("no separator") << "JustAName"
                                      << "error 1:1 expected '<NodeName>:InputDtype:...'";
        QTest::newRow("no section")
            << "node::Foo:float16"
            << "error 1:7 expected InputDtype: or OutputDtype: but found 'Foo:float16'";
        QTest::newRow("unknown section") << "node::InputDtype:float16,Foo:float16"
                                         << "error 1:26 unknown section 'Foo'";
        QTest::newRow("no section, plain") << "node::float16"
                                           << "error 1:7 expected InputDtype: or OutputDtype:";
        QTest::newRow("twice") << "node::InputDtype:float16,InputDtype:float32"
                               << "error 1:26 InputDtype appears twice";
        QTest::newRow("missing spec") << "OpType::MatMulV2"
                                      << "error 1:17 missing ':InputDtype:...'";
        QTest::newRow("no node name") << ":InputDtype:float16"
                                      << "error 1:1 missing node name";
        QTest::newRow("too long") << "n::InputDtype:" + QString(1100, 'x')
                                  << "error 1:1025 line is 1114 characters long";
        QTest::newRow("blanks") << "  OpType::Add:InputDtype:float16"
                                << "warning 1:3 blanks around the entry";
    }
    void customizeDtypesErrors()
    {
        QFETCH(QString, line);
        QFETCH(QString, expected);
        std::vector<Diagnostic> diagnostics;
        const auto custom = parseCustomizeDtypes(line.toStdString(), "c.cfg", diagnostics);
        const QStringList got = describe(diagnostics);
        QCOMPARE(got.size(), 1);
        QVERIFY2(got.front().startsWith(expected), qPrintable(got.front()));
        QVERIFY(!diagnostics.front().hint.empty());
        if (diagnostics.front().severity == Severity::Error)
            QVERIFY(custom.empty());
    }

    void customizeDtypesDuplicateWarns()
    {
        std::vector<Diagnostic> diagnostics;
        const auto custom = parseCustomizeDtypes(
            "OpType::Add:InputDtype:float16\nOpType::Add:InputDtype:float32\n", "c.cfg",
            diagnostics);
        QCOMPARE(
            describe(diagnostics),
            QStringList {
                "warning 2:1 'Add' is customised again (first at line 1); the compiler keeps the first "
                "line and ignores this one"});
        QCOMPARE(custom.byType.at("Add").inputs,
                 dtypes({DType::Float16})); // M8: the first line counts
    }

    void customizeDtypesEmptyLineRefusesTheFile()
    {
        std::vector<Diagnostic> diagnostics;
        parseCustomizeDtypes("a:InputDtype:float16\n\nb:InputDtype:float16\n", "c.cfg",
                             diagnostics);
        QCOMPARE(describe(diagnostics),
                 QStringList {"error 2:1 empty line: the compiler refuses the whole file"});
    }
};

QTEST_GUILESS_MAIN(TestDtypeOverrides)
#include "tst_dtypeoverrides.moc"
