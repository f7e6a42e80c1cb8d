#pragma once

// The real main window on the embedded sample, with a model tester on every model, for the tests
// of the library browser, the mixlist editor, saving and the window (tst_librarybrowser,
// tst_mixlisteditor, tst_saving, tst_mainwindow).

#include "mixlist/mixlist.h"
#include "studio/diff/atlasfilterproxy.h"
#include "studio/diff/atlasmodel.h"
#include "studio/diff/atlasview.h"
#include "studio/diff/difffilterproxy.h"
#include "studio/diff/diffmodel.h"
#include "studio/diff/diffview.h"
#include "studio/diff/transitionmatrixmodel.h"
#include "studio/document/scriptedprompt.h"
#include "studio/library/libraryfilterproxy.h"
#include "studio/library/librarymodel.h"
#include "studio/library/libraryview.h"
#include "studio/mainwindow/mainwindow.h"
#include "studio/mixlist/lintmodel.h"
#include "studio/mixlist/mixlisteditor.h"
#include "studio/mixlist/mixlistslotmodel.h"
#include "testfiles.h"

#include <QAbstractItemModelTester>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

inline QString samplePath()
{
    return QStringLiteral(OPSINFO_SOURCE_DIR "/resources/sample/aic-ascend910b-ops-info.json");
}

// The sample's op types and flags, read independently of the app with Qt's JSON reader.
inline QJsonObject sampleJson()
{
    QFile file(samplePath());
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

inline QStringList slotTypes(opsinfo::MixlistEditor *editor, opsinfo::MixlistList list,
                             opsinfo::MixlistAction action)
{
    QStringList types;
    QAbstractItemModel *model = editor->slotModel(list, action);
    for (int r = 0; r < model->rowCount(); ++r)
        types.append(model->index(r, 0).data().toString());
    return types;
}

class MainWindowFixture
{
protected:
    void setUpCase()
    {
        // Backups of saved files go under XDG_STATE_HOME: keep them in a temp folder.
        QVERIFY(m_state.isValid());
        qputenv("XDG_STATE_HOME", m_state.path().toLocal8Bit());
        QStandardPaths::setTestModeEnabled(true);
    }

    void setUp()
    {
        using namespace opsinfo;
        m_prompt = new ScriptedPrompt;
        m_window = new MainWindow;
        m_window->setPersistSettings(false);
        m_window->setPrompt(m_prompt);
        const auto reporting = QAbstractItemModelTester::FailureReportingMode::QtTest;
        new QAbstractItemModelTester(m_window->libraryView()->model(), reporting, m_window);
        new QAbstractItemModelTester(m_window->libraryView()->proxy(), reporting, m_window);
        new QAbstractItemModelTester(m_window->mixlistEditor()->lintModel(), reporting, m_window);
        new QAbstractItemModelTester(m_window->diffView()->model(), reporting, m_window);
        new QAbstractItemModelTester(m_window->diffView()->proxy(), reporting, m_window);
        new QAbstractItemModelTester(m_window->diffView()->matrixModel(), reporting, m_window);
        new QAbstractItemModelTester(m_window->atlasView()->model(), reporting, m_window);
        new QAbstractItemModelTester(m_window->atlasView()->proxy(), reporting, m_window);
        for (MixlistList list : Mixlist::lists)
            for (MixlistAction action : Mixlist::actions)
                new QAbstractItemModelTester(m_window->mixlistEditor()->slotModel(list, action),
                                             reporting, m_window);
        QVERIFY(m_window->openPaths({}));
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window));
    }

    void tearDown()
    {
        m_window->setPrompt(m_prompt);
        m_prompt->unsavedAnswer = opsinfo::UserPrompt::UnsavedAnswer::Discard;
        delete m_window;
        m_window = nullptr;
        delete m_prompt;
        m_prompt = nullptr;
    }

    opsinfo::MainWindow *m_window = nullptr;
    opsinfo::ScriptedPrompt *m_prompt = nullptr;
    QTemporaryDir m_state;
};
