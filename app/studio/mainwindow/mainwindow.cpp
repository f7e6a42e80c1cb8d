#include "studio/mainwindow/mainwindow.h"

#include "library/socfolders.h"
#include "studio/common/languagemenu.h"
#include "studio/diff/atlasview.h"
#include "studio/diff/diffview.h"
#include "studio/diff/transitionmatrixmodel.h"
#include "studio/document/dialogprompt.h"
#include "studio/document/documentio.h"
#include "studio/document/evidencestore.h"
#include "studio/document/filecontroller.h"
#include "studio/document/frontendchoice.h"
#include "studio/document/frontendmenu.h"
#include "studio/document/librarydocument.h"
#include "studio/document/libraryexporter.h"
#include "studio/document/libraryfiles.h"
#include "studio/document/mixlistdocument.h"
#include "studio/document/mixlistfiles.h"
#include "studio/document/setpolicycommand.h"
#include "studio/document/workspace.h"
#include "studio/graphtab/graphtab.h"
#include "studio/graphtab/graphtabstate.h"
#include "studio/graphtab/graphtabwidget.h"
#include "studio/library/libraryview.h"
#include "studio/library/problempanel.h"
#include "studio/mixlist/mixlisteditor.h"
#include "studio/tasks/taskprogress.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileInfo>
#include <QHeaderView>
#include <QIcon>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMimeData>
#include <QSettings>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QUndoGroup>
#include <QUndoStack>
#include <QVBoxLayout>

// Resources of a static library must be registered by hand, outside any namespace.
static void initStudioResources()
{
    Q_INIT_RESOURCE(studio);
}

