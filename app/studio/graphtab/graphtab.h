#pragma once

#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>
#include <string>

class QAction;
class QWidget;

namespace opsinfo {

class AdvisorPanel;
class DocumentIo;
class EvidenceStore;
class GraphTabState;
class GraphTabWidget;
class UserPrompt;
class Workspace;

// The Graph tab's wiring: it owns the tab's state (GraphTabState) and widget (GraphTabWidget) and
// makes the actions for the window to place (Open Graph..., the exports: per-node report JSON/CSV,
// graph SVG/PNG, keep_dtype from the selected nodes; the evidence files). It knows no neighbour:
// the window puts the actions in its menus and follows graphOpened() and
// GraphTabState::graphChanged(). Every question goes through the prompt `currentPrompt` returns.
class GraphTab : public QObject
{
    Q_OBJECT

public:
    // `window` parents the widget and the actions.
    // Every file an export writes goes through `io` (its prompt asks and reports).
    GraphTab(Workspace *workspace, DocumentIo *io, QWidget *window);

    GraphTabState *state() const { return m_state; }
    GraphTabWidget *widget() const { return m_widget; }
    // File > Open Graph...
    QAction *openGraphAction() const { return m_openGraph; }
    // For File > Export, in menu order.
    const QList<QAction *> &exportActions() const { return m_exportActions; }
    // File > Open Evidence... and Close Evidence.
    QAction *openEvidenceAction() const { return m_openEvidence; }
    QAction *closeEvidenceAction() const { return m_closeEvidence; }
    // The Advisor side page.
    AdvisorPanel *advisor() const { return m_advisor; }

    // The evidence the window opened: joined to every graph this tab shows (badges, node pane,
    // the advisor's protected nodes and measured times).
    void setEvidence(EvidenceStore *store);
    // Adds evidence files; their problems go to the prompt. False when none could be read. Files
    // of more than evidenceInlineBytes() in all are read on a worker thread: then true means the
    // reading started, and the store's changed() says when they are in.
    bool openEvidence(const QStringList &paths);
    qint64 evidenceInlineBytes() const { return m_evidenceInlineBytes; }
    void setEvidenceInlineBytes(qint64 bytes) { m_evidenceInlineBytes = bytes; }
    // The Advisor page on the sample: protects the sample's softmax and advises, so the page shows
    // a plan (the --screenshot view "advisor").
    void showAdvisor();
    // For the File menu after Open Graph: load keep_dtype, customize_dtypes, fe.ini; unload them.
    const QList<QAction *> &inputActions() const { return m_inputActions; }

    // The embedded sample graph; a node is selected so the side pane has something to read.
    bool openSample();
    bool openGraph(const QString &path);
    // The files this tab read (graph, keep_dtype, customize_dtypes, fe.ini): the window's exports
    // never write over them (DocumentIo::setInputs).
    QStringList inputPaths() const;
    // A graph file (by content), not a library or mixlist.
    static bool isGraphFile(const QString &path);
    // A keep_dtype, customize_dtypes or fe.ini file (by content, see sniffResolveInput()).
    static bool isResolveInputFile(const QString &path);
    // Loads such a file as what its content says it is; false (and the prompt says why) when it
    // is none of them or cannot be used.
    bool openResolveInput(const QString &path);

    // Exports; an empty path asks for one. False when nothing was written (and the prompt said
    // why).
    bool exportReportJson(const QString &path = {});
    bool exportReportCsv(const QString &path = {});
    bool exportGraphSvg(const QString &path = {});
    bool exportGraphPng(const QString &path = {});
    bool exportKeepDtype(const QString &path = {});

signals:
    // A graph file was opened: the window shows the tab.
    void graphOpened();

private:
    void createActions(QWidget *window);
    UserPrompt *prompt() const { return m_prompt(); }
    QString askPath(const QString &path, const QString &title, const QString &suggested,
                    const QString &filter);
    bool needResult();
    bool write(const QString &path, const std::string &bytes);
    QAction *makeInputAction(QWidget *window, const char *name, const QString &text,
                             const QString &title, const QString &filter,
                             bool (GraphTabState::*load)(const QString &));

    DocumentIo *m_io;
    std::function<UserPrompt *()> m_prompt;
    GraphTabState *m_state;
    GraphTabWidget *m_widget;
    void updateEvidence();

    EvidenceStore *m_evidence = nullptr;
    qint64 m_evidenceInlineBytes = 8 << 20; // a few MiB of CSV read in well under a second
    QStringList m_evidencePending; // files a worker is reading
    AdvisorPanel *m_advisor = nullptr;
    QAction *m_openGraph = nullptr;
    QAction *m_openEvidence = nullptr;
    QAction *m_closeEvidence = nullptr;
    QList<QAction *> m_exportActions;
    QList<QAction *> m_inputActions;
};

} // namespace opsinfo
