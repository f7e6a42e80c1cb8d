// The SoC model (common/soc.h): config folder names (L5), bf16 capability, the known SoC list and
// name validation, checked against the CANN 8.1 platform inis and config folders where present.

#include "common/soc.h"
#include "shareddata.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTest>

using namespace opsinfo;

namespace {

const KnownSoc *knownRow(std::string_view name)
{
    for (const KnownSoc &s : knownSocs())
        if (s.name == name)
            return &s;
    return nullptr;
}

QString iniValue(const QByteArray &ini, const QString &key)
{
    const QRegularExpression line(QStringLiteral("^%1=(.*)$").arg(key),
                                  QRegularExpression::MultilineOption);
    return line.match(QString::fromUtf8(ini)).captured(1).trimmed();
}

} // namespace

class TestSoc : public QObject
{
    Q_OBJECT

private slots:
    void folderName_data()
    {
        QTest::addColumn<QString>("soc");
        QTest::addColumn<QString>("folder");
        QTest::newRow("910B1") << "Ascend910B1"
                               << "ascend910b";
        QTest::newRow("910B2") << "Ascend910B2"
                               << "ascend910b";
        QTest::newRow("910B4") << "Ascend910B4"
                               << "ascend910b";
        QTest::newRow("910A") << "Ascend910A"
                              << "ascend910";
        QTest::newRow("910B first generation") << "Ascend910B"
                                               << "ascend910";
        QTest::newRow("910ProB") << "Ascend910ProB"
                                 << "ascend910";
        QTest::newRow("910PremiumA") << "Ascend910PremiumA"
                                     << "ascend910";
        QTest::newRow("910_9391") << "Ascend910_9391"
                                  << "ascend910_93";
        QTest::newRow("910_9382") << "Ascend910_9382"
                                  << "ascend910_93";
        // Short_SoC_version of Ascend910_95.ini is Ascend910_95: the 910_95 family maps like
        // 910_93.
        QTest::newRow("910_95") << "Ascend910_95"
                                << "ascend910_95";
        QTest::newRow("910_9591") << "Ascend910_9591"
                                  << "ascend910_95";
        QTest::newRow("310P3") << "Ascend310P3"
                               << "ascend310p";
        QTest::newRow("310B1") << "Ascend310B1"
                               << "ascend310b";
        QTest::newRow("310") << "Ascend310"
                             << "ascend310";
        QTest::newRow("folder name kept") << "ascend910b"
                                          << "ascend910b";
        QTest::newRow("folder 910_93 kept") << "ascend910_93"
                                            << "ascend910_93";
        QTest::newRow("lower-case version") << "ascend910b1"
                                            << "ascend910b";
        QTest::newRow("white space ignored") << "  Ascend910B1\n"
                                             << "ascend910b";
        QTest::newRow("other folder") << "ascend610lite"
                                      << "ascend610lite";
        QTest::newRow("unknown lower-cased") << "Kirin9000"
                                             << "kirin9000";
    }

    void folderName()
    {
        QFETCH(QString, soc);
        QFETCH(QString, folder);
        QCOMPARE(QString::fromStdString(socFolderName(soc.toStdString())), folder);
    }

    void bf16Capability_data()
    {
        QTest::addColumn<QString>("soc");
        QTest::addColumn<int>("bf16"); // 1 yes, 0 no, -1 unknown
        QTest::newRow("910B1") << "Ascend910B1" << 1;
        QTest::newRow("910B folder") << "ascend910b" << 1;
        QTest::newRow("910_9391") << "Ascend910_9391" << 1;
        QTest::newRow("910_9591") << "Ascend910_9591" << 1;
        QTest::newRow("310B1") << "Ascend310B1" << 1;
        QTest::newRow("910A") << "Ascend910A" << 0;
        QTest::newRow("910B first generation") << "Ascend910B" << 0;
        QTest::newRow("310P3") << "Ascend310P3" << 0;
        QTest::newRow("310") << "Ascend310" << 0;
        QTest::newRow("610: not known") << "ascend610" << -1;
        QTest::newRow("unknown") << "Kirin9000" << -1;
    }

    void bf16Capability()
    {
        QFETCH(QString, soc);
        QFETCH(int, bf16);
        const std::optional<bool> expected
            = bf16 < 0 ? std::nullopt : std::optional<bool>(bf16 == 1);
        QCOMPARE(socSupportsBf16(soc.toStdString()), expected);
    }

