#include "common/atomicfile.h"
#include "common/filestamp.h"
#include "library/editopsinfo.h"
#include "library/savefile.h"
#include "shareddata.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <cerrno>
#include <map>
#include <sys/stat.h>
#include <utime.h>

using namespace opsinfo;

namespace {

std::string readAll(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QByteArray data = f.readAll();
    return std::string(data.constData(), std::size_t(data.size()));
}

void writeAll(const QString &path, const std::string &bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(bytes.data(), qint64(bytes.size()));
}

// Fails chosen calls for files under `m_dir` (the target's folder), passes everything else through.
class FaultyFileSystem : public FileSystemOps
{
public:
    enum class Fault { None, DiskFull, FsyncFails, RenameFails };
    FaultyFileSystem(std::string dir, Fault fault)
        : m_dir(std::move(dir))
        , m_fault(fault)
    {
    }

    int open(const std::string &path, int flags, mode_t mode) override
    {
        const int fd = FileSystemOps::open(path, flags, mode);
        if (fd >= 0 && path.rfind(m_dir, 0) == 0)
            m_faulty[fd] = path;
        return fd;
    }
    ssize_t write(int fd, const char *data, std::size_t size) override
    {
        if (m_fault == Fault::DiskFull && m_faulty.count(fd)) {
            if (m_written == 0 && size > 16) { // a short write first, as a filling disk does
                m_written = 16;
                return FileSystemOps::write(fd, data, 16);
            }
            errno = ENOSPC;
            return -1;
        }
        return FileSystemOps::write(fd, data, size);
    }
    int fsync(int fd) override
    {
        if (m_fault == Fault::FsyncFails && m_faulty.count(fd)) {
            errno = EIO;
            return -1;
        }
        return FileSystemOps::fsync(fd);
    }
    int rename(const std::string &from, const std::string &to) override
    {
        if (m_fault == Fault::RenameFails && to.rfind(m_dir, 0) == 0) {
            errno = EXDEV;
            return -1;
        }
        return FileSystemOps::rename(from, to);
    }
    int unlink(const std::string &path) override
    {
        ++m_unlinks;
        return FileSystemOps::unlink(path);
    }

    int m_unlinks = 0;

private:
    std::string m_dir;
    Fault m_fault;
    std::map<int, std::string> m_faulty;
    std::size_t m_written = 0;
};

} // namespace

class TestLibrarySave : public QObject
{
    Q_OBJECT
private:
    QTemporaryDir m_tmp;
    QString m_soc; // <tmp>/op_impl/ai_core/tbe/config/ascend910b
    QString m_file; // the library file in it
    QString m_state; // XDG_STATE_HOME for the default backup folder
    const std::string m_original
        = "{\n    \"Abs\":{\n        \"precision_reduce\":{\n            \"flag\":\"true\"\n        }\n    }\n}";

    SaveOptions loadedOptions()
    {
        std::string bytes;
        FileStamp stamp;
        readFileStamped(m_file.toStdString(), bytes, stamp);
        SaveOptions options;
        options.loadedStamp = stamp;
        return options;
    }
    QStringList socEntries() const
    {
        return QDir(m_soc).entryList(QDir::Files | QDir::Hidden | QDir::System, QDir::Name);
    }

private slots:
    void init()
    {
        QVERIFY(m_tmp.isValid());
        m_soc = m_tmp.path() + QStringLiteral("/op_impl/ai_core/tbe/config/ascend910b");
        QDir(m_soc).removeRecursively();
        QVERIFY(QDir().mkpath(m_soc));
        m_file = m_soc + QStringLiteral("/aic-ascend910b-ops-info.json");
        writeAll(m_file, m_original);
        m_state = m_tmp.path() + QStringLiteral("/state");
        qputenv("XDG_STATE_HOME", m_state.toLocal8Bit());
    }

    void savesAndBacksUpOutsideTheSocFolder()
    {
        ::chmod(m_file.toLocal8Bit().constData(), 0640);
        const auto options = loadedOptions();
        const auto result = saveFileAtomically(m_file.toStdString(), "{}", options);
        QVERIFY(result.ok);
        QCOMPARE(readAll(m_file), std::string("{}"));
        QCOMPARE(socEntries(),
                 QStringList {QFileInfo(m_file).fileName()}); // no temp file, no backup (L1)
        QVERIFY(QString::fromStdString(result.backupPath)
                    .startsWith(m_state + QStringLiteral("/opsinfo-studio/backups/ascend910b/")));
        QVERIFY(QString::fromStdString(result.backupPath).endsWith(QStringLiteral(".json")));
        QCOMPARE(readAll(QString::fromStdString(result.backupPath)), m_original);
        struct stat st = {};
        QCOMPARE(::stat(m_file.toLocal8Bit().constData(), &st), 0);
        QCOMPARE(int(st.st_mode & 0777), 0640); // permissions kept
        QCOMPARE(result.stamp.hash, contentHash("{}"));
        // The returned stamp is good for the next save.
        SaveOptions again;
        again.loadedStamp = result.stamp;
        QVERIFY(saveFileAtomically(m_file.toStdString(), "{ }", again).ok);
    }

