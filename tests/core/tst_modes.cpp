// Precision mode names and aliases (§4), bf16 modes per SoC, default modes. (SoC names and
// capabilities themselves: tst_soc.)

#include "common/soc.h"
#include "resolver/precisionmode.h"
#include "shareddata.h"

#include <QFile>
#include <QTest>

#include <algorithm>
#include <set>

using namespace opsinfo;

class TestModes : public QObject
{
    Q_OBJECT

private slots:
    void parse_data();
    void parse();
    void nineDistinct();
    void unknownSuggests();
    void bf16Refusal();
    void bf16FromPlatformIni_data();
    void bf16FromPlatformIni();
    void defaults();
};

void TestModes::parse_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("canonical");
    const std::pair<const char *, const char *> rows[] = {
        {"force_fp16", "force_fp16"},
        {"fp16", "force_fp16"},
        {"force_fp32", "cube_fp16in_fp32out"},
        {"cube_fp16in_fp32out", "cube_fp16in_fp32out"},
        {"allow_fp32_to_fp16", "allow_fp32_to_fp16"},
        {"must_keep_origin_dtype", "must_keep_origin_dtype"},
        {"origin", "must_keep_origin_dtype"},
        {"allow_mix_precision", "allow_mix_precision_fp16"},
        {"allow_mix_precision_fp16", "allow_mix_precision_fp16"},
        {"mixed_float16", "allow_mix_precision_fp16"},
        {"allow_mix_precision_bf16", "allow_mix_precision_bf16"},
        {"mixed_bfloat16", "allow_mix_precision_bf16"},
        {"allow_fp32_to_bf16", "allow_fp32_to_bf16"},
        {"cube_hif8", "cube_hif8"},
        {"mixed_hif8", "mixed_hif8"},
    };
    for (const auto &[name, canonical] : rows)
        QTest::newRow(name) << QString(name) << QString(canonical);
}

void TestModes::parse()
{
    QFETCH(QString, name);
    QFETCH(QString, canonical);
    const auto mode = parsePrecisionMode(name.toStdString());
    QVERIFY(mode);
    QCOMPARE(QString(precisionModeName(*mode)), canonical);
    // The canonical name parses back to the same mode.
    QCOMPARE(parsePrecisionMode(precisionModeName(*mode)), mode);
    QCOMPARE(parsePrecisionMode(precisionModeV2Name(*mode)), mode);
}

void TestModes::nineDistinct()
{
    std::set<PrecisionMode> modes;
    for (const auto &entry : precisionModeNames())
        modes.insert(entry.mode);
    QCOMPARE(modes.size(), std::size_t(9));
    QCOMPARE(kAllPrecisionModes.size(), std::size_t(9));
    // M12: FE's internal names parse, but are not among ATC's names nor in the 9-mode sweep.
    for (const char *name : {"force_lowerprecision", "allow_fp32_to_lowprecision"}) {
        const auto mode = parsePrecisionMode(name);
        QVERIFY(mode && isInternalMode(*mode));
        QCOMPARE(QString(precisionModeName(*mode)), QString(name));
        QVERIFY(std::find(kAllPrecisionModes.begin(), kAllPrecisionModes.end(), *mode)
                == kAllPrecisionModes.end());
        for (const auto &entry : precisionModeNames())
            QVERIFY(entry.name != name);
    }
    QVERIFY(!isInternalMode(PrecisionMode::CubeHif8));
}

void TestModes::unknownSuggests()
{
    std::string error;
    QVERIFY(!parsePrecisionMode("allow_mix_precison", &error));
    QVERIFY2(error.find("did you mean 'allow_mix_precision'") != std::string::npos, error.c_str());
    QVERIFY2(error.find("must_keep_origin_dtype") != std::string::npos,
             error.c_str()); // lists names
    QVERIFY(!parsePrecisionMode("FORCE_FP16", &error)); // names are case-sensitive
    QVERIFY2(error.find("'force_fp16'") != std::string::npos, error.c_str());
    QVERIFY(!parsePrecisionMode("", &error));
}

void TestModes::bf16Refusal()
{
    for (PrecisionMode mode :
         {PrecisionMode::AllowMixPrecisionBf16, PrecisionMode::AllowFp32ToBf16}) {
        const auto refused = checkModeForSoc(mode, "Ascend910A");
        QVERIFY(refused);
        QCOMPARE(refused->severity, Severity::Error);
        QCOMPARE(refused->code, std::string("mode-soc"));
        QVERIFY(refused->message.find("bf16") != std::string::npos);
        QVERIFY(!refused->hint.empty());
        QVERIFY(!checkModeForSoc(mode, "Ascend910B1"));
        QCOMPARE(checkModeForSoc(mode, "Kirin9000")->severity, Severity::Warning);
    }
    QVERIFY(!checkModeForSoc(PrecisionMode::AllowMixPrecisionFp16, "Ascend910A"));
}

void TestModes::bf16FromPlatformIni_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<bool>("bf16");
    QTest::newRow("910A") << "Ascend910A.ini" << false;
    QTest::newRow("310P3") << "Ascend310P3.ini" << false;
    QTest::newRow("310") << "Ascend310.ini" << false;
    QTest::newRow("910B1") << "Ascend910B1.ini" << true;
    QTest::newRow("910_9391") << "Ascend910_9391.ini" << true;
    QTest::newRow("310B1") << "Ascend310B1.ini" << true;
}

void TestModes::bf16FromPlatformIni()
{
    REQUIRE_SHARED_DATA();
    QFETCH(QString, file);
    QFETCH(bool, bf16);
    QFile ini(sharedData("opsinfo/cann-8.1.RC1/platform_config/" + file));
    QVERIFY2(ini.open(QIODevice::ReadOnly), qPrintable(ini.fileName()));
    const QByteArray text = ini.readAll();
    const std::string_view view(text.constData(), std::size_t(text.size()));
    QCOMPARE(iniSupportsBf16(view), std::optional<bool>(bf16));
    // The ini wins over the built-in table: a 910B name with a 910A ini is refused.
    QCOMPARE(socSupportsBf16("Ascend910B1", view), std::optional<bool>(bf16));
    QCOMPARE(bool(checkModeForSoc(PrecisionMode::AllowMixPrecisionBf16, file.toStdString(), view)),
             !bf16);
}

void TestModes::defaults()
{
    QCOMPARE(defaultPrecisionMode(false, "Ascend910B1"), PrecisionMode::ForceFp16);
    QCOMPARE(defaultPrecisionMode(false, "Ascend910A"), PrecisionMode::ForceFp16);
    QCOMPARE(defaultPrecisionMode(true, "Ascend910A"), PrecisionMode::AllowFp32ToFp16);
    QCOMPARE(defaultPrecisionMode(true, "Ascend910B2"), PrecisionMode::MustKeepOriginDtype);
    QCOMPARE(defaultPrecisionMode(true, "Ascend910_9391"), PrecisionMode::MustKeepOriginDtype);
}

QTEST_GUILESS_MAIN(TestModes)
#include "tst_modes.moc"
