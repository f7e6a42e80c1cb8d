// Drives the real main window on the embedded sample: filter, colour edits with the shortcut,
// undo/redo, the mixlist editor (completer, lint fix), exports and the changed-on-disk refusal.
#include "diff/diffmodel.h"
#include "diff/diffview.h"
#include "document/filecontroller.h"
#include "document/librarydocument.h"
#include "document/mixlistdocument.h"
#include "document/userprompt.h"
#include "document/workspace.h"
#include "library/libraryfilterproxy.h"
#include "library/librarymodel.h"
#include "library/libraryview.h"
#include "mainwindow/mainwindow.h"
#include "mixlist/lintmodel.h"
#include "mixlist/mixlisteditor.h"
#include "mixlist/mixlistslotmodel.h"
#include "mixlist/mixlist.h"

#include <QAbstractItemModelTester>
#include <QAbstractItemView>
#include <QAction>
#include <QCompleter>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QListView>
#include <QMenu>
#include <QFileInfo>
#include <QMimeData>
#include <QPushButton>
#include <QRegularExpression>
#include <QTableView>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QAbstractButton>
#include <QApplication>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QTest>
#include <QUndoGroup>
#include <QUndoStack>

using namespace opsinfo;

namespace {

QString samplePath()
{
    return QStringLiteral(OPSINFO_SOURCE_DIR "/resources/sample/aic-ascend910b-ops-info.json");
}

// The sample's op types and flags, read independently of the app with Qt's JSON reader.
QJsonObject sampleJson()
{
    QFile file(samplePath());
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QStringList slotTypes(MixlistEditor *editor, MixlistList list, MixlistAction action)
{
    QStringList types;
    QAbstractItemModel *model = editor->slotModel(list, action);
    for (int r = 0; r < model->rowCount(); ++r)
        types.append(model->index(r, 0).data().toString());
    return types;
}

} // namespace

class TestMainWindow : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void opensTheSample();
    void filtersAsYouType_data();
    void filtersAsYouType();
    void filtersByColourAndChanged();
    void shortcutSetsColourWithUndoAndRedo();
    void multiSelectionIsOneUndoStep();
    void detailsShowTheWholeEntry();
    void addsMixlistEntryViaCompleter();
    void mixlistChangesEffectiveColour();
    void acceptsLintFix();
    void dragsLibraryRowsIntoMixlist();
    void savesMixlistCanonically();
    void exportsMinimalMixlist();
    void savesOnlyTheEditedBytes();
    void refusesToOverwriteFileChangedOnDisk();
    void reportsReadOnlyFile();
    void opensDroppedFiles();
    void diffListsTransitions();
    void rendersEveryView();

private:
    MainWindow *m_window = nullptr;
    ScriptedPrompt *m_prompt = nullptr;
    QTemporaryDir m_state;
};

void TestMainWindow::initTestCase()
{
    // Backups of saved files go under XDG_STATE_HOME: keep them in a temp folder.
    QVERIFY(m_state.isValid());
    qputenv("XDG_STATE_HOME", m_state.path().toLocal8Bit());
    QStandardPaths::setTestModeEnabled(true);
}

void TestMainWindow::init()
{
    m_prompt = new ScriptedPrompt;
    m_window = new MainWindow;
    m_window->setPersistSettings(false);
    m_window->setPrompt(m_prompt);
    new QAbstractItemModelTester(m_window->libraryView()->model(),
                                 QAbstractItemModelTester::FailureReportingMode::QtTest, m_window);
    new QAbstractItemModelTester(m_window->libraryView()->proxy(),
                                 QAbstractItemModelTester::FailureReportingMode::QtTest, m_window);
    new QAbstractItemModelTester(m_window->mixlistEditor()->lintModel(),
                                 QAbstractItemModelTester::FailureReportingMode::QtTest, m_window);
    new QAbstractItemModelTester(m_window->diffView()->model(),
                                 QAbstractItemModelTester::FailureReportingMode::QtTest, m_window);
    for (MixlistList list : Mixlist::lists)
        for (MixlistAction action : Mixlist::actions)
            new QAbstractItemModelTester(m_window->mixlistEditor()->slotModel(list, action),
                                         QAbstractItemModelTester::FailureReportingMode::QtTest, m_window);
    QVERIFY(m_window->openPaths({}));
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window));
}

