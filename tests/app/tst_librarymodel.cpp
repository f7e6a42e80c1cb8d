// The library browser at scale (20,000 op types) and its models under QAbstractItemModelTester.
#include "studio/document/librarydocument.h"
#include "studio/document/mixlistdocument.h"
#include "studio/document/mixlisteditcommand.h"
#include "studio/document/preparedlibrary.h"
#include "studio/document/setpolicycommand.h"
#include "studio/document/workspace.h"
#include "studio/library/libraryfilterproxy.h"
#include "studio/library/librarymodel.h"
#include "studio/library/libraryview.h"

#include <QAbstractItemModelTester>
#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>
#include <QUndoStack>

using namespace opsinfo;

namespace {

constexpr int kOps = 20000;

// A synthetic library in the shape of the real ones: types named like real ops, a third each
// white/black/gray, three dtype columns, a few shadowed entries from a second file.
OpLibrary syntheticLibrary()
{
    std::vector<OpEntry> entries;
    entries.reserve(kOps + 100);
    const Policy policies[3] = {Policy::White, Policy::Black, Policy::Gray};
    for (int i = 0; i < kOps; ++i) {
        OpEntry e;
        e.type = "SyntheticOp" + std::to_string(i) + (i % 7 == 3 ? "Grad" : "");
        e.policy = policies[i % 3];
        e.hasPrecisionReduce = e.policy != Policy::Gray;
        e.flag = e.hasPrecisionReduce ? flagForPolicy(e.policy) : "";
        std::vector<OpItemText> items;
        for (int t = 0; t < 2; ++t) {
            TensorInfo tensor;
            tensor.item = "input" + std::to_string(t);
            tensor.index = t;
            tensor.name = "x" + std::to_string(t);
            tensor.paramType = "required";
            tensor.dtypes = {DType::Float16, DType::Float32, DType::BFloat16};
            e.inputs.push_back(tensor);
            items.push_back(
                {tensor.item, {{"dtype", "float16,float32,bfloat16"}, {"name", tensor.name}}});
        }
        e.setItems(items);
        e.fileIndex = 0;
        entries.push_back(std::move(e));
    }
    for (int i = 0; i < 100; ++i) {
        OpEntry e = entries[std::size_t(i * 3)];
        e.fileIndex = 1; // later file of the same store: wins, the first becomes shadowed (L2)
        entries.push_back(std::move(e));
    }
    return OpLibrary::build({{"built-in", "/synthetic", LibraryStore::Kind::BuiltIn}},
                            {{"/synthetic/aic-synthetic-ops-info.json", 0, std::size_t(kOps)},
                             {"/synthetic/aic-synthetic-ops-info-2.json", 0, 100}},
                            std::move(entries));
}

} // namespace

class TestLibraryModel : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void modelPassesTester();
    void shadowedAndSource();
    void filterStaysFast();
    void editOfAllRowsIsOneStep();
    void effectiveChangeNamesTheEditedTypes_data();
    void effectiveChangeNamesTheEditedTypes();
    void mixlistEditChangesEverything();
    void viewPaintsFast();
    void preparedResetShowsTheSame();

private:
    Workspace m_workspace;
    LibraryModel *m_model = nullptr;
    LibraryFilterProxy *m_proxy = nullptr;
    qint64 m_resetMs = 0;
};

void TestLibraryModel::initTestCase()
{
    m_model = new LibraryModel(&m_workspace, this);
    m_proxy = new LibraryFilterProxy(this);
    m_proxy->setSourceModel(m_model);
    new QAbstractItemModelTester(m_model, QAbstractItemModelTester::FailureReportingMode::QtTest,
                                 this);
    // The proxy is checked by QAbstractItemModelTester in tst_mainwindow (on the sample): here its
    // per-signal checks over 20,000 rows would measure the tester, not the proxy.
    OpLibrary library = syntheticLibrary();
    QElapsedTimer timer;
    timer.start();
    m_workspace.libraryDocument()->reset(std::move(library), QStringLiteral("/synthetic"));
    m_resetMs = timer.elapsed();
    qInfo("20,000 ops: document reset + model rebuild + policy table: %lld ms", m_resetMs);
    QCOMPARE(m_model->rowCount(), kOps);
    QVERIFY(m_resetMs < 3000);
}

