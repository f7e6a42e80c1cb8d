// The engine's guards on files the user names (core/common inputfile, outputfile, textescape,
// jsontext) and the CLI's name filter: what is refused, with what message, and that nothing the
// user had is lost. The CLI matrix (tst_climatrix) runs the same cases through every command.
#include "cli/namefilter.h"
#include "common/atomicfile.h"
#include "common/inputfile.h"
#include "common/jsontext.h"
#include "common/outputfile.h"
#include "common/textescape.h"

#include <nlohmann/json.hpp>

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

#include <atomic>
#include <fcntl.h>
#include <sstream>
#include <sys/file.h>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

using namespace opsinfo;

namespace {

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}

QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

std::string s(const QString &text)
{
    return text.toStdString();
}

QString joined(const std::vector<Diagnostic> &diagnostics)
{
    QStringList lines;
    for (const Diagnostic &d : diagnostics)
        lines << QString::fromStdString(formatDiagnostic(d));
    return lines.join('\n');
}

bool hasCode(const std::vector<Diagnostic> &diagnostics, const std::string &code)
{
    for (const Diagnostic &d : diagnostics)
        if (d.code == code)
            return true;
    return false;
}

FileStamp stampOf(const QString &path)
{
    std::string bytes;
    FileStamp stamp;
    readFileStamped(s(path), bytes, stamp);
    return stamp;
}

// Pretends the file system is mounted read-only, or that fchown is not allowed (not root).
class PretendFileSystem : public FileSystemOps
{
public:
    bool readOnly = false;
    bool refuseChown = false;
    bool readOnlyFileSystem(const std::string &path) override
    {
        return readOnly || FileSystemOps::readOnlyFileSystem(path);
    }
    int fchown(int fd, uid_t owner, gid_t group) override
    {
        if (refuseChown) {
            errno = EPERM;
            return -1;
        }
        return FileSystemOps::fchown(fd, owner, group);
    }
};

} // namespace

