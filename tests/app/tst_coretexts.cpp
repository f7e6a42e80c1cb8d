// The core's sentences in the Chinese UI (common/coretexts.h): every CoreText::tr template in core/
// has a zh_CN translation with the same placeholders, no translation is left for a template that is
// gone, and the app recognises each template in its English text and fills the translation with the
// same arguments.
#include "common/coretext.h"
#include "common/diagnostic.h"
#include "graph/graphloader.h"
#include "library/libraryloader.h"
#include "mixlist/mixlist.h"
#include "studio/common/coretexts.h"
#include "studio/common/translations.h"

#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

using namespace opsinfo;

namespace {

struct Template
{
    QString text;
    QString where; // file:line, for failure messages
};

QString unescapeCpp(const QString &literal)
{
    QString out;
    for (qsizetype i = 0; i < literal.size(); ++i) {
        if (literal[i] == QLatin1Char('\\') && i + 1 < literal.size()) {
            const QChar c = literal[++i];
            out += c == QLatin1Char('n') ? QChar(u'\n') : c == QLatin1Char('t') ? QChar(u'\t') : c;
        } else {
            out += literal[i];
        }
    }
    return out;
}

// Every CoreText::tr("...") literal in core/, and every call whose template is not one literal.
QList<Template> coreTemplates(QStringList *problems)
{
    static const QRegularExpression call(
        QStringLiteral("CoreText::tr\\(\\s*(\"(?:[^\"\\\\]|\\\\.)*\")?"));
    QList<Template> templates;
    QDirIterator files(QStringLiteral(OPSINFO_SOURCE_DIR "/core"),
                       {QStringLiteral("*.cpp"), QStringLiteral("*.h")}, QDir::Files,
                       QDirIterator::Subdirectories);
    while (files.hasNext()) {
        const QString path = files.next();
        if (path.endsWith(QLatin1String("common/coretext.h")))
            continue; // the documentation's example
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            continue;
        const QString text = QString::fromUtf8(file.readAll());
        for (auto it = call.globalMatch(text); it.hasNext();) {
            const QRegularExpressionMatch m = it.next();
            const int line = int(text.left(m.capturedStart()).count(QLatin1Char('\n'))) + 1;
            const QString where = path.mid(path.indexOf(QLatin1String("/core/")) + 1)
                + QLatin1Char(':') + QString::number(line);
            const QString literal = m.captured(1);
            const qsizetype after = m.capturedEnd();
            if (literal.isEmpty()
                || (after < text.size() && text.mid(after).trimmed().startsWith(QLatin1Char('"'))))
                problems->append(where
                                 + QStringLiteral(": the template must be one string literal"));
            else
                templates.append({unescapeCpp(literal.mid(1, literal.size() - 2)), where});
        }
    }
    return templates;
}

QHash<QString, QString> catalogue(const QString &language, QStringList *conflicts = nullptr)
{
    QHash<QString, QString> entries;
    QDirIterator files(QStringLiteral(OPSINFO_SOURCE_DIR "/resources/coretexts/") + language,
                       {QStringLiteral("*.json")}, QDir::Files);
    while (files.hasNext()) {
        const QString path = files.next();
        if (QFileInfo(path).fileName().startsWith(QLatin1String("terms")))
            continue;
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            continue;
        QJsonParseError error;
        const QJsonObject object = QJsonDocument::fromJson(file.readAll(), &error).object();
        if (error.error != QJsonParseError::NoError)
            qWarning("%s: %s", qPrintable(path), qPrintable(error.errorString()));
        for (auto it = object.begin(); it != object.end(); ++it) {
            // A sentence two core areas share must read the same in both files.
            if (entries.contains(it.key()) && entries.value(it.key()) != it.value().toString()
                && conflicts)
                conflicts->append(
                    QStringLiteral("%1: \"%2\" is translated differently in another file")
                        .arg(path, it.key()));
            entries.insert(it.key(), it.value().toString());
        }
    }
    return entries;
}

QStringList placeholders(const QString &text)
{
    QStringList found;
    static const QRegularExpression placeholder(QStringLiteral("%[1-9]"));
    for (auto it = placeholder.globalMatch(text); it.hasNext();)
        found.append(it.next().captured());
    found.sort();
    found.removeDuplicates();
    return found;
}

} // namespace

