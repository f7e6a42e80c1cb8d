// writeKeepDtype: the keep_dtype file the app and `opsinfo advise --keep-dtype-out` write.
#include "export/keepdtypefile.h"

#include <QTest>

using namespace opsinfo;

class TestKeepDtypeFile : public QObject
{
    Q_OBJECT
private slots:
    void keepDtypeListsNamesThenSortedTypes_data()
    {
        QTest::addColumn<QStringList>("nodes");
        QTest::addColumn<QStringList>("types");
        QTest::addColumn<QString>("expected");
        QTest::newRow("names in order, types sorted once")
            << QStringList {"n1", "n0"} << QStringList {"Softmax", "Add", "Add"}
            << QStringLiteral("n1\nn0\nOpType::Add\nOpType::Softmax\n");
        QTest::newRow("a name selected twice is written once")
            << QStringList {"b", "a", "b"} << QStringList {} << QStringLiteral("b\na\n");
        QTest::newRow("empty names skipped")
            << QStringList {"", "x", ""} << QStringList {} << QStringLiteral("x\n");
        QTest::newRow("nothing") << QStringList {} << QStringList {} << QString();
    }

    void keepDtypeListsNamesThenSortedTypes()
    {
        QFETCH(QStringList, nodes);
        QFETCH(QStringList, types);
        QFETCH(QString, expected);
        std::vector<std::string> names, opTypes;
        for (const QString &n : nodes)
            names.push_back(n.toStdString());
        for (const QString &t : types)
            opTypes.push_back(t.toStdString());
        QCOMPARE(QString::fromStdString(writeKeepDtype(names, opTypes)), expected);
    }
};

QTEST_GUILESS_MAIN(TestKeepDtypeFile)
#include "tst_keepdtypefile.moc"
