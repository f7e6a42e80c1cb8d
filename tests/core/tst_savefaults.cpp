// Faults while saving (issue 5), end to end: an edited library is saved while the disk fills, a
// rename fails, the process dies between writing and renaming, the folder is read-only, or another
// program replaces the file. In every case the original file is intact, the edits are still in
// memory and can be saved elsewhere (Save As), and the message says what happened.
#include "common/atomicfile.h"
#include "common/filestamp.h"
#include "library/editfolder.h"
#include "library/editopsinfo.h"
#include "library/libraryloader.h"
#include "library/savefile.h"
#include "library/savelibrary.h"
#include "shareddata.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <cerrno>
#include <csignal>
#include <sys/resource.h>
#include <sys/stat.h>

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

bool writeAll(const QString &path, const std::string &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate)
        && f.write(bytes.data(), qint64(bytes.size())) == qint64(bytes.size());
}

// Thrown from inside the seam: nothing after it runs, as when the process is killed.
struct SimulatedKill
{
};

enum class Fault { DiskFullMidway, RenameFails, FsyncFails, CloseFails, KilledBeforeRename };

// Injects `fault` into the save of files whose temporary copy is created in `dir`.
class FaultyFileSystem : public FileSystemOps
{
public:
    FaultyFileSystem(std::string dir, Fault fault)
        : m_dir(std::move(dir))
        , m_fault(fault)
    {
    }

    int open(const std::string &path, int flags, mode_t mode) override
    {
        const int fd = FileSystemOps::open(path, flags, mode);
        if (fd >= 0 && path.rfind(m_dir + '/', 0) == 0)
            m_target = fd;
        return fd;
    }
    ssize_t write(int fd, const char *data, std::size_t size) override
    {
        if (m_fault == Fault::DiskFullMidway && fd == m_target) {
            // Half the bytes land, then the disk is full: as a filling disk behaves.
            if (m_written == 0 && size > 1) {
                m_written = size / 2;
                return FileSystemOps::write(fd, data, size / 2);
            }
            errno = ENOSPC;
            return -1;
        }
        return FileSystemOps::write(fd, data, size);
    }
    int fsync(int fd) override
    {
        if (m_fault == Fault::FsyncFails && fd == m_target) {
            errno = EIO;
            return -1;
        }
        return FileSystemOps::fsync(fd);
    }
    int close(int fd) override
    {
        const int rc = FileSystemOps::close(fd);
        if (m_fault == Fault::CloseFails && fd == m_target) {
            errno = EIO; // NFS reports a failed write-back at close
            return -1;
        }
        return rc;
    }
    int rename(const std::string &from, const std::string &to) override
    {
        if (to.rfind(m_dir + '/', 0) == 0) {
            if (m_fault == Fault::RenameFails) {
                errno = EACCES;
                return -1;
            }
            if (m_fault == Fault::KilledBeforeRename)
                throw SimulatedKill {};
        }
        return FileSystemOps::rename(from, to);
    }

private:
    std::string m_dir;
    Fault m_fault;
    int m_target = -1;
    std::size_t m_written = 0;
};

const std::string kLibrary = "{\n"
                             "    \"Add\":{\n"
                             "        \"opFile\":{\n"
                             "            \"value\":\"add\"\n"
                             "        }\n"
                             "    },\n"
                             "    \"Gelu\":{\n"
                             "        \"precision_reduce\":{\n"
                             "            \"flag\":\"true\"\n"
                             "        }\n"
                             "    }\n"
                             "}";

} // namespace

class TestSaveFaults : public QObject
{
    Q_OBJECT
private:
    QTemporaryDir m_tmp;
    QString m_soc; // <tmp>/config/ascend910b: the library folder
    QString m_file; // its library file
    QString m_elsewhere; // a writable folder for Save As
    QString m_backups;
    FileStamp m_stamp; // taken at load
    std::unique_ptr<OpsInfoEditor> m_editor;
    const PolicyEdits m_edits {{"Add", Policy::Black}, {"Gelu", Policy::Gray}};

    SaveOptions options(FileSystemOps *fs = nullptr)
    {
        SaveOptions o;
        o.loadedStamp = m_stamp;
        o.backupDir = m_backups.toStdString();
        o.fileSystem = fs;
        return o;
    }
    QStringList socEntries() const
    {
        return QDir(m_soc).entryList(QDir::Files | QDir::Hidden | QDir::System, QDir::Name);
    }

