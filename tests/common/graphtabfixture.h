#pragma once

// The real main window on the embedded sample, showing the Graph tab, for the tests of the graph
// preview (tst_graphtab, tst_graphcompare, tst_graphexports, tst_graphloading).

#include "cli/cli.h"
#include "studio/document/filecontroller.h"
#include "studio/document/scriptedprompt.h"
#include "studio/graphtab/graphdiffpanel.h"
#include "studio/graphtab/graphtab.h"
#include "studio/graphtab/graphtabstate.h"
#include "studio/graphtab/graphtabwidget.h"
#include "studio/graphtab/modechart.h"
#include "studio/mainwindow/mainwindow.h"
#include "testfiles.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QComboBox>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <sstream>
#include <string>
#include <vector>

inline bool copyResource(const QString &resource, const QString &path)
{
    QFile out(path);
    const QByteArray bytes = readAll(resource);
    return !bytes.isEmpty() && out.open(QIODevice::WriteOnly) && out.write(bytes) == bytes.size();
}

// `opsinfo ARGS...` in-process: stdout, and the exit code through `code`.
inline QByteArray runCliText(const QStringList &args, int *code = nullptr)
{
    std::vector<std::string> argv;
    for (const QString &a : args)
        argv.push_back(a.toStdString());
    std::ostringstream out, err;
    const int rc = opsinfo::runCli(argv, out, err);
    if (code)
        *code = rc;
    if (rc != 0 && rc != 1)
        qWarning("opsinfo %s: %s", qPrintable(args.join(QLatin1Char(' '))), err.str().c_str());
    return QByteArray::fromStdString(out.str());
}

class GraphTabFixture
{
protected:
    void setUp()
    {
        using namespace opsinfo;
        QVERIFY(m_dir.isValid());
        m_prompt = new ScriptedPrompt;
        m_window = new MainWindow;
        m_window->setPersistSettings(false);
        m_window->setPrompt(m_prompt);
        QVERIFY(m_window->graphTab());
        new QAbstractItemModelTester(widget()->diffPanel()->model(),
                                     QAbstractItemModelTester::FailureReportingMode::QtTest,
                                     m_window);
        new QAbstractItemModelTester(widget()->modeChart()->model(),
                                     QAbstractItemModelTester::FailureReportingMode::QtTest,
                                     m_window);
        QVERIFY(m_window->openPaths({}));
        m_window->showView(MainWindow::View::Graph);
        m_window->resize(1280, 800);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window));
    }

    void tearDown()
    {
        delete m_window;
        m_window = nullptr;
        delete m_prompt;
        m_prompt = nullptr;
    }

    opsinfo::GraphTabWidget *widget() const { return m_window->graphTab()->widget(); }
    opsinfo::GraphTabState *state() const { return m_window->graphTab()->state(); }
    QAction *action(const char *name) const
    {
        return m_window->findChild<QAction *>(QString::fromLatin1(name));
    }
    void pickMode(const QString &name)
    {
        auto *combo = m_window->findChild<QComboBox *>(QStringLiteral("modeCombo"));
        QVERIFY(combo);
        const int i = combo->findData(name);
        QVERIFY2(i >= 0, qPrintable(name));
        combo->setCurrentIndex(i);
        QTRY_VERIFY(!state()->isBusy());
        QCOMPARE(state()->modeName(), name);
    }
    int node(const char *name) const { return state()->graph()->indexOf(name); }
    const opsinfo::NodeResolution &decision(const char *name) const
    {
        return state()->result()->resolution.nodes[std::size_t(node(name))];
    }
    // The sample graph and mixlist as files, opened, so the CLI can read the very same inputs.
    void openSampleFiles(QString *graphPath, QString *mixlistPath)
    {
        *graphPath = m_dir.filePath(QStringLiteral("ge_proto_sample_graph.txt"));
        *mixlistPath = m_dir.filePath(QStringLiteral("ops_info.json"));
        QVERIFY(copyResource(QStringLiteral(":/sample/ge_proto_sample_graph.txt"), *graphPath));
        QVERIFY(copyResource(QStringLiteral(":/sample/ops_info.json"), *mixlistPath));
        QVERIFY(m_window->files()->openMixlist(*mixlistPath));
        m_prompt->fileNames = {*graphPath};
        action("actionOpenGraph")->trigger();
        QTRY_VERIFY(!state()->isBusy());
        QVERIFY(state()->result());
        QCOMPARE(state()->graphPath(), *graphPath);
    }

    opsinfo::MainWindow *m_window = nullptr;
    opsinfo::ScriptedPrompt *m_prompt = nullptr;
    QTemporaryDir m_dir;
};
