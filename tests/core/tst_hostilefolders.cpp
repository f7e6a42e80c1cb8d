// Hostile soc folders (issue 5): thousands of files, symlink loops, names with spaces and
// non-ASCII characters, a file too large to be a library. Generated at test time in a temp dir.
#include "library/editfolder.h"
#include "library/libraryloader.h"
#include "shareddata.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <fcntl.h>
#include <unistd.h>

using namespace opsinfo;

namespace {

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}

QByteArray oneOp(const QString &type, bool reduce)
{
    return QStringLiteral(
               "{\n    \"%1\":{\n        \"precision_reduce\":{\n            \"flag\":\"%2\"\n        }\n    }\n}")
        .arg(type, reduce ? "true" : "false")
        .toUtf8();
}

QString describe(const std::vector<Diagnostic> &diagnostics)
{
    QStringList lines;
    for (const Diagnostic &d : diagnostics)
        lines << QString::fromStdString(formatDiagnostic(d));
    return lines.join('\n');
}

const Diagnostic *firstAbout(const std::vector<Diagnostic> &diagnostics, const std::string &path)
{
    for (const Diagnostic &d : diagnostics)
        if (d.location.file == path)
            return &d;
    return nullptr;
}

} // namespace

class TestHostileFolders : public QObject
{
    Q_OBJECT
private slots:
    // 3000 library files: all read, L2 order kept (a later file replaces the entry), in seconds.
    void thousandsOfFiles()
    {
        QTemporaryDir tmp;
        QVERIFY(tmp.isValid());
        const int files = 3000;
        for (int i = 0; i < files; ++i) {
            // Every file defines Shared; zzzz-last.json (longest name of its length class) wins by
            // L2.
            const QByteArray body
                = QStringLiteral("{\"Op%1\":{\"opFile\":{\"value\":\"op%1\"}},"
                                 "\"Shared\":{\"precision_reduce\":{\"flag\":\"true\"}}}")
                      .arg(i)
                      .toUtf8();
            QVERIFY(writeFile(tmp.filePath(QStringLiteral("f%1.json").arg(i, 4, 10, QChar('0'))),
                              body));
        }
        QVERIFY(writeFile(tmp.filePath("zzzzz-last.json"), oneOp("Shared", false)));
        QVERIFY(writeFile(tmp.filePath("notes.txt"), "not a library"));
        QElapsedTimer timer;
        timer.start();
        const LibraryLoadResult loaded = loadSocFolder(tmp.path().toStdString());
        const qint64 ms = timer.elapsed();
        QVERIFY2(loaded.ok(), qPrintable(describe(loaded.diagnostics)));
        QCOMPARE(loaded.library.files().size(), std::size_t(files + 1));
        QVERIFY(loaded.library.find("Op0"));
        QVERIFY(loaded.library.find("Op2999"));
        QCOMPARE(loaded.library.ops().size(), std::size_t(files + 1));
        QCOMPARE(loaded.library.find("Shared")->policy, Policy::Black);
        QVERIFY2(ms < 20000, qPrintable(QString("%1 ms").arg(ms)));

        std::vector<Diagnostic> diagnostics;
        const OpsInfoFolderEditor folder
            = OpsInfoFolderEditor::load(tmp.path().toStdString(), diagnostics);
        QCOMPARE(folder.fileCount(), std::size_t(files + 1));
        QCOMPARE(folder.file(std::size_t(folder.winningFile("Shared"))).path,
                 tmp.filePath("zzzzz-last.json").toStdString());
    }