    // The edits are still in memory and give the same bytes; Save As elsewhere works and the
    // saved file loads with the edited colours.
    void verifyEditsSavableElsewhere(const std::string &expectedBytes)
    {
        const OpsInfoEditResult again = m_editor->apply(m_edits);
        QVERIFY(again.ok());
        QCOMPARE(again.bytes, expectedBytes);
        const QString saveAs = m_elsewhere + "/saved-as.json";
        QFile::remove(saveAs);
        const SaveResult saved = saveFileAtomically(saveAs.toStdString(), again.bytes);
        QVERIFY2(saved.ok,
                 saved.diagnostics.empty() ? ""
                                           : formatDiagnostic(saved.diagnostics.front()).c_str());
        const LibraryLoadResult loaded = loadLibraryFile(saveAs.toStdString());
        QVERIFY(loaded.ok());
        QCOMPARE(loaded.library.find("Add")->policy, Policy::Black);
        QCOMPARE(loaded.library.find("Gelu")->policy, Policy::Gray);
    }

private slots:
    void init()
    {
        QVERIFY(m_tmp.isValid());
        const QString root = m_tmp.filePath(QString::number(QDateTime::currentMSecsSinceEpoch())
                                            + QTest::currentDataTag());
        m_soc = root + "/config/ascend910b";
        m_elsewhere = root + "/elsewhere";
        m_backups = root + "/backups";
        QVERIFY(QDir().mkpath(m_soc) && QDir().mkpath(m_elsewhere));
        m_file = m_soc + "/aic-ascend910b-ops-info.json";
        QVERIFY(writeAll(m_file, kLibrary));
        std::string bytes;
        QVERIFY(readFileStamped(m_file.toStdString(), bytes, m_stamp));
        m_editor = std::make_unique<OpsInfoEditor>(bytes, m_file.toStdString());
        QVERIFY(m_editor->isValid());
    }

    void seamFaults_data()
    {
        QTest::addColumn<int>("fault");
        QTest::addColumn<QString>("said"); // what the message must say happened
        QTest::newRow("disk full midway")
            << int(Fault::DiskFullMidway) << "No space left on device";
        QTest::newRow("rename fails") << int(Fault::RenameFails) << "cannot replace";
        QTest::newRow("fsync fails") << int(Fault::FsyncFails) << "cannot flush";
        QTest::newRow("close fails") << int(Fault::CloseFails) << "cannot finish writing";
    }
    void seamFaults()
    {
        QFETCH(int, fault);
        QFETCH(QString, said);
        const OpsInfoEditResult edited = m_editor->apply(m_edits);
        QVERIFY(edited.ok() && edited.bytes != kLibrary);
        FaultyFileSystem fs(m_soc.toStdString(), Fault(fault));
        const SaveResult result
            = saveFileAtomically(m_file.toStdString(), edited.bytes, options(&fs));
        QVERIFY(!result.ok);
        QCOMPARE(result.diagnostics.size(), std::size_t(1));
        const Diagnostic &d = result.diagnostics.front();
        QCOMPARE(d.severity, Severity::Error);
        QCOMPARE(d.location.file, m_file.toStdString());
        QVERIFY2(QString::fromStdString(d.message).contains(said), d.message.c_str());
        QVERIFY2(d.message.find("was not changed") != std::string::npos, d.message.c_str());
        QVERIFY2(d.hint.find("Save As") != std::string::npos, d.hint.c_str());
        QCOMPARE(readAll(m_file), kLibrary); // original intact
        QCOMPARE(socEntries(), QStringList {QFileInfo(m_file).fileName()}); // no temporary left
        verifyEditsSavableElsewhere(edited.bytes);
        // With the fault gone the same save goes through (the stamp still matches).
        const SaveResult retry = saveFileAtomically(m_file.toStdString(), edited.bytes, options());
        QVERIFY(retry.ok);
        QCOMPARE(readAll(m_file), edited.bytes);
    }

