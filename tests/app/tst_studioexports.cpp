// File > Export (patched library as a file and as a folder, keep_dtype from the selection), the
// Diff view's "Compare with another library…", and settings that persist (recent files, layout).
#include "library/libraryloader.h"
#include "studio/common/policystyle.h"
#include "studio/diff/difffilterproxy.h"
#include "studio/diff/diffmodel.h"
#include "studio/diff/diffview.h"
#include "studio/diff/transitionmatrixmodel.h"
#include "studio/document/filecontroller.h"
#include "studio/document/librarydocument.h"
#include "studio/document/scriptedprompt.h"
#include "studio/document/workspace.h"
#include "studio/library/librarymodel.h"
#include "studio/library/libraryview.h"
#include "studio/mainwindow/mainwindow.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QHeaderView>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QMenu>
#include <QSettings>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <map>

using namespace opsinfo;

namespace {

QString samplePath()
{
    return QStringLiteral(OPSINFO_SOURCE_DIR "/resources/sample/aic-ascend910b-ops-info.json");
}

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

bool writeAll(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

// The colour an ops-info object gives an op, read with Qt's JSON reader (independent of the core).
std::optional<Policy> jsonPolicy(const QJsonObject &library, const QString &type)
{
    if (!library.contains(type))
        return std::nullopt;
    const QString flag = library.value(type)
                             .toObject()
                             .value(QStringLiteral("precision_reduce"))
                             .toObject()
                             .value(QStringLiteral("flag"))
                             .toString();
    if (flag == QLatin1String("true"))
        return Policy::White;
    if (flag == QLatin1String("false"))
        return Policy::Black;
    return Policy::Gray;
}

QAction *action(MainWindow *window, const char *name)
{
    QAction *a = window->findChild<QAction *>(QString::fromLatin1(name));
    if (!a)
        qWarning("no action %s", name);
    return a;
}

bool copyTree(const QString &from, const QString &to)
{
    QDirIterator it(from, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString file = it.next();
        const QString target = to + file.mid(from.size());
        if (!QDir().mkpath(QFileInfo(target).absolutePath()) || !QFile::copy(file, target))
            return false;
    }
    return true;
}

} // namespace

class TestStudioExports : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void exportMenuHoldsTheExports();
    void exportsPatchedLibraryFile();
    void refusesToExportOverTheOpenedFile();
    void exportsEditedFilesOfAFolder();
    void exportsKeepDtypeFromSelection();
    void comparesWithAnotherLibrary();
    void persistsRecentFilesAndLayout();
    void chipTextContrasts();

private:
    void openCopyOfSample();

    QTemporaryDir m_dir;
    MainWindow *m_window = nullptr;
    ScriptedPrompt *m_prompt = nullptr;
    QString m_library; // a writable copy of the sample
};

void TestStudioExports::initTestCase()
{
    QVERIFY(m_dir.isValid());
    qputenv("XDG_STATE_HOME", m_dir.filePath(QStringLiteral("state")).toLocal8Bit());
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("OpsInfoTest"));
    QCoreApplication::setApplicationName(QStringLiteral("StudioExports"));
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope,
                       m_dir.filePath(QStringLiteral("settings")));
}

void TestStudioExports::init()
{
    m_prompt = new ScriptedPrompt;
    m_window = new MainWindow;
    m_window->setPersistSettings(false);
    m_window->setPrompt(m_prompt);
    new QAbstractItemModelTester(m_window->diffView()->model(),
                                 QAbstractItemModelTester::FailureReportingMode::QtTest, m_window);
    new QAbstractItemModelTester(m_window->diffView()->proxy(),
                                 QAbstractItemModelTester::FailureReportingMode::QtTest, m_window);
    new QAbstractItemModelTester(m_window->diffView()->matrixModel(),
                                 QAbstractItemModelTester::FailureReportingMode::QtTest, m_window);
    QVERIFY(m_window->openPaths({}));
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window));
}

void TestStudioExports::cleanup()
{
    m_prompt->unsavedAnswer = UserPrompt::UnsavedAnswer::Discard;
    delete m_window;
    m_window = nullptr;
    delete m_prompt;
    m_prompt = nullptr;
}

void TestStudioExports::openCopyOfSample()
{
    m_library = m_dir.filePath(QStringLiteral("lib/aic-ascend910b-ops-info.json"));
    QDir().mkpath(QFileInfo(m_library).absolutePath());
    QFile::remove(m_library);
    QVERIFY(QFile::copy(samplePath(), m_library));
    QFile::setPermissions(m_library, QFile::ReadOwner | QFile::WriteOwner);
    QVERIFY(m_window->files()->openLibrary(m_library));
}