    // A *.json that is a symlink loop (a -> b -> a), a dangling link, and a folder link to itself:
    // the load finishes, reads the good file, and names each bad link.
    void symlinkLoops()
    {
        QTemporaryDir tmp;
        QVERIFY(tmp.isValid());
        QVERIFY(writeFile(tmp.filePath("good.json"), oneOp("Good", true)));
        QVERIFY(::symlink("loop-b.json", tmp.filePath("loop-a.json").toLocal8Bit().constData())
                == 0);
        QVERIFY(::symlink("loop-a.json", tmp.filePath("loop-b.json").toLocal8Bit().constData())
                == 0);
        QVERIFY(::symlink("missing.json", tmp.filePath("dangling.json").toLocal8Bit().constData())
                == 0);
        QVERIFY(::symlink(".", tmp.filePath("self").toLocal8Bit().constData()) == 0);
        QVERIFY(::symlink(".", tmp.filePath("self.json").toLocal8Bit().constData()) == 0);
        QElapsedTimer timer;
        timer.start();
        const LibraryLoadResult loaded = loadSocFolder(tmp.path().toStdString());
        QVERIFY(timer.elapsed() < 5000);
        QVERIFY(loaded.library.find("Good"));
        for (const char *name : {"loop-a.json", "loop-b.json", "dangling.json"}) {
            const Diagnostic *d = firstAbout(loaded.diagnostics, tmp.filePath(name).toStdString());
            QVERIFY2(
                d,
                qPrintable(QString(name) + " not reported in:\n" + describe(loaded.diagnostics)));
            QVERIFY2(!d->hint.empty(), qPrintable(describe(loaded.diagnostics)));
        }
        const Diagnostic *loop
            = firstAbout(loaded.diagnostics, tmp.filePath("loop-a.json").toStdString());
        QVERIFY2(
            QString::fromStdString(loop->message).contains("symbolic links", Qt::CaseInsensitive),
            qPrintable(describe(loaded.diagnostics)));

        // The editor lists the folder itself: a bad link used to end its listing (the stat shared
        // the iteration's error code), dropping every file listed after it.
        for (int i = 0; i < 20; ++i)
            QVERIFY(writeFile(tmp.filePath(QStringLiteral("more%1.json").arg(i)),
                              oneOp(QStringLiteral("More%1").arg(i), false)));
        std::vector<Diagnostic> editDiagnostics;
        const OpsInfoFolderEditor folder
            = OpsInfoFolderEditor::load(tmp.path().toStdString(), editDiagnostics);
        QCOMPARE(folder.fileCount(), std::size_t(21));
        for (int i = 0; i < 20; ++i)
            QVERIFY(folder.winningFile(QStringLiteral("More%1").arg(i).toStdString()) >= 0);
        QVERIFY(folder.winningFile("Good") >= 0);
        QVERIFY2(!hasErrors(editDiagnostics), qPrintable(describe(editDiagnostics)));
        QVERIFY2(firstAbout(editDiagnostics, tmp.filePath("loop-a.json").toStdString()),
                 qPrintable(describe(editDiagnostics)));

        // Whatever the user points at (an opp root, a store root) must not follow the loop forever.
        timer.restart();
        (void)loadLibraryPath(tmp.filePath("self").toStdString());
        (void)loadLibraryPath(tmp.filePath("self/self/self").toStdString());
        QVERIFY(timer.elapsed() < 5000);
    }

    // Spaces and non-ASCII characters in folder and file names reach diagnostics unchanged.
    void namesWithSpacesAndNonAscii()
    {
        QTemporaryDir tmp;
        QVERIFY(tmp.isValid());
        const QString folder = tmp.filePath(QStringLiteral("my ops \u00e9t\u00e9 \u7b97\u5b50"));
        QVERIFY(QDir().mkpath(folder));
        const QString good = folder + QStringLiteral("/aic ops \u00fc.json");
        const QString bad = folder + QStringLiteral("/broken \u03bb.json");
        QVERIFY(writeFile(good, oneOp("Gelu", false)));
        QVERIFY(writeFile(bad, "{\n  \"A\": {\n    \"opFile\" {}\n  }\n}"));
        const LibraryLoadResult loaded = loadSocFolder(folder.toStdString());
        QVERIFY(loaded.library.find("Gelu"));
        const Diagnostic *d = firstAbout(loaded.diagnostics, bad.toStdString());
        QVERIFY2(d, qPrintable(describe(loaded.diagnostics)));
        QCOMPARE(d->location.line, 3);
        QVERIFY(formatDiagnostic(*d).find(bad.toStdString() + ":3:") == 0);

        std::vector<Diagnostic> diagnostics;
        const OpsInfoFolderEditor folderEditor
            = OpsInfoFolderEditor::load(folder.toStdString(), diagnostics);
        QVERIFY(folderEditor.winningFile("Gelu") >= 0);
    }

    // A file far larger than any library (a sparse 3 GiB file: no disk used) is refused by its
    // size before a byte is read or mapped.
    void hugeFileIsRefusedBySize()
    {
        QTemporaryDir tmp;
        QVERIFY(tmp.isValid());
        const QString path = tmp.filePath("huge.json");
        const int fd = ::open(path.toLocal8Bit().constData(), O_CREAT | O_WRONLY | O_TRUNC, 0644);
        QVERIFY(fd >= 0);
        QVERIFY(::ftruncate(fd, off_t(3) << 30) == 0);
        ::close(fd);
        QElapsedTimer timer;
        timer.start();
        const LibraryLoadResult loaded = loadLibraryFile(path.toStdString());
        QVERIFY(timer.elapsed() < 2000);
        QVERIFY(!loaded.ok());
        const Diagnostic *d = firstAbout(loaded.diagnostics, path.toStdString());
        QVERIFY2(d && d->severity == Severity::Error, qPrintable(describe(loaded.diagnostics)));
        QVERIFY2(QString::fromStdString(d->message).contains("too large"),
                 qPrintable(describe(loaded.diagnostics)));
        QVERIFY(!d->hint.empty());
    }
};

QTEST_GUILESS_MAIN(TestHostileFolders)
#include "tst_hostilefolders.moc"
