#include "library/oplibrary.h"
#include "mixlist/mixlist.h"
#include "mixlist/mixlistlint.h"
#include "mixlist/nearestname.h"

#include "shareddata.h"

#include <QFile>
#include <QTest>

using namespace opsinfo;

namespace {

OpLibrary makeLibrary(const std::vector<std::pair<std::string, Policy>> &ops)
{
    std::vector<OpEntry> entries;
    for (const auto &[type, policy] : ops) {
        OpEntry e;
        e.type = type;
        e.policy = policy;
        e.fileIndex = 0;
        entries.push_back(std::move(e));
    }
    return OpLibrary::build({{"built-in", "/opp", LibraryStore::Kind::BuiltIn}},
                            {{"/opp/aic-ascend910b-ops-info.json", 0, entries.size()}},
                            std::move(entries));
}

// Real op type names (ascend910b); colours chosen by the test.
OpLibrary smallLibrary()
{
    return makeLibrary({{"Add", Policy::Gray},
                        {"Cast", Policy::Gray},
                        {"Log1p", Policy::Gray},
                        {"LayerNormXBackpropV2", Policy::Gray},
                        {"MatMul", Policy::White},
                        {"MatMulV2", Policy::White},
                        {"Mul", Policy::Gray},
                        {"ReduceSumD", Policy::Black},
                        {"SoftmaxV2", Policy::Gray},
                        {"StridedSliceD", Policy::Gray},
                        {"TransData", Policy::Gray}});
}

std::string readAll(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QByteArray b = f.readAll();
    return std::string(b.constData(), std::size_t(b.size()));
}

QString summary(const std::vector<LintFinding> &findings)
{
    QStringList out;
    for (const auto &f : findings) {
        QString s = QStringLiteral("%1:%2 %3")
                        .arg(f.diagnostic.location.line)
                        .arg(f.diagnostic.location.column)
                        .arg(QString::fromStdString(f.diagnostic.message));
        if (f.fixIt)
            s += QStringLiteral(" [%1]").arg(QString::fromStdString(f.fixIt->label));
        out << s;
    }
    return out.join('\n');
}

} // namespace

class TestMixlistLint : public QObject
{
    Q_OBJECT
private slots:
    void nearestOpType_data()
    {
        QTest::addColumn<QString>("typed");
        QTest::addColumn<QString>("expected"); // "" = no suggestion
        QTest::newRow("case only") << "Matmul"
                                   << "MatMul";
        QTest::newRow("all lower") << "matmulv2"
                                   << "MatMulV2";
        QTest::newRow("digit for letter") << "MatMu1V2"
                                          << "MatMulV2";
        QTest::newRow("missing letter") << "StrideSliceD"
                                        << "StridedSliceD";
        QTest::newRow("l for 1") << "Loglp"
                                 << "Log1p";
        QTest::newRow("case inside") << "LayerNormXbackpropV2"
                                     << "LayerNormXBackpropV2";
        QTest::newRow("unrelated") << "GatherEqual"
                                   << "";
        QTest::newRow("short and different") << "Neg"
                                             << "";
    }
    void nearestOpType()
    {
        QFETCH(QString, typed);
        QFETCH(QString, expected);
        std::vector<std::string> names;
        const auto lib = smallLibrary();
        for (const auto &e : lib.ops())
            names.push_back(e.type);
        const auto got = opsinfo::nearestOpType(typed.toStdString(), names);
        QCOMPARE(got ? QString::fromStdString(*got) : QString(), expected);
    }