void TestLibraryModel::modelPassesTester()
{
    QCOMPARE(m_model->columnCount(), int(LibraryModel::ColumnCount));
    const QModelIndex first = m_model->index(0, LibraryModel::TypeColumn);
    QCOMPARE(first.data().toString(), QStringLiteral("SyntheticOp0"));
    QCOMPARE(m_model->index(0, LibraryModel::DtypesColumn).data().toString(),
             QStringLiteral("fp16 fp32 bf16"));
    QCOMPARE(m_model->index(0, LibraryModel::ColumnsColumn).data().toInt(), 3);
    QCOMPARE(m_model->index(0, LibraryModel::KindColumn).data().toString(),
             QStringLiteral("vector"));
    QVERIFY(!m_model->index(0, LibraryModel::LibraryColumn).data(Qt::DecorationRole).isNull());
    QVERIFY(m_model->rowOf(QStringLiteral("SyntheticOp10Grad")) >= 0);
    QCOMPARE(m_model->rowOf(QStringLiteral("NoSuchOp")), -1);
}

void TestLibraryModel::shadowedAndSource()
{
    // SyntheticOp0 comes from the second file and shadows the first file's entry.
    const int row = m_model->rowOf(QStringLiteral("SyntheticOp0"));
    QCOMPARE(m_model->index(row, LibraryModel::ShadowedColumn).data().toInt(), 1);
    QCOMPARE(m_model->index(row, LibraryModel::SourceColumn).data().toString(),
             QStringLiteral("aic-synthetic-ops-info-2.json"));
    const int other = m_model->rowOf(QStringLiteral("SyntheticOp1"));
    QCOMPARE(m_model->index(other, LibraryModel::ShadowedColumn).data().toInt(), 0);
}

void TestLibraryModel::filterStaysFast()
{
    // Typing "Op12" one key at a time, then a regex, then the colour and changed filters, with a
    // table view attached as in the app.
    QTableView view;
    view.setModel(m_proxy);
    view.setSortingEnabled(true);
    view.resize(1000, 700);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QElapsedTimer timer;
    qint64 worst = 0;
    QString typed;
    for (QChar c : QStringLiteral("Op12")) {
        typed += c;
        timer.start();
        m_proxy->setFilterPattern(typed, false);
        worst = std::max(worst, timer.elapsed());
    }
    int expected = 0;
    for (int r = 0; r < m_model->rowCount(); ++r)
        expected += m_model->typeAt(r).contains(QLatin1String("Op12"));
    QCOMPARE(m_proxy->rowCount(), expected);
    timer.start();
    QVERIFY(m_proxy->setFilterPattern(QStringLiteral("^SyntheticOp1\\d*Grad$"), true));
    worst = std::max(worst, timer.elapsed());
    QVERIFY(m_proxy->rowCount() > 0);
    for (int r = 0; r < m_proxy->rowCount(); ++r)
        QVERIFY(m_proxy->index(r, 0).data().toString().endsWith(QLatin1String("Grad")));
    QVERIFY(!m_proxy->setFilterPattern(QStringLiteral("(unclosed"), true));
    QCOMPARE(m_proxy->rowCount(), kOps);
    m_proxy->setFilterPattern(QString(), false);
    timer.start();
    m_proxy->setPolicyFilter(Policy::Black);
    worst = std::max(worst, timer.elapsed());
    int black = 0;
    for (const OpEntry &e : m_workspace.libraryDocument()->library().ops())
        black += e.policy == Policy::Black;
    QVERIFY(black > kOps / 4);
    QCOMPARE(m_proxy->rowCount(), black);
    m_proxy->setPolicyFilter(std::nullopt);
    qInfo("20,000 ops: slowest filter step %lld ms", worst);
    QVERIFY2(worst < 250, "a keystroke in the filter must stay interactive");
}

