#include "library/oplibrary.h"
#include "mixlist/mixlist.h"
#include "mixlist/mixlistsynth.h"
#include "mixlist/oppolicy.h"

#include <QTest>

#include <random>

using namespace opsinfo;

namespace {

OpLibrary makeLibrary(const std::vector<std::pair<std::string, Policy>> &ops)
{
    std::vector<OpEntry> entries;
    for (const auto &[type, policy] : ops) {
        OpEntry e;
        e.type = type;
        e.policy = policy;
        e.hasPrecisionReduce = policy != Policy::Gray;
        e.fileIndex = 0;
        entries.push_back(std::move(e));
    }
    return OpLibrary::build({{"built-in", "/opp", LibraryStore::Kind::BuiltIn}},
                            {{"/opp/ascend910b/aic-ascend910b-ops-info.json", 0, entries.size()}},
                            std::move(entries));
}

Policy policyFrom(const QString &name)
{
    return name == "white" ? Policy::White : name == "black" ? Policy::Black : Policy::Gray;
}

} // namespace

class TestOpPolicy : public QObject
{
    Q_OBJECT
private slots:
    void x3_data()
    {
        QTest::addColumn<QString>("library"); // colour of A in the library
        QTest::addColumn<QString>("mixlist"); // JSON
        QTest::addColumn<QString>("expected"); // effective colour of A
        QTest::addColumn<int>("warnings");
        QTest::addColumn<QString>("explains");
        // The seed's three examples.
        QTest::newRow("seed 1: white, black-list.to-add -> black")
            << "white"
            << R"({"black-list": {"to-add": ["A"]}})"
            << "black" << 0 << "black-list.to-add at m.json:1 -> black (X3)";
        QTest::newRow("seed 2: white, black to-add + white to-remove -> black")
            << "white"
            << R"({"black-list": {"to-add": ["A"]}, "white-list": {"to-remove": ["A"]}})"
            << "black" << 0 << "white-list.to-remove at m.json:1 -> gray (X3)";
        QTest::newRow("seed 3: white, white-list.to-remove alone -> gray")
            << "white"
            << R"({"white-list": {"to-remove": ["A"]}})"
            << "gray" << 0 << "-> gray (X3); effective gray";
        // The rest of X3.
        QTest::newRow("black, white-list.to-add -> white") << "black"
                                                           << R"({"white-list": {"to-add": ["A"]}})"
                                                           << "white" << 0 << "-> white (X3)";
        QTest::newRow("black, black-list.to-remove -> gray")
            << "black"
            << R"({"black-list": {"to-remove": ["A"]}})"
            << "gray" << 0 << "-> gray (X3)";
        QTest::newRow("black, add-white + remove-black -> white")
            << "black"
            << R"({"white-list": {"to-add": ["A"]}, "black-list": {"to-remove": ["A"]}})"
            << "white" << 0 << "effective white";
        QTest::newRow("gray, white-list.to-add -> white")
            << "gray"
            << R"({"white-list": {"to-add": ["A"]}})"
            << "white" << 0 << "gray in aic-ascend910b-ops-info.json (L2)";
        QTest::newRow("gray, add-black + remove-gray -> black")
            << "gray"
            << R"({"black-list": {"to-add": ["A"]}, "gray-list": {"to-remove": ["A"]}})"
            << "black" << 0 << "effective black";
        QTest::newRow("gray, black-list.to-remove does nothing (warn)")
            << "gray"
            << R"({"black-list": {"to-remove": ["A"]}})"
            << "gray" << 1 << "does nothing";
        QTest::newRow("white, black-list.to-remove does nothing (warn)")
            << "white"
            << R"({"black-list": {"to-remove": ["A"]}})"
            << "white" << 1 << "does nothing";
        QTest::newRow("white, gray-list.to-add alone changes nothing (warn)")
            << "white"
            << R"({"gray-list": {"to-add": ["A"]}})"
            << "white" << 1 << "changes nothing by itself";
        QTest::newRow("white, add-gray + remove-white -> gray")
            << "white"
            << R"({"gray-list": {"to-add": ["A"]}, "white-list": {"to-remove": ["A"]}})"
            << "gray" << 0 << "effective gray";
        QTest::newRow("black, add-black + remove-white: remove does nothing (warn)")
            << "black"
            << R"({"black-list": {"to-add": ["A"]}, "white-list": {"to-remove": ["A"]}})"
            << "black" << 1 << "effective black";
        QTest::newRow("no mixlist entry: library colour")
            << "black"
            << R"({"white-list": {"to-add": ["B"]}})"
            << "black" << 0 << "black in aic-ascend910b-ops-info.json (L2)";
    }
    void x3()
    {
        QFETCH(QString, library);
        QFETCH(QString, mixlist);
        QFETCH(QString, expected);
        QFETCH(int, warnings);
        QFETCH(QString, explains);
        const auto lib = makeLibrary({{"A", policyFrom(library)}, {"Other", Policy::White}});
        const auto parsed = parseMixlistStrict(mixlist.toStdString(), "m.json");
        QVERIFY(parsed.ok());
        const auto table = PolicyTable::compute(lib, &parsed.mixlist, "/some/dir/m.json");
        const OpPolicy *a = table.find("A");
        QVERIFY(a);
        QCOMPARE(QString::fromLatin1(policyName(a->effective)), expected);
        QCOMPARE(a->library, policyFrom(library));
        QCOMPARE(a->libraryFile, std::string("aic-ascend910b-ops-info.json"));
        QCOMPARE(a->changedByMixlist(), expected != library);
        QVERIFY2(QString::fromStdString(a->explanation).contains(explains), a->explanation.c_str());
        QCOMPARE(int(table.warnings().size()), warnings);
        for (const auto &w : table.warnings()) {
            QCOMPARE(w.location.file, std::string("/some/dir/m.json"));
            QCOMPARE(w.location.line, 1);
            QVERIFY(w.location.column > 1);
        }
        QCOMPARE(table.effective("Other"), Policy::White);
    }