    // Killed after the temporary copy is written and before the rename: the original is intact,
    // the leftover is a hidden file the loader and the editor never read, and the next save works.
    void killedBetweenWriteAndRename()
    {
        const OpsInfoEditResult edited = m_editor->apply(m_edits);
        FaultyFileSystem fs(m_soc.toStdString(), Fault::KilledBeforeRename);
        bool killed = false;
        try {
            saveFileAtomically(m_file.toStdString(), edited.bytes, options(&fs));
        } catch (const SimulatedKill &) {
            killed = true;
        }
        QVERIFY(killed);
        QCOMPARE(readAll(m_file), kLibrary);
        const QStringList entries = socEntries();
        QCOMPARE(entries.size(), 2);
        const QString stale = entries.filter("opsinfo-tmp").value(0);
        QVERIFY2(stale.startsWith('.'), qPrintable(entries.join(", ")));
        QCOMPARE(readAll(m_soc + "/" + stale), edited.bytes); // the whole copy was written

        // Harmless: the library still loads exactly the original, and edits go to the real file.
        const LibraryLoadResult loaded = loadSocFolder(m_soc.toStdString());
        QVERIFY(loaded.ok());
        QCOMPARE(loaded.library.files().size(), std::size_t(1));
        QCOMPARE(loaded.library.find("Add")->policy, Policy::Gray);
        std::vector<Diagnostic> diagnostics;
        const OpsInfoFolderEditor folder
            = OpsInfoFolderEditor::load(m_soc.toStdString(), diagnostics);
        QCOMPARE(folder.fileCount(), std::size_t(1));

        // After a restart: reload, edit, save: works, and the leftover changes nothing.
        verifyEditsSavableElsewhere(edited.bytes);
        const SaveResult next = saveFileAtomically(m_file.toStdString(), edited.bytes, options());
        QVERIFY(next.ok);
        QCOMPARE(readAll(m_file), edited.bytes);
        QCOMPARE(loadSocFolder(m_soc.toStdString()).library.files().size(), std::size_t(1));
    }

    // A real write error from the kernel (the file size limit, EFBIG), not through the seam.
    void realWriteErrorFromTheKernel()
    {
        const OpsInfoEditResult edited = m_editor->apply(m_edits);
        const std::string big = edited.bytes + std::string(64 * 1024, ' ');
        struct rlimit old = {};
        QVERIFY(getrlimit(RLIMIT_FSIZE, &old) == 0);
        auto previous = std::signal(SIGXFSZ, SIG_IGN);
        struct rlimit small = old;
        small.rlim_cur = 16 * 1024;
        QVERIFY(setrlimit(RLIMIT_FSIZE, &small) == 0);
        SaveOptions o = options();
        o.backup = false;
        const SaveResult result = saveFileAtomically(m_file.toStdString(), big, o);
        setrlimit(RLIMIT_FSIZE, &old);
        std::signal(SIGXFSZ, previous);
        QVERIFY(!result.ok);
        QVERIFY2(result.diagnostics.front().message.find("too large") != std::string::npos,
                 result.diagnostics.front().message.c_str());
        QCOMPARE(readAll(m_file), kLibrary);
        QCOMPARE(socEntries().size(), 1);
        verifyEditsSavableElsewhere(edited.bytes);
    }

    void readOnlyFolder()
    {
        const OpsInfoEditResult edited = m_editor->apply(m_edits);
        QVERIFY(::chmod(m_soc.toLocal8Bit().constData(), 0555) == 0);
        const SaveResult result = saveFileAtomically(m_file.toStdString(), edited.bytes, options());
        ::chmod(m_soc.toLocal8Bit().constData(), 0755);
        QVERIFY(!result.ok);
        QCOMPARE(result.diagnostics.front().code, std::string("save-folder-read-only"));
        QVERIFY(result.diagnostics.front().message.find("not writable") != std::string::npos);
        QVERIFY(result.diagnostics.front().hint.find("Save As") != std::string::npos);
        QCOMPARE(readAll(m_file), kLibrary);
        verifyEditsSavableElsewhere(edited.bytes);
    }

