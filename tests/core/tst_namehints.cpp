// F4: names users write that are not Ascend IR op types, and the IR type(s) they most likely mean.
#include "library/libraryloader.h"
#include "library/oplibrary.h"
#include "mixlist/irnamehints.h"
#include "mixlist/mixlist.h"
#include "mixlist/mixlistlint.h"

#include "shareddata.h"

#include <QTest>

using namespace opsinfo;

namespace {

OpLibrary makeLibrary(const std::vector<std::string> &types)
{
    std::vector<OpEntry> entries;
    for (const std::string &type : types) {
        OpEntry e;
        e.type = type;
        e.policy = Policy::Gray;
        e.fileIndex = 0;
        entries.push_back(std::move(e));
    }
    return OpLibrary::build({{"built-in", "/opp", LibraryStore::Kind::BuiltIn}},
                            {{"/opp/aic-ascend910b-ops-info.json", 0, entries.size()}},
                            std::move(entries));
}

// Real ascend910b op types (CANN 8.1.RC1) the hints point at.
const OpLibrary &library()
{
    static const OpLibrary lib
        = makeLibrary({"BatchMatMul", "BatchMatMulV2", "Bias", "Cast", "Conv2D", "GatherV2",
                       "LayerNorm", "LayerNormV3", "LayerNormV4", "MatMul", "MatMulV2", "SoftmaxV2",
                       "Swish", "Xlog1py", "Yolo"});
    return lib;
}

Mixlist parse(const std::string &json)
{
    const MixlistParseResult parsed = parseMixlistStrict(json, "m.json");
    if (!parsed.ok())
        qFatal("fixture mixlist does not parse");
    return parsed.mixlist;
}

} // namespace

class TestNameHints : public QObject
{
    Q_OBJECT
private slots:
    // Mixlist entries -> the IR types they most likely mean, with the loaded library.
    void hints_data()
    {
        QTest::addColumn<QString>("entry");
        QTest::addColumn<QString>("origin"); // "" = no hint
        QTest::addColumn<QString>("irTypes");
        // Framework API names: the shared framework-API map (resources/core/apimap).
        QTest::newRow("torch.matmul") << "torch.matmul"
                                      << "framework API"
                                      << "BatchMatMulV2,MatMulV2,MatMul,BatchMatMul";
        QTest::newRow("functional path") << "torch.nn.functional.layer_norm"
                                         << "framework API"
                                         << "LayerNormV4,LayerNormV3,LayerNorm";
        QTest::newRow("linear") << "linear"
                                << "framework API"
                                << "MatMulV2,MatMul,BatchMatMulV2";
        QTest::newRow("softmax") << "softmax"
                                 << "framework API"
                                 << "SoftmaxV2";
        QTest::newRow("msprobe name") << "Functional.conv2d.0.forward"
                                      << "framework API"
                                      << "Conv2D";
        QTest::newRow("ONNX Gemm") << "Gemm"
                                   << "ONNX"
                                   << "MatMulV2";
        QTest::newRow("ONNX Softmax") << "Softmax"
                                      << "ONNX"
                                      << "SoftmaxV2";
        QTest::newRow("ONNX LayerNormalization") << "LayerNormalization"
                                                 << "ONNX"
                                                 << "LayerNorm";
        QTest::newRow("TF BatchMatMul is an IR type") << "BatchMatMul"
                                                      << ""
                                                      << "";
        QTest::newRow("real IR type") << "MatMulV2"
                                      << ""
                                      << "";
        QTest::newRow("unknown") << "Frobnicate"
                                 << ""
                                 << "";
    }
    void hints()
    {
        QFETCH(QString, entry);
        QFETCH(QString, origin);
        QFETCH(QString, irTypes);
        const auto hint = irTypesForName(entry.toStdString(), &library());
        QCOMPARE(hint.has_value(), !origin.isEmpty());
        if (!hint)
            return;
        QCOMPARE(QString(nameOriginText(hint->origin)), origin);
        QStringList types;
        for (const std::string &t : hint->irTypes)
            types << QString::fromStdString(t);
        QCOMPARE(types.join(','), irTypes);
    }

    void hintsWithoutLibrary()
    {
        // Only names that cannot be IR types are judged without a library.
        QVERIFY(!irTypesForName("Softmax", nullptr)); // could be an IR type of some SoC
        QVERIFY(!irTypesForName("Gemm", nullptr));
        QVERIFY(irTypesForName("torch.matmul", nullptr));
        QVERIFY(irTypesForName("softmax", nullptr));
    }

