#pragma once

#include "common/diagnostic.h"
#include "previewresult.h"

#include <QObject>
#include <QSet>
#include <QString>

#include <memory>
#include <optional>
#include <string>
#include <vector>

class QTimer;

namespace opsinfo {

class BackgroundJobs;
class CanvasScene;
class Workspace;

// The Graph tab's state without widgets: the loaded graph and its laid-out scene, the library
// snapshot and resolver over it, the chosen mode and gray rule, and the latest prediction.
// Re-resolves (debounced) when the library is edited or reset or the mixlist changes. Loading,
// layout and resolving run on worker threads for graphs above inlineNodeLimit() nodes; below it
// they run at once, so small graphs show without flicker and tests need not wait.
class GraphTabState : public QObject
{
    Q_OBJECT

public:
    explicit GraphTabState(Workspace *workspace, QObject *parent = nullptr);
    ~GraphTabState() override;

    Workspace *workspace() const { return m_workspace; }
    BackgroundJobs *jobs() const { return m_jobs; }

    // Any format the core reads (ONNX, GE dumps, ATC JSON, TF GraphDef), chosen from the content.
    // Errors come back through errorOccurred(); returns false when nothing was (or will be) opened.
    bool openGraph(const QString &path);
    // The embedded two-block sample (a transformer decoder and a ResNet block), for the sample
    // library.
    bool openSampleGraph();
    // Whether a file is a graph this opens rather than a library or mixlist (by content).
    static bool looksLikeGraph(const QString &path);
    static QString sampleGraphResource();
    void clearGraph();

    bool hasGraph() const { return m_context != nullptr; }
    const Graph *graph() const { return m_context ? m_context->graph.get() : nullptr; }
    QString graphPath() const { return m_graphPath; }
    bool isSampleGraph() const { return m_sample; }
    std::shared_ptr<CanvasScene> scene() const { return m_scene; }
    const std::vector<Diagnostic> &loadDiagnostics() const { return m_loadDiagnostics; }
    ResolveContextPtr context() const { return m_context; }
    // Op types of the graph's nodes (for the library's "used in graph" filter).
    QSet<QString> opTypes() const;

    // The latest prediction (null until the first resolve finished).
    PreviewResultPtr result() const { return m_result; }

    // The mode the preview resolves with: the picked one, or the front end's default.
    PrecisionMode mode() const { return currentSettings().mode; }
    // The name as picked (an alias stays an alias: "mixed_float16"); empty: the front end's
    // default (only while a front end is chosen).
    QString modeName() const { return m_modeName; }
    // Any precision_mode / precision_mode_v2 / MindSpore Lite name or alias, or empty for the
    // front end's default; false for an unknown name.
    bool setModeName(const QString &name);
    // The chosen front end's plan for the current mode, SoC and mixlist (nullopt: no front end).
    // `problem` (if given) says why the default is not known (no SoC): the plan then uses the
    // last picked mode.
    std::optional<FrontEndPlan> frontEndPlan(QString *problem = nullptr) const;
    GrayRule grayRule() const { return m_settings.grayRule; }
    void setGrayRule(GrayRule rule);
    // The settings the next resolve uses: current mode and gray rule, the workspace's colours now.
    ResolveSettings currentSettings() const;
    // The SoC: the loaded platform ini's, else the library's; and the compiler's verdict on the
    // mode there (empty: allowed).
    QString soc() const { return QString::fromStdString(effectiveSoc()); }
    // The text of the loaded platform ini (empty: none), for the bf16 capability (Intrinsic_vconv).
    const std::string &platformIni() const { return m_platformIni; }
    QString modeProblem() const;

    int inlineNodeLimit() const { return m_inlineNodeLimit; }
    void setInlineNodeLimit(int nodes) { m_inlineNodeLimit = nodes; }
    bool runsInline() const;
    void setDebounceMs(int ms);

    // keep_dtype and customize_dtypes files (M8) for every prediction of the tab: the preview, all
    // modes, the diff and the exports. Small text files, read at once; on an error the
    // errorOccurred() signal says where and what to change, and what was loaded stays. An empty
    // path unloads.
    bool loadKeepDtype(const QString &path);
    bool loadCustomizeDtypes(const QString &path);
    QString keepDtypePath() const { return m_keepDtypePath; }
    QString customizeDtypesPath() const { return m_customizeDtypesPath; }
    // The cube-op list (SEMANTICS §1) as fe.ini sets it: the file loaded here, else the fe.ini of
    // the opened library folder (an opp root or soc folder inside a CANN install), else FE's
    // default list. An empty path goes back to the automatic choice.
    bool loadFeIni(const QString &path);
    QString feIniPath() const { return m_feIniPath; }
    // A SoC's platform ini (platform_config/<SoC_version>.ini), as ATC's --soc_version reads it:
    // its SoC_version is the SoC every mode is checked against (bf16 modes are refused where its
    // Intrinsic_vconv has no f322bf16), instead of the library's folder. Empty path: unloaded.
    bool loadPlatformIni(const QString &path);
    QString platformIniPath() const { return m_platformIniPath; }
    // The list in use now, with its source (empty: FE's default).
    CubeOpList cubeOps() const;
    // Warnings about the files above (a BOM, keep_dtype names that are no node of the graph ...).
    const std::vector<Diagnostic> &inputDiagnostics() const { return m_inputDiagnostics; }

    // Resolves now with the current settings (skips the debounce).
    void resolveNow();
    bool isBusy() const;
    void cancel();

signals:
    void graphChanged(); // a new graph and scene (or none); a resolved() follows
    void resolved(); // a new result()
    void modeChanged(const QString &name);
    void frontEndChanged(); // another front end was chosen: the mode list and notices follow
    void inputsChanged(); // a keep_dtype, customize_dtypes or fe.ini file loaded or unloaded
    void busyChanged(bool busy);
    void progressChanged(int percent, const QString &stage);
    void errorOccurred(const QString &title, const QString &message, const QString &advice);

private:
    struct Loaded;
    bool startLoad(const QString &path, const QString &resource);
    void finishLoad(const QString &path, bool sample, Loaded loaded);
    void scheduleResolve();
    void librarySnapshot();
    void inputsLoaded();
    void refreshInputDiagnostics();
    std::optional<std::string> readInput(const QString &path, const QString &what);
    void reportInputErrors(const QString &what, const QString &path,
                           const std::vector<Diagnostic> &diagnostics);

    Workspace *m_workspace;
    BackgroundJobs *m_jobs;
    QTimer *m_debounce;
    std::shared_ptr<const OpLibrary> m_library; // snapshot of the library document
    std::string effectiveSoc() const { return m_platformSoc.empty() ? m_soc : m_platformSoc; }

    std::string m_soc; // of the library
    QString m_platformIniPath;
    std::string m_platformIni;
    std::string m_platformSoc; // its SoC_version
    ResolveContextPtr m_context;
    std::shared_ptr<CanvasScene> m_scene;
    std::vector<Diagnostic> m_loadDiagnostics;
    QString m_graphPath;
    bool m_sample = false;
    PreviewResultPtr m_result;
    ResolveSettings m_settings;
    QString m_modeName;
    bool m_libraryStale = false;
    QString m_keepDtypePath;
    QString m_customizeDtypesPath;
    QString m_feIniPath;
    std::shared_ptr<const CubeOpList> m_feIni; // loaded by the user, else null
    std::vector<Diagnostic> m_keepDiagnostics, m_customizeDiagnostics, m_feIniDiagnostics;
    std::vector<Diagnostic> m_inputDiagnostics;
    int m_inlineNodeLimit = 3000;
};

} // namespace opsinfo