void TestMainWindow::cleanup()
{
    m_window->setPrompt(m_prompt);
    m_prompt->unsavedAnswer = UserPrompt::UnsavedAnswer::Discard;
    delete m_window;
    m_window = nullptr;
    delete m_prompt;
    m_prompt = nullptr;
}

void TestMainWindow::opensTheSample()
{
    const QJsonObject json = sampleJson();
    QVERIFY(json.size() >= 100);
    LibraryModel *model = m_window->libraryView()->model();
    QCOMPARE(model->rowCount(), json.size());
    const QStringList keys = json.keys();
    for (int row = 0; row < model->rowCount(); ++row) {
        const QString type = model->typeAt(row);
        QVERIFY2(json.contains(type), qPrintable(type));
        const QString flag = json.value(type).toObject().value(QStringLiteral("precision_reduce"))
                                 .toObject().value(QStringLiteral("flag")).toString();
        const Policy expected = flag == QLatin1String("true")    ? Policy::White
                                : flag == QLatin1String("false") ? Policy::Black
                                                                 : Policy::Gray;
        QCOMPARE(model->index(row, 0).data(LibraryModel::LibraryPolicyRole).toInt(), int(expected));
    }
    QVERIFY(m_window->workspace()->libraryDocument()->isSample());
    QVERIFY(!m_window->isWindowModified());
    QVERIFY(m_window->windowTitle().contains(QLatin1String("aic-ascend910b-ops-info.json")));
    QVERIFY(m_window->windowTitle().contains(QLatin1String("[*]")));
    // The sample mixlist is loaded too, so the effective column differs somewhere.
    QVERIFY(!m_window->workspace()->mixlistDocument()->mixlist().empty());
}

void TestMainWindow::filtersAsYouType_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("regex");
    QTest::newRow("substring, any case") << QStringLiteral("matmul") << false;
    QTest::newRow("substring") << QStringLiteral("Grad") << false;
    QTest::newRow("regex anchored") << QStringLiteral("^Conv2D") << true;
    QTest::newRow("regex alternation") << QStringLiteral("^(Relu|Gelu)$") << true;
}

void TestMainWindow::filtersAsYouType()
{
    QFETCH(QString, text);
    QFETCH(bool, regex);
    int expected = 0;
    const QRegularExpression re(text, QRegularExpression::CaseInsensitiveOption);
    for (const QString &type : sampleJson().keys())
        expected += regex ? re.match(type).hasMatch() : type.contains(text, Qt::CaseInsensitive);
    QVERIFY(expected > 0);

    LibraryView *view = m_window->libraryView();
    if (regex)
        view->findChild<QAbstractButton *>(QStringLiteral("libraryRegex"))->setChecked(true);
    QTest::keyClicks(view->filterEdit(), text);
    QCOMPARE(view->proxy()->rowCount(), expected);
    for (int r = 0; r < view->proxy()->rowCount(); ++r) {
        const QString type = view->proxy()->index(r, 0).data().toString();
        QVERIFY(regex ? re.match(type).hasMatch() : type.contains(text, Qt::CaseInsensitive));
    }
    view->filterEdit()->clear();
    QCOMPARE(view->proxy()->rowCount(), view->model()->rowCount());
}

void TestMainWindow::filtersByColourAndChanged()
{
    LibraryView *view = m_window->libraryView();
    const PolicyTable &table = m_window->workspace()->policyTable();
    int black = 0;
    for (const OpEntry &e : m_window->workspace()->libraryDocument()->library().ops())
        black += table.effective(e.type) == Policy::Black;
    view->proxy()->setPolicyFilter(Policy::Black);
    QCOMPARE(view->proxy()->rowCount(), black);

    view->proxy()->setPolicyFilter(std::nullopt);
    view->proxy()->setChangedOnly(true);
    // Nothing edited yet: "changed" means changed by the sample mixlist.
    int changedByMixlist = 0;
    for (const OpEntry &e : m_window->workspace()->libraryDocument()->library().ops())
        changedByMixlist += table.effective(e.type) != e.policy;
    QVERIFY(changedByMixlist > 0);
    QCOMPARE(view->proxy()->rowCount(), changedByMixlist);
}

