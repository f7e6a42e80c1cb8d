// The core's folders are layers: common <- {library, graph} <- mixlist <- resolver <- {diff,
// evidence, layout, frontend} <- export <- advice <- cli. A file includes headers of its own folder
// and of the folders below it, never of a folder above it or beside it. The build enforces it too
// (each folder is a library that sees only the headers of the folders it links,
// core/CMakeLists.txt); this test reads every include of core/ and names the file and line of a
// wrong-way one.
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

const QString kCore = QStringLiteral(OPSINFO_SOURCE_DIR "/core");

// The layer of every folder of core. Folders of one layer may not include each other either:
// what two of them share belongs in a folder below both.
const QMap<QString, int> &layers()
{
    static const QMap<QString, int> ranks {
        {QStringLiteral("common"), 0},   {QStringLiteral("library"), 1},
        {QStringLiteral("graph"), 1},    {QStringLiteral("mixlist"), 2},
        {QStringLiteral("resolver"), 3}, {QStringLiteral("diff"), 4},
        {QStringLiteral("evidence"), 4}, {QStringLiteral("layout"), 4},
        {QStringLiteral("frontend"), 4}, {QStringLiteral("export"), 5},
        {QStringLiteral("advice"), 6},   {QStringLiteral("cli"), 7},
    };
    return ranks;
}

QString noLayer(const QString &folder)
{
    return QStringLiteral("folder %1/ is in no layer: give it one in tests/core/tst_layering.cpp, "
                          "core/CMakeLists.txt and CONTRIBUTING.md")
        .arg(folder);
}

// Why a file in `from` may not include a header in `to`; empty when it may.
QString layeringError(const QString &from, const QString &to)
{
    if (from == to)
        return {};
    if (!layers().contains(from))
        return noLayer(from);
    if (!layers().contains(to))
        return noLayer(to);
    const int fromRank = layers().value(from);
    const int toRank = layers().value(to);
    if (toRank < fromRank)
        return {};
    if (toRank == fromRank)
        return QStringLiteral("%1/ may not include %2/: they are in the same layer (move what "
                              "both need to a folder below both)")
            .arg(from, to);
    return QStringLiteral("%1/ may not include %2/, which is above it (move what is needed down, "
                          "or pass it in from above: an argument or a callback)")
        .arg(from, to);
}

// The core folder of the header `include` names from a file in `fromFolder`, as the compiler
// finds it: next to the including file first, then `<folder>/...` from core/ (generated headers
// such as graph/proto/*.pb.h included); nullopt when it is no core header (the standard library,
// nlohmann, protobuf ...).
std::optional<QString> coreFolderOf(const QString &core, const QString &fromFolder,
                                    const QString &include)
{
    const QDir root(core);
    if (QFileInfo(root.filePath(fromFolder + QLatin1Char('/') + include)).isFile())
        return fromFolder;
    if (!include.contains(QLatin1Char('/')))
        return std::nullopt;
    const QString folder = include.section(QLatin1Char('/'), 0, 0);
    if (QFileInfo(root.filePath(folder)).isDir())
        return folder;
    return std::nullopt;
}

// Every wrong-way include of `path` (a file in a folder of core/), as "file:line: why".
QStringList violations(const QString &core, const QString &path)
{
    const QString relative = QDir(core).relativeFilePath(path);
    const QString folder = relative.section(QLatin1Char('/'), 0, 0);
    QStringList found;
    for (const QuotedInclude &include : quotedIncludes(path)) {
        const std::optional<QString> target = coreFolderOf(core, folder, include.header);
        if (!target)
            continue;
        const QString error = layeringError(folder, *target);
        if (!error.isEmpty())
            found.append(QStringLiteral("core/%1:%2: #include \"%3\": %4")
                             .arg(relative)
                             .arg(include.line)
                             .arg(include.header, error));
    }
    return found;
}

QStringList coreSources()
{
    QStringList files;
    QDirIterator it(kCore, {QStringLiteral("*.h"), QStringLiteral("*.cpp")}, QDir::Files,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString file = it.next();
        if (QDir(kCore).relativeFilePath(file).contains(QLatin1Char('/')))
            files.append(file);
    }
    files.sort();
    return files;
}

} // namespace

class TestCoreLayering : public QObject
{
    Q_OBJECT

private slots:
    void rule_data();
    void rule();
    void resolvesLikeTheCompiler_data();
    void resolvesLikeTheCompiler();
    void reportsFileAndLine();
    void everyFolderHasALayer();
    void buildLinksOnlyDownwards();
    void coreIncludes_data();
    void coreIncludes();
};

