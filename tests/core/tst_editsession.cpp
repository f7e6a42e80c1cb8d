// Load (issue 5): a session of 10,000 random colour edits with undo and redo against a generated
// 20,000-op library. Memory stays flat, and every sampled save is byte-correct: the library is
// canonical (json.dumps indent=4, sort_keys), so the saved bytes must equal the canonical
// serialization of the expected object. The app's QUndoStack is the app's; this is the same idea
// at core level, over OpsInfoEditor.
#include "common/filestamp.h"
#include "library/editcanonicaljson.h"
#include "library/editopsinfo.h"
#include "library/libraryloader.h"
#include "library/savefile.h"
#include "shareddata.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTest>

#include <cstring>
#include <fstream>
#include <optional>
#include <random>
#include <unistd.h>

using namespace opsinfo;

namespace {

// Resident set size from /proc/self/statm, in MiB.
double rssMiB()
{
    std::ifstream statm("/proc/self/statm");
    long pages = 0, resident = 0;
    statm >> pages >> resident;
    return double(resident) * double(::sysconf(_SC_PAGESIZE)) / (1024.0 * 1024.0);
}

// A canonical library of `ops` op types: a few tensors each, a third white, a third black.
OpsInfoObject generateLibrary(int ops, std::mt19937 &rng)
{
    static const char *const dtypes[]
        = {"float16,float", "float16,float,int32", "bfloat16,float16,float", "int8"};
    OpsInfoObject object;
    for (int i = 0; i < ops; ++i) {
        auto &op = object["Op" + std::to_string(i * 7919 % 100003)];
        const int inputs = 1 + int(rng() % 3);
        // one column count per op, as FE requires of every tensor (L6)
        const std::string dtype = dtypes[rng() % 4];
        for (int k = 0; k < inputs; ++k) {
            std::string format = "ND";
            for (char c : dtype)
                if (c == ',')
                    format += ",ND";
            op["input" + std::to_string(k)] = {{"name", "x" + std::to_string(k)},
                                               {"dtype", dtype},
                                               {"format", format},
                                               {"paramType", "required"}};
            if (k == 0)
                op["output0"] = {
                    {"name", "y"}, {"dtype", dtype}, {"format", format}, {"paramType", "required"}};
        }
        if (rng() % 4 != 0)
            op["opFile"] = {{"value", "op" + std::to_string(i)}};
        switch (rng() % 3) {
        case 0:
            op["precision_reduce"] = {{"flag", "true"}};
            break;
        case 1:
            op["precision_reduce"] = {{"flag", "false"}};
            break;
        default:
            break;
        }
    }
    return object;
}

Policy fileColour(const std::map<std::string, std::map<std::string, std::string>> &op)
{
    auto it = op.find("precision_reduce");
    if (it == op.end())
        return Policy::Gray;
    return it->second.at("flag") == "true" ? Policy::White : Policy::Black;
}

// What the saved file must be: the original object with each edited op's precision_reduce item
// set (white: "true", black: "false") or removed (gray).
std::string canonicalWithEdits(OpsInfoObject object, const PolicyEdits &edits)
{
    for (const auto &[type, policy] : edits) {
        auto &op = object.at(type);
        if (policy == Policy::Gray)
            op.erase("precision_reduce");
        else
            op["precision_reduce"] = {{"flag", policy == Policy::White ? "true" : "false"}};
    }
    return writeCanonicalJson(object);
}

// The core-level undo stack: each command records the op's edit before and after.
class EditSession
{
public:
    void set(const std::string &type, Policy policy)
    {
        Command c {type, current(type), policy};
        apply(c.type, c.after);
        m_undo.push_back(std::move(c));
        m_redo.clear();
    }
    bool undo()
    {
        if (m_undo.empty())
            return false;
        Command c = std::move(m_undo.back());
        m_undo.pop_back();
        apply(c.type, c.before);
        m_redo.push_back(std::move(c));
        return true;
    }
    bool redo()
    {
        if (m_redo.empty())
            return false;
        Command c = std::move(m_redo.back());
        m_redo.pop_back();
        apply(c.type, c.after);
        m_undo.push_back(std::move(c));
        return true;
    }
    const PolicyEdits &edits() const { return m_edits; }
    std::size_t undoDepth() const { return m_undo.size(); }

private:
    struct Command
    {
        std::string type;
        std::optional<Policy> before; // nullopt: the op was not edited
        std::optional<Policy> after;
    };
    std::optional<Policy> current(const std::string &type) const
    {
        auto it = m_edits.find(type);
        return it == m_edits.end() ? std::nullopt : std::optional<Policy>(it->second);
    }
    void apply(const std::string &type, std::optional<Policy> policy)
    {
        if (policy)
            m_edits[type] = *policy;
        else
            m_edits.erase(type);
    }
    PolicyEdits m_edits;
    std::vector<Command> m_undo;
    std::vector<Command> m_redo;
};

} // namespace