namespace opsinfo {

static constexpr int kMaxRecentFiles = 10;

static QString libraryFileFilter()
{
    return MainWindow::tr("Ops-info libraries (aic-*-ops-info*.json);;JSON files (*.json);;"
                          "INI sources (*.ini);;All files (*)");
}

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
    , m_workspace(new Workspace(this))
    , m_evidence(new EvidenceStore(this))
    , m_dialogPrompt(std::make_unique<DialogPrompt>(this))
    , m_files(new FileController(m_workspace, m_dialogPrompt.get(), this))
    , m_undoGroup(new QUndoGroup(this))
    , m_tabs(new QTabWidget(this))
    , m_libraryView(new LibraryView(m_workspace, this))
    , m_mixlistEditor(new MixlistEditor(m_workspace, this))
    , m_diffView(new DiffView(m_workspace, m_files->io(), this))
    , m_statusLabel(new QLabel(this))
    , m_dialogMessages(new QLabel(this))
{
    initStudioResources();
    setObjectName(QStringLiteral("mainWindow"));
    setAcceptDrops(true);

    m_undoGroup->addStack(m_workspace->libraryDocument()->undoStack());
    m_undoGroup->addStack(m_workspace->mixlistDocument()->undoStack());
    m_undoGroup->setActiveStack(m_workspace->libraryDocument()->undoStack());

    m_tabs->setObjectName(QStringLiteral("viewTabs"));
    m_tabs->setDocumentMode(true);
    m_dialogMessages->setObjectName(QStringLiteral("dialogMessages"));
    m_dialogMessages->setStyleSheet(QStringLiteral(
        "QLabel { background: #fff4e5; color: #663c00; border: 1px solid #ffb74d; padding: 4px; }"));
    m_dialogMessages->setTextFormat(Qt::PlainText);
    m_dialogMessages->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    m_dialogMessages->hide();
    auto *central = new QWidget(this);
    auto *centralLayout = new QVBoxLayout(central);
    centralLayout->setContentsMargins(0, 0, 0, 0);
    centralLayout->setSpacing(0);
    centralLayout->addWidget(m_dialogMessages);
    centralLayout->addWidget(m_tabs, 1);
    setCentralWidget(central);
    statusBar()->addWidget(m_statusLabel, 1);
    // Loads and saves run on a worker thread: progress and Cancel show here.
    statusBar()->addPermanentWidget(new TaskProgress(m_files->tasks(), this));
    m_atlasView = new AtlasView(m_workspace, m_files->io(), this);
    m_diffPages = new QTabWidget(this);
    m_diffPages->setObjectName(QStringLiteral("diffPages"));
    m_diffPages->setDocumentMode(true);
    m_diffPages->addTab(m_diffView, tr("Two Sources"));
    m_diffPages->addTab(m_atlasView, tr("Atlas"));
    m_diffPages->setTabToolTip(
        0,
        tr("Two libraries, a library with and without a mixlist, two mixlists: "
           "the transition matrix and the op types that change"));
    m_diffPages->setTabToolTip(1, tr("Many SoCs, CANN versions or user copies at once"));

    createActions();
    createMenus();
    m_graphTab = new GraphTab(m_workspace, m_files->io(), this);
    m_files->io()->setInputs([this] { return openInputs(); });
    m_tabs->addTab(m_libraryView, tr("Library"));
    m_tabs->addTab(m_mixlistEditor, tr("Mixlist"));
    m_tabs->addTab(m_graphTab->widget(), tr("Graph"));
    m_tabs->addTab(m_diffPages, tr("Diff"));
    wireGraphTab();
    m_libraryView->setEvidence(m_evidence);
    m_libraryView->problemPanel()->setOpenedBytes(
        [files = m_files->library()](const std::string &file) { return files->openedBytes(file); });
    m_graphTab->setEvidence(m_evidence);
    m_libraryView->setContextActions({m_setWhite, m_setBlack, m_setGray});

    connect(m_tabs, &QTabWidget::currentChanged, this, [this] {
        updateActiveStack();
        updateActions();
    });
    LibraryDocument *library = m_workspace->libraryDocument();
    MixlistDocument *mixlist = m_workspace->mixlistDocument();
    connect(library, &LibraryDocument::modifiedChanged, this, &MainWindow::updateTitle);
    connect(library, &LibraryDocument::pathChanged, this, &MainWindow::updateTitle);
    connect(mixlist, &MixlistDocument::modifiedChanged, this, &MainWindow::updateTitle);
    connect(mixlist, &MixlistDocument::pathChanged, this, &MainWindow::updateTitle);
    connect(library, &LibraryDocument::libraryReset, this, &MainWindow::updateStatus);
    connect(m_workspace, &Workspace::effectiveChanged, this, &MainWindow::updateStatus);
    connect(m_libraryView, &LibraryView::selectionChanged, this, &MainWindow::updateActions);
    connect(m_files, &FileController::fileUsed, this, &MainWindow::addRecentFile);

    resize(1280, 800);
    updateTitle();
    updateActions();
    updateStatus();
}

MainWindow::~MainWindow() = default;

QAction *MainWindow::makeAction(const char *objectName, const QString &text,
                                const QKeySequence &shortcut)
{
    auto *action = new QAction(text, this);
    action->setObjectName(QString::fromLatin1(objectName));
    if (!shortcut.isEmpty())
        action->setShortcut(shortcut);
    addAction(action); // shortcuts work even while the menu bar is hidden
    return action;
}

void MainWindow::createActions()
{
    m_openLibrary
        = makeAction("actionOpenLibrary", tr("&Open Library File..."), QKeySequence::Open);
    m_openFolder = makeAction("actionOpenFolder", tr("Open Library &Folder..."),
                              QKeySequence(tr("Ctrl+Shift+O")));
    m_openMixlist
        = makeAction("actionOpenMixlist", tr("Open &Mixlist..."), QKeySequence(tr("Ctrl+M")));
    m_openSample = makeAction("actionOpenSample", tr("Open the &Sample"));
    m_save = makeAction("actionSave", tr("&Save Library"), QKeySequence::Save);
    m_saveAs = makeAction("actionSaveAs", tr("Save Library &As..."), QKeySequence::SaveAs);
    m_saveMixlist
        = makeAction("actionSaveMixlist", tr("Save Mi&xlist"), QKeySequence(tr("Ctrl+Alt+S")));
    m_saveMixlistAs = makeAction("actionSaveMixlistAs", tr("Save Mixlist As..."));
    m_exportMinimal = makeAction("actionExportMinimalMixlist", tr("&Export Minimal Mixlist..."),
                                 QKeySequence(tr("Ctrl+E")));
    m_exportMinimal->setToolTip(
        tr("A mixlist turning the library as opened into the edited one (X5)"));
    m_quit = makeAction("actionQuit", tr("&Quit"), QKeySequence::Quit);

    m_undo = m_undoGroup->createUndoAction(this, tr("&Undo"));
    m_undo->setObjectName(QStringLiteral("actionUndo"));
    m_undo->setShortcut(QKeySequence::Undo);
    addAction(m_undo);
    m_redo = m_undoGroup->createRedoAction(this, tr("&Redo"));
    m_redo->setObjectName(QStringLiteral("actionRedo"));
    m_redo->setShortcut(QKeySequence::Redo);
    addAction(m_redo);
    m_setWhite = makeAction("actionSetWhite", tr("Set &White"), QKeySequence(Qt::Key_W));
    m_setBlack = makeAction("actionSetBlack", tr("Set &Black"), QKeySequence(Qt::Key_B));
    m_setGray = makeAction("actionSetGray", tr("Set &Gray"), QKeySequence(Qt::Key_G));
    m_setWhite->setToolTip(
        tr("Put the selected op types on the white list (precision_reduce true)"));
    m_setBlack->setToolTip(
        tr("Put the selected op types on the black list (precision_reduce false)"));
    m_setGray->setToolTip(tr("Remove precision_reduce from the selected op types (gray)"));
    m_find = makeAction("actionFind", tr("&Find Op Type"), QKeySequence::Find);

    const QString viewNames[5]
        = {tr("&Library"), tr("&Mixlist"), tr("&Graph"), tr("&Diff"), tr("Policy &Atlas")};
    const char *viewObjects[5] = {"actionViewLibrary", "actionViewMixlist", "actionViewGraph",
                                  "actionViewDiff", "actionViewAtlas"};
    for (int i = 0; i < 5; ++i) {
        m_viewActions[i] = makeAction(viewObjects[i], viewNames[i],
                                      QKeySequence(Qt::CTRL | Qt::Key(Qt::Key_1 + i)));
        connect(m_viewActions[i], &QAction::triggered, this, [this, i] { showView(View(i)); });
    }

    connect(m_openLibrary, &QAction::triggered, this, [this] {
        const QString path
            = m_files->prompt()->openFileName(tr("Open Library File"), libraryFileFilter());
        if (!path.isEmpty())
            m_files->openLibrary(path);
    });
    connect(m_openFolder, &QAction::triggered, this, [this] {
        const QString path = m_files->prompt()->openDirectory(tr("Open Soc Folder or Opp Root"));
        if (!path.isEmpty())
            m_files->openLibrary(path);
    });
    connect(m_openMixlist, &QAction::triggered, this, [this] {
        const QString path = m_files->prompt()->openFileName(
            tr("Open Mixlist"), tr("Mixlists (*.json);;All files (*)"));
        if (!path.isEmpty())
            m_files->openMixlist(path);
    });
    connect(m_openSample, &QAction::triggered, m_files, &FileController::openSample);
    connect(m_save, &QAction::triggered, m_files->library(), &LibraryFiles::save);
    connect(m_saveAs, &QAction::triggered, this, [this] { m_files->library()->saveAs(); });
    connect(m_saveMixlist, &QAction::triggered, m_files->mixlist(), &MixlistFiles::save);
    connect(m_saveMixlistAs, &QAction::triggered, this, [this] { m_files->mixlist()->saveAs(); });
    connect(m_exportMinimal, &QAction::triggered, this,
            [this] { m_files->mixlist()->exportMinimal(); });
    connect(m_quit, &QAction::triggered, this, &QWidget::close);
    connect(m_setWhite, &QAction::triggered, this, [this] { setSelectedPolicy(Policy::White); });
    connect(m_setBlack, &QAction::triggered, this, [this] { setSelectedPolicy(Policy::Black); });
    connect(m_setGray, &QAction::triggered, this, [this] { setSelectedPolicy(Policy::Gray); });
    connect(m_find, &QAction::triggered, this, [this] {
        showView(View::Library);
        m_libraryView->filterEdit()->setFocus();
        m_libraryView->filterEdit()->selectAll();
    });
    createExportAndCompareActions();
}

void MainWindow::createExportAndCompareActions()
{
    // Icons: the desktop theme's where it has one, else ours (gray strokes read on light and dark).
    m_openLibrary->setIcon(QIcon::fromTheme(QStringLiteral("document-open"),
                                            QIcon(QStringLiteral(":/icons/open.svg"))));
    m_save->setIcon(QIcon::fromTheme(QStringLiteral("document-save"),
                                     QIcon(QStringLiteral(":/icons/save.svg"))));
    m_setWhite->setIcon(QIcon(QStringLiteral(":/icons/policy-white.svg")));
    m_setBlack->setIcon(QIcon(QStringLiteral(":/icons/policy-black.svg")));
    m_setGray->setIcon(QIcon(QStringLiteral(":/icons/policy-gray.svg")));

    auto *exporter = new LibraryExporter(m_workspace, m_files->library(), m_files->io(), this);
    m_exportPatched = makeAction("actionExportPatchedLibrary", tr("&Patched Library..."));
    m_exportPatched->setToolTip(
        tr("A copy of the library with the colour edits (a folder of the "
           "edited files for a soc folder); the open files stay as they are"));
    m_exportKeepDtype
        = makeAction("actionExportKeepDtype", tr("&keep_dtype File from Selection..."));
    m_exportKeepDtype->setToolTip(
        tr("OpType::<type> lines for the op types selected in the library"));
    connect(m_exportPatched, &QAction::triggered, exporter,
            [exporter] { exporter->exportPatchedLibrary(); });
    connect(m_exportKeepDtype, &QAction::triggered, this,
            [this, exporter] { exporter->exportKeepDtype(m_libraryView->selectedTypes()); });

    QAction *compareFile
        = makeAction("actionCompareLibraryFile", tr("Compare with Library &File..."));
    QAction *compareFolder
        = makeAction("actionCompareLibraryFolder", tr("Compare with Library F&older..."));
    QAction *compareMixlist
        = makeAction("actionCompareMixlistFile", tr("Compare with &Mixlist File..."));
    compareFile->setToolTip(tr("Diff the open library's colours against another library file"));
    compareFolder->setToolTip(
        tr("Diff the open library's colours against a soc folder or opp root"));
    compareMixlist->setToolTip(
        tr("Diff the open mixlist against another mixlist file, on the open library"));
    auto compare = [this](const QString &path, const QString &soc = {}) {
        if (path.isEmpty())
            return;
        std::optional<LibraryLoadResult> loaded = m_files->library()->loadForReading(path, soc);
        if (!loaded)
            return;
        const QString name = soc.isEmpty() ? QFileInfo(path).fileName() : soc;
        if (!loaded->ok())
            statusBar()->showMessage(
                tr("%1 has errors: compared with what could be read").arg(name), 8000);
        m_diffView->setComparisonLibrary(std::move(loaded->library), name);
        showView(View::Diff);
    };
    connect(compareFile, &QAction::triggered, this, [this, compare] {
        compare(
            m_files->prompt()->openFileName(tr("Compare with Library File"), libraryFileFilter()));
    });
    connect(compareFolder, &QAction::triggered, this, [this, compare] {
        const QString path
            = m_files->prompt()->openDirectory(tr("Compare with Soc Folder or Opp Root"));
        if (path.isEmpty())
            return;
        // An opp holding several SoCs offers them: one is the other side of the diff, several
        // go to the atlas side by side.
        QStringList socs;
        for (const std::string &soc : socFoldersOf(path.toStdString()))
            socs << QString::fromStdString(soc);
        if (socs.size() <= 1) {
            compare(path, socs.value(0));
            return;
        }
        const QStringList chosen = m_files->prompt()->chooseItems(
            tr("Compare with SoCs of %1").arg(QFileInfo(path).fileName()),
            tr("Check one SoC to diff the open library against it, or several to see them side "
               "by side in the atlas."),
            socs);
        if (chosen.size() == 1) {
            compare(path, chosen.front());
        } else if (!chosen.isEmpty() && m_atlasView->addSocs(path, chosen)) {
            showView(View::Atlas);
        }
    });
    connect(compareMixlist, &QAction::triggered, this, [this] {
        const QString path = m_files->prompt()->openFileName(
            tr("Compare with Mixlist File"), tr("Mixlists (*.json);;All files (*)"));
        if (path.isEmpty())
            return;
        std::optional<Mixlist> mixlist = m_files->mixlist()->loadForReading(path);
        if (!mixlist)
            return;
        m_diffView->setComparisonMixlist(std::move(*mixlist), path);
        showView(View::Diff);
    });
    m_diffView->setCompareActions({compareFile, compareFolder, compareMixlist});
}

void MainWindow::createMenus()
{
    QMenu *file = m_fileMenu = menuBar()->addMenu(tr("&File"));
    file->setObjectName(QStringLiteral("menuFile"));
    file->addAction(m_openLibrary);
    file->addAction(m_openFolder);
    file->addAction(m_openMixlist);
    file->addAction(m_openSample);
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    m_recentMenu->setObjectName(QStringLiteral("menuRecent"));
    file->addSeparator();
    file->addAction(m_save);
    file->addAction(m_saveAs);
    file->addAction(m_saveMixlist);
    file->addAction(m_saveMixlistAs);
    file->addSeparator();
    m_exportMenu = file->addMenu(tr("&Export"));
    m_exportMenu->setObjectName(QStringLiteral("menuExport"));
    m_exportMenu->addAction(m_exportMinimal);
    m_exportMenu->addAction(m_exportPatched);
    m_exportMenu->addAction(m_exportKeepDtype);
    m_exportMenu->addSeparator();
    m_exportMenu->addActions(m_diffView->exportActions());
    m_exportMenu->addActions(m_atlasView->exportActions());
    addActions(m_diffView->exportActions());
    addActions(m_atlasView->exportActions());
    addActions(m_atlasView->sourceActions());
    file->addSeparator();
    file->addAction(m_quit);

    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    edit->setObjectName(QStringLiteral("menuEdit"));
    edit->addAction(m_undo);
    edit->addAction(m_redo);
    edit->addSeparator();
    edit->addAction(m_setWhite);
    edit->addAction(m_setBlack);
    edit->addAction(m_setGray);
    edit->addSeparator();
    edit->addAction(m_find);

    QMenu *view = menuBar()->addMenu(tr("&View"));
    view->setObjectName(QStringLiteral("menuView"));
    for (QAction *a : m_viewActions)
        view->addAction(a);
    view->addSeparator();
    view->addMenu(new FrontEndMenu(m_workspace->frontEndChoice(), this));
    view->addMenu(new LanguageMenu(this));
    rebuildRecentMenu();
}

QStringList MainWindow::openInputs() const
{
    QStringList paths;
    const LibraryDocument *library = m_workspace->libraryDocument();
    if (!library->isSample()) {
        paths.append(library->path()); // a folder: nothing is written into it either (L1)
        for (const LibraryFile &file : library->library().files())
            paths.append(QString::fromStdString(file.path));
    }
    const QString mixlist = m_workspace->mixlistDocument()->path();
    if (!mixlist.isEmpty())
        paths.append(mixlist);
    paths.append(m_graphTab->inputPaths());
    paths.append(m_diffView->inputPaths());
    paths.append(m_atlasView->inputPaths());
    for (const EvidenceFile &file : m_evidence->files())
        paths.append(QString::fromStdString(file.path));
    return paths;
}

void MainWindow::wireGraphTab()
{
    // File > Open Graph... before Open the Sample; the graph's exports after the library's.
    m_fileMenu->insertAction(m_openSample, m_graphTab->openGraphAction());
    m_fileMenu->insertAction(m_openSample, m_graphTab->openEvidenceAction());
    m_fileMenu->insertAction(m_openSample, m_graphTab->closeEvidenceAction());
    addAction(m_graphTab->openEvidenceAction());
    m_fileMenu->insertActions(m_openSample, m_graphTab->inputActions());
    m_exportMenu->addSeparator();
    m_exportMenu->addActions(m_graphTab->exportActions());
    addAction(m_graphTab->openGraphAction()); // shortcuts work even while the menu bar is hidden
    addActions(m_graphTab->exportActions());
    addActions(m_graphTab->inputActions());
    connect(m_graphTab, &GraphTab::graphOpened, this, [this] { showView(View::Graph); });
    // A matrix cell's op types are marked in the graph.
    connect(m_diffView, &DiffView::opTypesPicked, m_graphTab->widget(),
            &GraphTabWidget::setOpTypeFilter);
    const GraphTabState *preview = m_graphTab->state();
    connect(preview, &GraphTabState::graphChanged, this, [this, preview] {
        m_libraryView->setGraphOpTypes(preview->opTypes(), preview->hasGraph());
    });
}

void MainWindow::setPrompt(UserPrompt *prompt)
{
    m_files->setPrompt(prompt ? prompt : m_dialogPrompt.get());
}

void MainWindow::showDialogMessages(const QStringList &messages)
{
    // A bounded number of lines: a dialog listing 5,000 problems must not make the window (and
    // the picture) taller than a screen.
    constexpr int kMaxLines = 12;
    QStringList lines;
    int more = 0;
    for (const QString &message : messages)
        for (const QString &line : message.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
            if (lines.size() < kMaxLines)
                lines << line;
            else
                ++more;
        }
    if (more > 0)
        lines << tr("… and %n more line(s)", nullptr, more);
    m_dialogMessages->setText(lines.join(QLatin1Char('\n')));
    m_dialogMessages->setVisible(!lines.isEmpty());
}

bool MainWindow::openPaths(const QStringList &paths)
{
    if (paths.isEmpty()) {
        const bool ok = m_files->openSample();
        if (ok) {
            m_libraryView->selectType(QStringLiteral("MatMulV2")); // something to read at once
            m_graphTab->openSample();
        }
        return ok;
    }
    // Evidence files open beside whatever else is named; named alone, they open over the sample.
    QStringList evidence, others;
    for (const QString &path : paths)
        (!GraphTab::isGraphFile(path) && EvidenceStore::isEvidenceFile(path) ? evidence : others)
            << path;
    bool ok = others.isEmpty() ? openPaths({}) : true;
    for (const QString &path : others)
        ok = (GraphTab::isGraphFile(path)              ? m_graphTab->openGraph(path)
                  : GraphTab::isResolveInputFile(path) ? m_graphTab->openResolveInput(path)
                                                       : m_files->open(path))
            && ok;
    if (!evidence.isEmpty())
        ok = m_graphTab->openEvidence(evidence) && ok;
    return ok;
}

bool MainWindow::parseView(const QString &name, View *view)
{
    static const QStringList names {QStringLiteral("library"),   QStringLiteral("mixlist"),
                                    QStringLiteral("graph"),     QStringLiteral("diff"),
                                    QStringLiteral("atlas"),     QStringLiteral("matrix"),
                                    QStringLiteral("graphdiff"), QStringLiteral("advisor")};
    const int i = int(names.indexOf(name.toLower()));
    if (i < 0)
        return false;
    *view = View(i);
    return true;
}

void MainWindow::showView(View view)
{
    switch (view) {
    case View::Library:
    case View::Mixlist:
    case View::Graph:
        m_tabs->setCurrentIndex(int(view));
        break;
    case View::Diff:
    case View::Atlas:
        m_tabs->setCurrentWidget(m_diffPages);
        m_diffPages->setCurrentWidget(view == View::Atlas ? static_cast<QWidget *>(m_atlasView)
                                                          : m_diffView);
        break;
    case View::Matrix: {
        showView(View::Diff);
        // The biggest change, its first op type selected: the matrix, the list and the two
        // explanations at once.
        m_diffView->refreshIfStale();
        if (m_diffView->pickedTransition().isEmpty()) {
            const TransitionMatrix &matrix = m_diffView->matrixModel()->matrix();
            std::size_t best = 0;
            QString transition;
            for (Policy a : TransitionMatrix::order)
                for (Policy b : TransitionMatrix::order)
                    if (a != b && matrix.count(a, b) > best) {
                        best = matrix.count(a, b);
                        transition = QStringLiteral("%1->%2").arg(
                            QString::fromLatin1(policyName(a)), QString::fromLatin1(policyName(b)));
                    }
            m_diffView->pickTransition(transition);
        }
        if (!m_diffView->table()->currentIndex().isValid())
            m_diffView->table()->selectRow(0);
        break;
    }
    case View::Advisor:
        m_tabs->setCurrentWidget(m_graphTab->widget());
        m_graphTab->showAdvisor();
        break;
    case View::GraphDiff:
        m_tabs->setCurrentWidget(m_graphTab->widget());
        m_graphTab->widget()->showDiff();
        break;
    }
}

QWidget *MainWindow::graphTabWidget() const
{
    return m_graphTab->widget();
}

void MainWindow::setSelectedPolicy(Policy policy)
{
    const std::vector<std::string> types = m_libraryView->selectedTypes();
    if (types.empty())
        return;
    LibraryDocument *document = m_workspace->libraryDocument();
    auto *command = new SetPolicyCommand(document, types, policy);
    if (command->isEmpty()) {
        delete command;
        statusBar()->showMessage(tr("Already %1").arg(QString::fromLatin1(policyName(policy))),
                                 3000);
        return;
    }
    document->undoStack()->push(command);
}

void MainWindow::updateActiveStack()
{
    const bool mixlist = m_tabs->currentWidget() == m_mixlistEditor;
    m_undoGroup->setActiveStack(mixlist ? m_workspace->mixlistDocument()->undoStack()
                                        : m_workspace->libraryDocument()->undoStack());
}

void MainWindow::updateActions()
{
    const bool library = m_tabs->currentWidget() == m_libraryView;
    const bool selection = library && !m_libraryView->selectedTypes().empty();
    m_setWhite->setEnabled(selection);
    m_setBlack->setEnabled(selection);
    m_setGray->setEnabled(selection);
}

void MainWindow::updateTitle()
{
    const LibraryDocument *library = m_workspace->libraryDocument();
    const MixlistDocument *mixlist = m_workspace->mixlistDocument();
    QString name = library->displayName();
    if (library->isSample())
        name = tr("%1 (sample)").arg(name);
    if (!mixlist->path().isEmpty() || !mixlist->mixlist().empty())
        name += QStringLiteral(" + ") + mixlist->displayName();
    setWindowTitle(tr("%1[*] — OpsInfo Studio").arg(name));
    setWindowModified(library->isModified() || mixlist->isModified());
}

void MainWindow::updateStatus()
{
    const LibraryDocument *document = m_workspace->libraryDocument();
    // Op types of the library only: the policy table also lists types only the mixlist names. A
    // scan of the table, not a lookup per op: this runs on every edit of a 20,000-op library.
    int counts[3] = {0, 0, 0};
    for (const OpPolicy &p : m_workspace->policyTable().all())
        if (p.inLibrary)
            ++counts[int(p.effective)];
    m_statusLabel->setText(tr("%1 op types · %2 white · %3 black · %4 gray (effective) · %5 edited")
                               .arg(document->library().ops().size())
                               .arg(counts[int(Policy::White)])
                               .arg(counts[int(Policy::Black)])
                               .arg(counts[int(Policy::Gray)])
                               .arg(document->editedPolicies().size()));
    updateTitle();
}

void MainWindow::addRecentFile(const QString &path)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    if (m_workspace->libraryDocument()->isSample()
        && absolute == m_workspace->libraryDocument()->path())
        return; // the sample's temp copy is no file to reopen
    m_recentFiles.removeAll(absolute);
    m_recentFiles.prepend(absolute);
    while (m_recentFiles.size() > kMaxRecentFiles)
        m_recentFiles.removeLast();
    rebuildRecentMenu();
    if (m_persistSettings)
        QSettings().setValue(QStringLiteral("recentFiles"), m_recentFiles);
}

