#include "library/editcanonicaljson.h"
#include "library/editopsinfo.h"
#include "shareddata.h"

#include <nlohmann/json.hpp>

#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTest>

#include <algorithm>

using namespace opsinfo;
using Json = nlohmann::json;

namespace {

std::string readAll(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QByteArray data = f.readAll();
    return std::string(data.constData(), std::size_t(data.size()));
}

// Every ops-info library under the shared data (not mixlists or dtype files).
QStringList libraryFiles()
{
    QStringList files;
    QDirIterator it(sharedData(QStringLiteral("opsinfo")), {QStringLiteral("*.json")}, QDir::Files,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        if (!path.contains(QLatin1String("/mixlists/")))
            files << path;
    }
    files.sort();
    return files;
}

// The three-level object when every leaf is a string (L4), else nullopt.
std::optional<OpsInfoObject> toObject(const Json &j)
{
    OpsInfoObject object;
    if (!j.is_object())
        return std::nullopt;
    for (const auto &[op, items] : j.items()) {
        if (!items.is_object())
            return std::nullopt;
        auto &o = object[op];
        for (const auto &[item, fields] : items.items()) {
            if (!fields.is_object())
                return std::nullopt;
            auto &i = o[item];
            for (const auto &[key, value] : fields.items()) {
                if (!value.is_string())
                    return std::nullopt;
                i[key] = value.get<std::string>();
            }
        }
    }
    return object;
}

// The colour nlohmann's view of an op gives (an independent reading of SEMANTICS §1).
std::optional<Policy> jsonPolicy(const Json &op)
{
    const auto pr = op.find("precision_reduce");
    if (pr == op.end())
        return Policy::Gray;
    if (!pr->is_object())
        return std::nullopt;
    const auto flag = pr->find("flag");
    if (flag == pr->end())
        return Policy::Gray;
    if (!flag->is_string())
        return std::nullopt;
    return policyFromFlag(flag->get<std::string>());
}

// What an op's object must be after setting `policy` (SEMANTICS §1: gray = no precision_reduce).
Json expectedOp(Json op, Policy policy)
{
    if (jsonPolicy(op) == policy)
        return op;
    if (policy == Policy::Gray)
        op.erase("precision_reduce");
    else if (op.contains("precision_reduce") && op["precision_reduce"].is_object())
        op["precision_reduce"]["flag"] = flagForPolicy(policy);
    else
        op["precision_reduce"] = Json{{"flag", flagForPolicy(policy)}};
    return op;
}

// QVERIFY2 builds its message even when the check passes.
std::string firstMessage(const std::vector<Diagnostic> &diagnostics)
{
    return diagnostics.empty() ? std::string() : formatDiagnostic(diagnostics.front());
}

int countLines(std::string_view s)
{
    return int(std::count(s.begin(), s.end(), '\n'));
}

} // namespace

class TestLibraryEdit : public QObject
{
    Q_OBJECT
private slots:
    void smallFiles_data();
    void smallFiles();
    void unknownOpIsAnError();
    void invalidJsonIsReportedWithLocation();
    void pythonEscaping_data();
    void pythonEscaping();
    void canonicalWriterReproducesShippedFiles_data();
    void canonicalWriterReproducesShippedFiles();
    void realFiles_data();
    void realFiles();
    void pythonAgreesOnEditedFiles_data();
    void pythonAgreesOnEditedFiles();
    void scannerSurvivesDamagedFiles();
};

