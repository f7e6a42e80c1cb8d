#include "library/inijson.h"
#include "shareddata.h"

#include <QDirIterator>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace opsinfo;

namespace {

// How parse_ini_to_obj reads a file (lines rstripped, '[' lines with a closing ']' start a
// section, the first '=' splits, the key at its one '.'), in Python, as a reference computed at
// run time for inputs the script reads without stopping. The whole script, checks included, is
// compared in tst_inidifferential.
const char *pythonReference = R"PY(
import json, sys
trim = sys.argv[2] == '1'
ops = {}
op = {}
with open(sys.argv[1], encoding='utf-8') as f:
    lines = f.readlines()
for raw in lines:
    line = raw.rstrip()
    if not line:
        continue
    if line.startswith('['):
        if line.endswith(']'):
            op = {}
            ops[line[1:-1]] = op
        continue
    if '=' not in line:
        continue
    key = line[:line.index('=')]
    value = line[line.index('=') + 1:]
    if trim:
        key, value = key.strip(), value.strip()
    item, field = key.split('.')
    op.setdefault(item, {})[field] = value
sys.stdout.buffer.write(json.dumps(ops, sort_keys=True, indent=4, separators=(',', ':')).encode('ascii'))
)PY";

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestIniJson : public QObject
{
    Q_OBJECT
private:
    QTemporaryDir m_tmp;

    QByteArray python(const QString &iniPath, bool trim)
    {
        const QString exe = QStandardPaths::findExecutable(QStringLiteral("python3"));
        if (exe.isEmpty())
            return {};
        QProcess p;
        p.start(exe,
                {QStringLiteral("-c"), QString::fromUtf8(pythonReference), iniPath,
                 trim ? QStringLiteral("1") : QStringLiteral("0")});
        if (!p.waitForFinished(30000) || p.exitCode() != 0) {
            qWarning("python3 failed: %s", p.readAllStandardError().constData());
            return {};
        }
        return p.readAllStandardOutput();
    }

private slots:
    void matchesPython_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<bool>("trim");
        if (QDir(sharedData()).exists()) {
            QDirIterator it(sharedData(QStringLiteral("opsinfo/ini-samples")),
                            {QStringLiteral("*.ini")}, QDir::Files);
            QStringList files;
            while (it.hasNext())
                files << it.next();
            files.sort();
            for (const QString &f : files)
                QTest::newRow(qPrintable(QFileInfo(f).fileName())) << f << false;
        }
        // Hand-made corner cases, written to a temp file: every rule the script applies.
        QVERIFY(m_tmp.isValid());
        const QList<QPair<const char *, QByteArray>> cases = {
            {"crlf and lone cr",
             "[A]\r\ninput0.name=x\r\ninput0.paramType=required\rop.pattern=p \t\r\n"},
            {"repeated section replaces", "[A]\nx.a=1\nx.b=2\n[B]\ny.c=3\n[A]\nz.d=4\n"},
            {"lines without = ignored", "stray\n[A]\nnot a pair\nx.a=1\n[B\n"},
            {"value keeps = and spaces", "[A]\n x.a = b=c \nx.e=\n"},
            {"escapes and unicode",
             "[A\"\\]\nx.q=\"quoted\" back\\slash /slash\nx.u=caf\xc3\xa9 \xe4\xb8\xad \xf0\x9f\x98\x80\nx.c=a\x01\x7f"
             "b\tc\n"},
            {"unicode trailing space stripped", "[A]\nx.a=v\xe3\x80\x80\nx.b=v\xc2\xa0\n"},
            {"same key in another section", "[A]\nx.a=1\n[B]\nx.a=2\n[A]\nx.a=3\n"},
            {"section only", "[Empty]\n"},
            {"key order by code point",
             "[A]\ninput10.a=1\ninput2.a=2\nInput1.a=3\n_x.a=4\n\xc3\xa9.a=5\n"},
            {"bom", "\xef\xbb\xbf[A]\n[B]\nx.a=1\n"},
        };
        for (const auto &[name, text] : cases) {
            const QString path = m_tmp.filePath(
                QString::fromLatin1(name).replace(QLatin1Char(' '), QLatin1Char('_'))
                + QStringLiteral(".ini"));
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(text);
            f.close();
            QTest::newRow(name) << path << false;
        }
        QTest::newRow("trimmed (newer script)")
            << m_tmp.filePath(QStringLiteral("value_keeps_=_and_spaces.ini")) << true;
    }

    void matchesPython()
    {
        QFETCH(QString, path);
        QFETCH(bool, trim);
        const QByteArray ini = readAll(path);
        const QByteArray expected = python(path, trim);
        if (expected.isEmpty()
            && !QStandardPaths::findExecutable(QStringLiteral("python3")).isEmpty())
            QFAIL("python3 is installed but the reference failed");
        if (expected.isEmpty())
            QSKIP("python3 not found: reference comparison skipped");
        IniConversionOptions options;
        options.file = path.toStdString();
        options.trimKeysAndValues = trim;
        const std::string json = convertIniToJson(ini.toStdString(), nullptr, options);
        QCOMPARE(QByteArray::fromStdString(json), expected);
    }

    void realSamplesAreClean()
    {
        REQUIRE_SHARED_DATA();
        QDirIterator it(sharedData(QStringLiteral("opsinfo/ini-samples")),
                        {QStringLiteral("*.ini")}, QDir::Files);
        int count = 0;
        while (it.hasNext()) {
            const QString path = it.next();
            const auto result = convertIni(readAll(path).toStdString(), {path.toStdString()});
            for (const auto &d : result.diagnostics)
                qWarning("%s", formatDiagnostic(d).c_str());
            QVERIFY(result.ok());
            QCOMPARE(result.object.size(), std::size_t(1));
            QVERIFY(result.json.back() == '}'); // json.dump: no trailing newline
            ++count;
        }
        QCOMPARE(count, 5);
    }

    // What the script refuses, with the line, the code and its own message (data-driven; the
    // differential test runs the real scripts on hundreds of variations).
    void refusals_data()
    {
        QTest::addColumn<QByteArray>("ini");
        QTest::addColumn<QString>("script");
        QTest::addColumn<QString>("code"); // empty: converted
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("fragment");
        const QByteArray tensor
            = "[A]\ninput0.name=x\ninput0.paramType=required\noutput0.name=y\noutput0.paramType=required\n";
        QTest::newRow("clean") << tensor << "tbe"
                               << "" << 0 << "";
        QTest::newRow("key set twice")
            << tensor + "x.a=1\nx.a=2\n"
            << "tbe"
            << "ini-duplicate-key" << 7
            << "'x.a' is set again (first at line 6); parse_ini_to_json.py: RuntimeError: Op:A x a is repeated!";
        QTest::newRow("twice before any section")
            << "x.a=1\nx.a=1\n" + tensor << "tbe"
            << "ini-duplicate-key" << 2 << "RuntimeError: Op: x a is repeated!";
        QTest::newRow("two dots") << tensor + "a.b.c=1\n"
                                  << "tbe"
                                  << "ini-key-dots" << 6
                                  << "ValueError: too many values to unpack (expected 2)";
        QTest::newRow("no dot") << tensor + "=1\n"
                                << "tbe"
                                << "ini-key-dots" << 6 << "ValueError: not enough values";
        QTest::newRow("no section")
            << QByteArray("[A\nx.a=1\n") << "tbe"
            << "ini-no-section" << 0 << "RuntimeError: Not find OpType in .ini file.";
        QTest::newRow("BOM hides the header") << "\xef\xbb\xbf" + tensor << "tbe"
                                              << "ini-no-section" << 0 << "Not find OpType";
        QTest::newRow("not UTF-8") << tensor + "opFile.value=\xff\n"
                                   << "tbe"
                                   << "ini-encoding" << 6 << "UnicodeDecodeError";
        QTest::newRow("no output0 (TBE)")
            << QByteArray("[A]\ninput0.name=x\ninput0.paramType=required\n") << "tbe"
            << "ini-output0" << 1 << "output0 is required in .ini file!";
        QTest::newRow("no output0 (Ascend C)")
            << QByteArray("[A]\ninput0.name=x\ninput0.paramType=required\n") << "ascendc"
            << "" << 0 << "";
        QTest::newRow("output0 without name")
            << QByteArray("[A]\noutput0.paramType=required\n") << "tbe"
            << "ini-output0" << 2 << "output0.name is required in .ini file!";
        QTest::newRow("missing paramType")
            << tensor + "input1.name=z\n"
            << "tbe"
            << "ini-missing-key" << 6 << "op: A input1 missing: paramType";
        QTest::newRow("prefix-matched item")
            << tensor + "inputs.x=1\n"
            << "tbe"
            << "ini-missing-key" << 6 << "op: A inputs missing: paramType,name";
        QTest::newRow("paramType case")
            << QByteArray(tensor).replace("input0.paramType=required", "input0.paramType=Required")
            << "tbe"
            << "ini-param-type" << 3
            << "paramType not valid, valid key:[dynamic, optional, required]";
        QTest::newRow("dtype fp32") << tensor + "input0.dtype=float16, fp32\n"
                                    << "tbe"
                                    << "ini-dtype" << 6 << "input0.dtype not support  fp32.";
        QTest::newRow("int4 (TBE)") << tensor + "input0.dtype=int4\n"
                                    << "tbe"
                                    << "ini-dtype" << 6 << "not support int4.";
        QTest::newRow("int4 (Ascend C)") << tensor + "input0.dtype=int4\n"
                                         << "ascendc"
                                         << "" << 0 << "";
        QTest::newRow("format nd") << tensor + "input0.format=nd\n"
                                   << "tbe"
                                   << "ini-format" << 6 << "input0.format not support nd.";
        QTest::newRow("counts")
            << tensor + "input0.dtype=float16,float\ninput0.format=ND\n"
            << "tbe"
            << "ini-count" << 7
            << "The number of input0.dtype not match the number of input0.format.";
        QTest::newRow("attr without list")
            << tensor + "attr.x=1\n"
            << "tbe"
            << "ini-attr-list" << 6 << "attr.list is required in .ini file!";
        QTest::newRow("attr missing")
            << tensor + "attr.list=axis, keep\nattr_axis.type=int\nattr_axis.value=all\n"
            << "tbe"
            << "ini-attr-missing" << 6
            << "attr_keep is required in .ini file, when attr.list is axis, keep!";
        QTest::newRow("attr without value")
            << tensor + "attr.list=axis\nattr_axis.type=int\n"
            << "tbe"
            << "ini-attr-type-value" << 7
            << "If attr.list is exist, attr_axis.type and attr_axis.value is required";
        QTest::newRow("attr type")
            << tensor + "attr.list=axis\nattr_axis.type=int64\nattr_axis.value=all\n"
            << "tbe"
            << "ini-attr-type" << 7 << "attr_axis.type only support ['int', 'float', 'bool', 'str'";
        QTest::newRow("attr paramType")
            << tensor
                + "attr.list=axis\nattr_axis.type=int\nattr_axis.value=all\nattr_axis.paramType=Optional\n"
            << "tbe"
            << "ini-attr-param-type" << 9
            << "attr_axis.paramType only support ['optional', 'required'].";
        QTest::newRow("flag word")
            << tensor + "heavyOp.flag=True\n"
            << "tbe"
            << "ini-flag" << 6 << "heavyOp.flag only support ['true', 'false'].";
        QTest::newRow("flag spaces are stripped") << tensor + "heavyOp.flag= true\n"
                                                  << "tbe"
                                                  << "" << 0 << "";
        QTest::newRow("flag item without flag")
            << tensor + "needCheckSupport.value=true\n"
            << "tbe"
            << "ini-flag-missing" << 6
            << "AttributeError: 'NoneType' object has no attribute 'strip'";
        QTest::newRow("unchecked flag item") << tensor + "partial.flag=yes\n"
                                             << "tbe"
                                             << "" << 0 << "";
    }
    void refusals()
    {
        QFETCH(QByteArray, ini);
        QFETCH(QString, script);
        QFETCH(QString, code);
        QFETCH(int, line);
        QFETCH(QString, fragment);
        IniConversionOptions options;
        options.file = "ops.ini";
        QVERIFY(parseIniScript(script.toStdString(), options.script));
        const IniConversion result = convertIni(ini.toStdString(), options);
        if (code.isEmpty()) {
            for (const Diagnostic &d : result.diagnostics)
                QVERIFY2(d.severity != Severity::Error, formatDiagnostic(d).c_str());
            QVERIFY(result.ok());
            return;
        }
        QVERIFY(!result.ok());
        const Diagnostic *found = nullptr;
        for (const Diagnostic &d : result.diagnostics)
            if (d.severity == Severity::Error && !found)
                found = &d;
        QVERIFY(found);
        QCOMPARE(QString::fromStdString(found->code), code);
        QCOMPARE(found->location.file, std::string("ops.ini"));
        QCOMPARE(found->location.line, line);
        QVERIFY2(QString::fromStdString(found->message).contains(fragment), found->message.c_str());
        QVERIFY(!found->hint.empty());
    }

    void warningsForWhatTheScriptIgnores()
    {
        const auto result = convertIni(
            "x.a=0\n[A]\nno pair\n[B\noutput0.name=y\noutput0.paramType=required\n", {"ops.ini"});
        QVERIFY(result.ok());
        QStringList found;
        for (const Diagnostic &d : result.diagnostics)
            found << QString("%1:%2").arg(QString::fromStdString(d.code)).arg(d.location.line);
        QCOMPARE(found,
                 (QStringList {"ini-outside-section:1", "ini-no-equals:3", "ini-section:4"}));
        QCOMPARE(result.object.size(), std::size_t(1));
    }

    void severalFiles()
    {
        const std::string a = "[A]\noutput0.name=y\noutput0.paramType=required\n[B]\nx.a=1\n";
        const std::string b = "[A]\noutput0.name=z\noutput0.paramType=required\n";
        const IniConversion merged = convertIniFiles({{"a.ini", a}, {"b.ini", b}});
        // B has no output0: the TBE script refuses; the later [A] replaced the earlier
        QVERIFY(!merged.ok());
        QCOMPARE(merged.diagnostics.back().location.file, std::string("a.ini"));
        QCOMPARE(merged.object.at("A").at("output0").at("name"), std::string("z"));
        bool repeated = false;
        for (const Diagnostic &d : merged.diagnostics)
            repeated = repeated || (d.code == "ini-repeated-section" && d.location.file == "b.ini");
        QVERIFY(repeated);
        const IniConversion noSection = convertIniFiles({{"a.ini", a}, {"c.ini", "x.a=1\n"}});
        bool named = false;
        for (const Diagnostic &d : noSection.diagnostics)
            named = named || (d.code == "ini-no-section" && d.location.file == "c.ini");
        QVERIFY(named); // each file needs its own section
    }

    void trailingNewlineOption()
    {
        IniConversionOptions options;
        options.trailingNewline = true;
        QCOMPARE(
            convertIniToJson("[A]\nx.a=1\n", nullptr, options),
            std::string(
                "{\n    \"A\":{\n        \"x\":{\n            \"a\":\"1\"\n        }\n    }\n}\n"));
        QCOMPARE(convertIniToJson(""), std::string("{}"));
        QCOMPARE(convertIniToJson("[A]\n"), std::string("{\n    \"A\":{}\n}"));
    }
};

QTEST_GUILESS_MAIN(TestIniJson)
#include "tst_inijson.moc"