void TestMainWindow::shortcutSetsColourWithUndoAndRedo()
{
    LibraryView *view = m_window->libraryView();
    LibraryModel *model = view->model();
    QUndoStack *stack = m_window->workspace()->libraryDocument()->undoStack();
    const QString type = QStringLiteral("Cast"); // gray in the library and untouched by the mixlist
    const int row = model->rowOf(type);
    QVERIFY(row >= 0);
    QCOMPARE(model->index(row, 0).data(LibraryModel::LibraryPolicyRole).toInt(), int(Policy::Gray));

    view->selectType(type);
    view->table()->setFocus();
    QVERIFY(QTest::qWaitForWindowActive(m_window));
    QTest::keyClick(view->table(), Qt::Key_W);
    QCOMPARE(model->index(row, 0).data(LibraryModel::LibraryPolicyRole).toInt(), int(Policy::White));
    QCOMPARE(model->index(row, 0).data(LibraryModel::EffectivePolicyRole).toInt(), int(Policy::White));
    QCOMPARE(stack->count(), 1);
    QCOMPARE(stack->undoText(), QStringLiteral("Set Cast to white"));
    auto *undo = m_window->findChild<QAction *>(QStringLiteral("actionUndo"));
    auto *redo = m_window->findChild<QAction *>(QStringLiteral("actionRedo"));
    QVERIFY(undo && redo);
    QVERIFY(undo->text().contains(QLatin1String("Set Cast to white")));
    QVERIFY(m_window->isWindowModified());
    QVERIFY(model->index(row, 0).data(LibraryModel::ChangedRole).toBool());

    undo->trigger();
    QCOMPARE(model->index(row, 0).data(LibraryModel::LibraryPolicyRole).toInt(), int(Policy::Gray));
    QVERIFY(!m_window->isWindowModified());
    QVERIFY(redo->text().contains(QLatin1String("Set Cast to white")));
    QVERIFY(!model->index(row, 0).data(LibraryModel::ChangedRole).toBool());

    redo->trigger();
    QCOMPARE(model->index(row, 0).data(LibraryModel::LibraryPolicyRole).toInt(), int(Policy::White));
    QVERIFY(m_window->isWindowModified());

    // B and G through the actions by name.
    m_window->findChild<QAction *>(QStringLiteral("actionSetBlack"))->trigger();
    QCOMPARE(model->index(row, 0).data(LibraryModel::LibraryPolicyRole).toInt(), int(Policy::Black));
    m_window->findChild<QAction *>(QStringLiteral("actionSetGray"))->trigger();
    QCOMPARE(model->index(row, 0).data(LibraryModel::LibraryPolicyRole).toInt(), int(Policy::Gray));
    QCOMPARE(stack->count(), 3);
    QCOMPARE(stack->undoText(), QStringLiteral("Set Cast to gray"));
}

void TestMainWindow::multiSelectionIsOneUndoStep()
{
    LibraryView *view = m_window->libraryView();
    LibraryModel *model = view->model();
    QUndoStack *stack = m_window->workspace()->libraryDocument()->undoStack();
    const QStringList types{QStringLiteral("Add"), QStringLiteral("Cast"), QStringLiteral("MatMulV2")};
    QItemSelection selection;
    std::vector<int> before;
    for (const QString &t : types) {
        const QModelIndex source = model->index(model->rowOf(t), 0);
        QVERIFY(source.isValid());
        before.push_back(source.data(LibraryModel::LibraryPolicyRole).toInt());
        const QModelIndex index = view->proxy()->mapFromSource(source);
        selection.select(index, index);
    }
    view->table()->selectionModel()->select(selection, QItemSelectionModel::ClearAndSelect
                                                           | QItemSelectionModel::Rows);
    QCOMPARE(view->selectedTypes().size(), std::size_t(3));
    m_window->findChild<QAction *>(QStringLiteral("actionSetBlack"))->trigger();
    QCOMPARE(stack->count(), 1);
    QCOMPARE(stack->undoText(), QStringLiteral("Set 3 ops to black"));
    for (const QString &t : types)
        QCOMPARE(model->index(model->rowOf(t), 0).data(LibraryModel::LibraryPolicyRole).toInt(),
                 int(Policy::Black));
    stack->undo();
    for (int i = 0; i < types.size(); ++i)
        QCOMPARE(model->index(model->rowOf(types[i]), 0).data(LibraryModel::LibraryPolicyRole).toInt(),
                 before[std::size_t(i)]);
}