void TestLibraryEdit::smallFiles_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QString>("op");
    QTest::addColumn<int>("policy");
    QTest::addColumn<QByteArray>("expected");
    QTest::addColumn<bool>("reversible"); // setting the old colour on the output gives the input

    const QByteArray canonical = "{\n    \"A\":{\n        \"input0\":{\n            \"name\":\"x\"\n        },\n"
                                 "        \"op\":{\n            \"pattern\":\"x\"\n        },\n"
                                 "        \"slicePattern\":{\n            \"value\":\"x\"\n        }\n    }\n}";
    QTest::newRow("insert between, canonical")
        << canonical << "A" << int(Policy::White)
        << QByteArray("{\n    \"A\":{\n        \"input0\":{\n            \"name\":\"x\"\n        },\n"
                      "        \"op\":{\n            \"pattern\":\"x\"\n        },\n"
                      "        \"precision_reduce\":{\n            \"flag\":\"true\"\n        },\n"
                      "        \"slicePattern\":{\n            \"value\":\"x\"\n        }\n    }\n}") << true;
    const QByteArray last = "{\n    \"A\":{\n        \"input0\":{\n            \"name\":\"x\"\n        }\n    }\n}";
    QTest::newRow("insert last, one sibling")
        << last << "A" << int(Policy::Black)
        << QByteArray("{\n    \"A\":{\n        \"input0\":{\n            \"name\":\"x\"\n        },\n"
                      "        \"precision_reduce\":{\n            \"flag\":\"false\"\n        }\n    }\n}") << true;
    QTest::newRow("insert first")
        << QByteArray("{\n  \"A\":{\n    \"slicePattern\":{\n      \"value\":\"x\"\n    }\n  }\n}") << "A"
        << int(Policy::White)
        << QByteArray("{\n  \"A\":{\n    \"precision_reduce\":{\n      \"flag\":\"true\"\n    },\n"
                      "    \"slicePattern\":{\n      \"value\":\"x\"\n    }\n  }\n}") << true;
    QTest::newRow("crlf and colon-space")
        << QByteArray("{\r\n\t\"A\": {\r\n\t\t\"input0\": {\r\n\t\t\t\"name\": \"x\"\r\n\t\t}\r\n\t}\r\n}\r\n") << "A"
        << int(Policy::White)
        << QByteArray("{\r\n\t\"A\": {\r\n\t\t\"input0\": {\r\n\t\t\t\"name\": \"x\"\r\n\t\t},\r\n"
                      "\t\t\"precision_reduce\": {\r\n\t\t\t\"flag\": \"true\"\r\n\t\t}\r\n\t}\r\n}\r\n") << true;
    QTest::newRow("one line")
        << QByteArray("{\"A\":{\"input0\":{\"name\":\"x\"},\"slicePattern\":{\"value\":\"x\"}}}") << "A"
        << int(Policy::White)
        << QByteArray("{\"A\":{\"input0\":{\"name\":\"x\"},\"precision_reduce\":{\"flag\":\"true\"},"
                      "\"slicePattern\":{\"value\":\"x\"}}}") << true;
    QTest::newRow("empty op")
        << QByteArray("{\n    \"A\":{},\n    \"B\":{}\n}") << "A" << int(Policy::White)
        << QByteArray("{\n    \"A\":{\n        \"precision_reduce\":{\n            \"flag\":\"true\"\n        }\n"
                      "    },\n    \"B\":{}\n}") << true;
    QTest::newRow("unsorted op: insert before first later key, else at end")
        << QByteArray("{\n    \"A\":{\n        \"zeta\":{\n            \"v\":\"1\"\n        },\n"
                      "        \"input0\":{\n            \"name\":\"x\"\n        }\n    }\n}")
        << "A" << int(Policy::White)
        << QByteArray("{\n    \"A\":{\n        \"precision_reduce\":{\n            \"flag\":\"true\"\n        },\n"
                      "        \"zeta\":{\n            \"v\":\"1\"\n        },\n"
                      "        \"input0\":{\n            \"name\":\"x\"\n        }\n    }\n}") << true;
    const QByteArray flagged = "{\n    \"A\":{\n        \"input0\":{\n            \"name\":\"x\"\n        },\n"
                               "        \"precision_reduce\":{\n            \"flag\":\"true\"\n        },\n"
                               "        \"slicePattern\":{\n            \"value\":\"x\"\n        }\n    }\n}";
    QTest::newRow("flip flag") << flagged << "A" << int(Policy::Black)
                               << QByteArray(flagged).replace("\"true\"", "\"false\"") << true;
    QTest::newRow("same colour: nothing") << flagged << "A" << int(Policy::White) << flagged << true;
    QTest::newRow("gray removes middle item") << flagged << "A" << int(Policy::Gray) << canonical.left(0)
        + "{\n    \"A\":{\n        \"input0\":{\n            \"name\":\"x\"\n        },\n"
          "        \"slicePattern\":{\n            \"value\":\"x\"\n        }\n    }\n}" << true;
    QTest::newRow("gray removes only item")
        << QByteArray("{\n    \"A\":{\n        \"precision_reduce\":{\n            \"flag\":\"false\"\n        }\n    }\n}")
        << "A" << int(Policy::Gray) << QByteArray("{\n    \"A\":{}\n}") << true;
    QTest::newRow("gray removes first item")
        << QByteArray("{\"A\":{\"precision_reduce\":{\"flag\":\"false\"}, \"z\":{\"k\":\"v\"}}}") << "A"
        << int(Policy::Gray) << QByteArray("{\"A\":{\"z\":{\"k\":\"v\"}}}") << false;
    QTest::newRow("empty flag is already gray")
        << QByteArray("{\"A\":{\"precision_reduce\":{\"flag\":\"\"}}}") << "A" << int(Policy::Gray)
        << QByteArray("{\"A\":{\"precision_reduce\":{\"flag\":\"\"}}}") << true;
    QTest::newRow("empty flag set white")
        << QByteArray("{\"A\":{\"precision_reduce\":{\"flag\":\"\"}}}") << "A" << int(Policy::White)
        << QByteArray("{\"A\":{\"precision_reduce\":{\"flag\":\"true\"}}}") << false;
    QTest::newRow("boolean flag replaced by a string (L4)")
        << QByteArray("{\"A\":{\"precision_reduce\":{\"flag\":true}}}") << "A" << int(Policy::Black)
        << QByteArray("{\"A\":{\"precision_reduce\":{\"flag\":\"false\"}}}") << false;
    QTest::newRow("duplicate items: all set")
        << QByteArray("{\"A\":{\"precision_reduce\":{\"flag\":\"true\"},\"precision_reduce\":{\"flag\":\"false\"}}}")
        << "A" << int(Policy::White)
        << QByteArray("{\"A\":{\"precision_reduce\":{\"flag\":\"true\"},\"precision_reduce\":{\"flag\":\"true\"}}}") << false;
    QTest::newRow("duplicate items: gray removes both")
        << QByteArray("{\"A\":{\"a\":{},\"precision_reduce\":{\"flag\":\"true\"},\"precision_reduce\":{\"flag\":\"false\"},\"z\":{}}}")
        << "A" << int(Policy::Gray) << QByteArray("{\"A\":{\"a\":{},\"z\":{}}}") << false;
    QTest::newRow("odd close indent of the user's item kept")
        << QByteArray("{\n    \"A\":{\n        \"precision_reduce\":{\n            \"flag\":\"true\"\n         }\n    }\n}")
        << "A" << int(Policy::Black)
        << QByteArray("{\n    \"A\":{\n        \"precision_reduce\":{\n            \"flag\":\"false\"\n         }\n    }\n}") << true;
    QTest::newRow("escaped key and other ops untouched")
        << QByteArray("{\"B\\u0041\":{\"x\":{\"k\":\"v\"}},\"C\":{\"x\":{\"k\":\"v\"}}}") << "BA" << int(Policy::White)
        << QByteArray("{\"B\\u0041\":{\"precision_reduce\":{\"flag\":\"true\"},\"x\":{\"k\":\"v\"}},\"C\":{\"x\":{\"k\":\"v\"}}}") << true;
}