class TestCoreTexts : public QObject
{
    Q_OBJECT

private slots:
    void fillReplacesPlaceholders()
    {
        QCOMPARE(CoreText::tr("duplicate key '%1' (first at line %2)", std::string("to-add"), 3),
                 std::string("duplicate key 'to-add' (first at line 3)"));
        QCOMPARE(CoreText::tr("%2 before %1, %1 again", "a", std::string_view("b")),
                 std::string("b before a, a again"));
        QCOMPARE(CoreText::tr("100% sure, %3 has no value", 1),
                 std::string("100% sure, %3 has no value"));
        // An argument never adds a step boundary.
        QCOMPARE(CoreText::tr("not valid JSON: %1", "end of input; expected '}'"),
                 std::string("not valid JSON: end of input, expected '}'"));
    }

    void everyTemplateIsTranslated()
    {
        QStringList problems;
        const QList<Template> templates = coreTemplates(&problems);
        QVERIFY2(templates.size() > 50,
                 "CoreText::tr calls not found: is OPSINFO_SOURCE_DIR right?");
        const QHash<QString, QString> zh = catalogue(QStringLiteral("zh_CN"), &problems);
        QSet<QString> used;
        for (const Template &t : templates) {
            used.insert(t.text);
            if (t.text.contains(QLatin1String("; ")))
                problems.append(
                    t.where
                    + QStringLiteral(": '; ' separates explanation steps; split the template"));
            const auto it = zh.find(t.text);
            if (it == zh.end() || it->trimmed().isEmpty())
                problems.append(t.where
                                + QStringLiteral(": no zh_CN translation of \"%1\"").arg(t.text));
            else if (placeholders(*it) != placeholders(t.text))
                problems.append(
                    t.where
                    + QStringLiteral(": placeholders differ in the zh_CN text of \"%1\"")
                          .arg(t.text));
        }
        for (auto it = zh.begin(); it != zh.end(); ++it)
            if (!used.contains(it.key()))
                problems.append(
                    QStringLiteral(
                        "resources/coretexts/zh_CN: \"%1\" is no template in core/ any more")
                        .arg(it.key()));
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
    }

    // Each template, filled with distinct arguments, comes back as its own translation with the
    // same arguments: no other template captures it.
    void everyTemplateIsRecognised()
    {
        QStringList problems;
        const QList<Template> templates = coreTemplates(&problems);
        const QHash<QString, QString> zh = catalogue(QStringLiteral("zh_CN"));
        const CoreTexts &texts = CoreTexts::forLanguage(QStringLiteral("zh_CN"));
        QCOMPARE(texts.size(), zh.size());
        const std::string args[9]
            = {"Arg1Op", "file2.json", "33", "Arg4Op", "float16", "Arg6Op", "77", "Arg8", "Arg9"};
        for (const Template &t : templates) {
            const auto it = zh.find(t.text);
            if (it == zh.end())
                continue; // reported by everyTemplateIsTranslated
            const std::string english = CoreText::fill(t.text.toStdString(), args, 9);
            const QString expected
                = QString::fromStdString(CoreText::fill(it->toStdString(), args, 9));
            const QString shown = texts.translate(english);
            if (shown != expected)
                problems.append(
                    QStringLiteral("%1: \"%2\" shows as \"%3\", not \"%4\"")
                        .arg(t.where, QString::fromStdString(english), shown, expected));
        }
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
    }

    void stepsAndUnknownTextAndEnglish()
    {
        const CoreTexts &zh = CoreTexts::forLanguage(QStringLiteral("zh_CN"));
        const QString unknown = QStringLiteral("a sentence no template has");
        QCOMPARE(zh.translate(unknown), unknown);
        const std::string english
            = CoreText::tr("duplicate key '%1' (first at line %2)", "to-add", 3);
        const QString once = zh.translate(english);
        QVERIFY(once != QString::fromStdString(english));
        QVERIFY(once.contains(QLatin1String("to-add")));
        // Steps of an explanation are translated one by one; an unknown step stays.
        QCOMPARE(zh.translate(english + "; " + unknown.toStdString()),
                 once + QStringLiteral("; ") + unknown);
        const CoreTexts &en = CoreTexts::forLanguage(QStringLiteral("en"));
        QCOMPARE(en.size(), 0);
        QCOMPARE(en.translate(english), QString::fromStdString(english));
    }

