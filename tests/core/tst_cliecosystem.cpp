// The CLI as other tools see it: --help/--version on every command, the man page, machine output on
// stdout and messages on stderr, colour and progress only on a terminal, CI formats of resolve
// diff, and the per-mode SVG chart.
#include "cli/cli.h"

#include "clicommands.h"
#include "clirun.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

#include <sstream>

using namespace opsinfo;

namespace {

using Run = CliRun;

Run run(const QStringList &args)
{
    return runOpsinfo(args);
}

QString cli(const QString &name)
{
    return cliFixture(name);
}

QByteArray readAll(const QString &path)
{
    return readAllBytes(path);
}

// "--name" of every option in a help text's "options:" section (help itself excluded).
QStringList optionsIn(const QString &help)
{
    QStringList options;
    const int start = help.indexOf("\noptions:\n");
    if (start < 0)
        return options;
    static const QRegularExpression option("^  (?:-[A-Za-z], )?\\s*(--[a-z][a-z0-9-]*)");
    for (const QString &line : help.mid(start).split('\n')) {
        const auto m = option.match(line);
        if (m.hasMatch() && m.captured(1) != "--help")
            options << m.captured(1);
    }
    return options;
}

QString opsinfoBinary()
{
    const QString path = QStringLiteral(OPSINFO_BINARY_DIR "/app/opsinfo");
    return QFile::exists(path) ? path : QString();
}

// Runs the real binary with a pseudo-terminal as stdout/stderr (util-linux `script`).
QByteArray runOnTerminal(const QStringList &args, bool noColor)
{
    QStringList quoted;
    for (const QString &a : QStringList {opsinfoBinary()} + args)
        quoted << "'" + a + "'";
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove("NO_COLOR");
    if (noColor)
        env.insert("NO_COLOR", "1");
    env.insert("TERM", "xterm");
    p.setProcessEnvironment(env);
    p.start("script", {"-qec", quoted.join(' '), "/dev/null"});
    p.waitForFinished(120000);
    return p.readAllStandardOutput();
}

} // namespace

class TestCliEcosystem : public QObject
{
    Q_OBJECT
private slots:
    void versionMatchesTheProject()
    {
        const QByteArray cmake = readAll(QStringLiteral(OPSINFO_SOURCE_DIR "/CMakeLists.txt"));
        const auto m = QRegularExpression("project\\(\\w+ VERSION ([0-9.]+)")
                           .match(QString::fromUtf8(cmake));
        QVERIFY(m.hasMatch());
        for (const QString &flag : QStringList {"--version", "-V"}) {
            const Run r = run({flag});
            QCOMPARE(r.code, 0);
            QCOMPARE(r.out, "opsinfo " + m.captured(1) + "\n");
            QVERIFY(r.err.isEmpty());
        }
    }

    void everyCommandHasHelp()
    {
        const QList<QStringList> paths = commandPaths();
        QVERIFY2(paths.size() >= 12, qPrintable(QString::number(paths.size())));
        QVERIFY(paths.contains(QStringList {"resolve", "diff"}));
        QVERIFY(paths.contains(QStringList {"schema"}));
        for (const QStringList &path : paths) {
            for (const QString &flag : QStringList {"-h", "--help"}) {
                const Run r = run(path + QStringList {flag});
                const QString name = path.join(' ') + " " + flag;
                QVERIFY2(r.code == 0, qPrintable(name + ": " + r.err));
                QVERIFY2(r.out.startsWith("usage: opsinfo " + path.join(' ')),
                         qPrintable(name + ": " + r.out));
                QVERIFY2(r.err.isEmpty(), qPrintable(name + " wrote to stderr: " + r.err));
                QVERIFY2(r.out.contains("exit codes:"), qPrintable(name));
            }
        }
        // Groups print their subcommands; a missing subcommand is a usage error on stderr.
        for (const QString &group : QStringList {"library", "mixlist", "graph"}) {
            const Run r = run({group});
            QCOMPARE(r.code, 2);
            QVERIFY(r.out.isEmpty());
            QVERIFY(r.err.contains("subcommands:"));
        }
    }

