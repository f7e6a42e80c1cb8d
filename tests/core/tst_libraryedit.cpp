#include "common/jsonstring.h"
#include "library/editcanonicaljson.h"
#include "library/editopsinfo.h"

#include <QTest>

using namespace opsinfo;

namespace {

// QVERIFY2 builds its message even when the check passes.
std::string firstMessage(const std::vector<Diagnostic> &diagnostics)
{
    return diagnostics.empty() ? std::string() : formatDiagnostic(diagnostics.front());
}

} // namespace

// Edits of hand-made layouts; the real libraries are in tst_libraryeditreal.cpp.
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
    void scannerSurvivesDamagedFiles();
};

void TestLibraryEdit::smallFiles_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QString>("op");
    QTest::addColumn<int>("policy");
    QTest::addColumn<QByteArray>("expected");
    QTest::addColumn<bool>("reversible"); // setting the old colour on the output gives the input

    const QByteArray canonical
        = "{\n    \"A\":{\n        \"input0\":{\n            \"name\":\"x\"\n        },\n"
          "        \"op\":{\n            \"pattern\":\"x\"\n        },\n"
          "        \"slicePattern\":{\n            \"value\":\"x\"\n        }\n    }\n}";
    QTest::newRow("insert between, canonical")
        << canonical << "A" << int(Policy::White)
        << QByteArray(
               "{\n    \"A\":{\n        \"input0\":{\n            \"name\":\"x\"\n        },\n"
               "        \"op\":{\n            \"pattern\":\"x\"\n        },\n"
               "        \"precision_reduce\":{\n            \"flag\":\"true\"\n        },\n"
               "        \"slicePattern\":{\n            \"value\":\"x\"\n        }\n    }\n}")
        << true;
    const QByteArray last
        = "{\n    \"A\":{\n        \"input0\":{\n            \"name\":\"x\"\n        }\n    }\n}";
    QTest::newRow("insert last, one sibling")
        << last << "A" << int(Policy::Black)
        << QByteArray(
               "{\n    \"A\":{\n        \"input0\":{\n            \"name\":\"x\"\n        },\n"
               "        \"precision_reduce\":{\n            \"flag\":\"false\"\n        }\n    }\n}")
        << true;
    QTest::newRow("insert first")
        << QByteArray("{\n  \"A\":{\n    \"slicePattern\":{\n      \"value\":\"x\"\n    }\n  }\n}")
        << "A" << int(Policy::White)
        << QByteArray("{\n  \"A\":{\n    \"precision_reduce\":{\n      \"flag\":\"true\"\n    },\n"
                      "    \"slicePattern\":{\n      \"value\":\"x\"\n    }\n  }\n}")
        << true;
    QTest::newRow("crlf and colon-space")
        << QByteArray(
               "{\r\n\t\"A\": {\r\n\t\t\"input0\": {\r\n\t\t\t\"name\": \"x\"\r\n\t\t}\r\n\t}\r\n}\r\n")
        << "A" << int(Policy::White)
        << QByteArray(
               "{\r\n\t\"A\": {\r\n\t\t\"input0\": {\r\n\t\t\t\"name\": \"x\"\r\n\t\t},\r\n"
               "\t\t\"precision_reduce\": {\r\n\t\t\t\"flag\": \"true\"\r\n\t\t}\r\n\t}\r\n}\r\n")
        << true;
    QTest::newRow("one line")
        << QByteArray("{\"A\":{\"input0\":{\"name\":\"x\"},\"slicePattern\":{\"value\":\"x\"}}}")
        << "A" << int(Policy::White)
        << QByteArray(
               "{\"A\":{\"input0\":{\"name\":\"x\"},\"precision_reduce\":{\"flag\":\"true\"},"
               "\"slicePattern\":{\"value\":\"x\"}}}")
        << true;
    QTest::newRow("empty op")
        << QByteArray("{\n    \"A\":{},\n    \"B\":{}\n}") << "A" << int(Policy::White)
        << QByteArray(
               "{\n    \"A\":{\n        \"precision_reduce\":{\n            \"flag\":\"true\"\n        }\n"
               "    },\n    \"B\":{}\n}")
        << true;
    QTest::newRow("unsorted op: insert before first later key, else at end")
        << QByteArray("{\n    \"A\":{\n        \"zeta\":{\n            \"v\":\"1\"\n        },\n"
                      "        \"input0\":{\n            \"name\":\"x\"\n        }\n    }\n}")
        << "A" << int(Policy::White)
        << QByteArray(
               "{\n    \"A\":{\n        \"precision_reduce\":{\n            \"flag\":\"true\"\n        },\n"
               "        \"zeta\":{\n            \"v\":\"1\"\n        },\n"
               "        \"input0\":{\n            \"name\":\"x\"\n        }\n    }\n}")
        << true;
    const QByteArray flagged
        = "{\n    \"A\":{\n        \"input0\":{\n            \"name\":\"x\"\n        },\n"
          "        \"precision_reduce\":{\n            \"flag\":\"true\"\n        },\n"
          "        \"slicePattern\":{\n            \"value\":\"x\"\n        }\n    }\n}";
    QTest::newRow("flip flag") << flagged << "A" << int(Policy::Black)
                               << QByteArray(flagged).replace("\"true\"", "\"false\"") << true;
    QTest::newRow("same colour: nothing")
        << flagged << "A" << int(Policy::White) << flagged << true;
    QTest::newRow("gray removes middle item") << flagged << "A" << int(Policy::Gray)
                                              << canonical.left(0)
            + "{\n    \"A\":{\n        \"input0\":{\n            \"name\":\"x\"\n        },\n"
              "        \"slicePattern\":{\n            \"value\":\"x\"\n        }\n    }\n}"
                                              << true;
    QTest::newRow("gray removes only item") << QByteArray(
        "{\n    \"A\":{\n        \"precision_reduce\":{\n            \"flag\":\"false\"\n        }\n    }\n}")
                                            << "A" << int(Policy::Gray)
                                            << QByteArray("{\n    \"A\":{}\n}") << true;
    QTest::newRow("gray removes first item")
        << QByteArray("{\"A\":{\"precision_reduce\":{\"flag\":\"false\"}, \"z\":{\"k\":\"v\"}}}")
        << "A" << int(Policy::Gray) << QByteArray("{\"A\":{\"z\":{\"k\":\"v\"}}}") << false;
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
        << QByteArray(
               "{\"A\":{\"precision_reduce\":{\"flag\":\"true\"},\"precision_reduce\":{\"flag\":\"false\"}}}")
        << "A" << int(Policy::White)
        << QByteArray(
               "{\"A\":{\"precision_reduce\":{\"flag\":\"true\"},\"precision_reduce\":{\"flag\":\"true\"}}}")
        << false;
    QTest::newRow("duplicate items: gray removes both") << QByteArray(
        "{\"A\":{\"a\":{},\"precision_reduce\":{\"flag\":\"true\"},\"precision_reduce\":{\"flag\":\"false\"},\"z\":{}}}")
                                                        << "A" << int(Policy::Gray)
                                                        << QByteArray("{\"A\":{\"a\":{},\"z\":{}}}")
                                                        << false;
    QTest::newRow("odd close indent of the user's item kept")
        << QByteArray(
               "{\n    \"A\":{\n        \"precision_reduce\":{\n            \"flag\":\"true\"\n         }\n    }\n}")
        << "A" << int(Policy::Black)
        << QByteArray(
               "{\n    \"A\":{\n        \"precision_reduce\":{\n            \"flag\":\"false\"\n         }\n    }\n}")
        << true;
    QTest::newRow("escaped key and other ops untouched")
        << QByteArray("{\"B\\u0041\":{\"x\":{\"k\":\"v\"}},\"C\":{\"x\":{\"k\":\"v\"}}}") << "BA"
        << int(Policy::White)
        << QByteArray(
               "{\"B\\u0041\":{\"precision_reduce\":{\"flag\":\"true\"},\"x\":{\"k\":\"v\"}},\"C\":{\"x\":{\"k\":\"v\"}}}")
        << true;
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
        QCOMPARE(QByteArray::fromStdString(back.apply({{op.toStdString(), *original}}).bytes),
                 input);
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
    for (const char *bad :
         {"", "[]", "{\"A\":{}} x", "{\"A\":\"unterminated}", "{\"A\":{\"b\":{\"c\":\"\\q\"}}}",
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
    QTest::newRow("controls") << QByteArray("\n\r\t\b\f\x01\x7f", 7)
                              << QByteArray("\"\\n\\r\\t\\b\\f\\u0001\\u007f\"");
    QTest::newRow("bmp") << QByteArray("caf\xc3\xa9 \xe4\xb8\xad")
                         << QByteArray("\"caf\\u00e9 \\u4e2d\"");
    QTest::newRow("astral") << QByteArray("\xf0\x9f\x98\x80") << QByteArray("\"\\ud83d\\ude00\"");
}

void TestLibraryEdit::pythonEscaping()
{
    QFETCH(QByteArray, utf8);
    QFETCH(QByteArray, expected);
    std::string out;
    QVERIFY(appendPythonJsonString(out, utf8.toStdString()));
    QCOMPARE(QByteArray::fromStdString(out), expected);
    QCOMPARE(decodeJsonString(out.substr(1, out.size() - 2)).value_or("(bad escape)"),
             utf8.toStdString());
    std::string bad;
    QVERIFY(!appendPythonJsonString(bad, "\xff"));
    QCOMPARE(bad, std::string("\"\\ufffd\""));
}

void TestLibraryEdit::scannerSurvivesDamagedFiles()
{
    // Truncations and byte flips of a real-looking file: a diagnostic with a position, never a
    // crash.
    std::string text
        = "{\n    \"A\":{\n        \"input0\":{\n            \"dtype\":\"float16,float\",\n"
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