void TestStudioExports::exportMenuHoldsTheExports()
{
    QMenu *menu = m_window->exportMenu();
    QVERIFY(menu);
    QCOMPARE(menu->objectName(), QStringLiteral("menuExport"));
    QStringList names;
    for (QAction *a : menu->actions())
        names.append(a->objectName());
    for (const char *name :
         {"actionExportMinimalMixlist", "actionExportPatchedLibrary", "actionExportKeepDtype"})
        QVERIFY2(names.contains(QString::fromLatin1(name)), name);
    // Standard shortcuts.
    QCOMPARE(action(m_window, "actionOpenLibrary")->shortcut(), QKeySequence(QKeySequence::Open));
    QCOMPARE(action(m_window, "actionSave")->shortcut(), QKeySequence(QKeySequence::Save));
    QCOMPARE(action(m_window, "actionUndo")->shortcut(), QKeySequence(QKeySequence::Undo));
    QCOMPARE(action(m_window, "actionFind")->shortcut(), QKeySequence(QKeySequence::Find));
    QVERIFY(!action(m_window, "actionSetWhite")->icon().isNull());
}

void TestStudioExports::exportsPatchedLibraryFile()
{
    openCopyOfSample();
    const QByteArray before = readAll(m_library);
    const QJsonObject json = QJsonDocument::fromJson(before).object();
    QCOMPARE(jsonPolicy(json, QStringLiteral("Cast")), std::optional<Policy>(Policy::Gray));
    m_window->libraryView()->selectType(QStringLiteral("Cast"));
    action(m_window, "actionSetBlack")->trigger();
    LibraryDocument *document = m_window->workspace()->libraryDocument();
    QVERIFY(document->isModified());

    const QString out = m_dir.filePath(QStringLiteral("patched/aic-ascend910b-ops-info.json"));
    QDir().mkpath(QFileInfo(out).absolutePath());
    m_prompt->fileNames = QStringList {out};
    action(m_window, "actionExportPatchedLibrary")->trigger();
    QVERIFY2(m_prompt->log.filter(QStringLiteral("error")).isEmpty(),
             qPrintable(m_prompt->log.join('\n')));

    // The copy has the edit and every other op as in the file; the opened file and document stay.
    const QJsonObject patched = QJsonDocument::fromJson(readAll(out)).object();
    QCOMPARE(patched.keys(), json.keys());
    for (const QString &type : json.keys()) {
        const Policy expected
            = type == QLatin1String("Cast") ? Policy::Black : *jsonPolicy(json, type);
        QCOMPARE(jsonPolicy(patched, type), std::optional<Policy>(expected));
    }
    QCOMPARE(readAll(m_library), before);
    QVERIFY(document->isModified());
    QCOMPARE(document->path(), m_library);
}

void TestStudioExports::refusesToExportOverTheOpenedFile()
{
    openCopyOfSample();
    const QByteArray before = readAll(m_library);
    m_window->libraryView()->selectType(QStringLiteral("Cast"));
    action(m_window, "actionSetBlack")->trigger();
    m_prompt->fileNames = QStringList {m_library};
    action(m_window, "actionExportPatchedLibrary")->trigger();
    QCOMPARE(m_prompt->log.filter(QStringLiteral("error: Not exported")).size(), 1);
    QCOMPARE(readAll(m_library), before);
}

