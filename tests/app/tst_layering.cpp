// The studio's folders are layers: common <- tasks <- document <- {library, mixlist, diff, graph}
// <- graphtab <- mainwindow <- main.cpp. A file includes headers of its own folder and of the
// folders below it, never of a folder above it or beside it. The build enforces it too (each
// folder is a library that sees only the headers of the folders it links,
// app/studio/CMakeLists.txt); this test reads every include of app/studio and names the file and
// line of a wrong-way one, and of any include of the CLI's code (core/cli).
#include "quotedincludes.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QMap>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <optional>

namespace {

const QString kStudio = QStringLiteral(OPSINFO_SOURCE_DIR "/app/studio");

// The layer of every folder of app/studio; "" is the folder itself (main.cpp). Folders of one
// layer may not include each other either: each is a view of the documents below, and a
// dependency between two of them would make one a part of the other.
const QMap<QString, int> &layers()
{
    static const QMap<QString, int> ranks {
        {QStringLiteral("common"), 0},     {QStringLiteral("tasks"), 1},
        {QStringLiteral("document"), 2},   {QStringLiteral("library"), 3},
        {QStringLiteral("mixlist"), 3},    {QStringLiteral("diff"), 3},
        {QStringLiteral("graph"), 3},      {QStringLiteral("graphtab"), 4},
        {QStringLiteral("mainwindow"), 5}, {QString(), 6},
    };
    return ranks;
}

QString shown(const QString &folder)
{
    return folder.isEmpty() ? QStringLiteral("app/studio") : folder + QLatin1Char('/');
}

// Why a file in `from` may not include a header in `to`; empty when it may.
QString layeringError(const QString &from, const QString &to)
{
    if (from == to)
        return {};
    if (!layers().contains(from))
        return QStringLiteral(
                   "folder %1 is in no layer: give it one in tests/app/tst_layering.cpp and "
                   "app/studio/CMakeLists.txt")
            .arg(shown(from));
    if (!layers().contains(to))
        return QStringLiteral(
                   "folder %1 is in no layer: give it one in tests/app/tst_layering.cpp and "
                   "app/studio/CMakeLists.txt")
            .arg(shown(to));
    const int fromRank = layers().value(from);
    const int toRank = layers().value(to);
    if (toRank < fromRank)
        return {};
    if (toRank == fromRank)
        return QStringLiteral(
                   "%1 may not include %2: they are in the same layer (move what both need to a "
                   "folder below, or pass it in from above)")
            .arg(shown(from), shown(to));
    return QStringLiteral(
               "%1 may not include %2, which is above it (pass what is needed in from above: "
               "a constructor argument, a setter or a signal)")
        .arg(shown(from), shown(to));
}

// Why the app may not include the core header `include`; empty when it may. The CLI is an adapter
// like the app: what both need has its home in core.
QString coreIncludeError(const QString &include)
{
    if (!include.startsWith(QLatin1String("cli/")))
        return {};
    return QStringLiteral("the app includes no CLI code: call the use case in core that the CLI "
                          "calls (move it there if it is only in core/cli)");
}

// The app/studio folder of the header `include` names from a file in `fromFolder`, as the compiler
// finds it (next to the including file first, then as studio/<folder>/<file>.h); nullopt when it is
// no studio header (core, Qt, the standard library).
std::optional<QString> studioFolderOf(const QString &studio, const QString &fromFolder,
                                      const QString &include)
{
    const QDir root(studio);
    const QString beside
        = root.filePath(fromFolder.isEmpty() ? include : fromFolder + QLatin1Char('/') + include);
    const QLatin1String prefix("studio/");
    const QString prefixed
        = include.startsWith(prefix) ? root.filePath(include.mid(prefix.size())) : QString();
    for (const QString &candidate : {beside, prefixed}) {
        if (candidate.isEmpty())
            continue;
        const QFileInfo info(candidate);
        if (!info.isFile())
            continue;
        const QString relative = root.relativeFilePath(info.absolutePath());
        return relative == QLatin1String(".") ? QString()
                                              : relative.section(QLatin1Char('/'), 0, 0);
    }
    return std::nullopt;
}

// Every wrong-way include of `path` (a file in app/studio), as "file:line: why".
QStringList violations(const QString &studio, const QString &path)
{
    const QString relative = QDir(studio).relativeFilePath(path);
    const QString folder = relative.contains(QLatin1Char('/'))
        ? relative.section(QLatin1Char('/'), 0, 0)
        : QString();
    QStringList found;
    for (const QuotedInclude &include : quotedIncludes(path)) {
        const std::optional<QString> target = studioFolderOf(studio, folder, include.header);
        QString error = target ? layeringError(folder, *target) : coreIncludeError(include.header);
        if (!target && QFileInfo(QDir(studio).filePath(include.header)).isFile())
            error = QStringLiteral("include an app header as \"studio/%1\": core has folders of "
                                   "the same names, the prefix says which room the header is in")
                        .arg(include.header);
        if (!error.isEmpty())
            found.append(QStringLiteral("app/studio/%1:%2: #include \"%3\": %4")
                             .arg(relative)
                             .arg(include.line)
                             .arg(include.header, error));
    }
    return found;
}

QStringList studioSources()
{
    QStringList files;
    QDirIterator it(kStudio, {QStringLiteral("*.h"), QStringLiteral("*.cpp")}, QDir::Files,
                    QDirIterator::Subdirectories);
    while (it.hasNext())
        files.append(it.next());
    files.sort();
    return files;
}

} // namespace

