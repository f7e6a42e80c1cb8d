// The engine's one text toolkit (common/text.h, lineindex.h, jsonstring.h, varint.h), and that
// every JSON reader of the engine refuses half a surrogate pair the same way, naming line and
// column.

#include "common/jsonstring.h"
#include "common/lineindex.h"
#include "common/text.h"
#include "common/varint.h"
#include "library/editscanner.h"
#include "mixlist/mixlist.h"

#include <QTest>

using namespace opsinfo;

class TestText : public QObject
{
    Q_OBJECT

private slots:
    void trim_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QByteArray>("expected");
        QTest::newRow("nothing to trim") << QByteArray("a b") << QByteArray("a b");
        QTest::newRow("spaces") << QByteArray("  a b  ") << QByteArray("a b");
        QTest::newRow("every ASCII space")
            << QByteArray(" \t\n\r\v\fa\f\v\r\n\t ") << QByteArray("a");
        QTest::newRow("only space") << QByteArray(" \t\r\n") << QByteArray("");
        QTest::newRow("empty") << QByteArray("") << QByteArray("");
        QTest::newRow("no-break space is not ASCII space")
            << QByteArray("\xC2\xA0x") << QByteArray("\xC2\xA0x");
    }

    void trim()
    {
        QFETCH(QByteArray, text);
        QFETCH(QByteArray, expected);
        const std::string_view view(text.constData(), std::size_t(text.size()));
        QCOMPARE(QByteArray(trimmed(view).data(), qsizetype(trimmed(view).size())), expected);
    }

    void lowerAndDistance()
    {
        QCOMPARE(asciiLower("Ascend910B1 \xC3\x84"), std::string("ascend910b1 \xC3\x84"));
        QCOMPARE(typoDistance("kitten", "sitting"), std::size_t(3));
        QCOMPARE(typoDistance("", "abc"), std::size_t(3));
        QCOMPARE(typoDistance("same", "same"), std::size_t(0));
    }

    void lineAndColumn_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<int>("offset");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("column");
        QTest::newRow("start") << QByteArray("ab\ncd") << 0 << 1 << 1;
        QTest::newRow("second line") << QByteArray("ab\ncd\nef") << 4 << 2 << 2;
        QTest::newRow("on the newline") << QByteArray("ab\ncd") << 2 << 1 << 3;
        QTest::newRow("CRLF: CR is a column") << QByteArray("ab\r\ncd") << 2 << 1 << 3;
        QTest::newRow("past the end is clamped") << QByteArray("ab\ncd") << 99 << 2 << 3;
        QTest::newRow("a BOM is no column") << QByteArray("\xEF\xBB\xBF{}") << 4 << 1 << 2;
        QTest::newRow("inside the BOM") << QByteArray("\xEF\xBB\xBF{}") << 1 << 1 << 1;
        QTest::newRow("BOM only on line 1") << QByteArray("\xEF\xBB\xBF{\n}") << 5 << 2 << 1;
    }

    // locate(), LineIndex and LineCursor place every offset alike.
    void lineAndColumn()
    {
        QFETCH(QByteArray, text);
        QFETCH(int, offset);
        QFETCH(int, line);
        QFETCH(int, column);
        const std::string_view view(text.constData(), std::size_t(text.size()));
        const SourceLocation once = locate(view, std::size_t(offset), "f");
        const SourceLocation indexed = LineIndex(view).locate(std::size_t(offset), "f");
        const SourceLocation cursor = LineCursor(view).locate(std::size_t(offset), "f");
        for (const SourceLocation &at : {once, indexed, cursor}) {
            QCOMPARE(at.file, std::string("f"));
            QCOMPARE(at.line, line);
            QCOMPARE(at.column, column);
        }
    }

    void varint_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<qulonglong>("value");
        QTest::addColumn<int>("end");
        QTest::newRow("one byte") << QByteArray("\x08", 1) << true << 8ULL << 1;
        QTest::newRow("300") << QByteArray("\xAC\x02", 2) << true << 300ULL << 2;
        QTest::newRow("stops after the varint") << QByteArray("\x01\x02", 2) << true << 1ULL << 1;
        QTest::newRow("cut off") << QByteArray("\xAC", 1) << false << 0ULL << 1;
        QTest::newRow("empty") << QByteArray() << false << 0ULL << 0;
        QTest::newRow("longer than ten bytes") << QByteArray(11, '\xFF') << false << 0ULL << 10;
    }

    void varint()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(bool, ok);
        QFETCH(qulonglong, value);
        QFETCH(int, end);
        std::size_t pos = 0;
        std::uint64_t read = 0;
        QCOMPARE(readVarint({bytes.constData(), std::size_t(bytes.size())}, pos, read), ok);
        QCOMPARE(int(pos), end);
        if (ok)
            QCOMPARE(qulonglong(read), value);
    }

    void jsonString_data()
    {
        QTest::addColumn<QByteArray>("content"); // between the quotes
        QTest::addColumn<QByteArray>("decoded");
        QTest::addColumn<int>("problem"); // JsonEscape::Problem
        QTest::addColumn<int>("problemAt");
        QTest::newRow("plain") << QByteArray("MatMul") << QByteArray("MatMul")
                               << int(JsonEscape::None) << 0;
        QTest::newRow("short escapes")
            << QByteArray(R"(\"\\\/\b\f\n\r\t)") << QByteArray("\"\\/\b\f\n\r\t")
            << int(JsonEscape::None) << 0;
        QTest::newRow("BMP escape")
            << QByteArray(R"(\u00e9\u4e2d)") << QByteArray("\xC3\xA9\xE4\xB8\xAD")
            << int(JsonEscape::None) << 0;
        QTest::newRow("surrogate pair")
            << QByteArray(R"(x\ud83d\ude00)") << QByteArray("x\xF0\x9F\x98\x80")
            << int(JsonEscape::None) << 0;
        QTest::newRow("unknown escape")
            << QByteArray(R"(a\x)") << QByteArray() << int(JsonEscape::UnknownEscape) << 1;
        QTest::newRow("backslash at the end")
            << QByteArray("a\\") << QByteArray() << int(JsonEscape::UnknownEscape) << 1;
        QTest::newRow("truncated")
            << QByteArray(R"(\u12)") << QByteArray() << int(JsonEscape::Truncated) << 2;
        QTest::newRow("bad hex digit")
            << QByteArray(R"(\u12G4)") << QByteArray() << int(JsonEscape::BadHexDigit) << 4;
        QTest::newRow("lone high")
            << QByteArray(R"(ab\ud800)") << QByteArray() << int(JsonEscape::LoneSurrogate) << 2;
        QTest::newRow("lone low") << QByteArray(R"(\udc00x)") << QByteArray()
                                  << int(JsonEscape::LoneSurrogate) << 0;
        QTest::newRow("high then a letter")
            << QByteArray(R"(\ud800\u0041)") << QByteArray() << int(JsonEscape::LoneSurrogate) << 0;
        QTest::newRow("high then a bad escape")
            << QByteArray(R"(\ud800\uZZZZ)") << QByteArray() << int(JsonEscape::BadHexDigit) << 8;
    }

    void jsonString()
    {
        QFETCH(QByteArray, content);
        QFETCH(QByteArray, decoded);
        QFETCH(int, problem);
        QFETCH(int, problemAt);
        JsonEscape escape;
        const auto text
            = decodeJsonString({content.constData(), std::size_t(content.size())}, &escape);
        QCOMPARE(bool(text), problem == JsonEscape::None);
        if (text) {
            QCOMPARE(QByteArray::fromStdString(*text), decoded);
            return;
        }
        QCOMPARE(int(escape.problem), problem);
        QCOMPARE(int(escape.problemAt), problemAt);
    }

    // The mixlist reader, the library editor's scanner and the loader's syntax check
    // (tst_libraryload) refuse half a surrogate pair at its escape, with line and column.
    void everyJsonReaderRefusesALoneSurrogate()
    {
        const std::string mixlist = "{\n  \"black-list\": {\"to-add\": [\"A\\ud800\"]}\n}";
        const auto parsed = parseMixlistStrict(mixlist, "m.json");
        QVERIFY(!parsed.ok());
        QCOMPARE(parsed.diagnostics.front().location.line, 2);
        QCOMPARE(parsed.diagnostics.front().location.column, 31);
        QVERIFY(parsed.diagnostics.front().message.find("surrogate") != std::string::npos);

        const std::string library
            = "{\n    \"A\\ud800\":{\n        \"precision_reduce\":{\"flag\":\"true\"}\n    }\n}";
        const ScannedOpsInfo scanned = scanOpsInfo(library, "l.json");
        QVERIFY(!scanned.ok());
        QCOMPARE(scanned.diagnostics.front().location.line, 2);
        QCOMPARE(scanned.diagnostics.front().location.column, 7);
        QVERIFY(scanned.diagnostics.front().message.find("surrogate") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestText)
#include "tst_text.moc"