    void defaultBackupDirUsesStateHome()
    {
        QCOMPARE(QString::fromStdString(defaultBackupDir(m_file.toStdString())),
                 m_state + QStringLiteral("/opsinfo-studio/backups/ascend910b"));
    }

    void refusesWhenChangedOnDisk()
    {
        const auto options = loadedOptions();
        writeAll(m_file, m_original + " "); // someone else saved meanwhile
        const auto result = saveFileAtomically(m_file.toStdString(), "{}", options);
        QVERIFY(!result.ok);
        QCOMPARE(result.diagnostics.front().code, std::string("save-changed-on-disk"));
        QVERIFY(result.diagnostics.front().message.find(m_file.toStdString()) != std::string::npos);
        QVERIFY(result.diagnostics.front().hint.find("reload") != std::string::npos);
        QCOMPARE(readAll(m_file), m_original + " ");
        // Same size, different bytes: the hash notices.
        writeAll(m_file, std::string(m_original).replace(m_original.find("true"), 4, "fals"));
        QVERIFY(!saveFileAtomically(m_file.toStdString(), "{}", options).ok);
        SaveOptions forced = options;
        forced.force = true;
        QVERIFY(saveFileAtomically(m_file.toStdString(), "{}", forced).ok);
        QCOMPARE(readAll(m_file), std::string("{}"));
    }

    void touchIsNotAChange()
    {
        const auto options = loadedOptions();
        struct utimbuf times = {1000000, 1000000};
        QCOMPARE(::utime(m_file.toLocal8Bit().constData(), &times), 0);
        QVERIFY(captureFileStamp(m_file.toStdString()).mtimeNs != options.loadedStamp->mtimeNs);
        QVERIFY(saveFileAtomically(m_file.toStdString(), "{}", options).ok);
    }

    void refusesWhenDeletedOnDisk()
    {
        const auto options = loadedOptions();
        QVERIFY(QFile::remove(m_file));
        const auto result = saveFileAtomically(m_file.toStdString(), "{}", options);
        QVERIFY(!result.ok);
        QCOMPARE(result.diagnostics.front().code, std::string("save-deleted-on-disk"));
        QVERIFY(!QFile::exists(m_file));
    }

    void symlinkStaysALink()
    {
        // Not in m_tmp itself: the backup folder (m_tmp/state) would then be inside the file's
        // folder.
        QVERIFY(QDir().mkpath(m_tmp.path() + QStringLiteral("/target")));
        const QString real = m_tmp.path() + QStringLiteral("/target/real.json");
        writeAll(real, m_original);
        const QString link = m_soc + QStringLiteral("/linked.json");
        QVERIFY(QFile::link(real, link));
        SaveOptions options;
        options.loadedStamp = captureFileStamp(link.toStdString());
        const auto result = saveFileAtomically(link.toStdString(), "{}", options);
        QVERIFY2(result.ok,
                 result.diagnostics.empty() ? ""
                                            : formatDiagnostic(result.diagnostics.front()).c_str());
        QVERIFY(QFileInfo(link).isSymLink());
        QCOMPARE(readAll(real), std::string("{}"));
        QFile::remove(link);
        QVERIFY(QFile::link(m_tmp.path() + QStringLiteral("/missing.json"), link));
        const auto broken = saveFileAtomically(link.toStdString(), "{}");
        QVERIFY(!broken.ok);
        QCOMPARE(broken.diagnostics.front().code, std::string("save-broken-link"));
        QFile::remove(link);
    }

    void readOnlyFile()
    {
        QCOMPARE(::chmod(m_file.toLocal8Bit().constData(), 0444), 0);
        const auto result = saveFileAtomically(m_file.toStdString(), "{}", loadedOptions());
        QVERIFY(!result.ok);
        QCOMPARE(result.diagnostics.front().code, std::string("save-read-only"));
        QVERIFY(result.diagnostics.front().hint.find("chmod u+w '" + m_file.toStdString() + "'")
                != std::string::npos);
        QVERIFY(result.diagnostics.front().hint.find("Save As") != std::string::npos);
        QCOMPARE(readAll(m_file), m_original);
        ::chmod(m_file.toLocal8Bit().constData(), 0644);
    }

    void readOnlyFolder()
    {
        QCOMPARE(::chmod(m_soc.toLocal8Bit().constData(), 0555), 0);
        const auto result = saveFileAtomically(m_file.toStdString(), "{}", loadedOptions());
        ::chmod(m_soc.toLocal8Bit().constData(), 0755);
        QVERIFY(!result.ok);
        QCOMPARE(result.diagnostics.front().code, std::string("save-folder-read-only"));
        QVERIFY(result.diagnostics.front().hint.find("Save As") != std::string::npos);
        QCOMPARE(readAll(m_file), m_original);
        QCOMPARE(socEntries().size(), 1);
    }

