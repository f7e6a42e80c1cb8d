// The JSON Schemas of resources/core/schemas, checked by an independent validator
// (python3-jsonschema) against every real modify_mixlist file and a few real ops-info libraries.
// The verdicts are compared with our own strict parser's, so the schema an editor uses agrees with
// what the compiler accepts.
#include "cli/cli.h"
#include "common/resources.h"
#include "mixlist/mixlist.h"

#include "shareddata.h"

#include <QDirIterator>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <sstream>

using namespace opsinfo;

namespace {

// Prints one line per file: VALID|INVALID|NOJSON <tab> path <tab> first message.
const char *kValidator = R"PY(
import json, sys
import jsonschema
schema = json.load(open(sys.argv[1], encoding="utf-8"))
jsonschema.Draft202012Validator.check_schema(schema)
validator = jsonschema.Draft202012Validator(schema)
for path in sys.argv[2:]:
    try:
        data = json.load(open(path, encoding="utf-8-sig"))
    except Exception as e:
        print("NOJSON\t%s\t%s" % (path, str(e).replace("\n", " ")))
        continue
    errors = sorted(validator.iter_errors(data), key=lambda e: list(e.path))
    if errors:
        print("INVALID\t%s\t%s" % (path, errors[0].message.replace("\n", " ")))
    else:
        print("VALID\t%s\t" % path)
)PY";

struct Verdict
{
    QString kind;
    QString message;
};

QString python()
{
    return QStandardPaths::findExecutable(QStringLiteral("python3"));
}

bool haveJsonSchema()
{
    if (python().isEmpty())
        return false;
    QProcess p;
    p.start(python(), {"-c", "import jsonschema"});
    return p.waitForFinished(60000) && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
}

#define REQUIRE_JSONSCHEMA()                                                                           \
    do {                                                                                               \
        if (!haveJsonSchema())                                                                         \
            QSKIP(                                                                                     \
                "python3 with the jsonschema module is missing (apt-get install python3-jsonschema)"); \
    } while (false)

QString schemaFile(const QString &name)
{
    return QStringLiteral(OPSINFO_SOURCE_DIR "/resources/core/schemas/") + name;
}