class TestLayering : public QObject
{
    Q_OBJECT

private slots:
    void rule_data();
    void rule();
    void resolvesLikeTheCompiler_data();
    void resolvesLikeTheCompiler();
    void coreRule_data();
    void coreRule();
    void reportsFileAndLine();
    void everyFolderHasALayer();
    void buildLinksOnlyDownwards();
    void studioIncludes_data();
    void studioIncludes();
};

void TestLayering::rule_data()
{
    QTest::addColumn<QString>("from");
    QTest::addColumn<QString>("to");
    QTest::addColumn<QString>("error"); // a fragment; empty: allowed

    QTest::newRow("own folder") << "document"
                                << "document"
                                << "";
    QTest::newRow("document uses common") << "document"
                                          << "common"
                                          << "";
    QTest::newRow("document uses tasks") << "document"
                                         << "tasks"
                                         << "";
    QTest::newRow("library uses document") << "library"
                                           << "document"
                                           << "";
    QTest::newRow("graphtab uses library") << "graphtab"
                                           << "library"
                                           << "";
    QTest::newRow("graphtab uses graph") << "graphtab"
                                         << "graph"
                                         << "";
    QTest::newRow("mainwindow uses graphtab") << "mainwindow"
                                              << "graphtab"
                                              << "";
    QTest::newRow("main uses mainwindow") << ""
                                          << "mainwindow"
                                          << "";
    QTest::newRow("common uses library") << "common"
                                         << "library"
                                         << "common/ may not include library/, which is above it";
    QTest::newRow("document uses library") << "document"
                                           << "library"
                                           << "document/ may not include library/, which is above";
    QTest::newRow("tasks uses document") << "tasks"
                                         << "document"
                                         << "tasks/ may not include document/";
    QTest::newRow("graphtab uses mainwindow") << "graphtab"
                                              << "mainwindow"
                                              << "graphtab/ may not include mainwindow/";
    QTest::newRow("graphtab uses main") << "graphtab"
                                        << ""
                                        << "graphtab/ may not include app/studio";
    QTest::newRow("mixlist uses library") << "mixlist"
                                          << "library"
                                          << "same layer";
    QTest::newRow("diff uses graph") << "diff"
                                     << "graph"
                                     << "same layer";
    QTest::newRow("unknown folder") << "advisor"
                                    << "common"
                                    << "folder advisor/ is in no layer";
    QTest::newRow("unknown target") << "graphtab"
                                    << "advisor"
                                    << "folder advisor/ is in no layer";
}

void TestLayering::rule()
{
    QFETCH(QString, from);
    QFETCH(QString, to);
    QFETCH(QString, error);
    const QString actual = layeringError(from, to);
    if (error.isEmpty())
        QVERIFY2(actual.isEmpty(), qPrintable(actual));
    else
        QVERIFY2(actual.contains(error), qPrintable(actual));
}

void TestLayering::coreRule_data()
{
    QTest::addColumn<QString>("include");
    QTest::addColumn<QString>("error"); // a fragment; empty: allowed

    QTest::newRow("resolver") << "resolver/resolver.h"
                              << "";
    QTest::newRow("export") << "export/keepdtypefile.h"
                            << "";
    QTest::newRow("cli") << "cli/cli.h"
                         << "the app includes no CLI code";
    QTest::newRow("cli helper") << "cli/clireport.h"
                                << "the app includes no CLI code";
}

void TestLayering::coreRule()
{
    QFETCH(QString, include);
    QFETCH(QString, error);
    const QString actual = coreIncludeError(include);
    if (error.isEmpty())
        QVERIFY2(actual.isEmpty(), qPrintable(actual));
    else
        QVERIFY2(actual.contains(error), qPrintable(actual));
}

void TestLayering::resolvesLikeTheCompiler_data()
{
    QTest::addColumn<QString>("from");
    QTest::addColumn<QString>("include");
    QTest::addColumn<QString>("folder"); // "-": no studio header

    QTest::newRow("folder-qualified") << "library"
                                      << "studio/document/workspace.h"
                                      << "document";
    QTest::newRow("beside the file") << "graph"
                                     << "canvasscene.h"
                                     << "graph";
    QTest::newRow("root header") << ""
                                 << "studio/mainwindow/mainwindow.h"
                                 << "mainwindow";
    QTest::newRow("core header") << "document"
                                 << "library/libraryloader.h"
                                 << "-";
    QTest::newRow("core common") << "document"
                                 << "common/filestamp.h"
                                 << "-";
    QTest::newRow("app header without its prefix") << "library"
                                                   << "document/workspace.h"
                                                   << "-";
    QTest::newRow("missing") << "graphtab"
                             << "nosuchheader.h"
                             << "-";
}

