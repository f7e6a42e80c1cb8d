// The Mixlist tab of the real main window on the embedded sample: adding with completion, the
// effective colour following the mixlist, a lint fix, library rows dragged into a list.
#include "mainwindowfixture.h"

#include "studio/document/mixlistdocument.h"
#include "studio/document/workspace.h"
#include "studio/library/librarymodel.h"

#include <QAbstractItemView>
#include <QAction>
#include <QCompleter>
#include <QItemSelectionModel>
#include <QLineEdit>
#include <QListView>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTest>
#include <QUndoGroup>
#include <QUndoStack>

using namespace opsinfo;

class TestMixlistEditor : public QObject, public MainWindowFixture
{
    Q_OBJECT

private slots:
    void initTestCase() { setUpCase(); }
    void init() { setUp(); }
    void cleanup() { tearDown(); }

    void addsMixlistEntryViaCompleter();
    void mixlistChangesEffectiveColour();
    void acceptsLintFix();
    void dragsLibraryRowsIntoMixlist();
    void opensAMixlistTheCompilerRefuses();
};

void TestMixlistEditor::addsMixlistEntryViaCompleter()
{
    m_window->showView(MainWindow::View::Mixlist);
    MixlistEditor *editor = m_window->mixlistEditor();
    QCOMPARE(m_window->undoGroup()->activeStack(),
             m_window->workspace()->mixlistDocument()->undoStack());
    editor->setAddTarget(MixlistList::Black, MixlistAction::Add);
    QVERIFY(!slotTypes(editor, MixlistList::Black, MixlistAction::Add)
                 .contains(QLatin1String("MatMulV2")));

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
    QTest::mouseClick(editor->findChild<QPushButton *>(QStringLiteral("mixlistAddButton")),
                      Qt::LeftButton);

    QVERIFY(slotTypes(editor, MixlistList::Black, MixlistAction::Add)
                .contains(QLatin1String("MatMulV2")));
    QUndoStack *stack = m_window->workspace()->mixlistDocument()->undoStack();
    QCOMPARE(stack->undoText(), QStringLiteral("Add MatMulV2 to black-list.to-add"));
    QVERIFY(m_window->isWindowModified());
    // The library table follows at once: MatMulV2 (white in the library) is now black.
    LibraryModel *model = m_window->libraryView()->model();
    const QModelIndex index
        = model->index(model->rowOf(QStringLiteral("MatMulV2")), LibraryModel::EffectiveColumn);
    QCOMPARE(index.data(LibraryModel::EffectivePolicyRole).toInt(), int(Policy::Black));
    QCOMPARE(index.data(LibraryModel::LibraryPolicyRole).toInt(), int(Policy::White));
    QVERIFY(index.data(Qt::ToolTipRole).toString().contains(QLatin1String("black-list.to-add")));

    m_window->findChild<QAction *>(QStringLiteral("actionUndo"))->trigger();
    QVERIFY(!slotTypes(editor, MixlistList::Black, MixlistAction::Add)
                 .contains(QLatin1String("MatMulV2")));
    QCOMPARE(index.data(LibraryModel::EffectivePolicyRole).toInt(), int(Policy::White));
}

void TestMixlistEditor::mixlistChangesEffectiveColour()
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
    const int row = int(slotTypes(editor, MixlistList::Black, MixlistAction::Add)
                            .indexOf(QLatin1String("MaxPool")));
    view->selectionModel()->select(view->model()->index(row, 0),
                                   QItemSelectionModel::ClearAndSelect);
    editor->deleteSelected();
    QCOMPARE(maxPool.data(LibraryModel::EffectivePolicyRole).toInt(), int(Policy::White));
}