    // The lint: a warning with a rename fix-it for ONNX/TF names, notes for the CANN sample.
    void lintFindings_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QStringList>("expected"); // "code severity fragment [fix-it]"
        QTest::newRow("framework name")
            << R"({"black-list": {"to-add": ["torch.matmul"]}})"
            << QStringList {
                   "F4 warning 'torch.matmul' is a framework API name [Rename to 'BatchMatMulV2']"};
        QTest::newRow("ONNX name")
            << R"({"white-list": {"to-add": ["Gemm"]}})"
            << QStringList {"F4 warning 'Gemm' is a ONNX name [Rename to 'MatMulV2']"};
        QTest::newRow("case slip stays X4")
            << R"({"black-list": {"to-add": ["Matmul"]}})"
            << QStringList {"X4 warning did you mean 'MatMul' [Rename to 'MatMul']"};
        QTest::newRow("CANN documentation sample")
            << R"({"black-list": {"to-remove": ["Xlog1py"], "to-add": ["Matmul", "Cast"]},
                  "white-list": {"to-remove": ["Conv2D"], "to-add": ["Bias"]}})"
            << QStringList {
                   "F4 warning 5 entries come from the CANN documentation's sample mixlist",
                   "F4 note 'Xlog1py' is a real Ascend IR type but rarely the op meant [Remove 'Xlog1py'",
                   "X4 warning did you mean 'MatMul'",
                   "F4 note 'Bias' is a real Ascend IR type but rarely the op meant"};
    }
    void lintFindings()
    {
        QFETCH(QString, json);
        QFETCH(QStringList, expected);
        const std::vector<LintFinding> findings
            = lintMixlist(parse(json.toStdString()), &library(), "m.json");
        QStringList actual;
        for (const LintFinding &f : findings) {
            QString s = QString::fromStdString(f.diagnostic.code) + ' '
                + severityName(f.diagnostic.severity) + ' '
                + QString::fromStdString(f.diagnostic.message);
            if (f.fixIt)
                s += " [" + QString::fromStdString(f.fixIt->label) + ']';
            actual << s;
        }
        for (const QString &e : expected) {
            const QStringList parts = e.split(' ');
            bool found = false;
            for (const QString &a : actual) {
                bool all = a.startsWith(parts[0] + ' ' + parts[1]);
                // Every fragment (split at " [") must occur.
                for (const QString &piece :
                     e.mid(parts[0].size() + parts[1].size() + 2).split(" ["))
                    all = all
                        && a.contains(
                            piece.startsWith(QLatin1Char('[')) ? piece : piece.section(']', 0, 0));
                found = found || all;
            }
            QVERIFY2(found, qPrintable(e + "\nnot in:\n" + actual.join('\n')));
        }
    }

    void renameFixItApplies()
    {
        const Mixlist m = parse(R"({"black-list": {"to-add": ["LayerNormalization"]}})");
        const auto findings = lintMixlist(m, &library(), "m.json");
        QCOMPARE(findings.size(), std::size_t(1));
        QVERIFY(findings[0].fixIt);
        const Mixlist fixed = applyFixIt(m, *findings[0].fixIt);
        QCOMPARE(fixed.entries(MixlistList::Black, MixlistAction::Add).front().opType,
                 std::string("LayerNorm"));
        QVERIFY(lintMixlist(fixed, &library(), "m.json").empty());
    }

    // Real data: the modelzoo mixlists and the CANN 8.1 ascend910b library.
    void realMixlistsAgainstTheRealLibrary()
    {
        REQUIRE_SHARED_DATA();
        const LibraryLoadResult lib = loadSocFolder(
            sharedData("opsinfo/cann-8.1.RC1/op_impl/ai_core/tbe/config/ascend910b").toStdString());
        QVERIFY(!lib.library.ops().empty());
        for (const char *type :
             {"MatMulV2", "BatchMatMulV2", "SoftmaxV2", "LayerNorm", "Conv2D", "Xlog1py", "Bias"})
            QVERIFY2(lib.library.find(type), type);
        QVERIFY(!lib.library.find("Matmul")); // F4: in no CANN 8.1 library
        const auto hint = irTypesForName("Softmax", &lib.library); // the ONNX name
        QVERIFY(hint);
        QCOMPARE(hint->irTypes.front(), std::string("SoftmaxV2"));
        // The seed document's sample list, as users copy it.
        const std::string sample
            = R"({"black-list": {"to-remove": ["Xlog1py"], "to-add": ["Matmul", "Cast"]},
                                       "white-list": {"to-remove": ["Conv2D"], "to-add": ["Bias"]}})";
        const auto findings = lintMixlist(parse(sample), &lib.library, "ops_info.json");
        int f4 = 0;
        for (const LintFinding &f : findings)
            f4 += f.diagnostic.code == "F4";
        QVERIFY2(f4 >= 3, qPrintable(QString::number(f4)));
    }
};

QTEST_GUILESS_MAIN(TestNameHints)
#include "tst_namehints.moc"