void TestMainWindow::detailsShowTheWholeEntry()
{
    m_window->libraryView()->selectType(QStringLiteral("MatMulV2"));
    auto *details = m_window->findChild<QTextBrowser *>(QStringLiteral("libraryDetails"));
    QVERIFY(details);
    const QString text = details->toPlainText();
    const QJsonObject entry = sampleJson().value(QStringLiteral("MatMulV2")).toObject();
    QVERIFY(!entry.isEmpty());
    for (auto item = entry.begin(); item != entry.end(); ++item) {
        QVERIFY2(text.contains(item.key()), qPrintable(item.key()));
        const QJsonObject values = item.value().toObject();
        for (auto v = values.begin(); v != values.end(); ++v)
            QVERIFY2(text.contains(v.value().toString()), qPrintable(item.key() + QLatin1Char('.') + v.key()));
    }
    QVERIFY(text.contains(QLatin1String("Cube")));
}

void TestMainWindow::addsMixlistEntryViaCompleter()
{
    m_window->showView(MainWindow::View::Mixlist);
    MixlistEditor *editor = m_window->mixlistEditor();
    QCOMPARE(m_window->undoGroup()->activeStack(), m_window->workspace()->mixlistDocument()->undoStack());
    editor->setAddTarget(MixlistList::Black, MixlistAction::Add);
    QVERIFY(!slotTypes(editor, MixlistList::Black, MixlistAction::Add).contains(QLatin1String("MatMulV2")));

    editor->addEdit()->setFocus();
    QTest::keyClicks(editor->addEdit(), QStringLiteral("matmulv"));
    QAbstractItemView *popup = editor->completer()->popup();
    QTRY_VERIFY(popup->isVisible());
    QModelIndex wanted;
    for (int r = 0; r < popup->model()->rowCount(); ++r)
        if (popup->model()->index(r, 0).data().toString() == QLatin1String("MatMulV2"))
            wanted = popup->model()->index(r, 0);
    QVERIFY2(wanted.isValid(), "MatMulV2 is offered for 'matmulv'");
    popup->setCurrentIndex(wanted);
    QTest::keyClick(popup, Qt::Key_Return);
    QCOMPARE(editor->addEdit()->text(), QStringLiteral("MatMulV2"));
    QTest::mouseClick(editor->findChild<QPushButton *>(QStringLiteral("mixlistAddButton")), Qt::LeftButton);

    QVERIFY(slotTypes(editor, MixlistList::Black, MixlistAction::Add).contains(QLatin1String("MatMulV2")));
    QUndoStack *stack = m_window->workspace()->mixlistDocument()->undoStack();
    QCOMPARE(stack->undoText(), QStringLiteral("Add MatMulV2 to black-list.to-add"));
    QVERIFY(m_window->isWindowModified());
    // The library table follows at once: MatMulV2 (white in the library) is now black.
    LibraryModel *model = m_window->libraryView()->model();
    const QModelIndex index = model->index(model->rowOf(QStringLiteral("MatMulV2")), LibraryModel::EffectiveColumn);
    QCOMPARE(index.data(LibraryModel::EffectivePolicyRole).toInt(), int(Policy::Black));
    QCOMPARE(index.data(LibraryModel::LibraryPolicyRole).toInt(), int(Policy::White));
    QVERIFY(index.data(Qt::ToolTipRole).toString().contains(QLatin1String("black-list.to-add")));

    m_window->findChild<QAction *>(QStringLiteral("actionUndo"))->trigger();
    QVERIFY(!slotTypes(editor, MixlistList::Black, MixlistAction::Add).contains(QLatin1String("MatMulV2")));
    QCOMPARE(index.data(LibraryModel::EffectivePolicyRole).toInt(), int(Policy::White));
}