void TestLayering::resolvesLikeTheCompiler()
{
    QFETCH(QString, from);
    QFETCH(QString, include);
    QFETCH(QString, folder);
    const std::optional<QString> actual = studioFolderOf(kStudio, from, include);
    QCOMPARE(actual.value_or(QStringLiteral("-")), folder);
}

void TestLayering::reportsFileAndLine()
{
    // A checker that finds nothing proves nothing: a planted wrong-way include must be named.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QDir root(dir.path());
    QVERIFY(root.mkpath(QStringLiteral("common")) && root.mkpath(QStringLiteral("graphtab")));
    QFile header(root.filePath(QStringLiteral("graphtab/graphtab.h")));
    QVERIFY(header.open(QIODevice::WriteOnly));
    header.write("#pragma once\n");
    header.close();
    QFile source(root.filePath(QStringLiteral("common/texts.cpp")));
    QVERIFY(source.open(QIODevice::WriteOnly));
    source.write(
        "#include \"studio/common/texts.h\"\n\n#include <QString>\n#include "
        "\"studio/graphtab/graphtab.h\"\n#include \"cli/clireport.h\"\n#include \"graphtab/graphtab.h\"\n");
    source.close();
    const QStringList found = violations(dir.path(), source.fileName());
    QCOMPARE(found.size(), 3);
    QVERIFY2(found.at(0).startsWith(QLatin1String(
                 "app/studio/common/texts.cpp:4: #include \"studio/graphtab/graphtab.h\"")),
             qPrintable(found.at(0)));
    QVERIFY2(found.at(1).startsWith(QLatin1String(
                 "app/studio/common/texts.cpp:5: #include \"cli/clireport.h\": the app "
                 "includes no CLI code")),
             qPrintable(found.at(1)));
    QVERIFY2(found.at(2).startsWith(QLatin1String(
                 "app/studio/common/texts.cpp:6: #include \"graphtab/graphtab.h\": include an app "
                 "header as \"studio/graphtab/graphtab.h\"")),
             qPrintable(found.at(2)));
}

void TestLayering::everyFolderHasALayer()
{
    const QStringList folders = QDir(kStudio).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    QVERIFY(folders.contains(QStringLiteral("document")));
    for (const QString &folder : folders) {
        if (folder == QLatin1String("translations"))
            continue; // the .ts catalog, no code
        QVERIFY2(layers().contains(folder),
                 qPrintable(layeringError(folder, QStringLiteral("common"))));
    }
}

void TestLayering::buildLinksOnlyDownwards()
{
    // The build's libraries: opsinfo_app_layer(<folder> <folders it links>...).
    QFile cmake(kStudio + QStringLiteral("/CMakeLists.txt"));
    QVERIFY(cmake.open(QIODevice::ReadOnly | QIODevice::Text));
    const QString text = QString::fromUtf8(cmake.readAll());
    static const QRegularExpression call(QStringLiteral(R"(^\s*opsinfo_app_layer\(([^)]*)\))"),
                                         QRegularExpression::MultilineOption);
    QStringList built;
    for (auto it = call.globalMatch(text); it.hasNext();) {
        const QStringList words = it.next().captured(1).split(
            QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts);
        QVERIFY(!words.isEmpty());
        const QString folder = words.front();
        built.append(folder);
        for (const QString &dependency : words.mid(1)) {
            const QString error = layeringError(folder, dependency);
            QVERIFY2(error.isEmpty(),
                     qPrintable(QStringLiteral("app/studio/CMakeLists.txt: ") + error));
        }
    }
    for (auto it = layers().cbegin(); it != layers().cend(); ++it)
        if (!it.key().isEmpty())
            QVERIFY2(built.contains(it.key()),
                     qPrintable(QStringLiteral("app/studio/CMakeLists.txt builds no library for %1")
                                    .arg(it.key())));
}

void TestLayering::studioIncludes_data()
{
    QTest::addColumn<QString>("path");
    const QStringList files = studioSources();
    QVERIFY(files.size() > 50);
    for (const QString &file : files)
        QTest::newRow(qPrintable(QDir(kStudio).relativeFilePath(file))) << file;
}

void TestLayering::studioIncludes()
{
    QFETCH(QString, path);
    const QStringList found = violations(kStudio, path);
    QVERIFY2(found.isEmpty(), qPrintable(found.join(QLatin1Char('\n'))));
}

QTEST_GUILESS_MAIN(TestLayering)
#include "tst_layering.moc"
