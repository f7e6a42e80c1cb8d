// Saving from the real main window: the mixlist in canonical form, the minimal mixlist, only the
// edited bytes of a library, the refusal to overwrite a file changed on disk, a read-only file.
#include "mainwindowfixture.h"

#include "studio/document/librarydocument.h"
#include "studio/document/mixlistdocument.h"
#include "studio/document/workspace.h"

#include <QAction>
#include <QFile>
#include <QItemSelectionModel>
#include <QLineEdit>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

using namespace opsinfo;

class TestSaving : public QObject, public MainWindowFixture
{
    Q_OBJECT

private slots:
    void initTestCase() { setUpCase(); }
    void init() { setUp(); }
    void cleanup() { tearDown(); }

    void savesMixlistCanonically();
    void exportsMinimalMixlist();
    void savesOnlyTheEditedBytes();
    void refusesToOverwriteFileChangedOnDisk();
    void reportsReadOnlyFile();
};

void TestSaving::savesMixlistCanonically()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("ops_info.json"));
    MixlistEditor *editor = m_window->mixlistEditor();
    editor->addEdit()->setText(QStringLiteral("Exp"));
    editor->setAddTarget(MixlistList::Gray, MixlistAction::Add);
    QVERIFY(editor->addFromEdit());
    m_prompt->fileNames = {path};
    m_window->findChild<QAction *>(QStringLiteral("actionSaveMixlistAs"))->trigger();
    QVERIFY2(QFile::exists(path), qPrintable(m_prompt->log.join(QLatin1Char('\n'))));
    // The sample mixlist plus gray-list.to-add Exp, in the strict canonical form (sorted, 4
    // spaces).
    const QByteArray expected = "{\n"
                                "    \"black-list\": {\n"
                                "        \"to-add\": [\n"
                                "            \"LayerNorm\",\n"
                                "            \"SoftmaxV2\"\n"
                                "        ]\n"
                                "    },\n"
                                "    \"white-list\": {\n"
                                "        \"to-add\": [\n"
                                "            \"Gelu\",\n"
                                "            \"fastgelu\"\n"
                                "        ],\n"
                                "        \"to-remove\": [\n"
                                "            \"MaxPool\"\n"
                                "        ]\n"
                                "    },\n"
                                "    \"gray-list\": {\n"
                                "        \"to-add\": [\n"
                                "            \"Exp\"\n"
                                "        ]\n"
                                "    }\n"
                                "}\n";
    QCOMPARE(readAll(path), expected);
    QVERIFY(!m_window->workspace()->mixlistDocument()->isModified());
    QCOMPARE(m_window->workspace()->mixlistDocument()->path(), path);
    // What was written reads back strictly as the same mixlist.
    const QByteArray bytes = readAll(path);
    MixlistParseResult parsed = parseMixlistStrict(
        std::string_view(bytes.constData(), std::size_t(bytes.size())), path.toStdString());
    QVERIFY(parsed.ok());
    QVERIFY(parsed.mixlist.sameContent(m_window->workspace()->mixlistDocument()->mixlist()));
}

void TestSaving::exportsMinimalMixlist()
{
    LibraryView *view = m_window->libraryView();
    view->selectType(QStringLiteral("Cast")); // gray -> black
    m_window->setSelectedPolicy(Policy::Black);
    view->selectType(QStringLiteral("MatMulV2")); // white -> gray
    m_window->setSelectedPolicy(Policy::Gray);
    view->selectType(QStringLiteral("Pow")); // black -> white
    m_window->setSelectedPolicy(Policy::White);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("minimal.json"));
    m_prompt->fileNames = {path};
    m_window->findChild<QAction *>(QStringLiteral("actionExportMinimalMixlist"))->trigger();
    const QByteArray expected = "{\n"
                                "    \"black-list\": {\n"
                                "        \"to-add\": [\n"
                                "            \"Cast\"\n"
                                "        ]\n"
                                "    },\n"
                                "    \"white-list\": {\n"
                                "        \"to-add\": [\n"
                                "            \"Pow\"\n"
                                "        ],\n"
                                "        \"to-remove\": [\n"
                                "            \"MatMulV2\"\n"
                                "        ]\n"
                                "    }\n"
                                "}\n";
    QCOMPARE(readAll(path), expected);
}