void TestMainWindow::mixlistChangesEffectiveColour()
{
    // The sample mixlist: white-list.to-remove MaxPool makes the white MaxPool gray (X3).
    LibraryModel *model = m_window->libraryView()->model();
    const QModelIndex maxPool = model->index(model->rowOf(QStringLiteral("MaxPool")), 0);
    QCOMPARE(maxPool.data(LibraryModel::LibraryPolicyRole).toInt(), int(Policy::White));
    QCOMPARE(maxPool.data(LibraryModel::EffectivePolicyRole).toInt(), int(Policy::Gray));
    MixlistEditor *editor = m_window->mixlistEditor();
    QListView *view = editor->slotView(MixlistList::White, MixlistAction::Remove);
    view->selectionModel()->select(view->model()->index(0, 0), QItemSelectionModel::ClearAndSelect);
    editor->moveSelected(MixlistList::Black, MixlistAction::Add);
    QCOMPARE(maxPool.data(LibraryModel::EffectivePolicyRole).toInt(), int(Policy::Black));
    QCOMPARE(m_window->workspace()->mixlistDocument()->undoStack()->undoText(),
             QStringLiteral("Move MaxPool to black-list.to-add"));
    view = editor->slotView(MixlistList::Black, MixlistAction::Add);
    const int row = int(slotTypes(editor, MixlistList::Black, MixlistAction::Add).indexOf(QLatin1String("MaxPool")));
    view->selectionModel()->select(view->model()->index(row, 0), QItemSelectionModel::ClearAndSelect);
    editor->deleteSelected();
    QCOMPARE(maxPool.data(LibraryModel::EffectivePolicyRole).toInt(), int(Policy::White));
}

void TestMainWindow::acceptsLintFix()
{
    m_window->showView(MainWindow::View::Mixlist);
    MixlistEditor *editor = m_window->mixlistEditor();
    // The sample mixlist misspells FastGelu as "fastgelu" (X4).
    QVERIFY(slotTypes(editor, MixlistList::White, MixlistAction::Add).contains(QLatin1String("fastgelu")));
    LintModel *lint = editor->lintModel();
    int row = -1;
    for (int r = 0; r < lint->rowCount(); ++r)
        if (lint->index(r, 0).data(LintModel::FixLabelRole).toString().contains(QLatin1String("FastGelu")))
            row = r;
    QVERIFY2(row >= 0, "a fix renaming fastgelu to FastGelu is offered");
    editor->lintView()->setCurrentIndex(lint->index(row, 0));
    auto *fix = editor->findChild<QPushButton *>(QStringLiteral("lintFixButton"));
    QVERIFY(fix->isEnabled());
    QTest::mouseClick(fix, Qt::LeftButton);
    const QStringList white = slotTypes(editor, MixlistList::White, MixlistAction::Add);
    QVERIFY(white.contains(QLatin1String("FastGelu")));
    QVERIFY(!white.contains(QLatin1String("fastgelu")));
    for (int r = 0; r < lint->rowCount(); ++r)
        QVERIFY(!lint->index(r, 0).data().toString().contains(QLatin1String("fastgelu")));
    LibraryModel *model = m_window->libraryView()->model();
    QCOMPARE(model->index(model->rowOf(QStringLiteral("FastGelu")), 0).data(LibraryModel::EffectivePolicyRole).toInt(),
             int(Policy::White));
    m_window->workspace()->mixlistDocument()->undoStack()->undo();
    QVERIFY(slotTypes(editor, MixlistList::White, MixlistAction::Add).contains(QLatin1String("fastgelu")));
}