void TestLibraryModel::editOfAllRowsIsOneStep()
{
    std::vector<std::string> types;
    int notBlack = 0;
    for (const OpEntry &e : m_workspace.libraryDocument()->library().ops()) {
        types.push_back(e.type);
        notBlack += e.policy != Policy::Black;
    }
    QUndoStack *stack = m_workspace.libraryDocument()->undoStack();
    m_proxy->setChangedOnly(true);
    QCOMPARE(m_proxy->rowCount(), 0);
    QElapsedTimer timer;
    timer.start();
    stack->push(new SetPolicyCommand(m_workspace.libraryDocument(), types, Policy::Black));
    const qint64 editMs = timer.elapsed();
    QCOMPARE(stack->count(), 1);
    QCOMPARE(stack->undoText(), QStringLiteral("Set %1 ops to black").arg(notBlack));
    QCOMPARE(m_proxy->rowCount(), notBlack); // the proxy follows dataChanged
    timer.start();
    stack->undo();
    const qint64 undoMs = timer.elapsed();
    QCOMPARE(m_proxy->rowCount(), 0);
    m_proxy->setChangedOnly(false);

    // The everyday case: W on one row of a 20,000-row table, sorted, with a view attached.
    QTableView view;
    view.setModel(m_proxy);
    view.setSortingEnabled(true);
    view.show();
    timer.start();
    stack->push(new SetPolicyCommand(m_workspace.libraryDocument(), {types[1]}, Policy::White));
    const qint64 oneMs = timer.elapsed();
    QCOMPARE(stack->undoText(),
             QStringLiteral("Set %1 to white").arg(QString::fromStdString(types[1])));
    stack->undo();
    timer.start();
    const PolicyTable table
        = PolicyTable::compute(m_workspace.libraryDocument()->library(), nullptr);
    const qint64 tableMs = timer.elapsed();
    timer.start();
    m_workspace.libraryDocument()->applyPolicies({});
    const qint64 recomputeMs = timer.elapsed();
    qInfo("20,000 ops: colour edit of one op with a sorted view %lld ms (policy table %lld ms, "
          "workspace recompute + model refresh %lld ms)",
          oneMs, tableMs, recomputeMs);
    QCOMPARE(int(table.all().size()), kOps);
    QVERIFY(oneMs < 250);
    qInfo("20,000 ops: colour edit of %d ops %lld ms, undo %lld ms", notBlack, editMs, undoMs);
    QVERIFY(editMs < 2000 && undoMs < 2000);
}

void TestLibraryModel::effectiveChangeNamesTheEditedTypes_data()
{
    QTest::addColumn<QList<int>>("ops"); // indexes into the library's ops (sorted by type)
    QTest::addColumn<int>("policy"); // to a colour none of them has: -1 picks one

    QTest::newRow("first op") << QList<int> {0} << -1;
    QTest::newRow("one in the middle") << QList<int> {kOps / 2} << -1;
    QTest::newRow("last op") << QList<int> {kOps - 1} << -1;
    QTest::newRow("three ops") << QList<int> {3, 4, 5} << -1;
}

void TestLibraryModel::effectiveChangeNamesTheEditedTypes()
{
    QFETCH(QList<int>, ops);
    QFETCH(int, policy);
    LibraryDocument *document = m_workspace.libraryDocument();
    for (Policy p : {Policy::White, Policy::Black, Policy::Gray})
        if (policy < 0 && std::none_of(ops.begin(), ops.end(), [&](int op) {
                return document->library().ops()[std::size_t(op)].policy == p;
            }))
            policy = int(p);
    QVERIFY(policy >= 0);
    std::vector<std::string> types;
    QSet<QString> expected;
    for (int op : ops) {
        const OpEntry &e = document->library().ops()[std::size_t(op)];
        QVERIFY(e.policy != Policy(policy)); // every one of them changes
        types.push_back(e.type);
        expected.insert(QString::fromStdString(e.type));
    }
    QSignalSpy effective(&m_workspace, &Workspace::effectiveChanged);
    QSignalSpy rows(m_model, &QAbstractItemModel::dataChanged);
    document->undoStack()->push(new SetPolicyCommand(document, types, Policy(policy)));
    QCOMPARE(effective.size(), 1);
    const OpTypeChange change = effective.takeFirst().at(0).value<OpTypeChange>();
    QVERIFY(!change.isEverything());
    QCOMPARE(change.types(), expected);
    // The model signals exactly the edited rows, found by type, not by a pass over all 20,000.
    QSet<int> signalled;
    for (const QList<QVariant> &args : rows) {
        const QModelIndex first = args.at(0).toModelIndex();
        const QModelIndex last = args.at(1).toModelIndex();
        for (int row = first.row(); row <= last.row(); ++row)
            signalled.insert(row);
    }
    QCOMPARE(signalled, QSet<int>(ops.begin(), ops.end()));
    for (int op : ops)
        QCOMPARE(int(m_model->index(op, 0).data(LibraryModel::LibraryPolicyRole).toInt()), policy);

    document->undoStack()->undo();
    QCOMPARE(effective.size(), 1);
    QCOMPARE(effective.takeFirst().at(0).value<OpTypeChange>().types(), expected);
}