class TestFileGuards : public QObject
{
    Q_OBJECT
private:
    QTemporaryDir m_tmp;
    QString path(const QString &name) const { return m_tmp.filePath(name); }

private slots:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        QVERIFY(writeFile(path("small.json"), "{}\n"));
        QVERIFY(QDir(m_tmp.path()).mkpath("folder"));
        QVERIFY(::mkfifo(s(path("fifo")).c_str(), 0644) == 0);
        // Sparse: a 1 GiB file that takes no disk space.
        const int fd = ::open(s(path("huge.json")).c_str(), O_CREAT | O_WRONLY | O_TRUNC, 0644);
        QVERIFY(fd >= 0);
        QVERIFY(::ftruncate(fd, off_t(1) << 30) == 0);
        ::close(fd);
        QVERIFY(QFile::link(path("small.json"), path("link.json")));
        QVERIFY(QFile::link(path("nowhere.json"), path("dangling.json")));
        QVERIFY(writeFile(path("limit.txt"), QByteArray(100, 'x')));
    }

    void readInput_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("limit");
        QTest::addColumn<int>("kind"); // -1: read fine
        QTest::addColumn<QString>("fragment");
        const int MiB = 1 << 20;
        QTest::newRow("regular") << path("small.json") << MiB << -1 << QString();
        QTest::newRow("symlink to a file") << path("link.json") << MiB << -1 << QString();
        QTest::newRow("exactly the limit") << path("limit.txt") << 100 << -1 << QString();
        QTest::newRow("one byte over") << path("limit.txt") << 99 << int(InputFailureKind::TooLarge)
                                       << "above the limit of 99 bytes";
        QTest::newRow("folder") << path("folder") << MiB << int(InputFailureKind::NotAFile)
                                << "is a folder";
        QTest::newRow("fifo") << path("fifo") << MiB << int(InputFailureKind::NotAFile)
                              << "named pipe (FIFO)";
        QTest::newRow("/dev/zero")
            << "/dev/zero" << MiB << int(InputFailureKind::NotAFile) << "character device";
        QTest::newRow("1 GiB sparse")
            << path("huge.json") << 16 * MiB << int(InputFailureKind::TooLarge)
            << "1073741824 bytes, above the limit of 16 MiB";
        QTest::newRow("missing") << path("missing.json") << MiB << int(InputFailureKind::Missing)
                                 << "No such file or directory";
        QTest::newRow("dangling symlink")
            << path("dangling.json") << MiB << int(InputFailureKind::Missing)
            << "No such file or directory";
        QTest::newRow("empty name")
            << QString() << MiB << int(InputFailureKind::Missing) << "empty file name";
    }
    void readInput()
    {
        QFETCH(QString, file);
        QFETCH(int, limit);
        QFETCH(int, kind);
        QFETCH(QString, fragment);
        QElapsedTimer timer;
        timer.start();
        std::string bytes;
        FileStamp stamp;
        const auto failure
            = readInputFile(s(file), {"a test file", std::size_t(limit)}, bytes, &stamp);
        QVERIFY2(timer.elapsed() < 2000,
                 "refused or read quickly, never waiting on a pipe or device");
        if (kind < 0) {
            QVERIFY2(!failure, failure ? failure->message.c_str() : "");
            QCOMPARE(QByteArray::fromStdString(bytes), readFile(file));
            QVERIFY(stamp.exists);
            QCOMPARE(stamp.size, std::uint64_t(bytes.size()));
            return;
        }
        QVERIFY(failure);
        QCOMPARE(int(failure->kind), kind);
        QVERIFY(bytes.empty());
        const Diagnostic d = failure->diagnostic();
        QVERIFY2(QString::fromStdString(d.message).contains(fragment), d.message.c_str());
        QVERIFY(isInputFailure(d));
        QVERIFY(!d.hint.empty());
        // The same without reading.
        const auto checked = checkInputFile(s(file), {"a test file", std::size_t(limit)});
        QVERIFY(checked);
        QCOMPARE(int(checked->kind), kind);
    }

    // A file that grows while it is read is cut off at the limit, not read to its end.
    void growingFileIsRefusedAtTheLimit()
    {
        const std::string file = s(path("growing.txt"));
        QVERIFY(writeFile(path("growing.txt"), "start"));
        std::atomic<bool> stop {false};
        std::thread writer([&] {
            const int fd = ::open(file.c_str(), O_WRONLY | O_APPEND);
            const std::string chunk(4096, 'g');
            while (!stop && ::write(fd, chunk.data(), chunk.size()) > 0) { }
            ::close(fd);
        });
        std::string bytes;
        std::optional<InputFailure> failure;
        QElapsedTimer timer;
        timer.start();
        while (!failure && timer.elapsed() < 20000) {
            failure = readInputFile(file, {"a test file", 1 << 20}, bytes);
            QVERIFY(bytes.size() <= std::size_t(1 << 20));
        }
        stop = true;
        writer.join();
        QVERIFY(failure);
        QCOMPARE(failure->kind, InputFailureKind::TooLarge);
    }

    // Writing onto an input of the command is refused however the input is reached.
    void refusesInputs_data()
    {
        QTest::addColumn<QString>("target");
        QTest::addColumn<QString>("fragment");
        QVERIFY(QDir(m_tmp.path()).mkpath("lib/ascend910b"));
        QVERIFY(writeFile(path("lib/ascend910b/aic-ascend910b-ops-info.json"), "{}\n"));
        QVERIFY(writeFile(path("model.onnx"), "model"));
        QFile::link(path("model.onnx"), path("model-link.onnx"));
        ::link(s(path("model.onnx")).c_str(), s(path("model-hard.onnx")).c_str());
        QFile::link(path("lib"), path("lib-link"));
        QTest::newRow("the input itself") << path("model.onnx") << "this command reads it";
        QTest::newRow("another spelling") << m_tmp.path() + "/./lib/../model.onnx"
                                          << "this command reads it";
        QTest::newRow("a symlink to it") << path("model-link.onnx") << "this command reads it";
        QTest::newRow("a hard link to it") << path("model-hard.onnx") << "this command reads it";
        QTest::newRow("a file of the library folder")
            << path("lib/ascend910b/aic-ascend910b-ops-info.json") << "inside";
        QTest::newRow("a new file in the library folder")
            << path("lib/ascend910b/mixlist.json") << "inside";
        QTest::newRow("through a linked folder")
            << path("lib-link/ascend910b/new.json") << "inside";
    }
    void refusesInputs()
    {
        QFETCH(QString, target);
        QFETCH(QString, fragment);
        InputSet inputs;
        inputs.add(s(path("model.onnx")));
        inputs.add(s(path("lib")));
        const QByteArray before = readFile(target);
        OutputOptions options;
        options.inputs = &inputs;
        options.audience = WriteAudience::Cli;
        const OutputResult result = writeOutputFile(s(target), "overwritten", options);
        QVERIFY(!result.ok);
        QVERIFY2(hasCode(result.diagnostics, "output-is-input"),
                 qPrintable(joined(result.diagnostics)));
        QVERIFY2(joined(result.diagnostics).contains(fragment),
                 qPrintable(joined(result.diagnostics)));
        QCOMPARE(readFile(target), before);
        QCOMPARE(readFile(path("model.onnx")), QByteArray("model"));
        // Elsewhere is fine.
        const OutputResult elsewhere = writeOutputFile(s(path("chart.svg")), "<svg/>", options);
        QVERIFY2(elsewhere.ok, qPrintable(joined(elsewhere.diagnostics)));
    }

    // A folder, pipe or device is never replaced by a plain file (as root, /dev/null could be).
    void refusesTargetsThatAreNotFiles_data()
    {
        QTest::addColumn<QString>("target");
        QTest::addColumn<QString>("fragment");
        QTest::newRow("folder") << path("folder") << "is a folder";
        QTest::newRow("fifo") << path("fifo") << "named pipe";
        QTest::newRow("/dev/null") << "/dev/null"
                                   << "character device";
        QTest::newRow("/dev/full") << "/dev/full"
                                   << "character device";
        QTest::newRow("missing folder") << path("no/such/folder/out.json") << "does not exist";
        QTest::newRow("dangling link")
            << path("dangling.json") << "symbolic link to a missing file";
    }
    void refusesTargetsThatAreNotFiles()
    {
        QFETCH(QString, target);
        QFETCH(QString, fragment);
        OutputOptions options;
        options.audience = WriteAudience::Cli;
        const OutputResult result = writeOutputFile(s(target), "x", options);
        QVERIFY(!result.ok);
        QVERIFY2(joined(result.diagnostics).contains(fragment),
                 qPrintable(joined(result.diagnostics)));
        QVERIFY2(!joined(result.diagnostics).contains("Save As"),
                 "a command-line message offers no Save As");
        struct stat st = {};
        if (target.startsWith("/dev/")) {
            QVERIFY(::stat(s(target).c_str(), &st) == 0 && S_ISCHR(st.st_mode));
        }
        QVERIFY(!QFile::exists(path("nowhere.json")));
    }

    // Owner, group and permission bits of the replaced file stay; as root the owner can be anyone.
    void keepsOwnerGroupAndMode()
    {
        const QString file = path("owned.json");
        QVERIFY(writeFile(file, "old"));
        QVERIFY(::chmod(s(file).c_str(), 0640) == 0);
        const bool root = ::geteuid() == 0;
        if (root)
            QVERIFY(::chown(s(file).c_str(), 4242, 4343) == 0);
        OutputOptions options;
        options.expectedStamp = stampOf(file);
        const OutputResult result = writeOutputFile(s(file), "new", options);
        QVERIFY2(result.ok, qPrintable(joined(result.diagnostics)));
        struct stat st = {};
        QVERIFY(::stat(s(file).c_str(), &st) == 0);
        QCOMPARE(st.st_mode & 07777, mode_t(0640));
        if (root) {
            QCOMPARE(st.st_uid, uid_t(4242));
            QCOMPARE(st.st_gid, gid_t(4343));
        }
        QCOMPARE(readFile(file), QByteArray("new"));
    }

    // When the owner cannot be kept (not root), nothing is written and the message says why.
    void ownerThatCannotBeKeptRefusesTheSave()
    {
        const QString file = path("foreign.json");
        QVERIFY(writeFile(file, "old"));
        if (::geteuid() == 0)
            QVERIFY(::chown(s(file).c_str(), 4242, 4343) == 0);
        PretendFileSystem fs;
        fs.refuseChown = true;
        OutputOptions options;
        options.fileSystem = &fs;
        options.audience = WriteAudience::Cli;
        const OutputResult result = writeOutputFile(s(file), "new", options);
        struct stat st = {};
        QVERIFY(::stat(s(file).c_str(), &st) == 0);
        if (st.st_uid == ::geteuid() && st.st_gid == ::getegid()) {
            QVERIFY(result.ok); // our own file: nothing to give away
            return;
        }
        QVERIFY(!result.ok);
        QVERIFY2(hasCode(result.diagnostics, "save-owner"), qPrintable(joined(result.diagnostics)));
        QCOMPARE(readFile(file), QByteArray("old"));
        QCOMPARE(QDir(m_tmp.path()).entryList({".foreign*"}, QDir::Hidden | QDir::Files).size(), 0);
    }

    // A hard link cannot follow an atomic save: said, naming the other name.
    void brokenHardLinkIsReported()
    {
        const QString file = path("linked.json");
        const QString other = path("other-name.json");
        QVERIFY(writeFile(file, "old"));
        QVERIFY(::link(s(file).c_str(), s(other).c_str()) == 0);
        const OutputResult result = writeOutputFile(s(file), "new");
        QVERIFY(result.ok);
        QVERIFY2(hasCode(result.diagnostics, "save-hard-link-broken"),
                 qPrintable(joined(result.diagnostics)));
        QVERIFY2(joined(result.diagnostics).contains(other),
                 qPrintable(joined(result.diagnostics)));
        QCOMPARE(readFile(file), QByteArray("new"));
        QCOMPARE(readFile(other), QByteArray("old"));
    }

    // Many saves in the same millisecond: every backup has its own name and content.
    void backupsNeverShareAName()
    {
        const QString file = path("edited.json");
        const QString backups = path("backups");
        QVERIFY(writeFile(file, "0"));
        for (int i = 1; i <= 20; ++i) {
            OutputOptions options;
            options.expectedStamp = stampOf(file);
            options.backup = true;
            options.backupDir = s(backups);
            const OutputResult result = writeOutputFile(s(file), std::to_string(i), options);
            QVERIFY2(result.ok, qPrintable(joined(result.diagnostics)));
        }
        const QStringList names = QDir(backups).entryList(QDir::Files);
        QCOMPARE(names.size(), 20);
        QSet<QByteArray> contents;
        for (const QString &name : names)
            contents.insert(readFile(backups + "/" + name));
        QCOMPARE(contents.size(), 20); // 0..19: every replaced content kept once
        QVERIFY(contents.contains("0") && contents.contains("19"));
    }

    // An in-place edit waits for another program's lock, then checks the file again under it.
    void lockIsWaitedForAndContentRechecked_data()
    {
        QTest::addColumn<bool>("changedMeanwhile");
        QTest::newRow("unchanged: the edit goes through") << false;
        QTest::newRow("changed: the edit is refused") << true;
    }
    void lockIsWaitedForAndContentRechecked()
    {
        QFETCH(bool, changedMeanwhile);
        const QString file = path("locked.json");
        QVERIFY(writeFile(file, "as loaded"));
        const FileStamp loaded = stampOf(file);
        const int holder = ::open(s(file).c_str(), O_RDWR);
        QVERIFY(holder >= 0 && ::flock(holder, LOCK_EX) == 0);
        OutputResult result;
        std::atomic<bool> done {false};
        std::thread saver([&] {
            OutputOptions options;
            options.expectedStamp = loaded;
            options.audience = WriteAudience::Cli;
            result = writeOutputFile(s(file), "our edit", options);
            done = true;
        });
        QTest::qWait(300);
        QVERIFY2(!done, "the save waited for the lock");
        if (changedMeanwhile) {
            const std::string theirs = "their edit, made under the lock";
            QVERIFY(::pwrite(holder, theirs.data(), theirs.size(), 0) == ssize_t(theirs.size()));
        }
        ::flock(holder, LOCK_UN);
        ::close(holder);
        saver.join();
        if (changedMeanwhile) {
            QVERIFY(!result.ok);
            QVERIFY2(hasCode(result.diagnostics, "save-changed-on-disk"),
                     qPrintable(joined(result.diagnostics)));
            QVERIFY(readFile(file).startsWith("their edit"));
            QVERIFY2(!joined(result.diagnostics).contains("Save As"),
                     qPrintable(joined(result.diagnostics)));
        } else {
            QVERIFY2(result.ok, qPrintable(joined(result.diagnostics)));
            QCOMPARE(readFile(file), QByteArray("our edit"));
        }
    }

    void lockHeldTooLongIsRefused()
    {
        const QString file = path("stuck.json");
        QVERIFY(writeFile(file, "x"));
        const int holder = ::open(s(file).c_str(), O_RDONLY);
        QVERIFY(holder >= 0 && ::flock(holder, LOCK_EX) == 0);
        OutputOptions options;
        options.expectedStamp = stampOf(file);
        options.lockWaitMs = 200;
        const OutputResult result = writeOutputFile(s(file), "y", options);
        ::close(holder);
        QVERIFY(!result.ok);
        QVERIFY2(hasCode(result.diagnostics, "save-locked"),
                 qPrintable(joined(result.diagnostics)));
        QCOMPARE(readFile(file), QByteArray("x"));
    }

    // A read-only file system is said as such, without chmod advice (chmod cannot help there).
    void readOnlyFileSystemIsNamed_data()
    {
        QTest::addColumn<int>("audience");
        QTest::newRow("cli") << int(WriteAudience::Cli);
        QTest::newRow("app") << int(WriteAudience::App);
    }
    void readOnlyFileSystemIsNamed()
    {
        QFETCH(int, audience);
        PretendFileSystem fs;
        fs.readOnly = true;
        OutputOptions options;
        options.fileSystem = &fs;
        options.audience = WriteAudience(audience);
        const OutputResult result = writeOutputFile(s(path("small.json")), "x", options);
        QVERIFY(!result.ok);
        QVERIFY2(hasCode(result.diagnostics, "save-read-only-file-system"),
                 qPrintable(joined(result.diagnostics)));
        QVERIFY(!joined(result.diagnostics).contains("chmod"));
        QCOMPARE(joined(result.diagnostics).contains("Save As"),
                 audience == int(WriteAudience::App));
        QCOMPARE(readFile(path("small.json")), QByteArray("{}\n"));
    }

    void terminalSafe_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QByteArray>("shown");
        QTest::newRow("plain") << QByteArray("MatMulV2") << QByteArray("MatMulV2");
        QTest::newRow("utf-8 kept") << QByteArray("算子 Ω") << QByteArray("算子 Ω");
        QTest::newRow("title and clear")
            << QByteArray("a\x1b]0;x\x07\x1b[2J") << QByteArray("a\\e]0;x\\x07\\e[2J");
        QTest::newRow("line forging")
            << QByteArray("a\nerror: fake\r") << QByteArray("a\\nerror: fake\\r");
        QTest::newRow("DEL and NUL")
            << QByteArray("a\x7f", 2) + QByteArray(1, '\0') << QByteArray("a\\x7f\\x00");
        QTest::newRow("C1 CSI") << QByteArray("a\xc2\x9b"
                                              "2J")
                                << QByteArray("a\\u{009B}2J");
        QTest::newRow("bidi override") << QByteArray("abc\xe2\x80\xae"
                                                     "cba")
                                       << QByteArray("abc\\u{202E}cba");
        QTest::newRow("not utf-8") << QByteArray("n\xff\xfe") << QByteArray("n\\xff\\xfe");
        QTest::newRow("overlong") << QByteArray("\xc0\xaf") << QByteArray("\\xc0\\xaf");
        QTest::newRow("surrogate") << QByteArray("\xed\xa0\x80") << QByteArray("\\xed\\xa0\\x80");
        QTest::newRow("cut sequence") << QByteArray("\xe7\xae") << QByteArray("\\xe7\\xae");
    }
    void terminalSafe()
    {
        QFETCH(QByteArray, text);
        QFETCH(QByteArray, shown);
        QCOMPARE(QByteArray::fromStdString(opsinfo::terminalSafe(text.toStdString())), shown);
        QCOMPARE(isTerminalSafe(text.toStdString()), text == shown);
        // A whole message keeps its line breaks and tabs.
        QCOMPARE(QByteArray::fromStdString(opsinfo::terminalSafe("a\tb\nc", true)),
                 QByteArray("a\tb\nc"));
    }

    // What XML 1.0 cannot hold is replaced; the document always parses.
    void xmlEscapeAlwaysParses()
    {
        const std::string hostile
            = std::string("a&b<c>\"d\x1b[2J\x01\t\n\r") + "\xff\xfe" + "\xef\xbf\xbe" + "算";
        const std::string xml
            = "<r a=\"" + xmlEscape(hostile) + "\">" + xmlEscape(hostile) + "</r>";
        QXmlStreamReader reader(QByteArray::fromStdString(xml));
        QString attribute, text;
        while (!reader.atEnd()) {
            if (reader.readNext() == QXmlStreamReader::StartElement) {
                attribute = reader.attributes().value("a").toString();
                text = reader.readElementText();
            }
        }
        QVERIFY2(!reader.hasError(),
                 qPrintable(reader.errorString() + "\n" + QString::fromStdString(xml)));
        QCOMPARE(attribute, text);
        QVERIFY(attribute.startsWith("a&b<c>\"d\\x1b[2J\\x01\t\n\r\\xff\\xfe\\xef\\xbf\\xbe"));
        QVERIFY(attribute.endsWith(QString::fromUtf8("算")));
    }

    void githubEscape_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<bool>("property");
        QTest::addColumn<QByteArray>("escaped");
        QTest::newRow("message") << QByteArray("50% of a:b,c\r\nnext") << false
                                 << QByteArray("50%25 of a:b,c%0D%0Anext");
        QTest::newRow("property") << QByteArray("C:\\x,y%") << true << QByteArray("C%3A\\x%2Cy%25");
        QTest::newRow("forged command")
            << QByteArray("x\n::error::forged") << false << QByteArray("x%0A::error::forged");
        QTest::newRow("escape bytes")
            << QByteArray("a\x1b[31mb\xff") << false << QByteArray("a\\e[31mb\\xff");
    }
    void githubEscape()
    {
        QFETCH(QByteArray, text);
        QFETCH(bool, property);
        QFETCH(QByteArray, escaped);
        QCOMPARE(QByteArray::fromStdString(opsinfo::githubEscape(text.toStdString(), property)),
                 escaped);
    }

    // nlohmann's dump() throws on invalid UTF-8; dumpJson replaces and says where.
    void jsonWithInvalidUtf8IsWrittenAndFlagged()
    {
        nlohmann::json doc
            = {{"graph", "ok"},
               {"nodes", nlohmann::json::array({{{"name", "fine"}}, {{"name", "n\xff\xfe"}}})}};
        QVERIFY_THROWS_EXCEPTION(nlohmann::json::type_error, (void)doc.dump(2));
        std::string where;
        const std::string text = dumpJson(doc, 2, &where);
        QCOMPARE(where, std::string("/nodes/1/name"));
        QJsonParseError error;
        const QJsonDocument parsed
            = QJsonDocument::fromJson(QByteArray::fromStdString(text), &error);
        QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
        QCOMPARE(parsed["nodes"][1]["name"].toString(),
                 QString::fromUtf8("n\xef\xbf\xbd\xef\xbf\xbd"));
        // A key can be the culprit too; valid documents are untouched and unflagged.
        nlohmann::json keyed = {{"bad\xc3", 1}};
        dumpJson(keyed, 2, &where);
        QVERIFY(!where.empty());
        QCOMPARE(dumpJson({{"a", "b"}}, -1, &where), std::string("{\"a\":\"b\"}"));
        QVERIFY(where.empty());
        QCOMPARE(validUtf8("a\xff"
                           "b"),
                 std::string("a\xef\xbf\xbd"
                             "b"));
    }

    // RE2: no pattern or name overflows the stack or runs away (std::regex recursed per character).
    void nameFilterIsLinear()
    {
        std::ostringstream err;
        const std::string longName(200000, 'a');
        QElapsedTimer timer;
        timer.start();
        for (const std::string pattern : {"(a|aa)*b", "^(a*)*$", "a+a+a+a+a+b", ".*Conv.*"}) {
            auto filter = NameFilter::parse(pattern, "test", err);
            QVERIFY2(filter, err.str().c_str());
            filter->matches(longName);
        }
        QVERIFY(timer.elapsed() < 5000);
        auto caseless = NameFilter::parse("(?i)^matmul", "test", err);
        QVERIFY(caseless && caseless->matches("MatMulV2") && !caseless->matches("BatchMatMul"));
        QVERIFY(!NameFilter::parse("(unclosed", "opsinfo library show", err));
        QVERIFY(QString::fromStdString(err.str()).contains("invalid --filter regular expression"));
        QVERIFY(
            !NameFilter::parse("(a)\\1", "opsinfo library show", err)); // back-references: not RE2
    }
};

QTEST_GUILESS_MAIN(TestFileGuards)
#include "tst_fileguards.moc"