void TestLibraryEdit::smallFiles()
{
    QFETCH(QByteArray, input);
    QFETCH(QString, op);
    QFETCH(int, policy);
    QFETCH(QByteArray, expected);
    QFETCH(bool, reversible);
    const OpsInfoEditor editor(input.toStdString(), "small.json");
    QVERIFY(editor.isValid());
    const auto result = editor.apply({{op.toStdString(), Policy(policy)}});
    QVERIFY2(result.ok(), firstMessage(result.diagnostics).c_str());
    QCOMPARE(QByteArray::fromStdString(result.bytes), expected);
    QCOMPARE(editor.apply({}).bytes, input.toStdString());
    // Setting the file's own colour back on the edited text gives the input again.
    const OpsInfoEditor back(result.bytes, "small.json");
    QVERIFY(back.isValid());
    const auto original = editor.filePolicy(op.toStdString());
    if (original && reversible) {
        QCOMPARE(QByteArray::fromStdString(back.apply({{op.toStdString(), *original}}).bytes), input);
    }
    QCOMPARE(back.filePolicy(op.toStdString()), std::optional<Policy>(Policy(policy)));
}

void TestLibraryEdit::unknownOpIsAnError()
{
    const std::string text = "{\"MatMul\":{\"x\":{\"k\":\"v\"}}}";
    const OpsInfoEditor editor(text, "lib.json");
    const auto result = editor.apply({{"Matmul", Policy::White}, {"MatMul", Policy::Black}});
    QVERIFY(!result.ok());
    QCOMPARE(result.bytes, text); // all or nothing
    QCOMPARE(result.diagnostics.size(), std::size_t(1));
    QCOMPARE(QString::fromStdString(result.diagnostics[0].code), QStringLiteral("edit-unknown-op"));
    QVERIFY(result.diagnostics[0].hint.find("'MatMul'") != std::string::npos);
    QCOMPARE(result.diagnostics[0].location.file, std::string("lib.json"));
}