void TestLibraryModel::mixlistEditChangesEverything()
{
    // A mixlist edit may move any type's colour: the listeners hear "everything".
    MixlistDocument *mixlist = m_workspace.mixlistDocument();
    Mixlist edited = mixlist->mixlist();
    const auto &ops = m_workspace.libraryDocument()->library().ops();
    const auto gray = std::find_if(ops.begin(), ops.end(),
                                   [](const OpEntry &e) { return e.policy == Policy::Gray; });
    QVERIFY(gray != ops.end());
    const std::string type = gray->type;
    const Policy before = m_workspace.policyTable().effective(type);
    QVERIFY(before != Policy::White);
    edited.add(MixlistList::White, MixlistAction::Add, type);
    QSignalSpy effective(&m_workspace, &Workspace::effectiveChanged);
    mixlist->undoStack()->push(
        new MixlistEditCommand(mixlist, edited, QStringLiteral("add to white")));
    QCOMPARE(effective.size(), 1);
    QVERIFY(effective.takeFirst().at(0).value<OpTypeChange>().isEverything());
    QCOMPARE(m_workspace.policyTable().effective(type), Policy::White);
    mixlist->undoStack()->undo();
    QCOMPARE(m_workspace.policyTable().effective(type), before);
}

void TestLibraryModel::viewPaintsFast()
{
    LibraryView view(&m_workspace);
    view.resize(1280, 800);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QElapsedTimer timer;
    timer.start();
    for (int i = 0; i < 10; ++i) {
        view.table()->scrollTo(view.proxy()->index(i * 1999, 0));
        (void)view.table()->viewport()->grab();
    }
    const qint64 ms = timer.elapsed();
    qInfo("20,000 ops: 10 scroll+paint rounds of the table %lld ms", ms);
    QVERIFY(ms < 2000);
}

// The file controller builds the rows, policy table and completion list on its worker thread
// (PreparedLibrary) and the reset adopts them; what the user sees must not depend on which path
// built them. Runs last: it replaces the library the other tests edit.
void TestLibraryModel::preparedResetShowsTheSame()
{
    const auto snapshot = [this] {
        QStringList cells;
        const int roles[] = {Qt::DisplayRole, Qt::ToolTipRole, LibraryModel::SortRole,
                             LibraryModel::ChangedRole, LibraryModel::EffectivePolicyRole};
        for (int row = 0; row < m_model->rowCount(); row += 97)
            for (int column = 0; column < m_model->columnCount(); ++column)
                for (int role : roles)
                    cells << m_model->index(row, column).data(role).toString();
        for (int row = 0; row + 1 < m_model->rowCount(); row += 997)
            cells << QString::number(m_model->typeRank(row));
        return cells;
    };
    Mixlist mixlist;
    mixlist.add(MixlistList::Black, MixlistAction::Add, "SyntheticOp1");
    mixlist.add(MixlistList::White, MixlistAction::Remove, "SyntheticOp0");
    mixlist.add(MixlistList::Gray, MixlistAction::Add, "OnlyInTheMixlist");
    m_workspace.mixlistDocument()->reset(mixlist, QString());

    m_workspace.libraryDocument()->reset(syntheticLibrary(), QStringLiteral("/synthetic"));
    const QStringList computed = snapshot();
    const QStringList computedTypes = m_workspace.opTypes();
    QCOMPARE(m_workspace.policyTable().effective("SyntheticOp0"),
             Policy::Gray); // white-list.to-remove

    OpLibrary library = syntheticLibrary();
    PreparedLibrary prepared = PreparedLibrary::build(library, mixlist, std::string());
    QCOMPARE(prepared.rows.rows.size(), std::size_t(kOps));
    m_workspace.libraryDocument()->reset(std::move(library), QStringLiteral("/synthetic"), {},
                                         std::move(prepared));
    QVERIFY(!m_workspace.libraryDocument()->preparedForReset()); // offered during the reset only
    QCOMPARE(m_model->rowCount(), kOps);
    QCOMPARE(snapshot(), computed);
    QCOMPARE(m_workspace.opTypes(), computedTypes);
    QCOMPARE(m_workspace.policyTable().effective("SyntheticOp0"), Policy::Gray);
    QCOMPARE(m_workspace.policyTable().effective("SyntheticOp1"), Policy::Black);
    QVERIFY(m_workspace.policyTable().find("OnlyInTheMixlist"));
    QVERIFY(!m_workspace.policyTable().find("OnlyInTheMixlist")->inLibrary);
    QCOMPARE(m_workspace.libraryDocument()->originalPolicy("SyntheticOp2"), Policy::Gray);
    QCOMPARE(m_workspace.libraryDocument()->originalPolicy("SyntheticOp1"), Policy::Black);
    QVERIFY(!m_workspace.libraryDocument()->isModified());
}

QTEST_MAIN(TestLibraryModel)
#include "tst_librarymodel.moc"
