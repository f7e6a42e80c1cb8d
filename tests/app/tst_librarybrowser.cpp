// The Library tab of the real main window on the embedded sample: the op table as the file has it,
// filters, colour edits with the shortcuts and their undo/redo, the details pane.
#include "mainwindowfixture.h"

#include "studio/document/librarydocument.h"
#include "studio/document/mixlistdocument.h"
#include "studio/document/workspace.h"
#include "studio/library/libraryfilterproxy.h"
#include "studio/library/librarymodel.h"

#include <QAbstractButton>
#include <QAction>
#include <QItemSelectionModel>
#include <QJsonObject>
#include <QLineEdit>
#include <QRegularExpression>
#include <QTableView>
#include <QTest>
#include <QTextBrowser>
#include <QUndoStack>

using namespace opsinfo;

class TestLibraryBrowser : public QObject, public MainWindowFixture
{
    Q_OBJECT

private slots:
    void initTestCase() { setUpCase(); }
    void init() { setUp(); }
    void cleanup() { tearDown(); }

    void opensTheSample();
    void filtersAsYouType_data();
    void filtersAsYouType();
    void filtersByColourAndChanged();
    void shortcutSetsColourWithUndoAndRedo();
    void multiSelectionIsOneUndoStep();
    void detailsShowTheWholeEntry();
};

void TestLibraryBrowser::opensTheSample()
{
    const QJsonObject json = sampleJson();
    QVERIFY(json.size() >= 100);
    LibraryModel *model = m_window->libraryView()->model();
    QCOMPARE(model->rowCount(), json.size());
    const QStringList keys = json.keys();
    for (int row = 0; row < model->rowCount(); ++row) {
        const QString type = model->typeAt(row);
        QVERIFY2(json.contains(type), qPrintable(type));
        const QString flag = json.value(type)
                                 .toObject()
                                 .value(QStringLiteral("precision_reduce"))
                                 .toObject()
                                 .value(QStringLiteral("flag"))
                                 .toString();
        const Policy expected = flag == QLatin1String("true") ? Policy::White
            : flag == QLatin1String("false")                  ? Policy::Black
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

void TestLibraryBrowser::filtersAsYouType_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("regex");
    QTest::newRow("substring, any case") << QStringLiteral("matmul") << false;
    QTest::newRow("substring") << QStringLiteral("Grad") << false;
    QTest::newRow("regex anchored") << QStringLiteral("^Conv2D") << true;
    QTest::newRow("regex alternation") << QStringLiteral("^(Relu|Gelu)$") << true;
}

void TestLibraryBrowser::filtersAsYouType()
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

void TestLibraryBrowser::filtersByColourAndChanged()
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

void TestLibraryBrowser::shortcutSetsColourWithUndoAndRedo()
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
    QCOMPARE(model->index(row, 0).data(LibraryModel::LibraryPolicyRole).toInt(),
             int(Policy::White));
    QCOMPARE(model->index(row, 0).data(LibraryModel::EffectivePolicyRole).toInt(),
             int(Policy::White));
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
    QCOMPARE(model->index(row, 0).data(LibraryModel::LibraryPolicyRole).toInt(),
             int(Policy::White));
    QVERIFY(m_window->isWindowModified());

    // B and G through the actions by name.
    m_window->findChild<QAction *>(QStringLiteral("actionSetBlack"))->trigger();
    QCOMPARE(model->index(row, 0).data(LibraryModel::LibraryPolicyRole).toInt(),
             int(Policy::Black));
    m_window->findChild<QAction *>(QStringLiteral("actionSetGray"))->trigger();
    QCOMPARE(model->index(row, 0).data(LibraryModel::LibraryPolicyRole).toInt(), int(Policy::Gray));
    QCOMPARE(stack->count(), 3);
    QCOMPARE(stack->undoText(), QStringLiteral("Set Cast to gray"));
}

void TestLibraryBrowser::multiSelectionIsOneUndoStep()
{
    LibraryView *view = m_window->libraryView();
    LibraryModel *model = view->model();
    QUndoStack *stack = m_window->workspace()->libraryDocument()->undoStack();
    const QStringList types {QStringLiteral("Add"), QStringLiteral("Cast"),
                             QStringLiteral("MatMulV2")};
    QItemSelection selection;
    std::vector<int> before;
    for (const QString &t : types) {
        const QModelIndex source = model->index(model->rowOf(t), 0);
        QVERIFY(source.isValid());
        before.push_back(source.data(LibraryModel::LibraryPolicyRole).toInt());
        const QModelIndex index = view->proxy()->mapFromSource(source);
        selection.select(index, index);
    }
    view->table()->selectionModel()->select(
        selection, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    QCOMPARE(view->selectedTypes().size(), std::size_t(3));
    m_window->findChild<QAction *>(QStringLiteral("actionSetBlack"))->trigger();
    QCOMPARE(stack->count(), 1);
    QCOMPARE(stack->undoText(), QStringLiteral("Set 3 ops to black"));
    for (const QString &t : types)
        QCOMPARE(model->index(model->rowOf(t), 0).data(LibraryModel::LibraryPolicyRole).toInt(),
                 int(Policy::Black));
    stack->undo();
    for (int i = 0; i < types.size(); ++i)
        QCOMPARE(
            model->index(model->rowOf(types[i]), 0).data(LibraryModel::LibraryPolicyRole).toInt(),
            before[std::size_t(i)]);
}

void TestLibraryBrowser::detailsShowTheWholeEntry()
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
            QVERIFY2(text.contains(v.value().toString()),
                     qPrintable(item.key() + QLatin1Char('.') + v.key()));
    }
    QVERIFY(text.contains(QLatin1String("Cube")));
}

QTEST_MAIN(TestLibraryBrowser)
#include "tst_librarybrowser.moc"
