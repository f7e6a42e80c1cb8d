// The Chinese UI: the zh_CN catalog is complete and consistent with its sources (placeholders,
// mnemonics), lupdate finds nothing new in app/studio, the rule texts exist in both languages for
// every rule of the spec, and the main window really speaks Chinese once the catalog is installed.
#include "studio/common/languagemenu.h"
#include "studio/common/ruletexts.h"
#include "studio/common/translations.h"
#include "studio/document/scriptedprompt.h"
#include "studio/mainwindow/mainwindow.h"

#include <QAbstractButton>
#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QGroupBox>
#include <QHeaderView>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLibraryInfo>
#include <QMenu>
#include <QMenuBar>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QSet>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <QStyle>
#include <QStyleOptionComboBox>
#include <QTabBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

using namespace opsinfo;

namespace {

const QString kTsFile
    = QStringLiteral(OPSINFO_SOURCE_DIR "/app/studio/translations/opsinfo-studio_zh_CN.ts");
const QString kRulesDir = QStringLiteral(OPSINFO_SOURCE_DIR "/resources/rules");
const QString kSpec = QStringLiteral(OPSINFO_SOURCE_DIR "/../shared/spec/SEMANTICS.md");

struct TsMessage
{
    QString context;
    QString source;
    QStringList translations; // one per numerus form, or one
    QString type; // the translation's type attribute: "", "unfinished", "vanished" ...
    qint64 line = 0;
};

// Every <message> of a .ts file, read with QXmlStreamReader; *error is set on malformed XML.
QList<TsMessage> readTs(const QString &path, QString *error)
{
    QList<TsMessage> messages;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot open %1").arg(path);
        return messages;
    }
    QXmlStreamReader xml(&file);
    QString context;
    TsMessage current;
    bool inMessage = false;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement()) {
            const auto name = xml.name();
            if (name == QLatin1String("name") && !inMessage) {
                context = xml.readElementText();
            } else if (name == QLatin1String("message")) {
                current = TsMessage {context, {}, {}, {}, xml.lineNumber()};
                inMessage = true;
            } else if (name == QLatin1String("source") && inMessage) {
                current.source = xml.readElementText();
            } else if (name == QLatin1String("translation") && inMessage) {
                current.type = xml.attributes().value(QLatin1String("type")).toString();
                // Either text or <numerusform> children.
                QString text;
                while (!xml.atEnd()) {
                    xml.readNext();
                    if (xml.isCharacters())
                        text += xml.text();
                    else if (xml.isStartElement() && xml.name() == QLatin1String("numerusform"))
                        current.translations.append(xml.readElementText());
                    else if (xml.isEndElement() && xml.name() == QLatin1String("translation"))
                        break;
                }
                if (current.translations.isEmpty())
                    current.translations.append(text);
            }
        } else if (xml.isEndElement() && xml.name() == QLatin1String("message")) {
            messages.append(current);
            inMessage = false;
        }
    }
    if (xml.hasError())
        *error = QStringLiteral("%1:%2: %3").arg(path).arg(xml.lineNumber()).arg(xml.errorString());
    return messages;
}

QString describe(const TsMessage &m)
{
    return QStringLiteral("line %1 [%2] \"%3\"").arg(m.line).arg(m.context, m.source);
}

// The placeholders a text uses (%1..%99, %n, %L1), as a sorted set.
QStringList placeholders(const QString &text)
{
    static const QRegularExpression pattern(QStringLiteral("%L?(?:\\d{1,2}|n)"));
    QSet<QString> found;
    for (auto it = pattern.globalMatch(text); it.hasNext();)
        found.insert(it.next().captured());
    QStringList list(found.begin(), found.end());
    list.sort();
    return list;
}

// Whether a text has a mnemonic: '&' followed by a letter, not "&&".
bool hasMnemonic(const QString &text)
{
    static const QRegularExpression pattern(QStringLiteral("(?<!&)&(?!&)[A-Za-z0-9]"));
    return pattern.match(text).hasMatch();
}

bool hasHan(const QString &text)
{
    for (const QChar c : text)
        if (c.script() == QChar::Script_Han)
            return true;
    return false;
}

QJsonObject readRules(const QString &language)
{
    QFile file(QStringLiteral("%1/rules_%2.json").arg(kRulesDir, language));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QJsonParseError error {};
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &error);
    if (error.error != QJsonParseError::NoError)
        qWarning("%s: %s", qPrintable(file.fileName()), qPrintable(error.errorString()));
    return doc.object();
}

