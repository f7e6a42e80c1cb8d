#include "resolver/resolveinputfile.h"

#include "shareddata.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QTest>

using namespace opsinfo;

Q_DECLARE_METATYPE(opsinfo::ResolveInputKind)

namespace {

std::string head(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QByteArray b = f.read(64 * 1024);
    return std::string(b.constData(), std::size_t(b.size()));
}

} // namespace

// What the app does with a dropped file that is neither graph, library nor mixlist.
class TestResolveInputFile : public QObject
{
    Q_OBJECT
private slots:
    void texts_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<ResolveInputKind>("kind");
        QTest::newRow("node names")
            << QByteArray("a/b/truediv\na/b/truediv_1\n") << ResolveInputKind::KeepDtype;
        QTest::newRow("op type, CRLF, BOM, blank lines")
            << QByteArray("\xEF\xBB\xBFOpType::Gelu\r\n\r\nlayer0/MatMul\r\n")
            << ResolveInputKind::KeepDtype;
        QTest::newRow("customize by type")
            << QByteArray("OpType::MatMulV2:InputDtype:float16,float16,float32,OutputDtype:float32")
            << ResolveInputKind::CustomizeDtypes;
        QTest::newRow("customize by name, output only")
            << QByteArray("dense/MatMul:OutputDtype:float32\n")
            << ResolveInputKind::CustomizeDtypes;
        QTest::newRow("fe.ini") << QByteArray("[fusion]\nfp16.op_type = MatMul,Conv2D\n")
                                << ResolveInputKind::FeIni;
        QTest::newRow("platform ini") << QByteArray(
            "# [Platform Info configuration begin]\n[version]\nSoC_version=Ascend910B1\n")
                                      << ResolveInputKind::PlatformIni;
        QTest::newRow("empty") << QByteArray("\n \n") << ResolveInputKind::Other;
        QTest::newRow("json mixlist")
            << QByteArray("{\n  \"black-list\": {\"to-add\": [\"Gelu\"]}\n}\n")
            << ResolveInputKind::Other;
        QTest::newRow("ini library")
            << QByteArray("[Add]\ninput0.name=x1\n") << ResolveInputKind::Other;
        QTest::newRow("text with blanks")
            << QByteArray("some notes about\nthe model\n") << ResolveInputKind::Other;
        QTest::newRow("binary") << QByteArray("ab\0cd", 5) << ResolveInputKind::Other;
    }
    void texts()
    {
        QFETCH(QByteArray, text);
        QFETCH(ResolveInputKind, kind);
        QCOMPARE(sniffResolveInput(std::string_view(text.constData(), std::size_t(text.size()))),
                 kind);
    }

    void realFiles_data()
    {
        QTest::addColumn<QString>("folder");
        QTest::addColumn<ResolveInputKind>("kind");
        QTest::newRow("keep_dtype") << "opsinfo/keep_dtype" << ResolveInputKind::KeepDtype;
        QTest::newRow("customize_dtypes")
            << "opsinfo/customize_dtypes" << ResolveInputKind::CustomizeDtypes;
        QTest::newRow("fe.ini") << "opsinfo/cann-8.1.RC1/fe_config" << ResolveInputKind::FeIni;
        QTest::newRow("mixlists") << "opsinfo/mixlists" << ResolveInputKind::Other;
        QTest::newRow("INI libraries") << "opsinfo/ini-samples" << ResolveInputKind::Other;
        QTest::newRow("GE dumps") << "graphs/ge_dump" << ResolveInputKind::Other;
        QTest::newRow("ATC JSON") << "graphs/om_json" << ResolveInputKind::Other;
        QTest::newRow("ONNX") << "graphs/onnx" << ResolveInputKind::Other;
    }
    void realFiles()
    {
        REQUIRE_SHARED_DATA();
        QFETCH(QString, folder);
        QFETCH(ResolveInputKind, kind);
        int files = 0;
        QDirIterator it(sharedData(folder), QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString path = it.next();
            if (path.endsWith(QLatin1String(".md")) || path.endsWith(QLatin1String("README.txt")))
                continue;
            if (kind == ResolveInputKind::FeIni && !path.endsWith(QLatin1String("fe.ini")))
                continue;
            ++files;
            QVERIFY2(sniffResolveInput(head(path)) == kind, qPrintable(path));
        }
        QVERIFY2(files > 0, qPrintable(folder));
    }
};

QTEST_GUILESS_MAIN(TestResolveInputFile)
#include "tst_resolveinputfile.moc"
