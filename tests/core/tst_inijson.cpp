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

// The rules of parse_ini_to_obj + write_json_file, in Python, as a reference computed at run time.
// Lines the script would crash on (no '=', not exactly one '.', before any section) are skipped,
// as the C++ converter does.
const char *pythonReference = R"PY(
import json, sys
trim = sys.argv[2] == '1'
ops = {}
op = None
with open(sys.argv[1], encoding='utf-8') as f:
    lines = f.readlines()
if lines and lines[0].startswith('\ufeff'):
    lines[0] = lines[0][1:]
for raw in lines:
    line = raw.rstrip()
    if not line:
        continue
    if line.startswith('['):
        op = {}
        ops[line[1:-1]] = op
        continue
    if '=' not in line:
        continue
    key = line[:line.index('=')]
    value = line[line.index('=') + 1:]
    if trim:
        key, value = key.strip(), value.strip()
    parts = key.split('.')
    if len(parts) != 2 or op is None:
        continue
    op.setdefault(parts[0], {})[parts[1]] = value
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
        p.start(exe, {QStringLiteral("-c"), QString::fromUtf8(pythonReference), iniPath,
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
            QDirIterator it(sharedData(QStringLiteral("opsinfo/ini-samples")), {QStringLiteral("*.ini")}, QDir::Files);
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
            {"crlf and lone cr", "[A]\r\ninput0.name=x\r\ninput0.paramType=required\rop.pattern=p \t\r\n"},
            {"repeated section replaces", "[A]\nx.a=1\nx.b=2\n[B]\ny.c=3\n[A]\nz.d=4\n"},
            {"lines without = and bad dots skipped", "stray\n[A]\nnot a pair\nx.a=1\nx.b.c=2\nnodot=3\n=4\n"},
            {"value keeps = and spaces", "[A]\n x.a = b=c \nx.e=\n"},
            {"escapes and unicode",
             "[A\"\\]\nx.q=\"quoted\" back\\slash /slash\nx.u=caf\xc3\xa9 \xe4\xb8\xad \xf0\x9f\x98\x80\nx.c=a\x01\x7f" "b\tc\n"},
            {"unicode trailing space stripped", "[A]\nx.a=v\xe3\x80\x80\nx.b=v\xc2\xa0\n"},
            {"duplicate key last wins", "[A]\nx.a=1\nx.a=2\n"},
            {"section without bracket", "[Abc\nx.a=1\n"},
            {"empty file", ""},
            {"section only", "[Empty]\n"},
            {"key order by code point", "[A]\ninput10.a=1\ninput2.a=2\nInput1.a=3\n_x.a=4\n\xc3\xa9.a=5\n"},
            {"bom", "\xef\xbb\xbf[A]\nx.a=1\n"},
        };
        for (const auto &[name, text] : cases) {
            const QString path = m_tmp.filePath(QString::fromLatin1(name).replace(QLatin1Char(' '), QLatin1Char('_')) + QStringLiteral(".ini"));
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(text);
            f.close();
            QTest::newRow(name) << path << false;
        }
        QTest::newRow("trimmed (newer script)") << m_tmp.filePath(QStringLiteral("value_keeps_=_and_spaces.ini")) << true;
    }

    void matchesPython()
    {
        QFETCH(QString, path);
        QFETCH(bool, trim);
        const QByteArray ini = readAll(path);
        const QByteArray expected = python(path, trim);
        if (expected.isEmpty() && !QStandardPaths::findExecutable(QStringLiteral("python3")).isEmpty())
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
        QDirIterator it(sharedData(QStringLiteral("opsinfo/ini-samples")), {QStringLiteral("*.ini")}, QDir::Files);
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

    void diagnosticsNameLines()
    {
        const auto result = convertIni("x.a=0\n[A]\nno pair\ninput0.name=x\ninput0.dtype=float16,float\n"
                                       "input0.format=ND\na.b.c=1\nprecision_reduce.flag=yes\nx.a=1\nx.a=2\n",
                                       {"ops.ini"});
        QVERIFY(!result.ok());
        auto find = [&](const std::string &code) -> const Diagnostic * {
            for (const auto &d : result.diagnostics)
                if (d.code == code)
                    return &d;
            return nullptr;
        };
        QVERIFY(find("ini-outside-section") && find("ini-outside-section")->location.line == 1);
        QVERIFY(find("ini-no-equals") && find("ini-no-equals")->location.line == 3);
        QVERIFY(find("ini-key-dots") && find("ini-key-dots")->location.line == 7);
        QVERIFY(find("ini-duplicate-key") && find("ini-duplicate-key")->location.line == 10);
        int checks = 0;
        for (const auto &d : result.diagnostics) {
            if (d.code != "ini-check")
                continue;
            ++checks;
            QCOMPARE(d.location.file, std::string("ops.ini"));
            QVERIFY(d.message.find("[A]") != std::string::npos);
        }
        QCOMPARE(checks, 3); // missing paramType, 2 dtypes vs 1 format, flag "yes"
        QCOMPARE(result.object.at("A").at("x").at("a"), std::string("2"));
    }

    void trailingNewlineOption()
    {
        IniConversionOptions options;
        options.trailingNewline = true;
        QCOMPARE(convertIniToJson("[A]\nx.a=1\n", nullptr, options),
                 std::string("{\n    \"A\":{\n        \"x\":{\n            \"a\":\"1\"\n        }\n    }\n}\n"));
        QCOMPARE(convertIniToJson(""), std::string("{}"));
        QCOMPARE(convertIniToJson("[A]\n"), std::string("{\n    \"A\":{}\n}"));
    }
};

QTEST_GUILESS_MAIN(TestIniJson)
#include "tst_inijson.moc"