QString lupdatePath()
{
    for (const auto location : {QLibraryInfo::BinariesPath, QLibraryInfo::LibraryExecutablesPath}) {
        const QString path = QLibraryInfo::path(location) + QStringLiteral("/lupdate");
        if (QFile::exists(path))
            return path;
    }
    return QStandardPaths::findExecutable(QStringLiteral("lupdate"));
}

// Where a visible widget of the window shows less than its whole text: labels and buttons narrower
// than their size hint, combo boxes whose edit field is narrower than the current text, tabs,
// group box titles and header sections narrower than their text.
QStringList clippedTexts(QWidget *window)
{
    QStringList clipped;
    auto report = [&clipped](const QWidget *w, const QString &text, int have, int need) {
        clipped.append(
            QStringLiteral("%1 (%2) \"%3\": %4 px of %5")
                .arg(QString::fromLatin1(w->metaObject()->className()), w->objectName(), text)
                .arg(have)
                .arg(need));
    };
    for (QWidget *w : window->findChildren<QWidget *>()) {
        if (!w->isVisible() || w->width() <= 0)
            continue;
        if (auto *label = qobject_cast<QLabel *>(w)) {
            if (!label->wordWrap() && !label->text().isEmpty()
                && label->width() < label->sizeHint().width())
                report(w, label->text().left(60), label->width(), label->sizeHint().width());
        } else if (auto *button = qobject_cast<QAbstractButton *>(w)) {
            if (!button->text().isEmpty() && button->width() < button->sizeHint().width())
                report(w, button->text(), button->width(), button->sizeHint().width());
        } else if (auto *combo = qobject_cast<QComboBox *>(w)) {
            QStyleOptionComboBox option;
            option.initFrom(combo);
            option.editable = combo->isEditable();
            const QRect field = combo->style()->subControlRect(QStyle::CC_ComboBox, &option,
                                                               QStyle::SC_ComboBoxEditField, combo);
            const int need = combo->fontMetrics().horizontalAdvance(combo->currentText());
            if (field.width() < need)
                report(w, combo->currentText(), field.width(), need);
        } else if (auto *tabs = qobject_cast<QTabBar *>(w)) {
            for (int i = 0; i < tabs->count(); ++i) {
                const int need = tabs->fontMetrics().horizontalAdvance(tabs->tabText(i));
                if (tabs->tabRect(i).width() < need)
                    report(w, tabs->tabText(i), tabs->tabRect(i).width(), need);
            }
        } else if (auto *box = qobject_cast<QGroupBox *>(w)) {
            const int need = box->fontMetrics().horizontalAdvance(box->title());
            if (box->width() < need)
                report(w, box->title(), box->width(), need);
        } else if (auto *header = qobject_cast<QHeaderView *>(w)) {
            if (header->orientation() != Qt::Horizontal || !header->model())
                continue;
            for (int i = 0; i < header->count(); ++i) {
                if (header->isSectionHidden(i) || header->sectionSize(i) == 0)
                    continue;
                const QString text = header->model()->headerData(i, Qt::Horizontal).toString();
                const int need = header->fontMetrics().horizontalAdvance(text);
                if (header->sectionSize(i) < need)
                    report(w, text, header->sectionSize(i), need);
            }
        }
    }
    return clipped;
}

} // namespace

class TestTranslations : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanup();

    void catalogComplete();
    void catalogMatchesSources();
    void languageForLocale_data();
    void languageForLocale();
    void rulesInBothLanguages();
    void ruleTextsEmbedded();
    void chineseMainWindow();
    void chineseTextsFit();
    void englishAgain();
    void languageMenuSavesChoice();
};

void TestTranslations::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true); // QSettings go to a test location
    QSettings().remove(QStringLiteral("language"));
}

void TestTranslations::cleanup()
{
    Translations::install(QLocale(QLocale::English));
}