void TestLibraryEdit::invalidJsonIsReportedWithLocation()
{
    const OpsInfoEditor editor("{\n  \"A\":{\n    \"x\":{\"k\":\"v\",}\n  }\n}", "bad.json");
    QVERIFY(!editor.isValid());
    QCOMPARE(editor.diagnostics().front().location.line, 3);
    QCOMPARE(editor.diagnostics().front().location.column, 18);
    const auto result = editor.apply({{"A", Policy::White}});
    QVERIFY(!result.ok());
    for (const char *bad : {"", "[]", "{\"A\":{}} x", "{\"A\":\"unterminated}", "{\"A\":{\"b\":{\"c\":\"\\q\"}}}",
                            "{\"A\":{\"b\":[1,2}}}", "{\"A\":{\"b\":{\"c\":tru}}}", "{\"A\" {}}"}) {
        const OpsInfoEditor e(bad, "bad.json");
        QVERIFY2(!e.isValid(), bad);
        QVERIFY(e.diagnostics().front().location.line >= 1);
    }
}

void TestLibraryEdit::pythonEscaping_data()
{
    QTest::addColumn<QByteArray>("utf8");
    QTest::addColumn<QByteArray>("expected");
    QTest::newRow("plain") << QByteArray("abc") << QByteArray("\"abc\"");
    QTest::newRow("quote backslash") << QByteArray("a\"b\\c/") << QByteArray("\"a\\\"b\\\\c/\"");
    QTest::newRow("controls") << QByteArray("\n\r\t\b\f\x01\x7f", 7) << QByteArray("\"\\n\\r\\t\\b\\f\\u0001\\u007f\"");
    QTest::newRow("bmp") << QByteArray("caf\xc3\xa9 \xe4\xb8\xad") << QByteArray("\"caf\\u00e9 \\u4e2d\"");
    QTest::newRow("astral") << QByteArray("\xf0\x9f\x98\x80") << QByteArray("\"\\ud83d\\ude00\"");
}

void TestLibraryEdit::pythonEscaping()
{
    QFETCH(QByteArray, utf8);
    QFETCH(QByteArray, expected);
    std::string out;
    QVERIFY(appendPythonJsonString(out, utf8.toStdString()));
    QCOMPARE(QByteArray::fromStdString(out), expected);
    QCOMPARE(decodeJsonStringContent(out.substr(1, out.size() - 2)), utf8.toStdString());
    std::string bad;
    QVERIFY(!appendPythonJsonString(bad, "\xff"));
    QCOMPARE(bad, std::string("\"\\ufffd\""));
}

void TestLibraryEdit::canonicalWriterReproducesShippedFiles_data()
{
    QTest::addColumn<QString>("path");
    if (!QDir(sharedData()).exists())
        return;
    for (const QString &path : libraryFiles()) {
        if (path.contains(QLatin1String("cann-8.1.RC1")) || path.contains(QLatin1String("split-stub")))
            QTest::newRow(qPrintable(QFileInfo(path).fileName())) << path;
    }
}