void MainWindow::rebuildRecentMenu()
{
    if (!m_recentMenu)
        return;
    m_recentMenu->clear();
    for (const QString &path : m_recentFiles) {
        QAction *a = m_recentMenu->addAction(QFileInfo(path).fileName());
        a->setToolTip(path);
        connect(a, &QAction::triggered, this, [this, path] { m_files->open(path); });
    }
    m_recentMenu->setEnabled(!m_recentFiles.isEmpty());
}

void MainWindow::restoreSettings()
{
    QSettings settings;
    m_recentFiles = settings.value(QStringLiteral("recentFiles")).toStringList();
    restoreGeometry(settings.value(QStringLiteral("geometry")).toByteArray());
    restoreState(settings.value(QStringLiteral("windowState")).toByteArray());
    m_libraryView->table()->horizontalHeader()->restoreState(
        settings.value(QStringLiteral("libraryColumns")).toByteArray());
    m_workspace->frontEndChoice()->setId(settings.value(QStringLiteral("frontEnd")).toString());
    rebuildRecentMenu();
}

void MainWindow::writeSettings()
{
    QSettings settings;
    settings.setValue(QStringLiteral("geometry"), saveGeometry());
    settings.setValue(QStringLiteral("windowState"), saveState());
    settings.setValue(QStringLiteral("libraryColumns"),
                      m_libraryView->table()->horizontalHeader()->saveState());
    settings.setValue(QStringLiteral("recentFiles"), m_recentFiles);
    settings.setValue(QStringLiteral("frontEnd"), m_workspace->frontEndChoice()->id());
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!m_files->maybeSaveAll()) {
        event->ignore();
        return;
    }
    if (m_persistSettings)
        writeSettings();
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    if (event->mimeData()->hasUrls())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event)
{
    QStringList paths;
    for (const QUrl &url : event->mimeData()->urls())
        if (url.isLocalFile())
            paths.append(url.toLocalFile());
    if (paths.isEmpty())
        return;
    event->acceptProposedAction();
    openPaths(paths);
}

} // namespace opsinfo
