// Loading ops-info JSON libraries (SEMANTICS §1-§2, FORMATS "Ops-info library"): every real file
// of ../shared/data against the op counts and white/black/gray figures its README gives (computed
// there with Python), every item against an independent parser (nlohmann), byte spans against the
// text, and one broken fixture per error kind with its line and column.
#include "common/jsonsyntaxcheck.h"
#include "common/lineindex.h"
#include "library/libraryfilereader.h"
#include "library/libraryloader.h"
#include "shareddata.h"

#include <nlohmann/json.hpp>

#include <QFile>
#include <QRegularExpression>
#include <QTest>

using namespace opsinfo;

namespace {

std::string readAll(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll().toStdString();
}

struct Counts
{
    int white = 0, black = 0, gray = 0;
};

Counts countPolicies(const OpLibrary &library)
{
    Counts c;
    for (const OpEntry &e : library.ops())
        ++(e.policy == Policy::White ? c.white : e.policy == Policy::Black ? c.black : c.gray);
    return c;
}

// Checks one entry against the file text: spans, location, and every item against nlohmann's
// reading of the op's value span. Returns an empty string when all holds.
std::string checkEntry(const OpEntry &e, const std::string &text)
{
    const auto span = [&text](std::size_t b, std::size_t end) { return text.substr(b, end - b); };
    if (e.valueBegin == OpEntry::npos || e.valueEnd > text.size() || text[e.valueBegin] != '{'
        || text[e.valueEnd - 1] != '}')
        return e.type + ": value span";
    if (span(e.keyBegin, e.keyEnd) != '"' + e.type + '"')
        return e.type + ": key span";
    const SourceLocation at = locate(text, e.keyBegin);
    if (at.line != e.location.line || at.column != e.location.column)
        return e.type + ": location";
    if (e.hasPrecisionReduce) {
        if (span(e.precisionReduceBegin, e.precisionReduceBegin + 18) != "\"precision_reduce\""
            || text[e.precisionReduceEnd - 1] != '}')
            return e.type + ": precision_reduce span";
        if (e.flagBegin != OpEntry::npos && span(e.flagBegin, e.flagEnd) != '"' + e.flag + '"')
            return e.type + ": flag span";
    }
    const nlohmann::json op = nlohmann::json::parse(span(e.valueBegin, e.valueEnd));
    if (op.size() != e.items.size())
        return e.type + ": item count";
    for (const OpItem &item : e.items) {
        const std::string name(item.name);
        if (!op.contains(name) || op[name].size() != item.values.size())
            return e.type + "." + name + ": keys";
        for (const auto &[key, value] : item.values)
            if (op[name].value(std::string(key), std::string("\x01")) != value)
                return e.type + "." + name + "." + std::string(key) + ": value";
    }
    const bool dynamicFormat
        = op.contains("dynamicFormat") && op["dynamicFormat"].value("flag", "") == "true";
    if (dynamicFormat != e.dynamicFormat)
        return e.type + ": dynamicFormat";
    if (op.contains("opFile") && op["opFile"].value("value", "") != e.opFile)
        return e.type + ": opFile";
    std::size_t tensors = 0;
    for (const auto &[name, item] : op.items())
        tensors += (name.rfind("input", 0) == 0 || name.rfind("output", 0) == 0) ? 1 : 0;
    if (tensors != e.inputs.size() + e.outputs.size())
        return e.type + ": tensor count";
    for (const auto *list : {&e.inputs, &e.outputs}) {
        for (std::size_t i = 0; i < list->size(); ++i) {
            const TensorInfo &t = (*list)[i];
            if (i > 0 && (*list)[i - 1].index >= t.index)
                return e.type + ": tensors not sorted by index";
            const std::string dtype = op[t.item].value("dtype", "");
            const std::size_t n
                = dtype.empty() ? 0 : std::size_t(std::count(dtype.begin(), dtype.end(), ',')) + 1;
            if (t.dtypes.size() != n || t.name != op[t.item].value("name", ""))
                return e.type + "." + t.item + ": dtypes";
            std::string formats;
            for (const std::string &f : e.formatsOf(t))
                formats += (formats.empty() ? "" : ",") + f;
            std::string expected = op[t.item].value("format", "");
            expected.erase(std::remove(expected.begin(), expected.end(), ' '), expected.end());
            if (formats != expected)
                return e.type + "." + t.item + ": formats " + formats + " != " + expected;
        }
    }
    return {};
}

} // namespace