    void refusesBackupInsideTheLibrary_data()
    {
        QTest::addColumn<QString>("backupDir");
        QTest::newRow("soc folder") << QStringLiteral(".");
        QTest::newRow("below the soc folder") << QStringLiteral("backups");
        QTest::newRow("sibling soc folder") << QStringLiteral("../ascend310p");
        QTest::newRow("dotdot spelled") << QStringLiteral("../ascend910b/x/..");
    }
    void refusesBackupInsideTheLibrary()
    {
        QFETCH(QString, backupDir);
        auto options = loadedOptions();
        options.backupDir = (m_soc + QLatin1Char('/') + backupDir).toStdString();
        const auto result = saveFileAtomically(m_file.toStdString(), "{}", options);
        QVERIFY(!result.ok);
        QCOMPARE(result.diagnostics.front().code, std::string("L1"));
        QCOMPARE(readAll(m_file), m_original);
        QCOMPARE(socEntries().size(), 1);
        // Outside the tbe/config tree is fine.
        options.backupDir = (m_tmp.path() + QStringLiteral("/elsewhere")).toStdString();
        QVERIFY(saveFileAtomically(m_file.toStdString(), "{}", options).ok);
    }

    void faultsLeaveTheOriginalIntact_data()
    {
        QTest::addColumn<int>("fault");
        QTest::addColumn<QString>("reason");
        QTest::newRow("disk full")
            << int(FaultyFileSystem::Fault::DiskFull) << QStringLiteral("free some disk space");
        QTest::newRow("fsync fails")
            << int(FaultyFileSystem::Fault::FsyncFails) << QStringLiteral("flush");
        QTest::newRow("rename fails")
            << int(FaultyFileSystem::Fault::RenameFails) << QStringLiteral("cannot replace");
    }
    void faultsLeaveTheOriginalIntact()
    {
        QFETCH(int, fault);
        QFETCH(QString, reason);
        FaultyFileSystem fs(m_soc.toStdString(), FaultyFileSystem::Fault(fault));
        auto options = loadedOptions();
        options.fileSystem = &fs;
        const auto result
            = saveFileAtomically(m_file.toStdString(), std::string(100000, ' ') + "{}", options);
        QVERIFY(!result.ok);
        QCOMPARE(result.diagnostics.front().code, std::string("save-write-failed"));
        const std::string message = result.diagnostics.front().message;
        QVERIFY2(message.find(reason.toStdString()) != std::string::npos, message.c_str());
        QVERIFY(message.find(m_file.toStdString()) != std::string::npos);
        QVERIFY(message.find("was not changed") != std::string::npos);
        QCOMPARE(readAll(m_file), m_original);
        QCOMPARE(socEntries(), QStringList {QFileInfo(m_file).fileName()}); // temp file removed
        QVERIFY(fs.m_unlinks >= 1);
    }

    void backupFailureSavesNothing()
    {
        FaultyFileSystem fs(m_state.toStdString(), FaultyFileSystem::Fault::DiskFull);
        auto options = loadedOptions();
        options.fileSystem = &fs;
        const auto result
            = saveFileAtomically(m_file.toStdString(), std::string(1000, ' '), options);
        QVERIFY(!result.ok);
        QCOMPARE(result.diagnostics.front().code, std::string("save-backup-failed"));
        QCOMPARE(readAll(m_file), m_original);
    }

    void editThenSaveRealLibrary()
    {
        REQUIRE_SHARED_DATA();
        const QString source = sharedData(QStringLiteral(
            "opsinfo/cann-8.1.RC1/op_impl/ai_core/tbe/config/ascend035/aic-ascend035-ops-info.json"));
        const std::string original = readAll(source);
        QVERIFY(!original.empty());
        writeAll(m_file, original);
        std::string bytes;
        FileStamp stamp;
        QVERIFY(readFileStamped(m_file.toStdString(), bytes, stamp));
        QVERIFY(bytes == original);
        const OpsInfoEditor editor(bytes, m_file.toStdString());
        const auto edited = editor.apply({{"Add", Policy::White}});
        QVERIFY(edited.ok());
        QCOMPARE(edited.changedOps, 1);
        SaveOptions options;
        options.loadedStamp = stamp;
        const auto saved = saveFileAtomically(m_file.toStdString(), edited.bytes, options);
        QVERIFY(saved.ok);
        QVERIFY(readAll(m_file) == edited.bytes);
        QVERIFY(readAll(QString::fromStdString(saved.backupPath)) == original);
        QCOMPARE(OpsInfoEditor(readAll(m_file), "saved").filePolicy("Add"),
                 std::optional<Policy>(Policy::White));
    }
};

QTEST_GUILESS_MAIN(TestLibrarySave)
#include "tst_librarysave.moc"