    // Another program changes the file between load and save: by replacing it (a new file renamed
    // over it, as editors and package managers do), by rewriting it in place with the same size,
    // or by deleting it. The save refuses and keeps the other program's file as it is.
    void replacedOnDisk_data()
    {
        QTest::addColumn<QString>("how");
        QTest::addColumn<QString>("code");
        QTest::newRow("renamed over") << "rename"
                                      << "save-changed-on-disk";
        QTest::newRow("same size in place") << "inplace"
                                            << "save-changed-on-disk";
        QTest::newRow("deleted") << "delete"
                                 << "save-deleted-on-disk";
    }
    void replacedOnDisk()
    {
        QFETCH(QString, how);
        QFETCH(QString, code);
        const OpsInfoEditResult edited = m_editor->apply(m_edits);
        std::string theirs = kLibrary;
        if (how == "rename") {
            theirs.insert(theirs.size() - 1, "    ,\"Relu\":{}\n");
            QVERIFY(writeAll(m_elsewhere + "/theirs.json", theirs));
            QVERIFY(::rename((m_elsewhere + "/theirs.json").toLocal8Bit().constData(),
                             m_file.toLocal8Bit().constData())
                    == 0);
        } else if (how == "inplace") {
            theirs.replace(theirs.find("true"), 4, "TRUE");
            QVERIFY(writeAll(m_file, theirs));
        } else {
            QVERIFY(QFile::remove(m_file));
        }
        const SaveResult result = saveFileAtomically(m_file.toStdString(), edited.bytes, options());
        QVERIFY(!result.ok);
        QCOMPARE(result.diagnostics.front().code, code.toStdString());
        QVERIFY(result.diagnostics.front().message.find(m_file.toStdString()) != std::string::npos);
        QVERIFY(result.diagnostics.front().hint.find("Save As") != std::string::npos);
        if (how == "delete")
            QVERIFY(!QFile::exists(m_file));
        else
            QCOMPARE(readAll(m_file), theirs);
        verifyEditsSavableElsewhere(edited.bytes);
    }

    // A folder save whose second file hits a full disk: the first file is saved, the second is
    // intact, and the result says which file was saved and which failed.
    void folderSaveStopsAtTheFailingFile()
    {
        const QString second = m_soc + "/aic-ascend910b-ops-info-legacy.json";
        const std::string secondBytes
            = "{\n    \"Relu\":{\n        \"opFile\":{\n            \"value\":\"relu\"\n        }\n    }\n}";
        QVERIFY(writeAll(second, secondBytes));
        std::vector<Diagnostic> diagnostics;
        const OpsInfoFolderEditor folder
            = OpsInfoFolderEditor::load(m_soc.toStdString(), diagnostics);
        QVERIFY(diagnostics.empty());
        // Fault only the file saved second, whichever the save order is.
        class SecondFails : public FileSystemOps
        {
        public:
            explicit SecondFails(std::string dir)
                : m_dir(std::move(dir))
            {
            }
            int open(const std::string &path, int flags, mode_t mode) override
            {
                const int fd = FileSystemOps::open(path, flags, mode);
                if (path.rfind(m_dir + '/', 0) == 0 && ++m_opens == 2)
                    m_bad = fd;
                return fd;
            }
            ssize_t write(int fd, const char *data, std::size_t size) override
            {
                if (fd == m_bad) {
                    errno = ENOSPC;
                    return -1;
                }
                return FileSystemOps::write(fd, data, size);
            }
            std::string m_dir;
            int m_opens = 0;
            int m_bad = -2;
        } fs(m_soc.toStdString());
        SaveOptions o = options(&fs);
        const PolicyEdits edits {{"Add", Policy::Black}, {"Relu", Policy::White}};
        const LibrarySaveResult result = saveLibraryEdits(folder, edits, o);
        QVERIFY(!result.ok);
        QCOMPARE(result.savedFiles.size(), std::size_t(1));
        const std::string saved = result.savedFiles.front();
        const std::string failed
            = saved == m_file.toStdString() ? second.toStdString() : m_file.toStdString();
        QCOMPARE(readAll(QString::fromStdString(failed)),
                 failed == m_file.toStdString() ? kLibrary : secondBytes);
        bool named = false;
        for (const Diagnostic &d : result.diagnostics)
            named = named
                || (d.location.file == failed
                    && d.message.find("No space left") != std::string::npos);
        QVERIFY(named);
        QCOMPARE(socEntries().size(), 2); // no temporary left
        // The edits are still there: applied again they give the same bytes for both files.
        std::vector<Diagnostic> applyDiagnostics;
        QCOMPARE(folder.apply(edits, applyDiagnostics).size(), std::size_t(2));
    }
};

QTEST_GUILESS_MAIN(TestSaveFaults)
#include "tst_savefaults.moc"
