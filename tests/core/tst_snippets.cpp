#include "export/keepdtypefile.h"
#include "export/snippets.h"

#include <QTest>

using namespace opsinfo;

class TestSnippets : public QObject
{
    Q_OBJECT
private slots:
    void atcNamesEveryGivenFile()
    {
        const auto code = snippetFor(SnippetTarget::Atc, {"allow_mix_precision", "/w/ops info.json", "k.cfg", ""});
        QVERIFY(code.find("--precision_mode=allow_mix_precision") != std::string::npos);
        QVERIFY(code.find("--modify_mixlist='/w/ops info.json'") != std::string::npos);
        QVERIFY(code.find("--keep_dtype=k.cfg") != std::string::npos);
        QVERIFY(code.find("customize_dtypes") == std::string::npos);
    }

    void pythonLiteralsAreEscaped()
    {
        const auto code = snippetFor(SnippetTarget::TensorFlow2, {"force_fp16", "/a/it's.json", "", ""});
        QVERIFY(code.find("modify_mixlist = '/a/it\\'s.json'") != std::string::npos);
        QVERIFY(code.rfind("npu.open().as_default()\n") == code.size() - 24);
    }

    void torchNpuSaysMixlistIsUnsupported()
    {
        std::string note;
        snippetFor(SnippetTarget::TorchNpu, {"force_fp32", "m.json", "", ""}, &note);
        QVERIFY(note.find("no modify_mixlist") != std::string::npos);
        QCOMPARE(allSnippets({"force_fp16", "", "", ""}).size(), std::size_t(6));
    }

    void keepDtypeListsNamesThenSortedTypes_data()
    {
        QTest::addColumn<QStringList>("nodes");
        QTest::addColumn<QStringList>("types");
        QTest::addColumn<QString>("expected");
        QTest::newRow("names in order, types sorted once")
            << QStringList {"n1", "n0"} << QStringList {"Softmax", "Add", "Add"}
            << QStringLiteral("n1\nn0\nOpType::Add\nOpType::Softmax\n");
        QTest::newRow("a name selected twice is written once")
            << QStringList {"b", "a", "b"} << QStringList {} << QStringLiteral("b\na\n");
        QTest::newRow("empty names skipped")
            << QStringList {"", "x", ""} << QStringList {} << QStringLiteral("x\n");
        QTest::newRow("nothing") << QStringList {} << QStringList {} << QString();
    }

    void keepDtypeListsNamesThenSortedTypes()
    {
        QFETCH(QStringList, nodes);
        QFETCH(QStringList, types);
        QFETCH(QString, expected);
        std::vector<std::string> names, opTypes;
        for (const QString &n : nodes)
            names.push_back(n.toStdString());
        for (const QString &t : types)
            opTypes.push_back(t.toStdString());
        QCOMPARE(QString::fromStdString(writeKeepDtype(names, opTypes)), expected);
    }
};

QTEST_GUILESS_MAIN(TestSnippets)
#include "tst_snippets.moc"