    void explanationNamesFileLineAndRules()
    {
        const auto lib = makeLibrary({{"MatMulV2", Policy::White}});
        const auto parsed = parseMixlistStrict(
            "{\n  \"black-list\": {\n    \"to-add\": [\"MatMulV2\"]\n  }\n}\n", "ops_info.json");
        QVERIFY(parsed.ok());
        const auto table = PolicyTable::compute(lib, &parsed.mixlist, "cfg/ops_info.json");
        QCOMPARE(
            table.find("MatMulV2")->explanation,
            std::string(
                "white in aic-ascend910b-ops-info.json (L2); black-list.to-add at ops_info.json:3 -> "
                "black (X3); effective black"));
        QCOMPARE(table.find("MatMulV2")->marks.size(), std::size_t(1));
        QCOMPARE(table.find("MatMulV2")->marks[0].column, 16);
    }

    void typesOnlyInTheMixlistGetAnEntry()
    {
        const auto lib = makeLibrary({{"Add", Policy::Gray}});
        Mixlist m;
        m.add(MixlistList::White, MixlistAction::Add, "CustomOp");
        const auto table = PolicyTable::compute(lib, &m);
        QCOMPARE(table.all().size(), std::size_t(2));
        QCOMPARE(table.all()[0].type, std::string("Add")); // sorted
        const OpPolicy *c = table.find("CustomOp");
        QVERIFY(c);
        QVERIFY(c->libraryFile.empty());
        QCOMPARE(c->effective, Policy::White);
        QCOMPARE(table.effective("Unknown"), Policy::Gray);
        QVERIFY(!table.find("Unknown"));

        const auto plain = PolicyTable::compute(lib, nullptr);
        QCOMPARE(plain.all().size(), std::size_t(1));
        QVERIFY(!plain.all()[0].changedByMixlist());
    }

    // X5: apply(B, synthesize(B, T)) == T, with one entry per changed op and none for the others.
    void synthesisIsExactAndMinimal()
    {
        std::mt19937 rng(5);
        const Policy colours[] = {Policy::Gray, Policy::White, Policy::Black};
        for (int round = 0; round < 200; ++round) {
            std::vector<std::pair<std::string, Policy>> ops;
            const int n = 1 + int(rng() % 40);
            for (int i = 0; i < n; ++i)
                ops.push_back({"Op" + std::to_string(i), colours[rng() % 3]});
            const auto lib = makeLibrary(ops);
            PolicyTarget target;
            std::size_t changed = 0;
            for (const auto &[type, policy] : ops) {
                if (rng() % 3 == 0)
                    continue; // not named: keeps its colour
                const Policy want = colours[rng() % 3];
                target[type] = want;
                changed += want != policy;
            }
            for (int i = 0; i < 3; ++i) { // types the library does not have (gray there)
                const Policy want = colours[rng() % 3];
                target["Extra" + std::to_string(i)] = want;
                changed += want != Policy::Gray;
            }
            const Mixlist m = synthesizeMinimalMixlist(lib, target);
            QCOMPARE(m.entryCount(), changed);
            const auto table = PolicyTable::compute(lib, &m);
            QVERIFY(table.warnings().empty());
            for (const auto &[type, want] : target)
                QCOMPARE(table.effective(type), want);
            for (const auto &[type, policy] : ops)
                if (!target.count(type))
                    QCOMPARE(table.effective(type), policy);
            // Valid for the compiler (X1, X2) and stable through the writer.
            const std::string text = writeMixlist(m);
            const auto back = parseMixlistStrict(text, "x5.json");
            QVERIFY(back.ok());
            QVERIFY(back.mixlist.sameContent(m));
            QCOMPARE(writeMixlist(synthesizeMinimalMixlist(lib, target)), text);
            for (auto list : Mixlist::lists)
                for (auto action : Mixlist::actions) {
                    const auto &e = m.entries(list, action);
                    QVERIFY(std::is_sorted(e.begin(), e.end(),
                                           [](const MixlistEntry &a, const MixlistEntry &b) {
                                               return a.opType < b.opType;
                                           }));
                }
        }
    }

    void synthesisUsesTheDocumentedLists()
    {
        const auto lib
            = makeLibrary({{"W", Policy::White}, {"B", Policy::Black}, {"G", Policy::Gray}});
        const Mixlist m = synthesizeMinimalMixlist(lib,
                                                   {{"W", Policy::Gray},
                                                    {"B", Policy::White},
                                                    {"G", Policy::Black},
                                                    {"W2", Policy::Gray}});
        QCOMPARE(m.entries(MixlistList::White, MixlistAction::Remove).at(0).opType,
                 std::string("W"));
        QCOMPARE(m.entries(MixlistList::White, MixlistAction::Add).at(0).opType, std::string("B"));
        QCOMPARE(m.entries(MixlistList::Black, MixlistAction::Add).at(0).opType, std::string("G"));
        QCOMPARE(m.entryCount(), std::size_t(3));
        QVERIFY(synthesizeMinimalMixlist(lib, {{"W", Policy::White}}).empty());
    }
};

QTEST_GUILESS_MAIN(TestOpPolicy)
#include "tst_oppolicy.moc"
