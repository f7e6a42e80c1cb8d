#include "library/editfolder.h"
#include "library/savelibrary.h"
#include "shareddata.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

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

const char *splitStub = "opsinfo/hicann-ge-910b-split-stub/op_impl/ai_core/tbe/config/ascend910b";

} // namespace

class TestLibraryEditFolder : public QObject
{
    Q_OBJECT
private:
    QTemporaryDir m_tmp;
    QString m_soc;

    // A writable copy of the real split folder (the shared data is read-only).
    void copySplitFolder()
    {
        m_soc = m_tmp.path() + QStringLiteral("/tbe/config/ascend910b");
        QDir(m_soc).removeRecursively();
        QVERIFY(QDir().mkpath(m_soc));
        const QDir source(sharedData(QString::fromLatin1(splitStub)));
        for (const QString &name : source.entryList({QStringLiteral("*.json")}, QDir::Files)) {
            QVERIFY(QFile::copy(source.filePath(name), m_soc + QLatin1Char('/') + name));
            QFile::setPermissions(m_soc + QLatin1Char('/') + name,
                                  QFile::ReadOwner | QFile::WriteOwner);
        }
        // L1: hidden files and other extensions are not part of the library.
        QFile hidden(m_soc + QStringLiteral("/.hidden.json"));
        QVERIFY(hidden.open(QIODevice::WriteOnly));
        hidden.write("not json");
        hidden.close();
        qputenv("XDG_STATE_HOME", (m_tmp.path() + QStringLiteral("/state")).toLocal8Bit());
    }

private slots:
    void loadOrder()
    {
        const std::vector<std::string> names
            = {"a/aic-x-ops-info-transformer.json", "aic-x-ops-info-nn.json",
               "aic-x-ops-info-legacy.json",        "aic-x-ops-info-cv.json",
               "aic-x-ops-info-math.json",          "aic-x-ops-info.json"};
        const auto order = libraryLoadOrder(names);
        std::vector<std::string> sorted;
        for (const auto i : order)
            sorted.push_back(names[i]);
        const std::vector<std::string> expected
            = {"aic-x-ops-info-legacy.json", "aic-x-ops-info.json",
               "aic-x-ops-info-cv.json",     "aic-x-ops-info-nn.json",
               "aic-x-ops-info-math.json",   "a/aic-x-ops-info-transformer.json"};
        QCOMPARE(sorted, expected);
    }

    void editsGoToTheWinningFile()
    {
        REQUIRE_SHARED_DATA();
        copySplitFolder();
        std::vector<Diagnostic> diagnostics;
        const auto folder = OpsInfoFolderEditor::load(m_soc.toStdString(), diagnostics);
        QVERIFY(diagnostics.empty());
        QCOMPARE(folder.fileCount(), std::size_t(5));
        QVERIFY(
            QString::fromStdString(folder.file(0).path).endsWith(QStringLiteral("-legacy.json")));

        // The op types defined both in -legacy and in a package file (README: 14 of them).
        std::vector<std::string> shadowed;
        for (const auto &op : folder.editor(0).scan().ops) {
            if (folder.definingFiles(op.member.key).size() > 1)
                shadowed.push_back(op.member.key);
        }
        QCOMPARE(shadowed.size(), std::size_t(14));
        const std::string type = shadowed.front();
        const int winner = folder.winningFile(type);
        QVERIFY(winner > 0);
        const auto current = folder.editor(std::size_t(winner)).filePolicy(type);
        QVERIFY(current);
        const Policy target = *current == Policy::White ? Policy::Black : Policy::White;

        const auto changes = folder.apply({{type, target}}, diagnostics);
        QVERIFY(diagnostics.empty());
        QCOMPARE(changes.size(), std::size_t(1));
        QCOMPARE(changes.front().file, std::size_t(winner));

        const auto saved = saveLibraryEdits(folder, {{type, target}});
        QVERIFY(saved.ok);
        QCOMPARE(saved.savedFiles,
                 std::vector<std::string> {folder.file(std::size_t(winner)).path});
        QCOMPARE(saved.backups.size(), std::size_t(1));
        QVERIFY(!QString::fromStdString(saved.backups.front()).startsWith(m_soc));
        QVERIFY(readAll(QString::fromStdString(saved.savedFiles.front()))
                == changes.front().result.bytes);
        // Every other file is untouched, the shadowed legacy entry included.
        for (std::size_t i = 0; i < folder.fileCount(); ++i) {
            if (int(i) != winner)
                QVERIFY(readAll(QString::fromStdString(folder.file(i).path))
                        == folder.file(i).bytes);
        }
        QCOMPARE(QDir(m_soc).entryList(QDir::Files | QDir::Hidden).size(), 6);

        // Reloaded, the edit is what the winning file says; saving the old colour restores the
        // bytes.
        std::vector<Diagnostic> again;
        const auto reloaded = OpsInfoFolderEditor::load(m_soc.toStdString(), again);
        QCOMPARE(reloaded.editor(std::size_t(winner)).filePolicy(type),
                 std::optional<Policy>(target));
        QVERIFY(saveLibraryEdits(reloaded, {{type, *current}}).ok);
        QVERIFY(readAll(QString::fromStdString(folder.file(std::size_t(winner)).path))
                == folder.file(std::size_t(winner)).bytes);
    }