    void findingsAndFixIts()
    {
        const std::string text
            = "{\n"
              "  \"black-list\": {\n"
              "    \"to-add\": [\"Matmul\", \"Data\", \"ReduceSumD\", \"Mul\", \"Mul\", \"AiCpuOnlyOp\"],\n"
              "    \"to-remove\": [\"SoftmaxV2\"]\n"
              "  },\n"
              "  \"gray-list\": {\"to-add\": [\"Cast\"]}\n"
              "}\n";
        const auto parsed = parseMixlistStrict(text, "m.json");
        QVERIFY(parsed.ok());
        const auto lib = smallLibrary();
        const auto findings = lintMixlist(parsed.mixlist, &lib, "m.json");
        const QString got = summary(findings);
        QCOMPARE(findings.size(), std::size_t(7));
        const QStringList expected {
            "3:16 'Matmul' is not in the loaded library \xE2\x80\x94 did you mean 'MatMul'? (op types are case-sensitive) [Rename to 'MatMul']",
            "3:26 'Data' is a graph node type, not an FE op: the mixlist never affects it [Remove 'Data' from black-list.to-add]",
            "3:34 black-list.to-add of 'ReduceSumD' changes nothing (X3): it is already black; effective black [Remove 'ReduceSumD' from black-list.to-add]",
            "3:55 'Mul' is listed twice in black-list.to-add (first at line 3) [Remove 'Mul' from black-list.to-add]",
            "3:62 'AiCpuOnlyOp' is not in the loaded AI Core library: an AI CPU-only or unknown op type is never affected by the mixlist [Remove 'AiCpuOnlyOp' from black-list.to-add]",
            "4:19 black-list.to-remove of 'SoftmaxV2' changes nothing (X3): it is gray, not on black-list; effective gray [Remove 'SoftmaxV2' from black-list.to-remove]",
        };
        // gray-list.to-add of Cast also changes nothing; it comes last (gray list after black).
        QCOMPARE(got.split('\n').mid(0, 6), expected);
        QVERIFY(got.split('\n').at(6).startsWith(
            "6:28 gray-list.to-add of 'Cast' changes nothing (X3): gray-list.to-add alone"));
        for (const auto &f : findings) {
            QCOMPARE(f.diagnostic.code, std::string("X4"));
            QCOMPARE(f.diagnostic.severity, Severity::Warning);
            QVERIFY(f.fixIt);
        }
    }

    void grayListAddAloneIsReported()
    {
        Mixlist m;
        m.add(MixlistList::Gray, MixlistAction::Add, "Cast", 2, 5);
        const auto lib = smallLibrary();
        const auto findings = lintMixlist(m, &lib);
        QCOMPARE(findings.size(), std::size_t(1));
        QVERIFY(findings[0].diagnostic.message.find("gray-list.to-add alone") != std::string::npos);
    }

    void applyingEveryFixItLeavesACleanMixlist()
    {
        const auto parsed = parseMixlistStrict(
            R"({"black-list": {"to-add": ["Matmul", "Data", "ReduceSumD", "Mul", "Mul"]}, "white-list": {"to-add": ["loglp"]}})",
            "m.json");
        QVERIFY(parsed.ok());
        const auto lib = smallLibrary();
        Mixlist m = parsed.mixlist;
        for (int guard = 0; guard < 20; ++guard) {
            const auto findings = lintMixlist(m, &lib);
            if (findings.empty())
                break;
            const Mixlist next = applyFixIt(m, *findings.front().fixIt);
            QVERIFY(!next.sameContent(m) || next.entryCount() != m.entryCount());
            m = next;
        }
        QVERIFY(lintMixlist(m, &lib).empty());
        Mixlist expected;
        expected.add(MixlistList::Black, MixlistAction::Add, "MatMul");
        expected.add(MixlistList::Black, MixlistAction::Add, "Mul");
        expected.add(MixlistList::White, MixlistAction::Add, "Log1p");
        QVERIFY(m.sameContent(expected));
        QCOMPARE(m.entries(MixlistList::Black, MixlistAction::Add).size(), std::size_t(2));
    }