void TestSaving::savesOnlyTheEditedBytes()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("aic-ascend910b-ops-info.json"));
    QVERIFY(QFile::copy(samplePath(), path));
    QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
    QVERIFY(m_window->openPaths({path}));
    QVERIFY(!m_window->workspace()->libraryDocument()->isSample());
    const QByteArray original = readAll(path);

    m_window->libraryView()->selectType(QStringLiteral("SoftmaxGrad")); // black -> white: one flag
    m_window->setSelectedPolicy(Policy::White);
    m_window->findChild<QAction *>(QStringLiteral("actionSave"))->trigger();
    QVERIFY2(!m_window->workspace()->libraryDocument()->isModified(),
             qPrintable(m_prompt->log.join(QLatin1Char('\n'))));
    // Exactly the flag's text changed: the expected bytes are made by hand from the original.
    QByteArray expected = original;
    const qsizetype op = expected.indexOf("\n    \"SoftmaxGrad\":{");
    QVERIFY(op > 0);
    const qsizetype item = expected.indexOf("\"precision_reduce\":{", op);
    const qsizetype flag = expected.indexOf("\"flag\":\"false\"", item);
    QVERIFY(item > op && flag > item && flag - item < 60);
    expected.replace(flag, qsizetype(sizeof("\"flag\":\"false\"") - 1), "\"flag\":\"true\"");
    QCOMPARE(readAll(path), expected);

    // Undo back to the file's colours and save: byte-identical to what was opened.
    m_window->workspace()->libraryDocument()->undoStack()->undo();
    m_window->findChild<QAction *>(QStringLiteral("actionSave"))->trigger();
    QVERIFY(!m_window->workspace()->libraryDocument()->isModified());
    QCOMPARE(readAll(path), original);
}

void TestSaving::refusesToOverwriteFileChangedOnDisk()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("aic-ascend910b-ops-info.json"));
    QVERIFY(QFile::copy(samplePath(), path));
    QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
    QVERIFY(m_window->openPaths({path}));
    m_window->libraryView()->selectType(QStringLiteral("Cast"));
    m_window->setSelectedPolicy(Policy::White);

    // Someone else edits the file meanwhile.
    QByteArray theirs = readAll(path);
    theirs.replace("\"Cast\"", "\"Cast\" ");
    {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(theirs);
    }
    m_prompt->changedOnDiskAnswer = UserPrompt::ChangedOnDiskAnswer::Cancel;
    m_window->findChild<QAction *>(QStringLiteral("actionSave"))->trigger();
    QVERIFY(
        m_prompt->log.join(QLatin1Char('\n')).contains(QStringLiteral("changedOnDisk: ") + path));
    QCOMPARE(readAll(path), theirs); // nothing written
    QVERIFY(m_window->workspace()->libraryDocument()->isModified());
    QVERIFY(m_window->isWindowModified());

    // Told to overwrite, it writes our edit over the bytes as we opened them.
    m_prompt->changedOnDiskAnswer = UserPrompt::ChangedOnDiskAnswer::Overwrite;
    m_window->findChild<QAction *>(QStringLiteral("actionSave"))->trigger();
    QVERIFY(!m_window->workspace()->libraryDocument()->isModified());
    const QByteArray ours = readAll(path);
    QVERIFY(ours != theirs);
    QVERIFY(!ours.contains("\"Cast\" "));
}

void TestSaving::reportsReadOnlyFile()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("aic-ascend910b-ops-info.json"));
    QVERIFY(QFile::copy(samplePath(), path));
    QFile::setPermissions(path, QFile::ReadOwner);
    QVERIFY(m_window->openPaths({path}));
    m_window->libraryView()->selectType(QStringLiteral("Cast"));
    m_window->setSelectedPolicy(Policy::White);
    const QByteArray before = readAll(path);
    m_window->findChild<QAction *>(QStringLiteral("actionSave"))->trigger();
    const QString log = m_prompt->log.join(QLatin1Char('\n'));
    QVERIFY2(log.contains(QLatin1String("read-only")), qPrintable(log));
    QVERIFY2(log.contains(QLatin1String("chmod u+w")) || log.contains(QLatin1String("Save As")),
             qPrintable(log));
    QCOMPARE(readAll(path), before);
    QVERIFY(m_window->workspace()->libraryDocument()->isModified());
    m_prompt->unsavedAnswer = UserPrompt::UnsavedAnswer::Discard;
}

QTEST_MAIN(TestSaving)
#include "tst_saving.moc"