void TestMainWindow::dragsLibraryRowsIntoMixlist()
{
    LibraryModel *library = m_window->libraryView()->model();
    const QModelIndexList rows{library->index(library->rowOf(QStringLiteral("Exp")), 0),
                               library->index(library->rowOf(QStringLiteral("Erf")), 0)};
    std::unique_ptr<QMimeData> mime(library->mimeData(rows));
    MixlistSlotModel *target = m_window->mixlistEditor()->slotModel(MixlistList::Black, MixlistAction::Add);
    QVERIFY(target->canDropMimeData(mime.get(), Qt::CopyAction, -1, -1, {}));
    QVERIFY(target->dropMimeData(mime.get(), Qt::CopyAction, -1, -1, {}));
    const QStringList black = slotTypes(m_window->mixlistEditor(), MixlistList::Black, MixlistAction::Add);
    QVERIFY(black.contains(QLatin1String("Exp")) && black.contains(QLatin1String("Erf")));
    QCOMPARE(m_window->workspace()->mixlistDocument()->undoStack()->undoText(),
             QStringLiteral("Add 2 ops to black-list.to-add"));

    // Dragging an entry from one list to another moves it (one undo step).
    MixlistSlotModel *source = m_window->mixlistEditor()->slotModel(MixlistList::White, MixlistAction::Remove);
    QCOMPARE(source->index(0, 0).data().toString(), QStringLiteral("MaxPool"));
    std::unique_ptr<QMimeData> entries(source->mimeData({source->index(0, 0)}));
    target->dropMimeData(entries.get(), Qt::MoveAction, -1, -1, {});
    QCOMPARE(source->rowCount(), 0);
    QVERIFY(slotTypes(m_window->mixlistEditor(), MixlistList::Black, MixlistAction::Add).contains(QLatin1String("MaxPool")));
    QCOMPARE(m_window->workspace()->mixlistDocument()->undoStack()->undoText(),
             QStringLiteral("Move MaxPool to black-list.to-add"));
}

void TestMainWindow::savesMixlistCanonically()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("ops_info.json"));
    MixlistEditor *editor = m_window->mixlistEditor();
    editor->addEdit()->setText(QStringLiteral("Exp"));
    editor->setAddTarget(MixlistList::Gray, MixlistAction::Add);
    QVERIFY(editor->addFromEdit());
    m_prompt->fileNames = {path};
    m_window->findChild<QAction *>(QStringLiteral("actionSaveMixlistAs"))->trigger();
    QVERIFY2(QFile::exists(path), qPrintable(m_prompt->log.join(QLatin1Char('\n'))));
    // The sample mixlist plus gray-list.to-add Exp, in the strict canonical form (sorted, 4 spaces).
    const QByteArray expected = "{\n"
                                "    \"black-list\": {\n"
                                "        \"to-add\": [\n"
                                "            \"LayerNorm\",\n"
                                "            \"SoftmaxV2\"\n"
                                "        ]\n"
                                "    },\n"
                                "    \"white-list\": {\n"
                                "        \"to-add\": [\n"
                                "            \"Gelu\",\n"
                                "            \"fastgelu\"\n"
                                "        ],\n"
                                "        \"to-remove\": [\n"
                                "            \"MaxPool\"\n"
                                "        ]\n"
                                "    },\n"
                                "    \"gray-list\": {\n"
                                "        \"to-add\": [\n"
                                "            \"Exp\"\n"
                                "        ]\n"
                                "    }\n"
                                "}\n";
    QCOMPARE(readAll(path), expected);
    QVERIFY(!m_window->workspace()->mixlistDocument()->isModified());
    QCOMPARE(m_window->workspace()->mixlistDocument()->path(), path);
    // What was written reads back strictly as the same mixlist.
    const QByteArray bytes = readAll(path);
    MixlistParseResult parsed = parseMixlistStrict(std::string_view(bytes.constData(), std::size_t(bytes.size())),
                                                   path.toStdString());
    QVERIFY(parsed.ok());
    QVERIFY(parsed.mixlist.sameContent(m_window->workspace()->mixlistDocument()->mixlist()));
}