    void staleFixItIsFoundByPositionOrIgnored()
    {
        Mixlist m;
        m.add(MixlistList::Black, MixlistAction::Add, "Matmul", 3, 7);
        const auto lib = smallLibrary();
        FixIt fix = *lintMixlist(m, &lib).front().fixIt;
        Mixlist shifted;
        shifted.add(MixlistList::Black, MixlistAction::Add, "Add", 2, 7);
        shifted.add(MixlistList::Black, MixlistAction::Add, "Matmul", 3, 7);
        const Mixlist fixed = applyFixIt(shifted, fix); // index 0 is now "Add"
        QCOMPARE(fixed.entries(MixlistList::Black, MixlistAction::Add).at(0).opType,
                 std::string("Add"));
        QCOMPARE(fixed.entries(MixlistList::Black, MixlistAction::Add).at(1).opType,
                 std::string("MatMul"));
        Mixlist other;
        other.add(MixlistList::Black, MixlistAction::Add, "Cast", 3, 7);
        QVERIFY(applyFixIt(other, fix).entries(MixlistList::Black, MixlistAction::Add).at(0).opType
                == "Cast");
    }

    void withoutALibraryOnlyStructuralFindings()
    {
        Mixlist m;
        m.add(MixlistList::Black, MixlistAction::Add, "NetOutput", 1, 1);
        m.add(MixlistList::Black, MixlistAction::Add, "Whatever", 1, 2);
        m.add(MixlistList::Black, MixlistAction::Add, "Whatever", 1, 3);
        const auto findings = lintMixlist(m, nullptr, "x.json");
        QCOMPARE(findings.size(), std::size_t(2));
        QVERIFY(findings[0].diagnostic.message.find("NetOutput") != std::string::npos);
        QVERIFY(findings[1].diagnostic.message.find("twice") != std::string::npos);
    }

    // Real files: the lowercase op in SYMNET (after a lenient import) and the typos in mixmatch.
    void realTyposGetRenameFixIts_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("typo");
        QTest::addColumn<QString>("fix");
        QTest::addColumn<int>("line");
        QTest::newRow("SYMNET matmulv2")
            << "modelzoo-tf/TensorFlow__contrib__cv__SYMNET_ID1292_for_Tensorflow__utils__ops_info.json"
            << "matmulv2"
            << "MatMulV2" << 4;
        QTest::newRow("mixmatch MatMu1V2")
            << "modelzoo-tf/TensorFlow__contrib__cv__mixmatch_ID0804_for_TensorFlow__ops_info.json"
            << "MatMu1V2"
            << "MatMulV2" << 3;
        QTest::newRow("hicann Matmul") << "hicann-ge-tests/op_info_right.json"
                                       << "Matmul"
                                       << "MatMul" << 7;
    }
    void realTyposGetRenameFixIts()
    {
        REQUIRE_SHARED_DATA();
        QFETCH(QString, file);
        QFETCH(QString, typo);
        QFETCH(QString, fix);
        QFETCH(int, line);
        const auto parsed
            = parseMixlistLenient(readAll(sharedData("opsinfo/mixlists/" + file)), "f.json");
        QVERIFY(parsed.ok());
        const auto lib = smallLibrary();
        const auto findings = lintMixlist(parsed.mixlist, &lib, "f.json");
        const LintFinding *hit = nullptr;
        for (const auto &f : findings)
            if (!hit && f.fixIt && f.fixIt->opType == typo.toStdString())
                hit = &f;
        QVERIFY2(hit, qPrintable(summary(findings)));
        QCOMPARE(hit->fixIt->kind, FixIt::Kind::Rename);
        QCOMPARE(QString::fromStdString(hit->fixIt->replacement), fix);
        QCOMPARE(hit->diagnostic.location.line, line);
        const Mixlist fixed = applyFixIt(parsed.mixlist, *hit->fixIt);
        const auto &renamed
            = fixed.entries(hit->fixIt->list, hit->fixIt->action).at(hit->fixIt->index);
        QCOMPARE(QString::fromUtf8(renamed.opType), fix);
        QCOMPARE(renamed.line, line);
    }
};

QTEST_GUILESS_MAIN(TestMixlistLint)
#include "tst_mixlistlint.moc"