void TestLibraryEdit::canonicalWriterReproducesShippedFiles()
{
    REQUIRE_SHARED_DATA();
    QFETCH(QString, path);
    const std::string bytes = readAll(path);
    QVERIFY(!bytes.empty());
    const auto object = toObject(Json::parse(bytes));
    QVERIFY(object);
    const bool newline = bytes.back() == '\n';
    QVERIFY(writeCanonicalJson(*object, {newline}) == bytes);
}

void TestLibraryEdit::realFiles_data()
{
    QTest::addColumn<QString>("path");
    if (!QDir(sharedData()).exists())
        return;
    for (const QString &path : libraryFiles()) {
        const QString parent = QFileInfo(path).dir().dirName();
        QTest::newRow(qPrintable(parent + QLatin1Char('/') + QFileInfo(path).fileName())) << path;
    }
}

void TestLibraryEdit::realFiles()
{
    REQUIRE_SHARED_DATA();
    QFETCH(QString, path);
    const std::string bytes = readAll(path);
    QVERIFY(!bytes.empty());
    QElapsedTimer timer;
    timer.start();
    const OpsInfoEditor editor(bytes, path.toStdString());
    const qint64 scanMs = timer.elapsed();
    QVERIFY2(editor.isValid(), firstMessage(editor.diagnostics()).c_str());

    // (a) no edit: byte-identical.
    QVERIFY(editor.apply({}).bytes == bytes);

    const Json document = Json::parse(bytes);
    QCOMPARE(editor.scan().ops.size() >= document.size(), true);
    const bool canonical = [&] {
        const auto object = toObject(document);
        return object && writeCanonicalJson(*object, {bytes.back() == '\n'}) == bytes;
    }();

    // Sample: every 50th op, every op with a precision_reduce item (at most ~60, evenly spread).
    std::vector<std::string> flagged, sample;
    const auto &ops = editor.scan().ops;
    for (std::size_t i = 0; i < ops.size(); ++i) {
        if (i % 50 == 0)
            sample.push_back(ops[i].member.key);
        if (std::any_of(ops[i].items.begin(), ops[i].items.end(),
                        [](const ScannedItem &it) { return it.member.key == "precision_reduce"; }))
            flagged.push_back(ops[i].member.key);
    }
    const std::size_t stride = std::max<std::size_t>(1, flagged.size() / 60);
    for (std::size_t i = 0; i < flagged.size(); i += stride)
        sample.push_back(flagged[i]);
    std::sort(sample.begin(), sample.end());
    sample.erase(std::unique(sample.begin(), sample.end()), sample.end());

    PolicyEdits combined;
    int roundTrips = 0;
    for (std::size_t s = 0; s < sample.size(); ++s) {
        const std::string &type = sample[s];
        const Json &before = document.at(type);
        const auto span = editor.opSpan(type);
        QVERIFY(span);
        QCOMPARE(editor.filePolicy(type), jsonPolicy(before));
        for (const Policy policy : {Policy::White, Policy::Black, Policy::Gray}) {
            const auto result = editor.apply({{type, policy}});
            QVERIFY(result.ok());
            const std::string &after = result.bytes;
            // (b) only the op's own bytes changed, and it parses to the expected object.
            const std::size_t growth = after.size() - bytes.size(); // wraps for removals; only added back
            QVERIFY(after.compare(0, span->first, bytes, 0, span->first) == 0);
            const std::size_t tail = bytes.size() - span->second;
            QVERIFY(after.compare(after.size() - tail, tail, bytes, span->second, tail) == 0);
            const std::string newValue = after.substr(span->first, span->second + growth - span->first);
            const Json expected = expectedOp(before, policy);
            QVERIFY2(Json::parse(newValue) == expected, (type + " " + policyName(policy)).c_str());
            const std::string oldValue = bytes.substr(span->first, span->second - span->first);
            if (expected == before)
                QVERIFY(newValue == oldValue);
            const bool flagEdit = jsonPolicy(before) != Policy::Gray && policy != Policy::Gray && before.contains("precision_reduce");
            if (flagEdit) {
                // Only the flag's line differs.
                QCOMPARE(countLines(newValue), countLines(oldValue));
                std::size_t first = 0;
                while (first < oldValue.size() && oldValue[first] == newValue[first])
                    ++first;
                QVERIFY(oldValue.rfind('\n', first) == newValue.rfind('\n', first));
                const std::size_t lineEndOld = oldValue.find('\n', first);
                const std::size_t lineEndNew = newValue.find('\n', first);
                QVERIFY(oldValue.compare(lineEndOld == std::string::npos ? oldValue.size() : lineEndOld, std::string::npos,
                                         newValue, lineEndNew == std::string::npos ? newValue.size() : lineEndNew,
                                         std::string::npos) == 0);
            }
            // (c) canonical files stay canonical: the op's text is exactly Python's.
            if (canonical) {
                // Inserting or removing the item is exactly its three lines.
                const bool hadItem = before.contains("precision_reduce");
                const bool hasItem = expected.contains("precision_reduce");
                if (!expected.empty() && !before.empty()) // "{}" has no lines of its own
                    QCOMPARE(countLines(newValue) - countLines(oldValue), hasItem == hadItem ? 0 : hasItem ? 3 : -3);
                OpsInfoObject one;
                one[type] = toObject(Json{{type, expected}})->at(type);
                const std::string whole = writeCanonicalJson(one);
                std::string key;
                appendPythonJsonString(key, type);
                const std::string prefix = "{\n    " + key + ":";
                QVERIFY(whole.compare(0, prefix.size(), prefix) == 0);
                QVERIFY2(whole.substr(prefix.size(), whole.size() - prefix.size() - 2) == newValue, type.c_str());
            }
            // (d) set, then set back to the file's colour on the saved text: the original bytes.
            // An empty flag is gray too, but setting gray again removes the item instead of
            // restoring "": that op is not reversible on the edited text (it is on the original).
            const bool emptyFlagGray = jsonPolicy(before) == Policy::Gray && before.contains("precision_reduce");
            // A lone item's odd layout cannot be recovered once it was removed, so hand-made files
            // are checked only where a sibling item shows the layout.
            const bool layoutKnown = canonical || before.size() > 1;
            if (roundTrips < 6 && result.changedOps == 1 && jsonPolicy(before) && !emptyFlagGray && layoutKnown) {
                ++roundTrips;
                const OpsInfoEditor reopened(after, "edited.json");
                QVERIFY(reopened.isValid());
                QVERIFY(reopened.apply({{type, *jsonPolicy(before)}}).bytes == bytes);
            }
        }
        // Setting the file's own colour is the same as no edit.
        if (const auto own = jsonPolicy(before))
            QVERIFY(editor.apply({{type, *own}}).bytes == bytes);
        combined[type] = s % 3 == 0 ? Policy::White : s % 3 == 1 ? Policy::Black : Policy::Gray;
    }

    // Many edits at once: the whole document is the expected one, and canonical stays canonical.
    const auto result = editor.apply(combined);
    QVERIFY(result.ok());
    Json expected = document;
    for (const auto &[type, policy] : combined)
        expected[type] = expectedOp(document.at(type), policy);
    QVERIFY(Json::parse(result.bytes) == expected);
    if (canonical)
        QVERIFY(writeCanonicalJson(*toObject(expected), {bytes.back() == '\n'}) == result.bytes);
    qInfo("%s: %zu ops, scan %lld ms, %zu sampled ops, canonical=%d, total %lld ms",
          qPrintable(QFileInfo(path).fileName()), ops.size(), scanMs, sample.size(), int(canonical),
          timer.elapsed());
}