class TestEditSession : public QObject
{
    Q_OBJECT
private slots:
    // Fuzz finding (fuzz_edit_roundtrip): with an op defined twice, setting it to its own colour
    // (that of the last definition) rewrote the shadowed first definition, so undoing every edit
    // did not give the original bytes back.
    void settingTheFileColourChangesNothing_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::newRow("shadowed definition with two flags") << QByteArray(
            "{\n  \"Z\": {\"precision_reduce\": {\"flag\": \"true\"}, \"opFile\": {\"value\": \"z\"},\n"
            "         \"precision_reduce\": {\"flag\": \"false\"}},\n"
            "  \"Z\": {\"input0\": {\"name\": \"x\"}}\n}\n");
        QTest::newRow("shadowed white, winning black") << QByteArray(
            "{\"Z\":{\"precision_reduce\":{\"flag\":\"true\"}},\"Z\":{\"precision_reduce\":{\"flag\":\"false\"}}}");
    }
    void settingTheFileColourChangesNothing()
    {
        QFETCH(QByteArray, bytes);
        const OpsInfoEditor editor(bytes.toStdString(), "dup.json");
        QVERIFY(editor.isValid());
        const auto colour = editor.filePolicy("Z");
        QVERIFY(colour);
        const OpsInfoEditResult same = editor.apply({{"Z", *colour}});
        QVERIFY(same.ok());
        QCOMPARE(same.changedOps, 0);
        QCOMPARE(same.bytes, bytes.toStdString());
        // A real change still reaches every definition (loaders disagree on which one wins).
        const Policy other = *colour == Policy::White ? Policy::Black : Policy::White;
        const OpsInfoEditResult changed = editor.apply({{"Z", other}});
        QVERIFY(changed.ok());
        const OpsInfoEditor reread(changed.bytes, "dup.json");
        for (const ScannedOp &op : reread.scan().ops)
            for (const ScannedItem &item : op.items)
                if (item.member.key == "precision_reduce")
                    QVERIFY(changed.bytes.compare(
                                item.fields.front().valueBegin,
                                1 + std::strlen(other == Policy::White ? "true" : "false"),
                                other == Policy::White ? "\"true" : "\"false")
                            == 0);
    }

    void tenThousandEditsWithUndoRedo()
    {
        QElapsedTimer timer;
        timer.start();
        std::mt19937 rng(20261201);
        const int opCount = 20000;
        const OpsInfoObject object = generateLibrary(opCount, rng);
        QCOMPARE(int(object.size()), opCount);
        const std::string original = writeCanonicalJson(object);
        std::vector<std::string> types;
        for (const auto &[type, op] : object)
            types.push_back(type);

        QTemporaryDir tmp;
        QVERIFY(tmp.isValid());
        const std::string path = tmp.filePath("aic-synthetic-ops-info.json").toStdString();
        SaveOptions create;
        create.backup = false;
        QVERIFY(saveFileAtomically(path, original, create).ok);
        std::string loadedBytes;
        FileStamp stamp;
        QVERIFY(readFileStamped(path, loadedBytes, stamp));
        const OpsInfoEditor editor(loadedBytes, path);
        QVERIFY(editor.isValid());
        qInfo("library: %d ops, %zu bytes, generated in %lld ms", opCount, original.size(),
              timer.elapsed());

        EditSession session;
        const int steps = 10000;
        const int sampleEvery = 1000;
        int samples = 0;
        double rssAfterWarmUp = 0;
        double rssPeak = 0;
        for (int step = 1; step <= steps; ++step) {
            const unsigned roll = rng() % 10;
            if (roll < 6 || session.undoDepth() == 0)
                session.set(types[rng() % types.size()], Policy(rng() % 3));
            else if (roll < 8)
                session.undo();
            else
                session.redo();

            if (step % sampleEvery != 0)
                continue;
            // Save: apply to the loaded bytes, write through the safe save, compare with the
            // canonical serialization of what the session says the colours are.
            const OpsInfoEditResult result = editor.apply(session.edits());
            QVERIFY2(result.ok(),
                     result.diagnostics.empty()
                         ? ""
                         : formatDiagnostic(result.diagnostics.front()).c_str());
            const std::string expected = canonicalWithEdits(object, session.edits());
            if (result.bytes != expected) {
                std::size_t at = 0;
                while (at < expected.size() && at < result.bytes.size()
                       && expected[at] == result.bytes[at])
                    ++at;
                QFAIL(qPrintable(
                    QStringLiteral(
                        "step %1: saved bytes differ from the canonical form at byte %2: '%3' vs '%4'")
                        .arg(step)
                        .arg(at)
                        .arg(QString::fromStdString(result.bytes.substr(at > 40 ? at - 40 : 0, 80)),
                             QString::fromStdString(expected.substr(at > 40 ? at - 40 : 0, 80)))));
            }
            SaveOptions options;
            options.loadedStamp = stamp;
            options.backup = false;
            const SaveResult saved = saveFileAtomically(path, result.bytes, options);
            QVERIFY(saved.ok);
            stamp = saved.stamp;
            std::string onDisk;
            FileStamp ignored;
            QVERIFY(readFileStamped(path, onDisk, ignored));
            QVERIFY(onDisk == expected);
            ++samples;
            const double rss = rssMiB();
            if (samples == 2)
                rssAfterWarmUp = rss;
            rssPeak = std::max(rssPeak, rss);
        }
        QCOMPARE(samples, steps / sampleEvery);

        // The last save loads, and every op has the session's colour.
        const LibraryLoadResult loaded = loadLibraryFile(path);
        QVERIFY(loaded.ok());
        QCOMPARE(int(loaded.library.ops().size()), opCount);
        for (const auto &[type, op] : object) {
            auto it = session.edits().find(type);
            const Policy expected = it != session.edits().end() ? it->second : fileColour(op);
            QCOMPARE(loaded.library.find(type)->policy, expected);
        }

        // Undo everything: the original bytes exactly.
        while (session.undo()) { }
        QVERIFY(session.edits().empty());
        QVERIFY(editor.apply(session.edits()).bytes == original);

        // Flat: after warm-up (the first saves size the buffers), memory does not grow with the
        // number of edits. A leak of one file copy per save would add 20 x the file size.
        const double growth = rssPeak - rssAfterWarmUp;
        const double fileMiB = double(original.size()) / (1024.0 * 1024.0);
        qInfo(
            "%d steps, %d saves; RSS after warm-up %.1f MiB, peak %.1f MiB (+%.1f MiB; file %.1f MiB); %lld ms",
            steps, samples, rssAfterWarmUp, rssPeak, growth, fileMiB, timer.elapsed());
        QVERIFY2(growth < 3 * fileMiB + 16, qPrintable(QString("RSS grew by %1 MiB").arg(growth)));
        QVERIFY2(timer.elapsed() < 300000, "the session took longer than five minutes (hang?)");
    }
};

QTEST_GUILESS_MAIN(TestEditSession)
#include "tst_editsession.moc"