void TestStudioExports::exportsEditedFilesOfAFolder()
{
    // An opp root with one soc: built-in and vendor stores hold files of the same name.
    const QString opp = m_dir.filePath(QStringLiteral("opp"));
    QVERIFY(copyTree(QStringLiteral(OPSINFO_TEST_DATA "/library/opp"), opp));
    for (const QString &soc : {QStringLiteral("/built-in"), QStringLiteral("/vendors/vendor_b")})
        QVERIFY(QDir(opp + soc + QStringLiteral("/op_impl/ai_core/tbe/config/ascend310p"))
                    .removeRecursively());
    QVERIFY(m_window->files()->openLibrary(opp));
    const OpLibrary &library = m_window->workspace()->libraryDocument()->library();
    QVERIFY(library.files().size() >= 3);
    const OpEntry *add = library.find("Add");
    const OpEntry *conv = library.find("Conv2D");
    QVERIFY(add && conv);
    QVERIFY(add->fileIndex != conv->fileIndex);
    const QString addFile
        = QString::fromStdString(library.files()[std::size_t(add->fileIndex)].path);
    const QString convFile
        = QString::fromStdString(library.files()[std::size_t(conv->fileIndex)].path);
    const Policy addTarget = add->policy == Policy::Black ? Policy::White : Policy::Black;
    const Policy convTarget = conv->policy == Policy::Black ? Policy::White : Policy::Black;
    m_window->setPrompt(m_prompt);
    m_window->libraryView()->selectType(QStringLiteral("Add"));
    m_window->setSelectedPolicy(addTarget);
    m_window->libraryView()->selectType(QStringLiteral("Conv2D"));
    m_window->setSelectedPolicy(convTarget);
    const QByteArray addBefore = readAll(addFile);

    const QString out = m_dir.filePath(QStringLiteral("exported"));
    QVERIFY(QDir().mkpath(out));
    m_prompt->fileNames = QStringList {out};
    m_prompt->log.clear();
    action(m_window, "actionExportPatchedLibrary")->trigger();
    QVERIFY2(m_prompt->log.filter(QStringLiteral("error")).isEmpty(),
             qPrintable(m_prompt->log.join('\n')));

    QStringList exported;
    QDirIterator it(out, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext())
        exported.append(it.next());
    QCOMPARE(exported.size(), 2); // only the two edited files, each in its store's subfolder
    // The built-in file has its own (shadowed) Add: what matters is that some exported file has
    // each edit.
    bool addFound = false;
    bool convFound = false;
    for (const QString &file : exported) {
        QCOMPARE(QFileInfo(file).fileName(), QStringLiteral("aic-ascend910b-ops-info.json"));
        const QJsonObject json = QJsonDocument::fromJson(readAll(file)).object();
        if (json.contains(QStringLiteral("Conv2D"))
            && jsonPolicy(json, QStringLiteral("Conv2D")) == convTarget)
            convFound = true;
        if (json.contains(QStringLiteral("Add"))
            && jsonPolicy(json, QStringLiteral("Add")) == addTarget)
            addFound = true;
    }
    QVERIFY(addFound);
    QVERIFY(convFound);
    QCOMPARE(readAll(addFile), addBefore); // the opened files are untouched

    // Not into the folder the library came from.
    m_prompt->fileNames = QStringList {QFileInfo(addFile).absolutePath()};
    m_prompt->log.clear();
    action(m_window, "actionExportPatchedLibrary")->trigger();
    QCOMPARE(m_prompt->log.filter(QStringLiteral("error: Not exported")).size(), 1);
    QCOMPARE(readAll(addFile), addBefore);
}

void TestStudioExports::exportsKeepDtypeFromSelection()
{
    QTableView *table = m_window->libraryView()->table();
    const QString out = m_dir.filePath(QStringLiteral("keep_dtype.cfg"));
    // Nothing selected: nothing written, the user is told why.
    table->clearSelection();
    m_prompt->fileNames = QStringList {out};
    action(m_window, "actionExportKeepDtype")->trigger();
    QVERIFY(!QFile::exists(out));
    QCOMPARE(m_prompt->log.filter(QStringLiteral("information")).size(), 1);

    table->selectionModel()->select(
        QItemSelection(table->model()->index(2, 0), table->model()->index(4, 0)),
        QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    QStringList expected;
    for (int r = 2; r <= 4; ++r)
        expected.append(QStringLiteral("OpType::") + table->model()->index(r, 0).data().toString());
    expected.sort(); // one line per type, sorted
    action(m_window, "actionExportKeepDtype")->trigger();
    const QStringList lines
        = QString::fromUtf8(readAll(out)).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines, expected);
}

