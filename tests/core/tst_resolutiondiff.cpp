// The dtype transitions of a resolution diff (issue 23): one count for `opsinfo resolve diff` and
// the app's diff panel, keyed by (from, to) decisions, and the CLI's words for them.
#include "diff/resolutiondiff.h"

#include <QStringList>
#include <QTest>

#include <deque>

using namespace opsinfo;

namespace {

Engine parseEngine(const QString &name)
{
    for (Engine engine : {Engine::None, Engine::AICore, Engine::AICPU, Engine::GE})
        if (name == QLatin1String(engineName(engine)))
            return engine;
    qFatal("unknown engine %s", qPrintable(name));
}

// "float16/AICPU": a dtype and an engine; "/GE" has no dtype.
Decision parseDecision(const QString &text)
{
    const QStringList parts = text.split(QLatin1Char('/'));
    Q_ASSERT(parts.size() == 2);
    return {parseOpsInfoDType(parts[0].toStdString()), parseEngine(parts[1])};
}

// Changed nodes written "float32/AICore>float16/AICore", one per entry; the diff points into
// `nodes`, which keeps them.
ResolutionDiff diffOf(const QStringList &changes, std::deque<NodeResolution> &nodes)
{
    ResolutionDiff diff;
    for (const QString &change : changes) {
        const QStringList sides = change.split(QLatin1Char('>'));
        Q_ASSERT(sides.size() == 2);
        NodeChange c;
        for (const NodeResolution **side : {&c.a, &c.b}) {
            const Decision d = parseDecision(sides[side == &c.a ? 0 : 1]);
            NodeResolution &node = nodes.emplace_back();
            node.dtype = d.dtype;
            node.engine = d.engine;
            *side = &node;
        }
        c.index = int(diff.changed.size());
        diff.changed.push_back(c);
    }
    return diff;
}

} // namespace

class TestResolutionDiff : public QObject
{
    Q_OBJECT

private slots:
    void decisionLabel_data();
    void decisionLabel();
    void transitionCounts_data();
    void transitionCounts();
};

void TestResolutionDiff::decisionLabel_data()
{
    QTest::addColumn<QString>("decision");
    QTest::addColumn<QString>("label");

    QTest::newRow("AI Core") << "float16/AICore"
                             << "float16";
    QTest::newRow("never decided") << "int32/none"
                                   << "int32";
    QTest::newRow("AI CPU") << "float16/AICPU"
                            << "float16 (AICPU)";
    QTest::newRow("GE op") << "float32/GE"
                           << "float32 (GE)";
    QTest::newRow("bf16") << "bfloat16/AICore"
                          << "bfloat16";
    QTest::newRow("no dtype") << "/GE"
                              << " (GE)";
}

void TestResolutionDiff::decisionLabel()
{
    QFETCH(QString, decision);
    QFETCH(QString, label);
    QCOMPARE(QString::fromStdString(opsinfo::decisionLabel(parseDecision(decision))), label);
}

void TestResolutionDiff::transitionCounts_data()
{
    QTest::addColumn<QStringList>("changes");
    QTest::addColumn<int>("keys"); // distinct (from, to) decisions
    QTest::addColumn<QStringList>("byLabel"); // "label=count", in label order

    QTest::newRow("none changed") << QStringList() << 0 << QStringList();
    QTest::newRow("one") << QStringList {"float32/AICore>float16/AICore"} << 1
                         << QStringList {"float32->float16=1"};
    QTest::newRow("same way twice")
        << QStringList {"float32/AICore>float16/AICore", "float32/AICore>float16/AICore",
                        "float16/AICore>float32/AICore"}
        << 2 << QStringList {"float16->float32=1", "float32->float16=2"};
    QTest::newRow("to AI CPU") << QStringList {"float16/AICore>float16/AICPU"} << 1
                               << QStringList {"float16->float16 (AICPU)=1"};
    QTest::newRow("GE op and AI CPU apart")
        << QStringList {"float16/GE>float32/GE", "float16/AICPU>float32/AICPU",
                        "float16/AICPU>float32/AICPU"}
        << 2 << QStringList {"float16 (AICPU)->float32 (AICPU)=2", "float16 (GE)->float32 (GE)=1"};
    // An engine that is no word of the label (none, AI Core) keeps its own key but counts with the
    // transition it reads as.
    QTest::newRow("none and AI Core read alike")
        << QStringList {"float16/none>float32/AICore", "float16/AICore>float32/AICore"} << 2
        << QStringList {"float16->float32=2"};
}

void TestResolutionDiff::transitionCounts()
{
    QFETCH(QStringList, changes);
    QFETCH(int, keys);
    QFETCH(QStringList, byLabel);
    std::deque<NodeResolution> nodes;
    const ResolutionDiff diff = diffOf(changes, nodes);

    const std::map<DtypeTransition, std::size_t> counts = countTransitions(diff);
    QCOMPARE(int(counts.size()), keys);
    std::size_t total = 0;
    for (const auto &[transition, count] : counts)
        total += count;
    QCOMPARE(total, std::size_t(changes.size()));

    QStringList actual;
    for (const auto &[label, count] : countTransitionsByLabel(diff))
        actual << QStringLiteral("%1=%2").arg(QString::fromStdString(label)).arg(count);
    QCOMPARE(actual, byLabel);
}

QTEST_APPLESS_MAIN(TestResolutionDiff)
#include "tst_resolutiondiff.moc"
