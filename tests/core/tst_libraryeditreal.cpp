#include "library/editcanonicaljson.h"
#include "library/editopsinfo.h"
#include "reallibraries.h"

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
        op["precision_reduce"] = Json {{"flag", flagForPolicy(policy)}};
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

// Edits on every real ops-info library under ../shared/data (FORMATS "Saving must not rewrite
// what was not edited"), checked against nlohmann's parse and against Python's own output.
class TestLibraryEditReal : public QObject
{
    Q_OBJECT
private slots:
    void canonicalWriterReproducesShippedFiles_data();
    void canonicalWriterReproducesShippedFiles();
    void realFiles_data();
    void realFiles();
    void pythonAgreesOnEditedFiles_data();
    void pythonAgreesOnEditedFiles();
};

void TestLibraryEditReal::canonicalWriterReproducesShippedFiles_data()
{
    QTest::addColumn<QString>("path");
    if (!QDir(sharedData()).exists())
        return;
    for (const QString &path : realLibraryFiles()) {
        if (path.contains(QLatin1String("cann-8.1.RC1"))
            || path.contains(QLatin1String("split-stub")))
            QTest::newRow(qPrintable(QFileInfo(path).fileName())) << path;
    }
}

void TestLibraryEditReal::canonicalWriterReproducesShippedFiles()
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

void TestLibraryEditReal::realFiles_data()
{
    QTest::addColumn<QString>("path");
    if (!QDir(sharedData()).exists())
        return;
    for (const QString &path : realLibraryFiles()) {
        const QString parent = QFileInfo(path).dir().dirName();
        QTest::newRow(qPrintable(parent + QLatin1Char('/') + QFileInfo(path).fileName())) << path;
    }
}

void TestLibraryEditReal::realFiles()
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
            const std::size_t growth
                = after.size() - bytes.size(); // wraps for removals; only added back
            QVERIFY(after.compare(0, span->first, bytes, 0, span->first) == 0);
            const std::size_t tail = bytes.size() - span->second;
            QVERIFY(after.compare(after.size() - tail, tail, bytes, span->second, tail) == 0);
            const std::string newValue
                = after.substr(span->first, span->second + growth - span->first);
            const Json expected = expectedOp(before, policy);
            QVERIFY2(Json::parse(newValue) == expected, (type + " " + policyName(policy)).c_str());
            const std::string oldValue = bytes.substr(span->first, span->second - span->first);
            if (expected == before)
                QVERIFY(newValue == oldValue);
            const bool flagEdit = jsonPolicy(before) != Policy::Gray && policy != Policy::Gray
                && before.contains("precision_reduce");
            if (flagEdit) {
                // Only the flag's line differs.
                QCOMPARE(countLines(newValue), countLines(oldValue));
                std::size_t first = 0;
                while (first < oldValue.size() && oldValue[first] == newValue[first])
                    ++first;
                QVERIFY(oldValue.rfind('\n', first) == newValue.rfind('\n', first));
                const std::size_t lineEndOld = oldValue.find('\n', first);
                const std::size_t lineEndNew = newValue.find('\n', first);
                QVERIFY(
                    oldValue.compare(lineEndOld == std::string::npos ? oldValue.size() : lineEndOld,
                                     std::string::npos, newValue,
                                     lineEndNew == std::string::npos ? newValue.size() : lineEndNew,
                                     std::string::npos)
                    == 0);
            }
            // (c) canonical files stay canonical: the op's text is exactly Python's.
            if (canonical) {
                // Inserting or removing the item is exactly its three lines.
                const bool hadItem = before.contains("precision_reduce");
                const bool hasItem = expected.contains("precision_reduce");
                if (!expected.empty() && !before.empty()) // "{}" has no lines of its own
                    QCOMPARE(countLines(newValue) - countLines(oldValue),
                             hasItem == hadItem ? 0
                                 : hasItem      ? 3
                                                : -3);
                OpsInfoObject one;
                one[type] = toObject(Json {{type, expected}})->at(type);
                const std::string whole = writeCanonicalJson(one);
                std::string key;
                appendPythonJsonString(key, type);
                const std::string prefix = "{\n    " + key + ":";
                QVERIFY(whole.compare(0, prefix.size(), prefix) == 0);
                QVERIFY2(whole.substr(prefix.size(), whole.size() - prefix.size() - 2) == newValue,
                         type.c_str());
            }
            // (d) set, then set back to the file's colour on the saved text: the original bytes.
            // An empty flag is gray too, but setting gray again removes the item instead of
            // restoring "": that op is not reversible on the edited text (it is on the original).
            const bool emptyFlagGray
                = jsonPolicy(before) == Policy::Gray && before.contains("precision_reduce");
            // A lone item's odd layout cannot be recovered once it was removed, so hand-made files
            // are checked only where a sibling item shows the layout.
            const bool layoutKnown = canonical || before.size() > 1;
            if (roundTrips < 6 && result.changedOps == 1 && jsonPolicy(before) && !emptyFlagGray
                && layoutKnown) {
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

void TestLibraryEditReal::pythonAgreesOnEditedFiles_data()
{
    QTest::addColumn<QString>("path");
    QTest::newRow("ascend035") << QStringLiteral(
        "opsinfo/cann-8.1.RC1/op_impl/ai_core/tbe/config/ascend035/aic-ascend035-ops-info.json");
    QTest::newRow("910b split nn (trailing newline)") << QStringLiteral(
        "opsinfo/hicann-ge-910b-split-stub/op_impl/ai_core/tbe/config/ascend910b/aic-ascend910b-ops-info-nn.json");
}

// Independent of our canonical writer: Python itself applies the same edits and dumps the object
// the way the CANN build does; the edited bytes must be exactly that.
void TestLibraryEditReal::pythonAgreesOnEditedFiles()
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
    p.start(python,
            {QStringLiteral("-c"), QStringLiteral(R"PY(
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
)PY"),
             file, QString::fromStdString(spec.dump())});
    QVERIFY(p.waitForFinished(60000));
    QCOMPARE(p.exitCode(), 0);
    const QByteArray expected = p.readAllStandardOutput();
    QVERIFY(!expected.isEmpty());
    QVERIFY(QByteArray::fromStdString(result.bytes) == expected);
}

QTEST_GUILESS_MAIN(TestLibraryEditReal)
#include "tst_libraryeditreal.moc"
