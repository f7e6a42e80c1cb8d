#pragma once

// The real main window with a ScriptedPrompt (every question logged, none waits for a click) and
// no saved settings, for the tests that open files as a user does (tst_reallibraries,
// tst_realfiles).

#include "studio/document/scriptedprompt.h"
#include "studio/mainwindow/mainwindow.h"

#include <QStandardPaths>
#include <QStringList>
#include <QTemporaryDir>
#include <QTest>

// Backups of saved files go under XDG_STATE_HOME: into `state`, the test's own temporary folder.
inline bool keepAppStateIn(const QTemporaryDir &state)
{
    if (!state.isValid())
        return false;
    qputenv("XDG_STATE_HOME", state.path().toLocal8Bit());
    QStandardPaths::setTestModeEnabled(true);
    return true;
}

struct QuietWindow
{
    QuietWindow()
    {
        window.setPersistSettings(false);
        window.setPrompt(&prompt);
    }
    ~QuietWindow() { window.setPrompt(nullptr); }

    // Opens the files as the command line does, then shows the window (false when either fails).
    bool openAndShow(const QStringList &paths)
    {
        if (!window.openPaths(paths))
            return false;
        window.show();
        return QTest::qWaitForWindowExposed(&window);
    }
    QuietWindow(const QuietWindow &) = delete;
    QuietWindow &operator=(const QuietWindow &) = delete;

    opsinfo::ScriptedPrompt prompt; // declared first: the window's prompt outlives it
    opsinfo::MainWindow window;
};