void TestMainWindow::exportsMinimalMixlist()
{
    LibraryView *view = m_window->libraryView();
    view->selectType(QStringLiteral("Cast")); // gray -> black
    m_window->setSelectedPolicy(Policy::Black);
    view->selectType(QStringLiteral("MatMulV2")); // white -> gray
    m_window->setSelectedPolicy(Policy::Gray);
    view->selectType(QStringLiteral("Pow")); // black -> white
    m_window->setSelectedPolicy(Policy::White);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("minimal.json"));
    m_prompt->fileNames = {path};
    m_window->findChild<QAction *>(QStringLiteral("actionExportMinimalMixlist"))->trigger();
    const QByteArray expected = "{\n"
                                "    \"black-list\": {\n"
                                "        \"to-add\": [\n"
                                "            \"Cast\"\n"
                                "        ]\n"
                                "    },\n"
                                "    \"white-list\": {\n"
                                "        \"to-add\": [\n"
                                "            \"Pow\"\n"
                                "        ],\n"
                                "        \"to-remove\": [\n"
                                "            \"MatMulV2\"\n"
                                "        ]\n"
                                "    }\n"
                                "}\n";
    QCOMPARE(readAll(path), expected);
}

void TestMainWindow::savesOnlyTheEditedBytes()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("aic-ascend910b-ops-info.json"));
    QVERIFY(QFile::copy(samplePath(), path));
    QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
    QVERIFY(m_window->openPaths({path}));
    QVERIFY(!m_window->workspace()->libraryDocument()->isSample());
    const QByteArray original = readAll(path);

    m_window->libraryView()->selectType(QStringLiteral("SoftmaxGrad")); // black -> white: one flag
    m_window->setSelectedPolicy(Policy::White);
    m_window->findChild<QAction *>(QStringLiteral("actionSave"))->trigger();
    QVERIFY2(!m_window->workspace()->libraryDocument()->isModified(), qPrintable(m_prompt->log.join(QLatin1Char('\n'))));
    // Exactly the flag's text changed: the expected bytes are made by hand from the original.
    QByteArray expected = original;
    const qsizetype op = expected.indexOf("\n    \"SoftmaxGrad\":{");
    QVERIFY(op > 0);
    const qsizetype item = expected.indexOf("\"precision_reduce\":{", op);
    const qsizetype flag = expected.indexOf("\"flag\":\"false\"", item);
    QVERIFY(item > op && flag > item && flag - item < 60);
    expected.replace(flag, qsizetype(sizeof("\"flag\":\"false\"") - 1), "\"flag\":\"true\"");
    QCOMPARE(readAll(path), expected);

    // Undo back to the file's colours and save: byte-identical to what was opened.
    m_window->workspace()->libraryDocument()->undoStack()->undo();
    m_window->findChild<QAction *>(QStringLiteral("actionSave"))->trigger();
    QVERIFY(!m_window->workspace()->libraryDocument()->isModified());
    QCOMPARE(readAll(path), original);
}

void TestMainWindow::refusesToOverwriteFileChangedOnDisk()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("aic-ascend910b-ops-info.json"));
    QVERIFY(QFile::copy(samplePath(), path));
    QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
    QVERIFY(m_window->openPaths({path}));
    m_window->libraryView()->selectType(QStringLiteral("Cast"));
    m_window->setSelectedPolicy(Policy::White);

    // Someone else edits the file meanwhile.
    QByteArray theirs = readAll(path);
    theirs.replace("\"Cast\"", "\"Cast\" ");
    {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(theirs);
    }
    m_prompt->changedOnDiskAnswer = UserPrompt::ChangedOnDiskAnswer::Cancel;
    m_window->findChild<QAction *>(QStringLiteral("actionSave"))->trigger();
    QVERIFY(m_prompt->log.join(QLatin1Char('\n')).contains(QStringLiteral("changedOnDisk: ") + path));
    QCOMPARE(readAll(path), theirs); // nothing written
    QVERIFY(m_window->workspace()->libraryDocument()->isModified());
    QVERIFY(m_window->isWindowModified());

    // Told to overwrite, it writes our edit over the bytes as we opened them.
    m_prompt->changedOnDiskAnswer = UserPrompt::ChangedOnDiskAnswer::Overwrite;
    m_window->findChild<QAction *>(QStringLiteral("actionSave"))->trigger();
    QVERIFY(!m_window->workspace()->libraryDocument()->isModified());
    const QByteArray ours = readAll(path);
    QVERIFY(ours != theirs);
    QVERIFY(!ours.contains("\"Cast\" "));
}