void TestStudioExports::comparesWithAnotherLibrary()
{
    // Library B: the sample with three colours changed, one op dropped and one added.
    const QJsonObject a = QJsonDocument::fromJson(readAll(samplePath())).object();
    QJsonObject b = a;
    QStringList whites;
    QStringList blacks;
    for (const QString &type : a.keys()) {
        if (jsonPolicy(a, type) == Policy::White)
            whites.append(type);
        if (jsonPolicy(a, type) == Policy::Black)
            blacks.append(type);
    }
    QVERIFY(whites.size() >= 3 && !blacks.isEmpty());
    auto setFlag = [&b](const QString &type, const QString &flag) {
        QJsonObject op = b.value(type).toObject();
        if (flag.isEmpty())
            op.remove(QStringLiteral("precision_reduce"));
        else
            op.insert(QStringLiteral("precision_reduce"),
                      QJsonObject {{QStringLiteral("flag"), flag}});
        b.insert(type, op);
    };
    setFlag(whites[0], QStringLiteral("false"));
    setFlag(whites[1], QString());
    setFlag(blacks[0], QStringLiteral("true"));
    b.remove(whites[2]);
    QJsonObject extra = a.value(whites[0]).toObject();
    b.insert(QStringLiteral("ZzOnlyInB"), extra);
    const QString bPath = m_dir.filePath(QStringLiteral("other/aic-ascend910-ops-info.json"));
    QDir().mkpath(QFileInfo(bPath).absolutePath());
    QVERIFY(writeAll(bPath, QJsonDocument(b).toJson()));

    m_prompt->fileNames = QStringList {bPath};
    action(m_window, "actionCompareLibraryFile")->trigger();
    DiffView *view = m_window->diffView();
    QVERIFY(view->hasComparisonLibrary());
    QVERIFY(view->isVisible()); // the Diff tab, its page of two sources
    view->findChild<QCheckBox *>(QStringLiteral("diffApplyMixlist"))->setChecked(false);

    // Expected from the two JSON objects alone.
    auto expectedRows = [&](bool includeAbsent) {
        std::map<QString, QString> rows;
        QStringList types = a.keys() + b.keys();
        types.removeDuplicates();
        for (const QString &type : types) {
            const auto pa = jsonPolicy(a, type);
            const auto pb = jsonPolicy(b, type);
            if (pa == pb || (!includeAbsent && (!pa || !pb)))
                continue;
            auto name = [](std::optional<Policy> p) {
                return p ? QString::fromLatin1(policyName(*p)) : QStringLiteral("absent");
            };
            rows[type] = name(pa) + QStringLiteral("->") + name(pb);
        }
        return rows;
    };
    auto actualRows = [view] {
        std::map<QString, QString> rows;
        DiffModel *model = view->model();
        for (int r = 0; r < model->rowCount(); ++r)
            rows[model->index(r, DiffModel::TypeColumn).data().toString()]
                = model->index(r, DiffModel::TransitionColumn)
                      .data(DiffModel::TransitionRole)
                      .toString();
        return rows;
    };
    QCOMPARE(actualRows(), expectedRows(false));
    QCOMPARE(int(actualRows().size()), 3);
    view->findChild<QCheckBox *>(QStringLiteral("diffIncludeAbsent"))->setChecked(true);
    QCOMPARE(actualRows(), expectedRows(true));
    QCOMPARE(int(actualRows().size()), 5);

    // Filters: by transition, then by op type text.
    const QString transition = expectedRows(true).at(whites[0]);
    auto *combo = view->findChild<QComboBox *>(QStringLiteral("diffTransition"));
    combo->setCurrentIndex(combo->findData(transition));
    QCOMPARE(combo->currentData().toString(), transition); // the text is in the UI language
    int matching = 0;
    for (const auto &[type, t] : expectedRows(true))
        matching += t == transition;
    QCOMPARE(view->proxy()->rowCount(), matching);
    combo->setCurrentIndex(0);
    view->findChild<QLineEdit *>(QStringLiteral("diffFilter"))->setText(QStringLiteral("zzonly"));
    QCOMPARE(view->proxy()->rowCount(), 1);
    QCOMPARE(view->proxy()->index(0, DiffModel::TypeColumn).data().toString(),
             QStringLiteral("ZzOnlyInB"));
}

void TestStudioExports::persistsRecentFilesAndLayout()
{
    QSettings().clear();
    openCopyOfSample();
    m_window->setPersistSettings(true);
    m_window->resize(1111, 777);
    QHeaderView *header = m_window->libraryView()->table()->horizontalHeader();
    header->resizeSection(LibraryModel::TypeColumn, 333);
    QVERIFY(m_window->files()->openLibrary(m_library)); // now in the recent files
    QVERIFY(m_window->close());
    QSettings().sync();

    MainWindow second;
    second.setPersistSettings(false);
    second.restoreSettings();
    QMenu *recent = second.findChild<QMenu *>(QStringLiteral("menuRecent"));
    QVERIFY(recent && !recent->actions().isEmpty());
    QCOMPARE(recent->actions().front()->toolTip(), QFileInfo(m_library).absoluteFilePath());
    QCOMPARE(second.size(), QSize(1111, 777));
    QCOMPARE(
        second.libraryView()->table()->horizontalHeader()->sectionSize(LibraryModel::TypeColumn),
        333);
    QSettings().clear();
}

void TestStudioExports::chipTextContrasts()
{
    // Text on a chip: dark on the white and gray fills, light on the black one, whatever the
    // palette.
    QVERIFY(policyTextColor(Policy::White).lightness() < 80);
    QVERIFY(policyTextColor(Policy::Gray).lightness() < 80);
    QVERIFY(policyTextColor(Policy::Black).lightness() > 180);
    QVERIFY(!policyChip(Policy::White).pixmap(QSize(14, 14), 2.0).isNull());
}

QTEST_MAIN(TestStudioExports)
#include "tst_studioexports.moc"