void TestTranslations::catalogComplete()
{
    QString error;
    const QList<TsMessage> messages = readTs(kTsFile, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    // The app has well over a hundred texts; far fewer means the file was truncated or misread.
    QVERIFY2(messages.size() > 150, qPrintable(QString::number(messages.size())));

    QStringList problems;
    for (const TsMessage &m : messages) {
        if (m.type == QLatin1String("vanished") || m.type == QLatin1String("obsolete"))
            continue; // not compiled; lupdate -no-obsolete drops them
        if (m.type == QLatin1String("unfinished")) {
            problems.append(describe(m) + QStringLiteral(": unfinished"));
            continue;
        }
        for (const QString &t : m.translations) {
            if (t.trimmed().isEmpty()) {
                problems.append(describe(m) + QStringLiteral(": empty translation"));
                continue;
            }
            if (placeholders(t) != placeholders(m.source))
                problems.append(
                    describe(m)
                    + QStringLiteral(": placeholders %1 vs %2")
                          .arg(placeholders(t).join(u' '), placeholders(m.source).join(u' ')));
            if (hasMnemonic(m.source) != hasMnemonic(t))
                problems.append(
                    describe(m)
                    + QStringLiteral(": mnemonic (&) missing or extra in \"%1\"").arg(t));
            if (m.source.contains(QLatin1String("[*]")) != t.contains(QLatin1String("[*]")))
                problems.append(describe(m) + QStringLiteral(": window-modified marker [*]"));
        }
    }
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
}

// lupdate over today's sources into a copy of the catalog: every text it finds must already be
// translated, so a new tr() without a Chinese text fails here rather than showing up in English.
void TestTranslations::catalogMatchesSources()
{
    const QString lupdate = lupdatePath();
    if (lupdate.isEmpty())
        QSKIP("lupdate is not installed (Debian: qt6-l10n-tools)");
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString copy = dir.filePath(QStringLiteral("copy_zh_CN.ts"));
    QVERIFY(QFile::copy(kTsFile, copy));
    QFile::setPermissions(copy, QFile::ReadOwner | QFile::WriteOwner);

    QProcess process;
    process.start(lupdate,
                  {QStringLiteral("-no-obsolete"), QStringLiteral("-locations"),
                   QStringLiteral("none"), QStringLiteral("-I"),
                   QStringLiteral(OPSINFO_SOURCE_DIR "/app"),
                   QStringLiteral(OPSINFO_SOURCE_DIR "/app/studio"), QStringLiteral("-ts"), copy});
    QVERIFY(process.waitForFinished(120000));
    QCOMPARE(process.exitCode(), 0);

    QString error;
    const QList<TsMessage> messages = readTs(copy, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QStringList missing;
    for (const TsMessage &m : messages)
        if (m.type == QLatin1String("unfinished"))
            missing.append(describe(m));
    QVERIFY2(missing.isEmpty(),
             qPrintable(QStringLiteral("Texts in app/studio without a zh_CN translation (run the "
                                       "update_translations target and translate them):\n")
                        + missing.join(u'\n')));
}

void TestTranslations::languageForLocale_data()
{
    QTest::addColumn<QString>("locale");
    QTest::addColumn<QString>("language");
    QTest::newRow("zh_CN") << QStringLiteral("zh_CN") << QStringLiteral("zh_CN");
    QTest::newRow("zh_SG") << QStringLiteral("zh_SG") << QStringLiteral("zh_CN");
    QTest::newRow("zh-Hans") << QStringLiteral("zh_Hans") << QStringLiteral("zh_CN");
    QTest::newRow("zh_TW (traditional)") << QStringLiteral("zh_TW") << QStringLiteral("en");
    QTest::newRow("zh_HK (traditional)") << QStringLiteral("zh_HK") << QStringLiteral("en");
    QTest::newRow("en_US") << QStringLiteral("en_US") << QStringLiteral("en");
    QTest::newRow("en_GB") << QStringLiteral("en_GB") << QStringLiteral("en");
    QTest::newRow("de_DE (no catalog)") << QStringLiteral("de_DE") << QStringLiteral("en");
    QTest::newRow("C") << QStringLiteral("C") << QStringLiteral("en");
}

void TestTranslations::languageForLocale()
{
    QFETCH(QString, locale);
    QFETCH(QString, language);
    QCOMPARE(Translations::languageFor(QLocale(locale)), language);
}

void TestTranslations::rulesInBothLanguages()
{
    const QJsonObject en = readRules(QStringLiteral("en"));
    const QJsonObject zh = readRules(QStringLiteral("zh_CN"));
    QVERIFY(en.size() > 20);
    QStringList problems;
    for (auto it = en.begin(); it != en.end(); ++it) {
        if (it.value().toString().trimmed().isEmpty())
            problems.append(it.key() + QStringLiteral(": empty English text"));
        const QString chinese = zh.value(it.key()).toString();
        if (chinese.trimmed().isEmpty())
            problems.append(it.key() + QStringLiteral(": no Chinese text"));
        else if (!hasHan(chinese))
            problems.append(it.key() + QStringLiteral(": Chinese text has no Chinese: ") + chinese);
    }
    for (auto it = zh.begin(); it != zh.end(); ++it)
        if (!en.contains(it.key()))
            problems.append(it.key() + QStringLiteral(": Chinese text for a rule English lacks"));

    // Every rule the spec defines ("- **L1** ...", "- **M1 force_fp16**: ...") has a text.
    QFile spec(kSpec);
    if (spec.open(QIODevice::ReadOnly)) {
        static const QRegularExpression ruleLine(QStringLiteral("^- \\*\\*([LXMGC]\\d+)\\b"),
                                                 QRegularExpression::MultilineOption);
        int defined = 0;
        for (auto it = ruleLine.globalMatch(QString::fromUtf8(spec.readAll())); it.hasNext();
             ++defined) {
            const QString id = it.next().captured(1);
            if (!en.contains(id))
                problems.append(id + QStringLiteral(": in SEMANTICS.md, not in rules_en.json"));
        }
        QVERIFY2(defined > 20, "SEMANTICS.md no longer lists rules as '- **L1** ...'");
    } else {
        qWarning("%s not found: rule ids checked between the two languages only",
                 qPrintable(kSpec));
    }
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
}

void TestTranslations::ruleTextsEmbedded()
{
    const QJsonObject en = readRules(QStringLiteral("en"));
    QStringList ids = ruleIds();
    QCOMPARE(ids.size(), en.size());
    // Spec order (L, X, M, G, C), not alphabetical.
    const QStringList order {QStringLiteral("L1"), QStringLiteral("L5"), QStringLiteral("X1"),
                             QStringLiteral("X5"), QStringLiteral("M1"), QStringLiteral("M9"),
                             QStringLiteral("G1"), QStringLiteral("G6"), QStringLiteral("C1"),
                             QStringLiteral("C2")};
    for (qsizetype i = 1; i < order.size(); ++i)
        QVERIFY2(ids.indexOf(order[i - 1]) < ids.indexOf(order[i]), qPrintable(ids.join(u' ')));
    QCOMPARE(ids.first(), QStringLiteral("L1"));
    for (const QString &id : ids)
        QCOMPARE(ruleText(id, QStringLiteral("en")), en.value(id).toString());
    QVERIFY(hasHan(ruleText(QStringLiteral("G2"), QStringLiteral("zh_CN"))));
    QCOMPARE(ruleText(QStringLiteral("Z9")), QString());
    // No catalog for German rule texts: English.
    QCOMPARE(ruleText(QStringLiteral("X3"), QStringLiteral("de")),
             en.value(QStringLiteral("X3")).toString());
    // Rule ids cited in an explanation, in order, once each; unknown ids and words are ignored.
    QCOMPARE(ruleIdsIn(QStringLiteral("white (M5); shadowed (L2/L3), M5 again, Z9, MatMulV2, G2")),
             QStringList({QStringLiteral("M5"), QStringLiteral("L2"), QStringLiteral("L3"),
                          QStringLiteral("G2")}));
}

void TestTranslations::chineseMainWindow()
{
    QCOMPARE(
        Translations::install(Translations::localeFor(Translations::Choice::SimplifiedChinese)),
        QStringLiteral("zh_CN"));
    QCOMPARE(Translations::current(), QStringLiteral("zh_CN"));

    MainWindow window;
    window.setPersistSettings(false);
    auto *file = window.findChild<QMenu *>(QStringLiteral("menuFile"));
    QVERIFY(file);
    QVERIFY2(hasHan(file->title()) && file->title().contains(QLatin1String("(&F)")),
             qPrintable(file->title()));
    auto *edit = window.findChild<QMenu *>(QStringLiteral("menuEdit"));
    QVERIFY(edit && hasHan(edit->title()));
    auto *language = window.findChild<QMenu *>(QStringLiteral("menuLanguage"));
    QVERIFY(language && hasHan(language->title()));

    auto *tabs = window.findChild<QTabWidget *>(QStringLiteral("viewTabs"));
    QVERIFY(tabs);
    for (int i = 0; i < tabs->count(); ++i)
        QVERIFY2(hasHan(tabs->tabText(i)), qPrintable(tabs->tabText(i)));
    auto *setWhite = window.findChild<QAction *>(QStringLiteral("actionSetWhite"));
    QVERIFY(setWhite);
    QVERIFY2(setWhite->text().contains(QStringLiteral("白名单")), qPrintable(setWhite->text()));

    // The rule texts follow the UI language.
    QVERIFY(hasHan(ruleText(QStringLiteral("M5"))));

    // Qt's own dialogs too, when the Qt translations are installed (qt6-translations-l10n).
    if (QFile::exists(QLibraryInfo::path(QLibraryInfo::TranslationsPath)
                      + QStringLiteral("/qtbase_zh_CN.qm"))) {
        QVERIFY(Translations::qtCatalogLoaded());
        QVERIFY(hasHan(QCoreApplication::translate("QPlatformTheme", "Cancel")));
    } else {
        qWarning("qtbase_zh_CN.qm not installed: standard dialogs stay English");
    }
}

// The Chinese screenshots, checked by code: every view of the window at its default size.
void TestTranslations::chineseTextsFit()
{
    QCOMPARE(
        Translations::install(Translations::localeFor(Translations::Choice::SimplifiedChinese)),
        QStringLiteral("zh_CN"));
    ScriptedPrompt prompt;
    MainWindow window;
    window.setPersistSettings(false);
    window.setPrompt(&prompt);
    QVERIFY(window.openPaths({}));
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QStringList clipped;
    for (const auto view : {MainWindow::View::Library, MainWindow::View::Mixlist,
                            MainWindow::View::Graph, MainWindow::View::Diff}) {
        window.showView(view);
        QTest::qWait(50);
        for (const QString &c : clippedTexts(&window))
            if (!clipped.contains(c))
                clipped.append(c);
    }
    QVERIFY2(clipped.isEmpty(), qPrintable(clipped.join(u'\n')));

    // The check itself sees clipping: a button squeezed below its text.
    QWidget probe;
    auto *squeezed = new QPushButton(QStringLiteral("导出最小混合精度名单"), &probe);
    squeezed->setFixedWidth(40);
    probe.show();
    QVERIFY(QTest::qWaitForWindowExposed(&probe));
    QCOMPARE(clippedTexts(&probe).size(), 1);
}

void TestTranslations::englishAgain()
{
    QCOMPARE(Translations::install(QLocale(QLocale::English, QLocale::UnitedKingdom)),
             QStringLiteral("en"));
    QVERIFY(!Translations::qtCatalogLoaded());
    MainWindow window;
    window.setPersistSettings(false);
    auto *file = window.findChild<QMenu *>(QStringLiteral("menuFile"));
    QVERIFY(file);
    QCOMPARE(file->title(), QStringLiteral("&File"));
    QVERIFY(!hasHan(ruleText(QStringLiteral("M5"))));
}

void TestTranslations::languageMenuSavesChoice()
{
    MainWindow window;
    window.setPersistSettings(false);
    auto *chinese = window.findChild<QAction *>(QStringLiteral("actionLanguageChinese"));
    auto *english = window.findChild<QAction *>(QStringLiteral("actionLanguageEnglish"));
    auto *system = window.findChild<QAction *>(QStringLiteral("actionLanguageSystem"));
    QVERIFY(chinese && english && system);
    QVERIFY(system->isChecked()); // nothing saved yet
    QCOMPARE(chinese->text(), QStringLiteral("简体中文")); // each language named in itself

    chinese->trigger();
    QCOMPARE(Translations::savedChoice(), Translations::Choice::SimplifiedChinese);
    QVERIFY(chinese->isChecked());
    QVERIFY2(window.statusBar()->currentMessage().contains(QLatin1String("restart")),
             qPrintable(window.statusBar()->currentMessage()));

    english->trigger();
    QCOMPARE(Translations::savedChoice(), Translations::Choice::English);
    system->trigger();
    QCOMPARE(Translations::savedChoice(), Translations::Choice::System);
    QVERIFY(!QSettings().contains(QStringLiteral("language")));
}

QTEST_MAIN(TestTranslations)
#include "tst_translations.moc"