    void manPageCoversEveryCommandAndOption()
    {
        const QString man = QString::fromUtf8(
            readAll(QStringLiteral(OPSINFO_SOURCE_DIR "/resources/man/opsinfo.1")));
        QVERIFY(!man.isEmpty());
        // Sections ".SS "opsinfo library show"" up to the next .SS/.SH.
        QMap<QString, QString> sections;
        static const QRegularExpression heading("^\\.SS \"([^\"]+)\"$",
                                                QRegularExpression::MultilineOption);
        auto it = heading.globalMatch(man);
        QList<QRegularExpressionMatch> matches;
        while (it.hasNext())
            matches << it.next();
        for (int i = 0; i < matches.size(); ++i) {
            const int from = matches[i].capturedEnd();
            int to = i + 1 < matches.size() ? matches[i + 1].capturedStart()
                                            : man.indexOf("\n.SH ", from);
            sections.insert(matches[i].captured(1), man.mid(from, to - from).replace("\\-", "-"));
        }
        int checked = 0;
        for (const QStringList &path : commandPaths()) {
            const QString title = "opsinfo " + path.join(' ');
            QVERIFY2(sections.contains(title), qPrintable("man page has no section " + title));
            const QString help = run(path + QStringList {"--help"}).out;
            for (const QString &option : optionsIn(help)) {
                static const QRegularExpression endOfName("[^a-z0-9-]");
                bool found = false;
                for (qsizetype at = sections[title].indexOf(option); at >= 0 && !found;
                     at = sections[title].indexOf(option, at + 1)) {
                    const QString after = sections[title].mid(at + option.size(), 1);
                    found = after.isEmpty() || endOfName.match(after).hasMatch();
                }
                QVERIFY2(found,
                         qPrintable(title + ": option " + option + " is not in the man page"));
                ++checked;
            }
        }
        QVERIFY2(checked >= 60, qPrintable(QString::number(checked)));
        QVERIFY(man.contains("\\-\\-version") && man.contains("NO_COLOR")
                && man.contains("EXIT STATUS"));
    }