void TestCoreLayering::rule_data()
{
    QTest::addColumn<QString>("from");
    QTest::addColumn<QString>("to");
    QTest::addColumn<QString>("error"); // a fragment; empty: allowed

    QTest::newRow("own folder") << "resolver"
                                << "resolver"
                                << "";
    QTest::newRow("library uses common") << "library"
                                         << "common"
                                         << "";
    QTest::newRow("mixlist uses graph") << "mixlist"
                                        << "graph"
                                        << "";
    QTest::newRow("resolver uses mixlist") << "resolver"
                                           << "mixlist"
                                           << "";
    QTest::newRow("export uses frontend") << "export"
                                          << "frontend"
                                          << "";
    QTest::newRow("advice uses evidence") << "advice"
                                          << "evidence"
                                          << "";
    QTest::newRow("cli uses advice") << "cli"
                                     << "advice"
                                     << "";
    QTest::newRow("library uses graph") << "library"
                                        << "graph"
                                        << "library/ may not include graph/: they are in the same";
    QTest::newRow("graph uses library") << "graph"
                                        << "library"
                                        << "same layer";
    QTest::newRow("mixlist uses evidence") << "mixlist"
                                           << "evidence"
                                           << "mixlist/ may not include evidence/, which is above";
    QTest::newRow("diff uses layout") << "diff"
                                      << "layout"
                                      << "same layer";
    QTest::newRow("common uses resolver") << "common"
                                          << "resolver"
                                          << "which is above it";
    QTest::newRow("resolver uses cli") << "resolver"
                                       << "cli"
                                       << "resolver/ may not include cli/";
    QTest::newRow("unknown folder") << "planner"
                                    << "common"
                                    << "folder planner/ is in no layer";
    QTest::newRow("unknown target") << "resolver"
                                    << "planner"
                                    << "folder planner/ is in no layer";
}

void TestCoreLayering::rule()
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

void TestCoreLayering::resolvesLikeTheCompiler_data()
{
    QTest::addColumn<QString>("from");
    QTest::addColumn<QString>("include");
    QTest::addColumn<QString>("folder"); // "-": no core header

    QTest::newRow("folder-qualified") << "resolver"
                                      << "graph/graph.h"
                                      << "graph";
    QTest::newRow("generated") << "graph"
                               << "graph/proto/ge_model.pb.h"
                               << "graph";
    QTest::newRow("beside the file") << "library"
                                     << "inijson_p.h"
                                     << "library";
    QTest::newRow("system header") << "graph"
                                   << "onnx/onnx_pb.h"
                                   << "-";
    QTest::newRow("missing") << "resolver"
                             << "nosuchheader.h"
                             << "-";
}

void TestCoreLayering::resolvesLikeTheCompiler()
{
    QFETCH(QString, from);
    QFETCH(QString, include);
    QFETCH(QString, folder);
    const std::optional<QString> actual = coreFolderOf(kCore, from, include);
    QCOMPARE(actual.value_or(QStringLiteral("-")), folder);
}

void TestCoreLayering::reportsFileAndLine()
{
    // A checker that finds nothing proves nothing: planted wrong-way includes must be named.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QDir root(dir.path());
    for (const char *folder : {"common", "library", "graph", "cli"})
        QVERIFY(root.mkpath(QString::fromLatin1(folder)));
    QFile source(root.filePath(QStringLiteral("library/dynamicformats.h")));
    QVERIFY(source.open(QIODevice::WriteOnly));
    source.write("#pragma once\n\n#include \"common/text.h\"\n#include <vector>\n"
                 "#include \"graph/shapeinference.h\"\n#include \"cli/cli.h\"\n");
    source.close();
    const QStringList found = violations(dir.path(), source.fileName());
    QCOMPARE(found.size(), 2);
    QVERIFY2(found.front().startsWith(QLatin1String(
                 "core/library/dynamicformats.h:5: #include \"graph/shapeinference.h\": library/ "
                 "may not include graph/: they are in the same layer")),
             qPrintable(found.front()));
    QVERIFY2(found.back().startsWith(
                 QLatin1String("core/library/dynamicformats.h:6: #include \"cli/cli.h\": library/ "
                               "may not include cli/, which is above it")),
             qPrintable(found.back()));
}

void TestCoreLayering::everyFolderHasALayer()
{
    const QStringList folders = QDir(kCore).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    QVERIFY(folders.contains(QStringLiteral("resolver")));
    for (const QString &folder : folders)
        QVERIFY2(layers().contains(folder), qPrintable(noLayer(folder)));
}

void TestCoreLayering::buildLinksOnlyDownwards()
{
    // The build's libraries: opsinfo_core_layer(<folder> <folders it links>...).
    QFile cmake(kCore + QStringLiteral("/CMakeLists.txt"));
    QVERIFY(cmake.open(QIODevice::ReadOnly | QIODevice::Text));
    const QString text = QString::fromUtf8(cmake.readAll());
    static const QRegularExpression call(QStringLiteral(R"(^\s*opsinfo_core_layer\(([^)]*)\))"),
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
            QVERIFY2(error.isEmpty(), qPrintable(QStringLiteral("core/CMakeLists.txt: ") + error));
        }
    }
    for (auto it = layers().cbegin(); it != layers().cend(); ++it)
        QVERIFY2(built.contains(it.key()),
                 qPrintable(
                     QStringLiteral("core/CMakeLists.txt builds no library for %1").arg(it.key())));
}

void TestCoreLayering::coreIncludes_data()
{
    QTest::addColumn<QString>("path");
    const QStringList files = coreSources();
    QVERIFY(files.size() > 100);
    for (const QString &file : files)
        QTest::newRow(qPrintable(QDir(kCore).relativeFilePath(file))) << file;
}

void TestCoreLayering::coreIncludes()
{
    QFETCH(QString, path);
    const QStringList found = violations(kCore, path);
    QVERIFY2(found.isEmpty(), qPrintable(found.join(QLatin1Char('\n'))));
}

QTEST_GUILESS_MAIN(TestCoreLayering)
#include "tst_layering.moc"