    void refusalWritesNothing()
    {
        REQUIRE_SHARED_DATA();
        copySplitFolder();
        std::vector<Diagnostic> diagnostics;
        const auto folder = OpsInfoFolderEditor::load(m_soc.toStdString(), diagnostics);
        // One op from two different files; the second file is read-only.
        PolicyEdits edits;
        std::vector<std::size_t> touched;
        for (std::size_t f = 1; f < folder.fileCount() && touched.size() < 2; ++f) {
            for (const auto &op : folder.editor(f).scan().ops) {
                if (folder.winningFile(op.member.key) == int(f)
                    && folder.editor(f).filePolicy(op.member.key) != Policy::Black) {
                    edits[op.member.key] = Policy::Black;
                    touched.push_back(f);
                    break;
                }
            }
        }
        QCOMPARE(touched.size(), std::size_t(2));
        const std::string readOnly = folder.file(touched.back()).path;
        QCOMPARE(::chmod(readOnly.c_str(), 0444), 0);
        const auto saved = saveLibraryEdits(folder, edits);
        ::chmod(readOnly.c_str(), 0644);
        QVERIFY(!saved.ok);
        QVERIFY(saved.savedFiles.empty());
        QCOMPARE(saved.diagnostics.front().code, std::string("save-read-only"));
        for (std::size_t i = 0; i < folder.fileCount(); ++i)
            QVERIFY(readAll(QString::fromStdString(folder.file(i).path)) == folder.file(i).bytes);
    }

    void brokenLinkDoesNotEndTheListing()
    {
        REQUIRE_SHARED_DATA();
        copySplitFolder();
        // "a..." lists early in most directories; a broken link must not hide the files after it.
        QVERIFY(QFile::link(m_tmp.path() + QStringLiteral("/missing.json"),
                            m_soc + QStringLiteral("/a-broken.json")));
        std::vector<Diagnostic> diagnostics;
        const auto folder = OpsInfoFolderEditor::load(m_soc.toStdString(), diagnostics);
        QCOMPARE(folder.fileCount(), std::size_t(5));
        QCOMPARE(diagnostics.size(), std::size_t(1));
        QCOMPARE(diagnostics.front().severity, Severity::Warning);
        QVERIFY(diagnostics.front().location.file.find("a-broken.json") != std::string::npos);
    }

    void unknownOpInFolder()
    {
        REQUIRE_SHARED_DATA();
        std::vector<Diagnostic> diagnostics;
        const auto folder = OpsInfoFolderEditor::load(
            sharedData(QString::fromLatin1(splitStub)).toStdString(), diagnostics);
        QVERIFY(diagnostics.empty());
        const auto changes
            = folder.apply({{"matmulv2", Policy::White}, {"NoSuchOp", Policy::Black}}, diagnostics);
        QVERIFY(changes.empty());
        QCOMPARE(diagnostics.size(), std::size_t(2));
        // Edits are visited in code point order: "NoSuchOp" before "matmulv2".
        QCOMPARE(diagnostics[0].code, std::string("edit-unknown-op"));
        QVERIFY(diagnostics[0].message.find("'NoSuchOp'") != std::string::npos);
        QCOMPARE(QString::fromStdString(diagnostics[1].hint),
                 QStringLiteral("did you mean 'MatMulV2'? op types are case-sensitive"));
    }
};

QTEST_GUILESS_MAIN(TestLibraryEditFolder)
#include "tst_libraryeditfolder.moc"