    // The diagnostics real broken inputs produce (the test fixtures of the mixlist reader, the
    // library loader and the graph importers) read as whole sentences the catalogue knows: no
    // message is glued together from pieces that no template covers.
    void fixtureDiagnosticsAreRecognised()
    {
        const CoreTexts &zh = CoreTexts::forLanguage(QStringLiteral("zh_CN"));
        std::vector<Diagnostic> all;
        const auto take = [&all](const std::vector<Diagnostic> &ds) {
            all.insert(all.end(), ds.begin(), ds.end());
        };
        QDirIterator mixlists(QStringLiteral(OPSINFO_TEST_DATA "/mixlist"),
                              {QStringLiteral("*.json")}, QDir::Files);
        while (mixlists.hasNext()) {
            QFile file(mixlists.next());
            QVERIFY(file.open(QIODevice::ReadOnly));
            const std::string text = file.readAll().toStdString();
            take(parseMixlistStrict(text, "m.json").diagnostics);
            take(parseMixlistLenient(text, "m.json").diagnostics);
        }
        QDirIterator libraries(QStringLiteral(OPSINFO_TEST_DATA "/library"),
                               QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot);
        while (libraries.hasNext())
            take(loadLibraryPath(libraries.next().toStdString()).diagnostics);
        QTemporaryDir dir;
        const std::pair<const char *, QByteArray> graphs[] = {
            {"junk.onnx", QByteArray("\x08\x07\x12\xff\xff\xff\xff\x0f garbage")},
            {"cut.json", QByteArray("{\"graph\": [{\"op\": [{\"name\": \"a\"")},
            {"empty.pbtxt", QByteArray()},
            {"model.pb", QByteArray("not a graph at all")},
        };
        for (const auto &[name, bytes] : graphs) {
            QFile file(dir.filePath(QString::fromLatin1(name)));
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(bytes);
            file.close();
            take(loadGraph(file.fileName().toStdString()).diagnostics);
        }
        QVERIFY(all.size() > 40);
        QStringList unknown;
        for (const Diagnostic &d : all)
            for (const std::string *text : {&d.message, &d.hint})
                for (const QString &step :
                     QString::fromStdString(*text).split(QStringLiteral("; "), Qt::SkipEmptyParts))
                    if (!zh.recognises(step))
                        unknown.append(QString::fromStdString(d.code) + QStringLiteral(": ")
                                       + step);
        unknown.removeDuplicates();
        QVERIFY2(unknown.isEmpty(), qPrintable(unknown.join(u'\n')));
    }

    // What a dialog or the lint list shows in the Chinese UI: severity, message and hint
    // translated, position and rule id as they are.
    void diagnosticInTheUiLanguage()
    {
        const Diagnostic d {Severity::Error,
                            {"ops_info.json", 4, 9},
                            "X1",
                            CoreText::tr("duplicate key '%1' (first at line %2)", "to-add", 3),
                            CoreText::tr("merge both into one '%1'", "to-add")};
        QCOMPARE(Translations::install(QLocale(QLocale::Chinese, QLocale::China)),
                 QStringLiteral("zh_CN"));
        QCOMPARE(diagnosticText(d),
                 QStringLiteral("ops_info.json:4:9: 错误: 重复的键 'to-add'（第 3 行已出现） [X1] "
                                "(将两者合并为一个 'to-add')"));
        QCOMPARE(Translations::install(QLocale(QLocale::English, QLocale::UnitedStates)),
                 QStringLiteral("en"));
        QCOMPARE(diagnosticText(d), QString::fromStdString(formatDiagnostic(d)));
    }
};

QTEST_MAIN(TestCoreTexts)
#include "tst_coretexts.moc"