void TestMainWindow::reportsReadOnlyFile()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("aic-ascend910b-ops-info.json"));
    QVERIFY(QFile::copy(samplePath(), path));
    QFile::setPermissions(path, QFile::ReadOwner);
    QVERIFY(m_window->openPaths({path}));
    m_window->libraryView()->selectType(QStringLiteral("Cast"));
    m_window->setSelectedPolicy(Policy::White);
    const QByteArray before = readAll(path);
    m_window->findChild<QAction *>(QStringLiteral("actionSave"))->trigger();
    const QString log = m_prompt->log.join(QLatin1Char('\n'));
    QVERIFY2(log.contains(QLatin1String("read-only")), qPrintable(log));
    QVERIFY2(log.contains(QLatin1String("chmod u+w")) || log.contains(QLatin1String("Save As")), qPrintable(log));
    QCOMPARE(readAll(path), before);
    QVERIFY(m_window->workspace()->libraryDocument()->isModified());
    m_prompt->unsavedAnswer = UserPrompt::UnsavedAnswer::Discard;
}

void TestMainWindow::opensDroppedFiles()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("ops_info.json"));
    {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        // Lenient import: a comment and a trailing comma are repaired, with a note each.
        file.write("{ // keep softmax in fp32\n  \"black-list\": { \"to-add\": [\"SoftmaxV2\", \"Exp\",] }\n}\n");
    }
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(path)});
    QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(m_window, &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(m_window, &drop);
    MixlistDocument *mixlist = m_window->workspace()->mixlistDocument();
    QCOMPARE(mixlist->path(), path);
    QCOMPARE(slotTypes(m_window->mixlistEditor(), MixlistList::Black, MixlistAction::Add),
             QStringList({QStringLiteral("SoftmaxV2"), QStringLiteral("Exp")}));
    QVERIFY(mixlist->importDiagnostics().size() >= 2);
    QVERIFY(m_window->windowTitle().contains(QLatin1String("ops_info.json")));
    // It is offered again under File > Open Recent.
    auto *recent = m_window->findChild<QMenu *>(QStringLiteral("menuRecent"));
    QVERIFY(recent && recent->isEnabled());
    QVERIFY(!recent->actions().isEmpty());
    QCOMPARE(recent->actions().front()->toolTip(), QFileInfo(path).absoluteFilePath());
}

void TestMainWindow::diffListsTransitions()
{
    m_window->libraryView()->selectType(QStringLiteral("Cast"));
    m_window->setSelectedPolicy(Policy::Black);
    m_window->showView(MainWindow::View::Diff);
    m_window->diffView()->setMode(DiffView::Mode::OpenedVsEdited);
    DiffModel *model = m_window->diffView()->model();
    QCOMPARE(model->rowCount(), 1);
    QCOMPARE(model->index(0, DiffModel::TypeColumn).data().toString(), QStringLiteral("Cast"));
    QCOMPARE(model->index(0, DiffModel::TransitionColumn).data().toString(), QStringLiteral("gray->black"));

    // Library as opened vs with the sample mixlist and the edit: every op the mixlist changes too.
    m_window->diffView()->setMode(DiffView::Mode::OpenedVsEffective);
    int expected = 0;
    const LibraryDocument *library = m_window->workspace()->libraryDocument();
    for (const OpEntry &e : library->library().ops())
        expected += m_window->workspace()->policyTable().effective(e.type) != library->originalPolicy(e.type);
    QCOMPARE(model->rowCount(), expected);
    QVERIFY(expected >= 4);
}

void TestMainWindow::rendersEveryView()
{
    for (int v = 0; v < 4; ++v) {
        m_window->showView(MainWindow::View(v));
        const QPixmap pixmap = m_window->grab();
        QVERIFY(!pixmap.isNull());
        QCOMPARE(pixmap.size(), m_window->size() * pixmap.devicePixelRatio());
    }
}

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