class TestLibraryLoad : public QObject
{
    Q_OBJECT
private slots:
    void realFiles_data()
    {
        REQUIRE_SHARED_DATA();
        QTest::addColumn<QString>("path");
        QTest::addColumn<int>("ops");
        QTest::addColumn<int>("white");
        QTest::addColumn<int>("black");
        QTest::addColumn<int>("gray");
        QTest::addColumn<QStringList>(
            "errors"); // "code line:column" each; empty: must load cleanly
        // README.txt: "FILE: <path>" ... "content:  N top-level entries; precision_reduce true=a
        // false=b unset/empty=c"
        const QString readme = QString::fromStdString(readAll(sharedData("opsinfo/README.txt")));
        static const QRegularExpression block(
            R"(FILE: ((?:cann-8\.1\.RC1|hicann-ge-[^/]+|modelzoo-tf-user-copies)/\S+\.json)\n(?:(?!FILE:).*\n)*?\s*content:\s+(\d+) top-level entries; precision_reduce true=(\d+) false=(\d+) unset/empty=(\d+))");
        int rows = 0;
        for (auto it = block.globalMatch(readme); it.hasNext();) {
            const auto m = it.next();
            const QString file = m.captured(1);
            QStringList errors;
            if (file.contains("wrong_precision_reduce_flag"))
                errors << "precision-reduce-flag 129:20"; // "flag":"1231231"
            else if (file.contains(
                         "GNMT_ID0015")) // the user's edits: the only L6 refusals in all files
                errors << "L6 7552:23" // CTCLossV2Grad input6 "dtype": "log" (the shipped file has
                                       // float,float)
                       << "L6 21837:22"; // PadV3 output0: 2 dtypes, 5 formats
            QTest::newRow(qPrintable(file))
                << sharedData("opsinfo/" + file) << m.captured(2).toInt() << m.captured(3).toInt()
                << m.captured(4).toInt() << m.captured(5).toInt() << errors;
            ++rows;
        }
        QVERIFY2(rows >= 29, qPrintable(QString("README rows found: %1").arg(rows)));
    }
    void realFiles()
    {
        QFETCH(QString, path);
        QFETCH(int, ops);
        QFETCH(int, white);
        QFETCH(int, black);
        QFETCH(int, gray);
        QFETCH(QStringList, errors);
        const LibraryLoadResult r = loadLibraryFile(path.toStdString());
        QCOMPARE(int(r.library.ops().size()), ops);
        const Counts c = countPolicies(r.library);
        QCOMPARE(c.white, white);
        QCOMPARE(c.black, black);
        QCOMPARE(c.gray, gray);
        QStringList found;
        for (const Diagnostic &d : r.diagnostics) {
            QCOMPARE(d.location.file, path.toStdString());
            found << QString("%1 %2:%3")
                         .arg(QString::fromStdString(d.code))
                         .arg(d.location.line)
                         .arg(d.location.column);
        }
        QCOMPARE(found, errors);
        QCOMPARE(r.ok(), errors.isEmpty());
        const std::string text = readAll(path);
        for (const OpEntry &e : r.library.ops()) {
            const std::string problem = checkEntry(e, text);
            QVERIFY2(problem.empty(), problem.c_str());
            QCOMPARE(e.fileIndex, 0);
        }
    }

    void tensorsOfAKnownOp()
    {
        REQUIRE_SHARED_DATA();
        const LibraryLoadResult r = loadLibraryFile(
            sharedData(
                "opsinfo/cann-8.1.RC1/op_impl/ai_core/tbe/config/ascend910b/aic-ascend910b-ops-info.json")
                .toStdString());
        const OpEntry *op = r.library.find("AUGRUHiddenGradCell");
        QVERIFY(op);
        QCOMPARE(int(op->inputs.size()), 11);
        QCOMPARE(op->inputs[10].item,
                 std::string("input10")); // "input10" sorts before "input2" in the file
        QCOMPARE(op->inputs[0].name, std::string("weight_att"));
        QCOMPARE(op->inputs[0].dtypes, (std::vector<DType> {DType::Float32, DType::Float16}));
        QCOMPARE(op->formatsOf(op->inputs[0]),
                 (std::vector<std::string> {"FRACTAL_NZ", "FRACTAL_NZ"}));
        QCOMPARE(op->columnCount(), std::size_t(2));
        QVERIFY(op->value("compute", "cost"));
        QCOMPARE(std::string(*op->value("compute", "cost")), std::string("10"));
        QCOMPARE(std::string(op->items.front().name), std::string("async")); // file order kept
    }

    void userCopiesKeepTheirStyle()
    {
        REQUIRE_SHARED_DATA();
        // Mixed ": " / ":" separators and odd indents: spans still point at the right bytes.
        const QString path
            = sharedData("opsinfo/modelzoo-tf-user-copies/CharCNN__aic-ascend910-ops-info.json");
        const LibraryLoadResult r = loadLibraryFile(path.toStdString());
        QVERIFY(r.ok());
        const std::string text = readAll(path);
        int flags = 0;
        for (const OpEntry &e : r.library.ops())
            flags += e.flagBegin != OpEntry::npos ? 1 : 0;
        QCOMPARE(flags, 14); // README: true=9 false=5
    }