void TestMixlistEditor::acceptsLintFix()
{
    m_window->showView(MainWindow::View::Mixlist);
    MixlistEditor *editor = m_window->mixlistEditor();
    // The sample mixlist misspells FastGelu as "fastgelu" (X4).
    QVERIFY(slotTypes(editor, MixlistList::White, MixlistAction::Add)
                .contains(QLatin1String("fastgelu")));
    LintModel *lint = editor->lintModel();
    int row = -1;
    for (int r = 0; r < lint->rowCount(); ++r)
        if (lint->index(r, 0)
                .data(LintModel::FixLabelRole)
                .toString()
                .contains(QLatin1String("FastGelu")))
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
    QCOMPARE(model->index(model->rowOf(QStringLiteral("FastGelu")), 0)
                 .data(LibraryModel::EffectivePolicyRole)
                 .toInt(),
             int(Policy::White));
    m_window->workspace()->mixlistDocument()->undoStack()->undo();
    QVERIFY(slotTypes(editor, MixlistList::White, MixlistAction::Add)
                .contains(QLatin1String("fastgelu")));
}

void TestMixlistEditor::dragsLibraryRowsIntoMixlist()
{
    LibraryModel *library = m_window->libraryView()->model();
    const QModelIndexList rows {library->index(library->rowOf(QStringLiteral("Exp")), 0),
                                library->index(library->rowOf(QStringLiteral("Erf")), 0)};
    std::unique_ptr<QMimeData> mime(library->mimeData(rows));
    MixlistSlotModel *target
        = m_window->mixlistEditor()->slotModel(MixlistList::Black, MixlistAction::Add);
    QVERIFY(target->canDropMimeData(mime.get(), Qt::CopyAction, -1, -1, {}));
    QVERIFY(target->dropMimeData(mime.get(), Qt::CopyAction, -1, -1, {}));
    const QStringList black
        = slotTypes(m_window->mixlistEditor(), MixlistList::Black, MixlistAction::Add);
    QVERIFY(black.contains(QLatin1String("Exp")) && black.contains(QLatin1String("Erf")));
    QCOMPARE(m_window->workspace()->mixlistDocument()->undoStack()->undoText(),
             QStringLiteral("Add 2 ops to black-list.to-add"));

    // Dragging an entry from one list to another moves it (one undo step).
    MixlistSlotModel *source
        = m_window->mixlistEditor()->slotModel(MixlistList::White, MixlistAction::Remove);
    QCOMPARE(source->index(0, 0).data().toString(), QStringLiteral("MaxPool"));
    std::unique_ptr<QMimeData> entries(source->mimeData({source->index(0, 0)}));
    target->dropMimeData(entries.get(), Qt::MoveAction, -1, -1, {});
    QCOMPARE(source->rowCount(), 0);
    QVERIFY(slotTypes(m_window->mixlistEditor(), MixlistList::Black, MixlistAction::Add)
                .contains(QLatin1String("MaxPool")));
    QCOMPARE(m_window->workspace()->mixlistDocument()->undoStack()->undoText(),
             QStringLiteral("Move MaxPool to black-list.to-add"));
}

// An op on two lists (X2): the compiler refuses the file, and the editor shows it, entries and
// problems, so it can be repaired here.
void TestMixlistEditor::opensAMixlistTheCompilerRefuses()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("ops_info.json"));
    {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(
            "{\n  \"black-list\": {\"to-add\": [\"A\"]},\n  \"white-list\": {\"to-add\": [\"A\"]}\n}\n");
    }
    QVERIFY(m_window->openPaths({path}));
    QCOMPARE(m_window->workspace()->mixlistDocument()->path(), path);
    QCOMPARE(slotTypes(m_window->mixlistEditor(), MixlistList::Black, MixlistAction::Add),
             QStringList {QStringLiteral("A")});
    QCOMPARE(slotTypes(m_window->mixlistEditor(), MixlistList::White, MixlistAction::Add),
             QStringList {QStringLiteral("A")});
    const QString log = m_prompt->log.join('\n');
    QVERIFY2(log.contains(QStringLiteral("error: ops_info.json has errors")), qPrintable(log));
    QVERIFY2(log.contains(QStringLiteral("ops_info.json:2:")), qPrintable(log));
    auto *notes = m_window->findChild<QPlainTextEdit *>(QStringLiteral("mixlistImportNotes"));
    QVERIFY(notes);
    QVERIFY2(notes->toPlainText().startsWith(
                 QStringLiteral("The compiler refuses this mixlist (1 problem(s))")),
             qPrintable(notes->toPlainText()));
}

QTEST_MAIN(TestMixlistEditor)
#include "tst_mixlisteditor.moc"