    // Machine output is the whole of stdout; messages (diagnostics, "written to") go to stderr.
    void machineOutputOnStdout_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("library stats") << QStringList {"library", "stats", cli("lib"), "--json"};
        QTest::newRow("lint json")
            << QStringList {"mixlist", "lint", cli("broken_comment.json"), "--json"};
        QTest::newRow("resolve json")
            << QStringList {"resolve", cli("graph.json"),     "--library", cli("lib"),
                            "--mode",  "allow_mix_precision", "--json"};
        QTest::newRow("all modes json") << QStringList {"resolve",  cli("graph.json"), "--library",
                                                        cli("lib"), "--all-modes",     "--json"};
        QTest::newRow("diff json") << QStringList {
            "resolve",    "diff",   cli("graph.json"),        "--library", cli("lib"), "--mode",
            "force_fp16", "--mode", "must_keep_origin_dtype", "--format",  "json"};
        QTest::newRow("export to stdout") << QStringList {
            "mixlist", "export", "--library", cli("lib"), "--target", cli("lib"), "-o", "-"};
        QTest::newRow("schema") << QStringList {"schema", "mixlist"};
    }
    void machineOutputOnStdout()
    {
        QFETCH(QStringList, args);
        const Run r = run(args);
        QVERIFY2(r.code == 0 || r.code == 1, qPrintable(r.err));
        QJsonParseError error;
        QJsonDocument::fromJson(r.out.toUtf8(), &error);
        QVERIFY2(error.error == QJsonParseError::NoError,
                 qPrintable(error.errorString() + "\n" + r.out));
    }

    void resolveDiffAnnotatesForGithub()
    {
        const QStringList diff {"resolve",       "diff",        cli("graph.json"),
                                "--library",     cli("lib"),    "--mode",
                                "mixed_float16", "--mixlist-b", cli("gelu_black.json")};
        const Run json = run(diff + QStringList {"--json"});
        const int changed
            = QJsonDocument::fromJson(json.out.toUtf8()).object().value("changed_count").toInt();
        QVERIFY(changed >= 1);

        const Run open = run(diff + QStringList {"--format", "github"});
        QCOMPARE(open.code, 0);
        const QStringList lines = open.out.split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), changed);
        // The annotation sits on the mixlist entry that caused the change (line 4, column of
        // "Gelu").
        const QString gelu = QString::fromUtf8(readAll(cli("gelu_black.json")));
        const int column = gelu.split('\n').value(3).indexOf("\"Gelu\"") + 1;
        QVERIFY(column > 0);
        QVERIFY2(lines.first().startsWith("::notice file=" + cli("gelu_black.json")
                                          + ",line=4,col=" + QString::number(column)),
                 qPrintable(lines.first()));
        QVERIFY2(lines.first().contains("Gelu"), qPrintable(lines.first()));

        const Run gated = run(diff + QStringList {"--format", "github", "--max-changed", "0"});
        QCOMPARE(gated.code, 1);
        QVERIFY(gated.out.startsWith("::error file="));
        QVERIFY(gated.err.contains("more than --max-changed 0"));
    }

    void resolveDiffModesPointAtTheGraph()
    {
        const Run r = run({"resolve", "diff", cli("graph.json"), "--library", cli("lib"), "--mode",
                           "force_fp16", "--mode", "must_keep_origin_dtype", "--format", "github"});
        QCOMPARE(r.code, 0);
        const QStringList lines = r.out.split('\n', Qt::SkipEmptyParts);
        QVERIFY(!lines.isEmpty());
        for (const QString &line : lines)
            QVERIFY2(line.startsWith("::notice file=" + cli("graph.json")
                                     + ",title=dtype-change::node "),
                     qPrintable(line));
    }

    void resolveDiffJunit_data()
    {
        QTest::addColumn<QString>("limit");
        QTest::addColumn<bool>("failing");
        QTest::newRow("no gate") << QString() << false;
        QTest::newRow("within") << "100" << false;
        QTest::newRow("over") << "0" << true;
    }
    void resolveDiffJunit()
    {
        QFETCH(QString, limit);
        QFETCH(bool, failing);
        QStringList args {"resolve",    "diff",     cli("graph.json"),
                          "--library",  cli("lib"), "--mode",
                          "force_fp16", "--mode",   "must_keep_origin_dtype"};
        const int changed = QJsonDocument::fromJson(run(args + QStringList {"--json"}).out.toUtf8())
                                .object()
                                .value("changed_count")
                                .toInt();
        QVERIFY(changed >= 2);
        args << "--format"
             << "junit";
        if (!limit.isEmpty())
            args << "--max-changed" << limit;
        const Run r = run(args);
        QCOMPARE(r.code, failing ? 1 : 0);
        QXmlStreamReader xml(r.out);
        int cases = 0, failures = 0, declaredTests = -1, declaredFailures = -1;
        while (!xml.atEnd()) {
            if (xml.readNext() != QXmlStreamReader::StartElement)
                continue;
            if (xml.name() == QLatin1String("testsuite")) {
                declaredTests = xml.attributes().value("tests").toInt();
                declaredFailures = xml.attributes().value("failures").toInt();
            } else if (xml.name() == QLatin1String("testcase")) {
                ++cases;
                QVERIFY(xml.attributes().value("name").contains(QLatin1String("node ")));
            } else if (xml.name() == QLatin1String("failure")) {
                ++failures;
            }
        }
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        QCOMPARE(cases, changed);
        QCOMPARE(declaredTests, changed);
        QCOMPARE(failures, failing ? changed : 0);
        QCOMPARE(declaredFailures, failures);
    }

    void resolveDiffRejectsBadGateAndFormat_data()
    {
        QTest::addColumn<QStringList>("extra");
        QTest::newRow("format") << QStringList {"--format", "sarif"};
        QTest::newRow("negative") << QStringList {"--max-changed", "-1"};
        QTest::newRow("word") << QStringList {"--max-changed", "ten"};
    }
    void resolveDiffRejectsBadGateAndFormat()
    {
        QFETCH(QStringList, extra);
        const Run r
            = run(QStringList {"resolve", "diff", cli("graph.json"), "--library", cli("lib"),
                               "--mode", "force_fp16", "--mode", "must_keep_origin_dtype"}
                  + extra);
        QCOMPARE(r.code, 2);
        QVERIFY(r.out.isEmpty());
        QVERIFY(!r.err.isEmpty());
    }

    void allModesPlotIsValidSvg()
    {
        QTemporaryDir dir;
        const QString svg = dir.filePath("modes.svg");
        const Run r = run({"resolve", cli("graph.json"), "--library", cli("lib"), "--all-modes",
                           "--json", "--plot", svg});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY(r.err.contains("chart written to"));
        QStringList modes;
        for (const auto &m :
             QJsonDocument::fromJson(r.out.toUtf8()).object().value("modes").toArray())
            modes << m.toObject().value("mode").toString();
        QCOMPARE(modes.size(), 9);

        QXmlStreamReader xml(readAll(svg));
        QStringList texts, groups, titles;
        QString root;
        while (!xml.atEnd()) {
            if (xml.readNext() != QXmlStreamReader::StartElement)
                continue;
            if (root.isEmpty())
                root = xml.name().toString();
            if (xml.name() == QLatin1String("g")
                && xml.attributes().value("class") == QLatin1String("mode"))
                groups << xml.attributes().value("id").toString();
            else if (xml.name() == QLatin1String("text"))
                texts << xml.readElementText();
            else if (xml.name() == QLatin1String("title"))
                titles << xml.readElementText();
        }
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        QCOMPARE(root, QStringLiteral("svg"));
        QCOMPARE(groups.size(), 9);
        for (const QString &mode : modes) {
            QVERIFY2(groups.contains("mode-" + mode), qPrintable(mode));
            bool labelled = false;
            for (const QString &t : texts)
                labelled = labelled || t.startsWith(mode);
            QVERIFY2(labelled, qPrintable(mode + " has no label"));
        }
        // The tooltips carry the same figures as the table.
        const QJsonObject first = QJsonDocument::fromJson(r.out.toUtf8())
                                      .object()
                                      .value("modes")
                                      .toArray()
                                      .first()
                                      .toObject();
        const int casts = first.value("casts").toObject().value("total").toInt();
        QVERIFY2(titles.contains(first.value("mode").toString() + ": " + QString::number(casts)
                                 + " casts"),
                 qPrintable(titles.join('|')));
    }

    void plotMarksRefusedModes()
    {
        QTemporaryDir dir;
        const QString svg = dir.filePath("refused.svg");
        const Run r = run({"resolve", cli("graph.json"), "--library", cli("lib"), "--soc",
                           "Ascend910A", "--all-modes", "--json", "--plot", svg});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        int refused = 0;
        for (const auto &m :
             QJsonDocument::fromJson(r.out.toUtf8()).object().value("modes").toArray())
            refused += m.toObject().contains("refused") ? 1 : 0;
        QVERIFY(refused >= 1); // the bf16 modes on a SoC without fp32->bf16 (M rules)
        QXmlStreamReader xml(readAll(svg));
        int groups = 0, marked = 0;
        while (!xml.atEnd()) {
            if (xml.readNext() != QXmlStreamReader::StartElement)
                continue;
            if (xml.name() == QLatin1String("g"))
                ++groups;
            else if (xml.name() == QLatin1String("text")
                     && xml.readElementText() == QLatin1String("refused"))
                ++marked;
        }
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        QCOMPARE(groups, 9);
        QCOMPARE(marked, refused);
    }

    void plotNeedsAllModes()
    {
        const Run r = run({"resolve", cli("graph.json"), "--library", cli("lib"), "--mode",
                           "force_fp16", "--plot", "x.svg"});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains("--all-modes"));
        QVERIFY(!QFile::exists("x.svg"));
    }

    // The executable leaves what a command loaded to the OS and ends with _Exit: its output must be
    // exactly what runCli writes, and output it could not write is an I/O error, not a success.
    void executableWritesAllOutput_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("graph info")
            << QStringList {"graph", "info", testData("graphs/atc_fixture.json")};
        QTest::newRow("library stats --json")
            << QStringList {"library", "stats", "--json", cli("lib")};
        QTest::newRow("resolve --all-modes")
            << QStringList {"resolve", cli("graph.json"), "--library", cli("lib"), "--all-modes"};
        QTest::newRow("resolve --csv") << QStringList {
            "resolve", cli("graph.json"), "--library", cli("lib"), "--mode", "force_fp16", "--csv"};
    }
    void executableWritesAllOutput()
    {
        QFETCH(QStringList, args);
        if (opsinfoBinary().isEmpty())
            QSKIP("the opsinfo binary is not built in this build folder");
        QProcess p;
        p.start(opsinfoBinary(), args);
        QVERIFY(p.waitForFinished(120000));
        const Run inProcess = run(args);
        QCOMPARE(p.exitCode(), inProcess.code);
        QString out = QString::fromUtf8(p.readAllStandardOutput());
        QString expected = inProcess.out;
        // library stats reports its own load time
        static const QRegularExpression loadTime("\"load_seconds\": [0-9.e-]+");
        out.replace(loadTime, "load_seconds");
        expected.replace(loadTime, "load_seconds");
        QCOMPARE(out, expected);
        QVERIFY(!out.isEmpty());
    }
    void executableReportsUnwritableOutput()
    {
        if (opsinfoBinary().isEmpty() || !QFile::exists("/dev/full"))
            QSKIP("needs the opsinfo binary and /dev/full");
        QProcess p;
        p.setStandardOutputFile("/dev/full");
        p.start(opsinfoBinary(), {"graph", "info", testData("graphs/atc_fixture.json")});
        QVERIFY(p.waitForFinished(120000));
        QCOMPARE(p.exitCode(), 2);
        QVERIFY(p.readAllStandardError().contains(
            "cannot write to standard output: No space left on device"));
    }

    // Colour and progress need a terminal: the real binary under a pseudo-terminal, then piped.
    void colourAndProgressOnlyOnATerminal()
    {
        if (opsinfoBinary().isEmpty())
            QSKIP("the opsinfo binary is not built in this build folder");
        if (QStandardPaths::findExecutable("script").isEmpty())
            QSKIP("util-linux 'script' is missing: no pseudo-terminal to test with");
        QProcess probe; // containers without /dev/pts cannot give a terminal at all
        probe.start("script", {"-qec", "test -t 2", "/dev/null"});
        if (!probe.waitForFinished(30000) || probe.exitCode() != 0)
            QSKIP("no pseudo-terminal available here (script -qec 'test -t 2' failed)");
        const QStringList lint {"mixlist", "lint", cli("broken_comment.json")};
        const QByteArray coloured = runOnTerminal(lint, false);
        QVERIFY2(coloured.contains("broken_comment.json:2:"), coloured.constData());
        QVERIFY2(coloured.contains("\033[31merror:"), coloured.constData());
        const QByteArray plain = runOnTerminal(lint, true);
        QVERIFY2(plain.contains("broken_comment.json:2:"), plain.constData());
        QVERIFY2(!plain.contains('\033'), plain.constData());

        const QStringList all {"resolve", cli("graph.json"), "--library", cli("lib"),
                               "--all-modes"};
        const QByteArray terminal = runOnTerminal(all, true);
        QVERIFY2(terminal.contains("resolving ["), terminal.constData());
        QVERIFY(terminal.contains("must_keep_origin_dtype"));
        QProcess piped;
        piped.start(opsinfoBinary(), all);
        QVERIFY(piped.waitForFinished(120000));
        QCOMPARE(piped.exitCode(), 0);
        const QByteArray err = piped.readAllStandardError(), out = piped.readAllStandardOutput();
        QVERIFY2(!err.contains('\r') && !err.contains('\033') && !err.contains("resolving"),
                 err.constData());
        QVERIFY(!out.contains('\033'));
        QVERIFY(out.contains("must_keep_origin_dtype"));
    }
};

QTEST_GUILESS_MAIN(TestCliEcosystem)
#include "tst_cliecosystem.moc"