    // Every platform ini of CANN 8.1: its SoC_version is known, maps to lower(Short_SoC_version),
    // and the table's bf16 says what its Intrinsic_vconv says.
    void platformInisAgree()
    {
        REQUIRE_SHARED_DATA();
        const QDir dir(sharedData("opsinfo/cann-8.1.RC1/platform_config"));
        const QStringList inis = dir.entryList({QStringLiteral("*.ini")}, QDir::Files);
        QVERIFY(inis.size() >= 7);
        for (const QString &name : inis) {
            QFile file(dir.filePath(name));
            QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(file.fileName()));
            const QByteArray text = file.readAll();
            const std::string version = iniValue(text, QStringLiteral("SoC_version")).toStdString();
            const QString shortVersion = iniValue(text, QStringLiteral("Short_SoC_version"));
            QVERIFY2(!version.empty() && !shortVersion.isEmpty(), qPrintable(name));
            QCOMPARE(iniSocVersion({text.constData(), std::size_t(text.size())}), version);
            QCOMPARE(QString::fromStdString(socFolderName(version)), shortVersion.toLower());
            QVERIFY2(isKnownSoc(version), version.c_str());
            const KnownSoc *row = knownRow(version);
            QVERIFY2(row, version.c_str());
            const std::optional<bool> fromIni
                = iniSupportsBf16({text.constData(), std::size_t(text.size())});
            QVERIFY2(fromIni, qPrintable(name));
            QCOMPARE(row->bf16, fromIni);
            QCOMPARE(socSupportsBf16(version), fromIni);
        }
    }

    // Every tbe/config folder of the CANN 8.1 opp is a known SoC folder that names itself.
    void configFoldersKnown()
    {
        REQUIRE_SHARED_DATA();
        const QDir config(sharedData("opsinfo/cann-8.1.RC1/op_impl/ai_core/tbe/config"));
        const QStringList folders = config.entryList(QDir::Dirs | QDir::NoDotAndDotDot);
        QVERIFY(folders.size() >= 17);
        for (const QString &folder : folders) {
            const std::string name = folder.toStdString();
            QVERIFY2(isKnownSoc(name), name.c_str());
            QCOMPARE(QString::fromStdString(socFolderName(name)), folder);
        }
    }

    void knownRowsAreConsistent()
    {
        for (const KnownSoc &s : knownSocs()) {
            QCOMPARE(socFolderName(s.name), std::string(s.folder));
            QVERIFY(isKnownSoc(s.name));
            QVERIFY(isKnownSoc(s.folder));
            QVERIFY(!checkSocName(s.name));
            if (s.bf16)
                QCOMPARE(socSupportsBf16(s.name), s.bf16);
        }
    }

    void validation_data()
    {
        QTest::addColumn<QString>("soc");
        QTest::addColumn<bool>("known");
        QTest::addColumn<QString>("suggestion"); // empty: none
        QTest::newRow("SoC_version") << "Ascend910B1" << true << "";
        QTest::newRow("folder") << "ascend910b" << true << "";
        QTest::newRow("case-insensitive") << "ASCEND910B1" << true << "";
        QTest::newRow("family member without a row") << "Ascend910_9382" << true << "";
        QTest::newRow("310P family") << "Ascend310P1" << true << "";
        QTest::newRow("910B2C, no ini in CANN 8.1") << "Ascend910B2C" << true << "";
        QTest::newRow("910B4-1") << "ascend910b4-1" << true << "";
        QTest::newRow("910_93 reserved 9392") << "Ascend910_9392" << true << "";
        // A family prefix followed by anything is no SoC (reported as accepted before).
        QTest::newRow("910B prefix and junk") << "Ascend910B9x" << false << "Ascend910B1";
        QTest::newRow("910B, no fifth model") << "Ascend910B5" << false << "Ascend910B1";
        QTest::newRow("910B two digits") << "Ascend910B12" << false << "Ascend910B1";
        QTest::newRow("910_93 and junk") << "Ascend910_9391x" << false << "Ascend910_9391";
        QTest::newRow("310P, no P9") << "Ascend310P9" << false << "Ascend310P3";
        QTest::newRow("310B, no B7") << "Ascend310B7" << false << "Ascend310B1";
        QTest::newRow("letter O for zero") << "Ascend91OB1" << false << "Ascend910B1";
        QTest::newRow("transposed letters") << "Acsend310P3" << false << "Ascend310P3";
        QTest::newRow("missing letter in a folder") << "asend910b" << false << "ascend910b";
        QTest::newRow("nothing close") << "Kirin9000" << false << "";
        QTest::newRow("empty") << "" << false << "";
    }

    void validation()
    {
        QFETCH(QString, soc);
        QFETCH(bool, known);
        QFETCH(QString, suggestion);
        const std::string name = soc.toStdString();
        QCOMPARE(isKnownSoc(name), known);
        const auto problem = checkSocName(name);
        QCOMPARE(!problem, known);
        if (known)
            return;
        QCOMPARE(QString::fromStdString(nearestKnownSoc(name).value_or("")), suggestion);
        QCOMPARE(problem->severity, Severity::Error);
        QCOMPARE(problem->code, std::string("soc"));
        QVERIFY2(problem->message.find("'" + name + "'") != std::string::npos,
                 problem->message.c_str());
        QVERIFY(!problem->hint.empty());
        if (!suggestion.isEmpty())
            QVERIFY2(problem->hint.find(suggestion.toStdString()) != std::string::npos,
                     problem->hint.c_str());
    }
};

QTEST_GUILESS_MAIN(TestSoc)
#include "tst_soc.moc"
