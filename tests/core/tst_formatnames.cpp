// The two format-name lists (library/formatnames.h): GE's, which FE's loader checks a library's
// "format" lists against, and parse_ini_to_json.py's, which an INI source is checked against. They
// are kept apart on purpose; the rows name every name only one of them has, so a change to either
// list shows here as a row to add or remove.

#include "library/formatnames.h"
#include "library/getypenames.h"

#include <QTest>

#include <algorithm>
#include <set>
#include <string>

using namespace opsinfo;

namespace {

bool listed(std::span<const std::string_view> names, std::string_view name)
{
    return std::find(names.begin(), names.end(), name) != names.end();
}

} // namespace

class TestFormatNames : public QObject
{
    Q_OBJECT

private slots:
    void onlyOneListHasIt_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("inGe");
        QTest::addColumn<bool>("inIniScript");
        const char *geOnly[] = {"DECONV_SP_STRIDE8_TRANS",
                                "LOOKUP_LOOKUPS",
                                "LOOKUP_KEYS",
                                "LOOKUP_VALUE",
                                "LOOKUP_OUTPUT",
                                "LOOKUP_HITS",
                                "FRACTAL_NZ_C0_16",
                                "FRACTAL_NZ_C0_32",
                                "FRACTAL_NZ_C0_2",
                                "FRACTAL_NZ_C0_4",
                                "FRACTAL_NZ_C0_8",
                                "ALL",
                                "ND_RNN_BIAS",
                                "NYUV",
                                "NYUV_A",
                                "NCL",
                                "FRACTAL_Z_WINO",
                                "C1HWC0"};
        const char *scriptOnly[] = {"FRACTAL_DECONV_SP_STRIDE8_TRANS",
                                    "HASHTABLE_LOOKUP_LOOKUPS",
                                    "HASHTABLE_LOOKUP_KEYS",
                                    "HASHTABLE_LOOKUP_VALUE",
                                    "HASHTABLE_LOOKUP_OUTPUT",
                                    "HASHTABLE_LOOKUP_HITS",
                                    "FRACTAL_ZZ"};
        for (const char *name : geOnly)
            QTest::newRow(name) << QString::fromLatin1(name) << true << false;
        for (const char *name : scriptOnly)
            QTest::newRow(name) << QString::fromLatin1(name) << false << true;
        // A few of the names both have, and one neither has.
        for (const char *name : {"ND", "NCHW", "FRACTAL_NZ", "NC1HWC0", "NULL"})
            QTest::newRow(name) << QString::fromLatin1(name) << true << true;
        QTest::newRow("lower case") << "nd" << false << false;
    }
    void onlyOneListHasIt()
    {
        QFETCH(QString, name);
        QFETCH(bool, inGe);
        QFETCH(bool, inIniScript);
        const std::string token = name.toStdString();
        QCOMPARE(listed(geSerialFormatNames(), token), inGe);
        QCOMPARE(isGeFormatToken(token), inGe); // the loader's check reads the same list
        QCOMPARE(listed(iniScriptFormatNames(), token), inIniScript);
    }

    void theRowsAreEveryDifference()
    {
        const std::set<std::string_view> ge(geSerialFormatNames().begin(),
                                            geSerialFormatNames().end());
        const std::set<std::string_view> script(iniScriptFormatNames().begin(),
                                                iniScriptFormatNames().end());
        QCOMPARE(ge.size(), geSerialFormatNames().size()); // no name twice
        QCOMPARE(script.size(), iniScriptFormatNames().size());
        int differing = 0;
        for (std::string_view name : ge)
            differing += script.count(name) ? 0 : 1;
        for (std::string_view name : script)
            differing += ge.count(name) ? 0 : 1;
        QCOMPARE(differing, 25); // the ge-only and script-only rows above
    }
};

QTEST_GUILESS_MAIN(TestFormatNames)
#include "tst_formatnames.moc"
