// Where a graph's per-node arrays live, and how a large file is read without keeping it resident:
// the arena's runs keep their alignment and contents while blocks fill up, and a mapped file gives
// its pages back behind the reader while its bytes stay readable.
#include "common/arena.h"
#include "common/mappedfile.h"
#include "graph/graph.h"

#include <QTemporaryDir>
#include <QTest>

#include <cstdio>
#include <fstream>
#include <numeric>

using namespace opsinfo;

namespace {

// Resident pages of this process, from /proc/self/statm (0 where there is none).
std::size_t residentBytes()
{
    std::FILE *statm = std::fopen("/proc/self/statm", "r");
    if (!statm)
        return 0;
    long size = 0, resident = 0;
    const bool read = std::fscanf(statm, "%ld %ld", &size, &resident) == 2;
    std::fclose(statm);
    return read ? std::size_t(resident) * 4096 : 0;
}

} // namespace

class TestArena : public QObject
{
    Q_OBJECT

private slots:
    void copiesKeepContentsAndAlignment_data()
    {
        QTest::addColumn<int>("runs");
        QTest::addColumn<int>("length");
        QTest::addRow("one short run") << 1 << 3;
        QTest::addRow("many runs across blocks") << 20000 << 7;
        QTest::addRow("runs longer than a quarter block get their own") << 8 << 10000;
    }

    void copiesKeepContentsAndAlignment()
    {
        QFETCH(int, runs);
        QFETCH(int, length);
        Arena arena;
        std::vector<std::span<std::int64_t>> copies;
        std::vector<std::int64_t> items(static_cast<std::size_t>(length));
        for (int r = 0; r < runs; ++r) {
            std::iota(items.begin(), items.end(), std::int64_t(r) * 1000);
            // An odd-sized text between runs: the next run must still be aligned.
            arena.allocate(std::size_t(r % 5 + 1), 1);
            copies.push_back(arena.copy(std::span<const std::int64_t>(items)));
        }
        for (int r = 0; r < runs; ++r) {
            const auto &copy = copies[std::size_t(r)];
            QCOMPARE(copy.size(), std::size_t(length));
            QCOMPARE(std::uintptr_t(copy.data()) % alignof(std::int64_t), std::uintptr_t(0));
            for (int i = 0; i < length; ++i)
                QCOMPARE(copy[std::size_t(i)], std::int64_t(r) * 1000 + i);
        }
        QVERIFY(arena.reservedBytes() >= std::size_t(runs) * std::size_t(length) * 8);
        QVERIFY(arena.copy(std::span<const std::int64_t>()).empty());
    }

    // A node's lists stored by its graph survive the graph's move and a resize keeps the items.
    void graphStoresNodeLists()
    {
        Graph graph;
        Node node;
        node.name = graph.intern("mm");
        node.inputs
            = graph.store(std::vector<NodeInput> {{graph.intern("x")}, {graph.intern("w")}});
        const std::vector<std::int64_t> dims {2, 3};
        node.outputs = graph.store({NodeOutput {{}, DType::Float16, graph.storeShape(dims)}});
        graph.addNode(std::move(node));
        Graph moved = std::move(graph);
        Node &stored = moved.nodes()[0];
        QCOMPARE(stored.inputs.size(), std::size_t(2));
        QCOMPARE(stored.inputs[1].producerName, std::string_view("w"));
        moved.resize(stored.outputs, 3);
        QCOMPARE(stored.outputs.size(), std::size_t(3));
        QCOMPARE(stored.outputs[0].dtype, DType::Float16);
        QCOMPARE(std::vector(stored.outputs[0].shape.begin(), stored.outputs[0].shape.end()), dims);
        QCOMPARE(stored.outputs[2].dtype, DType::Undefined);
        moved.resize(stored.outputs, 1);
        QCOMPARE(stored.outputs.size(), std::size_t(1));
        QVERIFY_THROWS_EXCEPTION(std::out_of_range, stored.outputs.at(1));
    }

    void mappedFileReleasesPagesAndStaysReadable()
    {
#if !defined(__linux__)
        QSKIP("resident pages are read from /proc");
#else
        QTemporaryDir dir;
        const std::string path = dir.filePath("big.bin").toStdString();
        constexpr std::size_t kBytes = 32 * 1024 * 1024;
        {
            std::ofstream out(path, std::ios::binary);
            std::string chunk(4096, '\0');
            for (std::size_t i = 0; i < kBytes / chunk.size(); ++i) {
                std::fill(chunk.begin(), chunk.end(), char('a' + i % 26));
                out.write(chunk.data(), std::streamsize(chunk.size()));
            }
            out.write("tail", 4); // not a whole number of pages: the file is mapped, not read
        }
        const auto file = MappedFile::open(path);
        QVERIFY(file);
        const std::string_view bytes = file->bytes();
        auto sum = [&] {
            std::size_t total = 0;
            for (std::size_t i = 0; i < bytes.size(); i += 4096)
                total += std::size_t(bytes[i]);
            return total;
        };
        const std::size_t expected = sum();
        const std::size_t touched = residentBytes();
        file->releaseBefore(bytes.data() + 1024); // less than a step: nothing to give back yet
        QVERIFY(residentBytes() + 4 * 1024 * 1024 > touched);
        file->releaseBefore(bytes.data() + bytes.size());
        const std::size_t released = residentBytes();
        QVERIFY2(released + kBytes / 2 < touched,
                 qPrintable(QStringLiteral("resident %1 -> %2").arg(touched).arg(released)));
        QCOMPARE(sum(), expected); // the bytes map back in unchanged
        // A second pass from the start releases behind it again.
        for (std::size_t at = 0; at < bytes.size(); at += 1024 * 1024)
            file->releaseBefore(bytes.data() + at);
        file->releaseBefore(bytes.data() + bytes.size());
        QVERIFY(residentBytes() + kBytes / 2 < touched);
        file->releaseBefore(nullptr); // outside the bytes: ignored
#endif
    }
};

QTEST_APPLESS_MAIN(TestArena)
#include "tst_arena.moc"