    void brokenFixtures_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("fragment");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("column");
        QTest::addColumn<int>("ops"); // entries still shown (-1: file unreadable, none)
        QTest::newRow("L4 bool leaf")
            << "leaf_bool.json"
            << "L4"
            << "op 'Add', item 'precision_reduce', key 'flag': a boolean (true) where a string belongs"
            << 4 << 20 << 1;
        QTest::newRow("L4 number leaf")
            << "leaf_number.json"
            << "L4"
            << "op 'Cast', item 'output0', key 'dtype': a number (1)" << 10 << 21 << 1;
        QTest::newRow("L4 null leaf") << "leaf_null_array.json"
                                      << "L4"
                                      << "key 'dtype': null where a string" << 4 << 21 << 1;
        QTest::newRow("truncated") << "truncated.json"
                                   << "json-syntax"
                                   << "Unterminated string" << 9 << 20 << -1;
        QTest::newRow("missing comma") << "missing_comma.json"
                                       << "json-syntax"
                                       << "Expecting ',' delimiter" << 7 << 5 << -1;
        QTest::newRow("literal typo") << "literal_typo.json"
                                      << "json-syntax"
                                      << "Expecting value" << 4 << 20 << -1;
        QTest::newRow("empty file") << "empty_file.json"
                                    << "json-syntax"
                                    << "Expecting value" << 1 << 1 << -1;
        QTest::newRow("top-level array") << "top_array.json"
                                         << "L4"
                                         << "the top level is an array" << 1 << 1 << -1;
        QTest::newRow("bad flag") << "bad_flag.json"
                                  << "precision-reduce-flag"
                                  << "op 'Add': precision_reduce.flag is 'yes'" << 4 << 20 << 2;
        QTest::newRow("dtype/format count")
            << "count_mismatch.json"
            << "L6"
            << "op 'Add', input0: 3 dtypes but 2 formats" << 5 << 22 << 1;
    }
    void brokenFixtures()
    {
        QFETCH(QString, file);
        QFETCH(QString, code);
        QFETCH(QString, fragment);
        QFETCH(int, line);
        QFETCH(int, column);
        QFETCH(int, ops);
        const std::string path = testData("library/" + file).toStdString();
        const LibraryLoadResult r = loadLibraryFile(path);
        QVERIFY(!r.ok());
        QVERIFY(!r.diagnostics.empty());
        const Diagnostic &d = r.diagnostics.front();
        QCOMPARE(d.severity, Severity::Error);
        QCOMPARE(QString::fromStdString(d.code), code);
        QVERIFY2(QString::fromStdString(d.message).contains(fragment), d.message.c_str());
        QCOMPARE(d.location.file, path);
        QCOMPARE(d.location.line, line);
        QCOMPARE(d.location.column, column);
        QVERIFY(!d.hint.empty());
        QCOMPARE(int(r.library.ops().size()), std::max(ops, 0));
    }

    void everyWrongTypeIsReported()
    {
        const LibraryLoadResult r
            = loadLibraryFile(testData("library/leaf_null_array.json").toStdString());
        QCOMPARE(int(r.diagnostics.size()), 3);
        QVERIFY(QString::fromStdString(r.diagnostics[1].message).contains("key 'shape': an array"));
        QCOMPARE(r.diagnostics[1].location.line, 5);
        QVERIFY(QString::fromStdString(r.diagnostics[2].message)
                    .contains("op 'Mul': a string (\"white\") where an object"));
        QCOMPARE(r.diagnostics[2].location.line, 8);
        QCOMPARE(r.diagnostics[2].location.column, 11);
    }

    void flagIsTrimmedAndCaseInsensitive()
    {
        const LibraryLoadResult r
            = loadLibraryFile(testData("library/bad_flag.json").toStdString());
        QCOMPARE(int(r.diagnostics.size()), 1); // " TRUE " is fine, "yes" is not
        QCOMPARE(r.library.find("Mul")->policy, Policy::White);
        QCOMPARE(r.library.find("Add")->policy, Policy::Gray);
        QCOMPARE(r.library.find("Add")->flag, std::string("yes"));
    }

    void unknownShapeFormatCount()
    {
        const LibraryLoadResult r
            = loadLibraryFile(testData("library/count_mismatch.json").toStdString());
        QCOMPARE(int(r.diagnostics.size()), 2);
        QVERIFY(QString::fromStdString(r.diagnostics[1].message)
                    .contains("output0: 3 dtypes but 1 unknownshape_format"));
        QCOMPARE(r.diagnostics[1].location.line, 15);
        QCOMPARE(r.diagnostics[1].location.column, 35);
    }

    void duplicatesLastWins()
    {
        // What Python json and nlohmann do: the later value wins, in the earlier one's position.
        const std::string path = testData("library/duplicates.json").toStdString();
        const LibraryLoadResult r = loadLibraryFile(path);
        QVERIFY(r.ok()); // warnings only: the real loader accepts the file
        QCOMPARE(int(r.diagnostics.size()), 3);
        for (const Diagnostic &d : r.diagnostics) {
            QCOMPARE(d.severity, Severity::Warning);
            QCOMPARE(d.code, std::string("duplicate-key"));
            QVERIFY(QString::fromStdString(d.message).contains("wins"));
        }
        QCOMPARE(r.diagnostics[2].location.line, 11); // the second "Relu"
        QVERIFY(QString::fromStdString(r.diagnostics[2].message).contains("line 2"));
        const OpEntry *relu = r.library.find("Relu");
        QCOMPARE(relu->policy, Policy::White);
        QCOMPARE(relu->opFile, std::string("relu_v2"));
        QCOMPARE(relu->location.line, 11);
        const OpEntry *add = r.library.find("Add");
        QCOMPARE(add->policy, Policy::Black);
        QCOMPARE(int(add->items.size()), 3);
        QCOMPARE(std::string(add->items[1].name),
                 std::string("precision_reduce")); // first position, last value
        QCOMPARE(add->inputs.front().name, std::string("x"));
        QCOMPARE(int(add->items[0].values.size()), 4); // name once, dtype, format, paramType
        QVERIFY(r.library.allShadowed().empty());
        const auto json = nlohmann::json::parse(readAll(QString::fromStdString(path)));
        QCOMPARE(json["Add"]["precision_reduce"]["flag"].get<std::string>(), add->flag);
    }

    void bomAndEmptyObject()
    {
        const LibraryLoadResult bom = loadLibraryFile(testData("library/bom.json").toStdString());
        QVERIFY(bom.ok());
        QCOMPARE(bom.library.find("Add")->location.line, 2);
        QCOMPARE(bom.library.find("Add")->keyBegin, std::size_t(3 + 6)); // offsets count the BOM
        const LibraryLoadResult empty
            = loadLibraryFile(testData("library/empty_object.json").toStdString());
        QVERIFY(empty.ok());
        QVERIFY(empty.library.ops().empty());
    }

    void missingFile()
    {
        const LibraryLoadResult r
            = loadLibraryFile(testData("library/does-not-exist.json").toStdString());
        QVERIFY(!r.ok());
        QCOMPARE(r.diagnostics.front().code, std::string("io"));
    }

    void syntaxChecker_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<int>("offset"); // -1: valid
        QTest::addColumn<QString>("fragment");
        QTest::newRow("valid") << QByteArray(R"({"a":{"b":"c"},"d":[1,-2.5e3,true,null]})") << -1
                               << "";
        QTest::newRow("trailing comma") << QByteArray(R"({"a":"b",})") << 9 << "property name";
        QTest::newRow("extra data") << QByteArray(R"({} {})") << 3 << "Extra data";
        QTest::newRow("bad escape") << QByteArray(R"({"a":"\x"})") << 6 << "escape";
        QTest::newRow("raw newline in string")
            << QByteArray("{\"a\":\"b\nc\"}") << 7 << "control character";
        QTest::newRow("bad utf8") << QByteArray("{\"a\":\"\xff\"}") << 6 << "UTF-8";
        QTest::newRow("leading zero") << QByteArray(R"({"a":01})") << 6 << "delimiter";
        QTest::newRow("unclosed array") << QByteArray(R"({"a":[1,2)") << 9 << "unexpected end";
        // The loader (simdjson) and the compiler refuse half a surrogate pair; the checker says
        // where.
        QTest::newRow("lone high surrogate")
            << QByteArray(R"({"a":"x\ud800"})") << 7 << "Lone surrogate";
        QTest::newRow("lone low surrogate")
            << QByteArray(R"({"a":"\udc00"})") << 6 << "Lone surrogate";
        QTest::newRow("high then not low")
            << QByteArray(R"({"a":"\ud800\u0041"})") << 6 << "Lone surrogate";
        QTest::newRow("surrogate pair") << QByteArray(R"({"a":"\ud83d\ude00"})") << -1 << "";
    }
    void syntaxChecker()
    {
        QFETCH(QByteArray, json);
        QFETCH(int, offset);
        QFETCH(QString, fragment);
        const auto error = findJsonSyntaxError(json.toStdString());
        if (offset < 0) {
            QVERIFY(!error);
            return;
        }
        QVERIFY(error);
        QCOMPARE(int(error->offset), offset);
        QVERIFY2(QString::fromStdString(error->message).contains(fragment), error->message.c_str());
    }
};

QTEST_GUILESS_MAIN(TestLibraryLoad)
#include "tst_libraryload.moc"