void TestLibraryEdit::pythonAgreesOnEditedFiles_data()
{
    QTest::addColumn<QString>("path");
    QTest::newRow("ascend035") << QStringLiteral("opsinfo/cann-8.1.RC1/op_impl/ai_core/tbe/config/ascend035/aic-ascend035-ops-info.json");
    QTest::newRow("910b split nn (trailing newline)")
        << QStringLiteral("opsinfo/hicann-ge-910b-split-stub/op_impl/ai_core/tbe/config/ascend910b/aic-ascend910b-ops-info-nn.json");
}

// Independent of our canonical writer: Python itself applies the same edits and dumps the object
// the way the CANN build does; the edited bytes must be exactly that.
void TestLibraryEdit::pythonAgreesOnEditedFiles()
{
    REQUIRE_SHARED_DATA();
    QFETCH(QString, path);
    const QString python = QStandardPaths::findExecutable(QStringLiteral("python3"));
    if (python.isEmpty())
        QSKIP("python3 not found");
    const QString file = sharedData(path);
    const std::string bytes = readAll(file);
    const OpsInfoEditor editor(bytes, file.toStdString());
    QVERIFY(editor.isValid());
    PolicyEdits edits;
    const auto &ops = editor.scan().ops;
    for (std::size_t i = 0; i < ops.size(); i += 3)
        edits[ops[i].member.key] = Policy(int(i / 3 % 3));
    const auto result = editor.apply(edits);
    QVERIFY(result.ok());
    QVERIFY(result.changedOps > 0);
    Json spec = Json::object();
    for (const auto &[type, policy] : edits)
        spec[type] = policyName(policy);
    QProcess p;
    p.start(python, {QStringLiteral("-c"), QStringLiteral(R"PY(
import json, sys
from pathlib import Path
text = Path(sys.argv[1]).read_text(encoding='utf-8')
obj = json.loads(text)
for op, colour in json.loads(sys.argv[2]).items():
    pr = obj[op].get('precision_reduce')
    flag = pr.get('flag', '').strip().lower() if isinstance(pr, dict) else ''
    current = {'true': 'white', 'false': 'black'}.get(flag, 'gray')
    if current == colour:
        continue
    if colour == 'gray':
        obj[op].pop('precision_reduce', None)
    else:
        obj[op].setdefault('precision_reduce', {})['flag'] = 'true' if colour == 'white' else 'false'
out = json.dumps(obj, indent=4, sort_keys=True, separators=(',', ':'))
if text.endswith('\n'):
    out += '\n'
sys.stdout.buffer.write(out.encode('ascii'))
)PY"), file, QString::fromStdString(spec.dump())});
    QVERIFY(p.waitForFinished(60000));
    QCOMPARE(p.exitCode(), 0);
    const QByteArray expected = p.readAllStandardOutput();
    QVERIFY(!expected.isEmpty());
    QVERIFY(QByteArray::fromStdString(result.bytes) == expected);
}

void TestLibraryEdit::scannerSurvivesDamagedFiles()
{
    // Truncations and byte flips of a real-looking file: a diagnostic with a position, never a crash.
    std::string text = "{\n    \"A\":{\n        \"input0\":{\n            \"dtype\":\"float16,float\",\n"
                       "            \"name\":\"x\\u00e9\"\n        },\n        \"precision_reduce\":{\n"
                       "            \"flag\":\"true\"\n        },\n        \"z\":[1,{\"a\":[true,null,-1.5e3]}]\n    }\n}";
    QVERIFY(OpsInfoEditor(text, "t.json").isValid());
    int invalid = 0;
    for (std::size_t cut = 0; cut < text.size(); ++cut) {
        const OpsInfoEditor editor(text.substr(0, cut), "t.json");
        QVERIFY(!editor.isValid());
        QVERIFY(editor.diagnostics().front().location.line >= 1);
        QVERIFY(!editor.apply({{"A", Policy::White}}).ok());
    }
    const char replacements[] = {'"', '{', '}', '[', ']', ',', ':', '\\', 'x', '\n', '\0'};
    for (std::size_t at = 0; at < text.size(); ++at) {
        for (const char r : replacements) {
            std::string damaged = text;
            damaged[at] = r;
            const OpsInfoEditor editor(damaged, "t.json");
            if (!editor.isValid()) {
                ++invalid;
                continue;
            }
            // Whatever still parses must still edit cleanly.
            for (const auto &op : editor.scan().ops) {
                if (op.member.valueKind == '{')
                    QVERIFY(editor.apply({{op.member.key, Policy::Black}}).ok());
            }
        }
    }
    QVERIFY(invalid > 0);
}

QTEST_GUILESS_MAIN(TestLibraryEdit)
#include "tst_libraryedit.moc"
