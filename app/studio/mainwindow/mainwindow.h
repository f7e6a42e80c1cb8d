#pragma once

#include "common/policy.h"

#include <QMainWindow>

#include <memory>

class QAction;
class QLabel;
class QMenu;
class QTabWidget;
class QUndoGroup;

namespace opsinfo {

class AtlasView;
class DialogPrompt;
class DiffView;
class EvidenceStore;
class FileController;
class GraphTab;
class LibraryView;
class MixlistEditor;
class UserPrompt;
class Workspace;

// The application window: Library, Mixlist, Graph and Diff views over one Workspace (the Diff tab
// holds the diff of two sources and the atlas of many). Edits flow
// one way: actions push QUndoCommands onto the documents' stacks; documents emit changes; models
// and views follow. Every action has an objectName ("actionUndo", "actionSetWhite" ...) so tests
// trigger them by name.
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    // The tabs, then pages inside them: the atlas (Diff tab), the transition matrix with a cell
    // picked (Diff tab), the graph diff (Graph tab, Diff side page), the Advisor (Graph tab, its
    // side page; on the sample: a plan for its softmax and Gelu).
    enum class View { Library, Mixlist, Graph, Diff, Atlas, Matrix, GraphDiff, Advisor };

    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    Workspace *workspace() const { return m_workspace; }
    FileController *files() const { return m_files; }
    LibraryView *libraryView() const { return m_libraryView; }
    MixlistEditor *mixlistEditor() const { return m_mixlistEditor; }
    DiffView *diffView() const { return m_diffView; }
    AtlasView *atlasView() const { return m_atlasView; }
    QUndoGroup *undoGroup() const { return m_undoGroup; }
    GraphTab *graphTab() const { return m_graphTab; }
    // Profiler and accuracy evidence the user opened (Library and Graph tabs read it).
    EvidenceStore *evidence() const { return m_evidence; }
    // File > Export: every export action goes here.
    QMenu *exportMenu() const { return m_exportMenu; }

    // Tests (and --screenshot) answer questions with their own prompt; nullptr = real dialogs.
    void setPrompt(UserPrompt *prompt);
    // Shows, above the views, what dialogs said while no one could click them (a --screenshot
    // run answers them with a ScriptedPrompt): the picture shows what the user would have seen.
    void showDialogMessages(const QStringList &messages);
    // Opens what the command line names, or the embedded sample when it names nothing.
    bool openPaths(const QStringList &paths);
    // The files and folders every open document and the graph tab read: a Save As, an export or
    // a --screenshot never writes over one of them (DocumentIo::setInputs).
    QStringList openInputs() const;
    void showView(View view);
    static bool parseView(const QString &name, View *view);
    // The Graph tab's widget.
    QWidget *graphTabWidget() const;

    // Set the colour of the selected library rows: one undo step.
    void setSelectedPolicy(Policy policy);

    // Recent files and window layout from QSettings (main() calls it; tests do not).
    void restoreSettings();
    // false when settings are not to be written (tests, screenshots).
    void setPersistSettings(bool persist) { m_persistSettings = persist; }

protected:
    void closeEvent(QCloseEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    void createActions();
    void createMenus();
    void createExportAndCompareActions();
    void wireGraphTab();

    void updateTitle();
    void updateActions();
    void updateActiveStack();
    void updateStatus();
    void addRecentFile(const QString &path);
    void rebuildRecentMenu();
    void writeSettings();
    QAction *makeAction(const char *objectName, const QString &text,
                        const QKeySequence &shortcut = {});

    Workspace *m_workspace;
    EvidenceStore *m_evidence;
    std::unique_ptr<DialogPrompt> m_dialogPrompt;
    FileController *m_files;
    QUndoGroup *m_undoGroup;
    QTabWidget *m_tabs;
    LibraryView *m_libraryView;
    MixlistEditor *m_mixlistEditor;
    DiffView *m_diffView;
    AtlasView *m_atlasView = nullptr;
    QTabWidget *m_diffPages = nullptr;
    GraphTab *m_graphTab = nullptr;
    QLabel *m_statusLabel;
    QLabel *m_dialogMessages;
    QMenu *m_fileMenu = nullptr;
    QMenu *m_recentMenu = nullptr;
    QMenu *m_exportMenu = nullptr;
    QStringList m_recentFiles;
    bool m_persistSettings = true;

    QAction *m_openLibrary = nullptr;
    QAction *m_openFolder = nullptr;
    QAction *m_openMixlist = nullptr;
    QAction *m_openSample = nullptr;
    QAction *m_save = nullptr;
    QAction *m_saveAs = nullptr;
    QAction *m_saveMixlist = nullptr;
    QAction *m_saveMixlistAs = nullptr;
    QAction *m_exportMinimal = nullptr;
    QAction *m_exportPatched = nullptr;
    QAction *m_exportKeepDtype = nullptr;
    QAction *m_quit = nullptr;
    QAction *m_undo = nullptr;
    QAction *m_redo = nullptr;
    QAction *m_setWhite = nullptr;
    QAction *m_setBlack = nullptr;
    QAction *m_setGray = nullptr;
    QAction *m_find = nullptr;
    QAction *m_viewActions[5] = {};
};

} // namespace opsinfo
