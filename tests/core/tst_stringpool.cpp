// The string pool behind a graph's node names and op types: each row interns texts and checks that
// equal texts give the very same pooled bytes, that the pool owns its copies (the caller's buffer
// can go), and that views stay valid while the pool grows, and when the graph owning it moves or a
// second graph shares it.
#include "common/stringpool.h"
#include "graph/graph.h"

#include <QTest>

#include <memory>

using namespace opsinfo;

Q_DECLARE_METATYPE(std::vector<std::string>)

class TestStringPool : public QObject
{
    Q_OBJECT

private slots:
    void intern_data()
    {
        QTest::addColumn<std::vector<std::string>>("texts");
        QTest::addColumn<int>("distinct");
        QTest::addRow("one text") << std::vector<std::string> {"MatMulV2"} << 1;
        QTest::addRow("repeats share one copy")
            << std::vector<std::string> {"Add", "Mul", "Add", "Add", "Mul"} << 2;
        QTest::addRow("empty text is not stored") << std::vector<std::string> {"", "", "x"} << 1;
        QTest::addRow("prefixes are different texts")
            << std::vector<std::string> {"a", "ab", "abc", "ab"} << 3;
        std::vector<std::string> many;
        for (int i = 0; i < 50000; ++i)
            many.push_back("/model/layers." + std::to_string(i % 20000) + "/mlp/MatMul");
        QTest::addRow("growth across blocks and index resizes") << many << 20000;
        QTest::addRow("longer than a block")
            << std::vector<std::string> {std::string(300 * 1024, 'x'), "short",
                                         std::string(300 * 1024, 'x'), std::string(70000, 'y')}
            << 3;
    }

    void intern()
    {
        QFETCH(std::vector<std::string>, texts);
        QFETCH(int, distinct);
        StringPool pool;
        std::vector<std::string_view> views;
        for (const std::string &text : texts)
            views.push_back(pool.intern(text));
        QCOMPARE(pool.size(), std::size_t(distinct));
        for (std::size_t i = 0; i < texts.size(); ++i) {
            QCOMPARE(views[i], std::string_view(texts[i]));
            if (!texts[i].empty())
                QVERIFY(views[i].data() != texts[i].data()); // a copy, not the caller's bytes
            // The first view of a text is the one every later intern returns.
            const std::string_view again = pool.intern(texts[i]);
            QCOMPARE(static_cast<const void *>(again.data()),
                     static_cast<const void *>(views[i].data()));
        }
        for (std::string &text : texts)
            std::fill(text.begin(), text.end(), '#'); // the pool's copies must not change
        for (std::size_t i = 0; i < views.size(); ++i)
            QVERIFY(views[i].find('#') == std::string_view::npos);
    }

    // Positions key a text without hashing it again: 1, 2, ... in first-interned order.
    void positionsFollowFirstIntern()
    {
        StringPool pool;
        QCOMPARE(pool.internAt("").position, std::uint32_t(0));
        QCOMPARE(pool.internAt("Add").position, std::uint32_t(1));
        QCOMPARE(pool.internAt("Mul").position, std::uint32_t(2));
        const StringPool::Interned again = pool.internAt(std::string("Add"));
        QCOMPARE(again.position, std::uint32_t(1));
        QCOMPARE(static_cast<const void *>(again.text.data()),
                 static_cast<const void *>(pool.intern("Add").data()));
        for (int i = 0; i < 1000; ++i)
            QCOMPARE(pool.internAt("t" + std::to_string(i)).position, std::uint32_t(3 + i));
        QCOMPARE(pool.internAt("Mul").position, std::uint32_t(2));
    }

    void graphKeepsItsStringsWhenMovedAndShared()
    {
        auto source = std::make_unique<Graph>();
        {
            std::string name = "layer0/attn/Softmax";
            std::string type = "SoftmaxV2";
            Node node;
            node.name = source->intern(name);
            node.opType = source->intern(type);
            source->addNode(std::move(node));
        } // the texts the node was made from are gone
        Graph moved = std::move(*source);
        QCOMPARE(moved.indexOf("layer0/attn/Softmax"), 0);
        QCOMPARE(moved.nodes()[0].opType, std::string_view("SoftmaxV2"));

        // A second graph sharing the pool (as the graph view's skeleton does) keeps the copied
        // views valid after the first graph is gone.
        auto skeleton = std::make_unique<Graph>(moved.strings());
        Node copy;
        copy.name = moved.nodes()[0].name;
        copy.opType = moved.nodes()[0].opType;
        skeleton->addNode(std::move(copy));
        source.reset();
        moved = Graph();
        QCOMPARE(skeleton->nodes()[0].name, std::string_view("layer0/attn/Softmax"));
        QCOMPARE(skeleton->indexOf("layer0/attn/Softmax"), 0);
        QCOMPARE(skeleton->intern("SoftmaxV2").data(), skeleton->nodes()[0].opType.data());
    }
};

QTEST_APPLESS_MAIN(TestStringPool)
#include "tst_stringpool.moc"