QMap<QString, Verdict> validate(const QString &schema, const QStringList &files)
{
    QMap<QString, Verdict> verdicts;
    QProcess p;
    p.start(python(), QStringList {"-c", kValidator, schema} + files);
    if (!p.waitForFinished(300000) || p.exitCode() != 0) {
        qWarning("validator failed: %s", p.readAllStandardError().constData());
        return verdicts;
    }
    for (const QString &line :
         QString::fromUtf8(p.readAllStandardOutput()).split('\n', Qt::SkipEmptyParts)) {
        const QStringList parts = line.split('\t');
        if (parts.size() >= 2)
            verdicts.insert(parts[1], {parts[0], parts.value(2)});
    }
    return verdicts;
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestSchemas : public QObject
{
    Q_OBJECT
private slots:
    void schemasAreEmbeddedAndPrinted_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("file");
        QTest::newRow("mixlist") << "mixlist"
                                 << "modify_mixlist.schema.json";
        QTest::newRow("opsinfo") << "opsinfo"
                                 << "opsinfo.schema.json";
    }
    void schemasAreEmbeddedAndPrinted()
    {
        QFETCH(QString, kind);
        QFETCH(QString, file);
        const QByteArray onDisk = readAll(schemaFile(file));
        QVERIFY(!onDisk.isEmpty());
        const auto embedded = embeddedResource(("schemas/" + file).toStdString());
        QVERIFY(embedded);
        QCOMPARE(QByteArray(embedded->data(), qsizetype(embedded->size())), onDisk);
        std::ostringstream out, err;
        QCOMPARE(runCli({"schema", kind.toStdString()}, out, err), 0);
        QCOMPARE(QByteArray::fromStdString(out.str()), onDisk);
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(onDisk, &error);
        QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
        QCOMPARE(doc.object().value("$schema").toString(),
                 QStringLiteral("https://json-schema.org/draft/2020-12/schema"));
    }

    void unknownSchemaIsAUsageError()
    {
        std::ostringstream out, err;
        QCOMPARE(runCli({"schema", "ini"}, out, err), 2);
        QVERIFY(out.str().empty());
        QVERIFY(err.str().find("mixlist or opsinfo") != std::string::npos);
    }

    // Every real mixlist: valid for our strict parser (the compiler's reading) <=> valid for the
    // schema, except X2 (mark combinations), which a schema cannot express.
    void realMixlistsAgreeWithTheStrictParser()
    {
        REQUIRE_SHARED_DATA();
        REQUIRE_JSONSCHEMA();
        QStringList files;
        QDirIterator it(sharedData("opsinfo/mixlists"), {"*.json"}, QDir::Files,
                        QDirIterator::Subdirectories);
        while (it.hasNext())
            files << it.next();
        files.sort();
        QVERIFY2(files.size() >= 60, qPrintable(QString::number(files.size())));
        const auto verdicts = validate(schemaFile("modify_mixlist.schema.json"), files);
        QCOMPARE(verdicts.size(), files.size());
        int valid = 0, rejected = 0, notJson = 0;
        for (const QString &file : files) {
            const Verdict v = verdicts.value(file);
            const MixlistParseResult parsed
                = parseMixlistStrict(readAll(file).toStdString(), file.toStdString());
            bool structural = false;
            for (const Diagnostic &d : parsed.diagnostics)
                structural = structural || (d.severity == Severity::Error && d.code != "X2");
            if (v.kind == "NOJSON") {
                QVERIFY2(!parsed.ok(),
                         qPrintable(file + ": Python cannot read it, our parser accepts it"));
                ++notJson;
            } else if (!structural) {
                QVERIFY2(
                    v.kind == "VALID",
                    qPrintable(file + ": the compiler accepts it, the schema says " + v.message));
                ++valid;
            } else {
                QVERIFY2(v.kind == "INVALID",
                         qPrintable(
                             file + ": the compiler rejects it ("
                             + QString::fromStdString(formatDiagnostic(parsed.diagnostics.front()))
                             + "), the schema accepts it"));
                ++rejected;
            }
        }
        qInfo("%d valid mixlists validate, %d with key errors are rejected, %d are not JSON", valid,
              rejected, notJson);
        QVERIFY(valid >= 50);
        QVERIFY(rejected >= 3); // op_info_wrong1 (white1-list), op_info_wrong2 (to-add1),
                                // op_mix_list5 (grey-list)
    }

    void realLibrariesValidate_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<bool>("valid");
        QTest::newRow("hicann store") << "opsinfo/hicann-ge-tests/op_store_right.json" << true;
        QTest::newRow("hicann tbe") << "opsinfo/hicann-ge-tests/tbe_opinfo.json" << true;
        QTest::newRow("hicann wrong flag")
            << "opsinfo/hicann-ge-tests/tbe_opinfo_wrong_precision_reduce_flag.json" << false;
        QTest::newRow("cann ascend035")
            << "opsinfo/cann-8.1.RC1/op_impl/ai_core/tbe/config/ascend035/aic-ascend035-ops-info.json"
            << true;
        QTest::newRow("cann vector core")
            << "opsinfo/cann-8.1.RC1/op_impl/vector_core/tbe/config/vector_core_tbe_ops_info.json"
            << true;
    }
    void realLibrariesValidate()
    {
        REQUIRE_SHARED_DATA();
        REQUIRE_JSONSCHEMA();
        QFETCH(QString, file);
        QFETCH(bool, valid);
        const QString path = sharedData(file);
        QVERIFY2(QFile::exists(path), qPrintable(path));
        const Verdict v = validate(schemaFile("opsinfo.schema.json"), {path}).value(path);
        QCOMPARE(v.kind, valid ? QStringLiteral("VALID") : QStringLiteral("INVALID"));
        if (!valid)
            QVERIFY2(v.message.contains("1231231"), qPrintable(v.message));
    }

    // The schema must reject what the loader rejects (L4: non-string leaves) — made-up variations
    // of a real entry, so the test fails if the schema is loosened to "any object".
    void opsinfoSchemaRejectsNonStringLeaves_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<bool>("valid");
        QTest::newRow("real shape") << QByteArray(
            R"({"Add":{"input0":{"name":"x1","dtype":"float16,float","format":"ND,ND"},"precision_reduce":{"flag":"true"}}})")
                                    << true;
        QTest::newRow("empty flag")
            << QByteArray(R"({"Add":{"precision_reduce":{"flag":""}}})") << true;
        QTest::newRow("spaced flag")
            << QByteArray(R"({"Add":{"precision_reduce":{"flag":" False "}}})") << true;
        QTest::newRow("boolean flag")
            << QByteArray(R"({"Add":{"precision_reduce":{"flag":true}}})") << false;
        QTest::newRow("bad flag") << QByteArray(R"({"Add":{"precision_reduce":{"flag":"yes"}}})")
                                  << false;
        QTest::newRow("number dtype") << QByteArray(R"({"Add":{"input0":{"dtype":16}}})") << false;
        QTest::newRow("two levels") << QByteArray(R"({"Add":{"opFile":"add"}})") << false;
        QTest::newRow("four levels")
            << QByteArray(R"({"Add":{"attr":{"list":{"x":"y"}}}})") << false;
    }
    void opsinfoSchemaRejectsNonStringLeaves()
    {
        REQUIRE_JSONSCHEMA();
        QFETCH(QByteArray, json);
        QFETCH(bool, valid);
        QTemporaryDir dir;
        QFile f(dir.filePath("aic-test-ops-info.json"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(json);
        f.close();
        const Verdict v
            = validate(schemaFile("opsinfo.schema.json"), {f.fileName()}).value(f.fileName());
        QVERIFY2(v.kind == (valid ? "VALID" : "INVALID"), qPrintable(v.kind + " " + v.message));
    }
};

QTEST_GUILESS_MAIN(TestSchemas)
#include "tst_schemas.moc"
