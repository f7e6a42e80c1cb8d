#include "graphtab.h"

#include "advisorpanel.h"
#include "backgroundjobs.h"
#include "evidence/evidenceloader.h"
#include "evidenceoverlay.h"
#include "export/keepdtypefile.h"
#include "graphtabstate.h"
#include "graphtabwidget.h"
#include "mixlist/dtypeoverrides.h"
#include "reportexport.h"
#include "resolver/resolveinputfile.h"
#include "studio/common/coretexts.h"
#include "studio/document/documentio.h"
#include "studio/document/evidencestore.h"
#include "studio/document/userprompt.h"
#include "studio/graph/graphcanvas.h"

#include <QAction>
#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>

#include <algorithm>

namespace opsinfo {

GraphTab::GraphTab(Workspace *workspace, DocumentIo *io, QWidget *window)
    : QObject(window)
    , m_io(io)
    , m_prompt([io] { return io->prompt(); })
    , m_state(new GraphTabState(workspace, this))
    , m_widget(new GraphTabWidget(m_state, m_prompt, window))
{
    setObjectName(QStringLiteral("graphTab"));
    m_advisor = new AdvisorPanel(
        m_state, m_io, [this] { return m_widget->selectedNodeNames(); }, m_widget);
    m_widget->addSidePage(m_advisor, tr("Advisor"));
    createActions(window);
    connect(m_state, &GraphTabState::errorOccurred, this,
            [this](const QString &title, const QString &message, const QString &advice) {
                prompt()->error(title, message, advice);
            });
}

void GraphTab::createActions(QWidget *window)
{
    auto make = [window](const char *name, const QString &text) {
        auto *action = new QAction(text, window);
        action->setObjectName(QString::fromLatin1(name));
        return action;
    };
    m_openGraph = make("actionOpenGraph", tr("Open &Graph..."));
    m_openGraph->setShortcut(QKeySequence(tr("Ctrl+Shift+G")));
    m_openGraph->setToolTip(
        tr("ONNX, GE dumps (ge_proto_*.txt, ge_onnx_*.pbtxt), ATC JSON or TensorFlow GraphDef"));
    connect(m_openGraph, &QAction::triggered, this, [this] {
        const QString path = prompt()->openFileName(
            tr("Open Graph"), tr("Graphs (*.onnx *.txt *.pbtxt *.json *.pb);;All files (*)"));
        if (!path.isEmpty())
            openGraph(path);
    });

    m_openEvidence = make("actionOpenEvidence", tr("Open &Evidence..."));
    m_openEvidence->setToolTip(
        tr("Profiler CSVs (kernel_details, op_summary, op_statistic), msprobe / msaccucmp "
           "compare results, msprobe dump.json, MindSpore statistic.csv"));
    connect(m_openEvidence, &QAction::triggered, this, [this] {
        const QString path = prompt()->openFileName(tr("Open Evidence"),
                                                    tr("Evidence (*.csv *.json);;All files (*)"));
        if (!path.isEmpty())
            openEvidence({path});
    });
    m_closeEvidence = make("actionCloseEvidence", tr("Close Evidence"));
    m_closeEvidence->setEnabled(false);
    connect(m_closeEvidence, &QAction::triggered, this, [this] {
        if (m_evidence)
            m_evidence->clear();
    });
    const QString cfg = tr("Text files (*.cfg *.txt *.ini);;All files (*)");
    m_inputActions = {
        makeInputAction(window, "actionLoadKeepDtype", tr("Load &keep_dtype File..."),
                        tr("Load keep_dtype File"), cfg, &GraphTabState::loadKeepDtype),
        makeInputAction(window, "actionLoadCustomizeDtypes", tr("Load &customize_dtypes File..."),
                        tr("Load customize_dtypes File"), cfg, &GraphTabState::loadCustomizeDtypes),
        makeInputAction(window, "actionLoadFeIni", tr("Load fe.&ini (Cube-Op List)..."),
                        tr("Load fe.ini"), tr("fe.ini (*.ini);;All files (*)"),
                        &GraphTabState::loadFeIni),
        makeInputAction(window, "actionLoadPlatformIni", tr("Load &Platform ini (SoC)..."),
                        tr("Load a platform ini"), tr("Platform ini (*.ini);;All files (*)"),
                        &GraphTabState::loadPlatformIni),
    };
    m_inputActions[0]->setToolTip(
        tr("Nodes (by name or OpType::X) that keep their dtype in every mode, as atc "
           "--keep_dtype (M8)"));
    m_inputActions[1]->setToolTip(
        tr("Per node or op type, the dtypes to pick, as atc --customize_dtypes (M8)"));
    m_inputActions[2]->setToolTip(
        tr("The cube ops (fp16.op_type) as the compiler's fe.ini sets them; by default the "
           "fe.ini beside an opened opp folder"));
    m_inputActions[3]->setToolTip(
        tr("The SoC every mode is checked against, from its platform_config/<SoC_version>.ini "
           "(bf16 modes need f322bf16 in Intrinsic_vconv); by default the library's SoC"));
    QAction *unload = make("actionUnloadResolveInputs",
                           tr("&Unload keep_dtype, customize_dtypes, fe.ini and platform ini"));
    connect(unload, &QAction::triggered, this, [this] {
        m_state->loadKeepDtype({});
        m_state->loadCustomizeDtypes({});
        m_state->loadFeIni({});
        m_state->loadPlatformIni({});
    });
    m_inputActions.append(unload);

    struct Export
    {
        const char *name;
        QString text;
        bool (GraphTab::*run)(const QString &);
    };
    const Export exports[] = {
        {"actionExportReportJson", tr("Per-Node Report (&JSON)..."), &GraphTab::exportReportJson},
        {"actionExportReportCsv", tr("Per-Node Report (&CSV)..."), &GraphTab::exportReportCsv},
        {"actionExportGraphSvg", tr("Graph Image (&SVG)..."), &GraphTab::exportGraphSvg},
        {"actionExportGraphPng", tr("Graph Image (&PNG)..."), &GraphTab::exportGraphPng},
        {"actionExportGraphKeepDtype", tr("keep_dtype from Selected Graph &Nodes..."),
         &GraphTab::exportKeepDtype},
    };
    for (const Export &e : exports) {
        QAction *action = make(e.name, e.text);
        const auto run = e.run;
        connect(action, &QAction::triggered, this, [this, run] { (this->*run)(QString()); });
        m_exportActions.append(action);
    }
}

void GraphTab::setEvidence(EvidenceStore *store)
{
    m_evidence = store;
    connect(store, &EvidenceStore::changed, this, &GraphTab::updateEvidence);
    connect(m_state, &GraphTabState::graphChanged, this, &GraphTab::updateEvidence);
    updateEvidence();
}

void GraphTab::updateEvidence()
{
    const ResolveContextPtr context = m_state->context();
    std::shared_ptr<const EvidenceOverlay> overlay;
    if (m_evidence && !m_evidence->isEmpty() && context && context->graph)
        overlay = EvidenceOverlay::compute(*context->graph, context->library.get(), *m_evidence);
    m_widget->setEvidence(m_evidence, overlay);
    m_advisor->setEvidence(m_evidence, overlay);
    m_closeEvidence->setEnabled(m_evidence && !m_evidence->isEmpty());
}

bool GraphTab::openEvidence(const QStringList &paths)
{
    if (!m_evidence)
        return false;
    // A new read supersedes one still going in the lane: it takes over the files that one had.
    if (!m_state->jobs()->isBusy(BackgroundJobs::Evidence))
        m_evidencePending.clear();
    QStringList all = m_evidencePending;
    for (const QString &path : paths)
        if (!all.contains(path))
            all << path;
    qint64 bytes = 0;
    for (const QString &path : all)
        bytes += QFileInfo(path).size();
    const bool inlineRun = bytes <= m_evidenceInlineBytes && m_evidencePending.isEmpty();
    m_evidencePending = inlineRun ? QStringList() : all;
    bool added = false;
    std::vector<std::string> names;
    for (const QString &path : all)
        names.push_back(path.toStdString());
    // A profiler export of hundreds of MiB takes seconds to parse: never on the UI thread.
    m_state->jobs()->start<std::shared_ptr<std::vector<EvidenceFile>>>(
        BackgroundJobs::Evidence, tr("Reading evidence"), inlineRun,
        [names](const auto &) {
            return std::make_shared<std::vector<EvidenceFile>>(loadEvidenceFiles(names));
        },
        [this, &added, inlineRun](std::shared_ptr<std::vector<EvidenceFile>> files) {
            m_evidencePending.clear();
            // A companion holds nothing to match: say what it is and what belongs with it.
            QStringList companions;
            for (const EvidenceFile &file : *files)
                if (file.ok() && !file.companionNote.empty())
                    companions << QStringLiteral("%1: %2").arg(
                        QFileInfo(QString::fromStdString(file.path)).fileName(),
                        coreText(file.companionNote));
            if (!companions.isEmpty())
                prompt()->information(tr("Nothing to import"), companions.join(QLatin1Char('\n')));
            std::vector<Diagnostic> diagnostics;
            const int count = m_evidence->addLoaded(std::move(*files), &diagnostics);
            if (inlineRun)
                added = count > 0;
            QStringList problems;
            for (const Diagnostic &d : diagnostics)
                if (d.severity == Severity::Error)
                    problems << diagnosticText(d);
            if (!problems.isEmpty())
                prompt()->error(
                    tr("Cannot read the evidence"), problems.join(QLatin1Char('\n')),
                    tr("Export the file again from the profiler or compare tool, or pick another file."));
        });
    return inlineRun ? added : true;
}

void GraphTab::showAdvisor()
{
    m_widget->showSidePage(GraphTabWidget::AdvisorPage);
    if (m_advisor->result() || !m_state->isSampleGraph())
        return;
    m_state->jobs()->waitForAll();
    m_advisor->protect({"/model/layers.0/attn/softmax/SoftmaxV2", "/model/layers.0/mlp/act/Gelu"});
    m_advisor->advise();
}

QAction *GraphTab::makeInputAction(QWidget *window, const char *name, const QString &text,
                                   const QString &title, const QString &filter,
                                   bool (GraphTabState::*load)(const QString &))
{
    auto *action = new QAction(text, window);
    action->setObjectName(QString::fromLatin1(name));
    connect(action, &QAction::triggered, this, [this, title, filter, load] {
        const QString path = prompt()->openFileName(title, filter);
        if (!path.isEmpty())
            (m_state->*load)(path);
    });
    return action;
}

bool GraphTab::isGraphFile(const QString &path)
{
    return GraphTabState::looksLikeGraph(path);
}

namespace {

ResolveInputKind resolveInputKind(const QString &path)
{
    QFile file(path);
    if (!QFileInfo(path).isFile() || !file.open(QIODevice::ReadOnly))
        return ResolveInputKind::Other;
    const QByteArray head = file.read(64 * 1024);
    return sniffResolveInput(std::string_view(head.constData(), std::size_t(head.size())));
}

} // namespace

bool GraphTab::isResolveInputFile(const QString &path)
{
    return resolveInputKind(path) != ResolveInputKind::Other;
}

bool GraphTab::openResolveInput(const QString &path)
{
    switch (resolveInputKind(path)) {
    case ResolveInputKind::KeepDtype:
        return m_state->loadKeepDtype(path);
    case ResolveInputKind::CustomizeDtypes:
        return m_state->loadCustomizeDtypes(path);
    case ResolveInputKind::FeIni:
        return m_state->loadFeIni(path);
    case ResolveInputKind::PlatformIni:
        return m_state->loadPlatformIni(path);
    case ResolveInputKind::Other:
        break;
    }
    prompt()->error(tr("Cannot use %1").arg(QFileInfo(path).fileName()),
                    tr("%1 is no keep_dtype, customize_dtypes or fe.ini file.").arg(path),
                    tr("A keep_dtype file lists one node name or OpType::X per line; a "
                       "customize_dtypes line reads NAME:InputDtype:...,OutputDtype:...; fe.ini "
                       "sets fp16.op_type."));
    return false;
}

bool GraphTab::openSample()
{
    if (!m_state->openSampleGraph())
        return false;
    if (m_widget->selectNodeByName(QStringLiteral("/model/layers.0/attn/mask/Add")))
        m_widget->focusSelectionWhenShown();
    return true;
}

bool GraphTab::openGraph(const QString &path)
{
    const bool ok = m_state->openGraph(path);
    // `--screenshot` grabs the window right after opening: a big graph must be there by then.
    if (ok && QCoreApplication::arguments().contains(QStringLiteral("--screenshot")))
        m_state->jobs()->waitForAll();
    if (ok)
        emit graphOpened();
    return ok;
}

QString GraphTab::askPath(const QString &path, const QString &title, const QString &suggested,
                          const QString &filter)
{
    if (!path.isEmpty())
        return path;
    return prompt()->saveFileName(title, suggested, filter);
}

bool GraphTab::needResult()
{
    // An export must show the colours as they are now: finish a pending re-resolve first.
    for (int round = 0; round < 3 && m_state->isBusy(); ++round) {
        m_state->jobs()->waitForAll();
        if (m_state->isBusy())
            m_state->resolveNow();
    }
    if (m_state->result())
        return true;
    prompt()->error(tr("Nothing to export"),
                    tr("No graph is loaded, or it is still being resolved."),
                    tr("Open a graph with File > Open Graph and wait for its colours."));
    return false;
}

QStringList GraphTab::inputPaths() const
{
    QStringList paths;
    for (const QString &input :
         {m_state->graphPath(), m_state->keepDtypePath(), m_state->customizeDtypesPath(),
          m_state->feIniPath(), m_state->platformIniPath()})
        if (!input.isEmpty() && !(input == m_state->graphPath() && m_state->isSampleGraph()))
            paths.append(input);
    return paths;
}

bool GraphTab::write(const QString &path, const std::string &bytes)
{
    // The window's one writer: atomic, never over an open input, owner/group/mode kept, a broken
    // hard link said.
    return m_io->writeNewFile(path, bytes);
}

static QString baseName(const GraphTabState *preview)
{
    return preview->isSampleGraph() ? QStringLiteral("sample_graph")
                                    : QFileInfo(preview->graphPath()).completeBaseName();
}

bool GraphTab::exportReportJson(const QString &given)
{
    if (!needResult())
        return false;
    const QString path
        = askPath(given, tr("Export Per-Node Report (JSON)"),
                  baseName(m_state) + QStringLiteral("_report.json"), tr("JSON (*.json)"));
    if (path.isEmpty())
        return false;
    const PreviewResultPtr result = m_state->result();
    return write(path, reportJson(*result, result->context->graph->path));
}

bool GraphTab::exportReportCsv(const QString &given)
{
    if (!needResult())
        return false;
    const QString path
        = askPath(given, tr("Export Per-Node Report (CSV)"),
                  baseName(m_state) + QStringLiteral("_report.csv"), tr("CSV (*.csv)"));
    return !path.isEmpty() && write(path, reportCsv(*m_state->result()));
}

bool GraphTab::exportGraphSvg(const QString &given)
{
    if (!needResult())
        return false;
    const QString path
        = askPath(given, tr("Export Graph Image (SVG)"), baseName(m_state) + QStringLiteral(".svg"),
                  tr("SVG images (*.svg)"));
    if (path.isEmpty())
        return false;
    QString error;
    const QByteArray svg = m_widget->canvas()->renderSvg(&error);
    if (svg.isEmpty()) {
        prompt()->error(tr("Cannot export the graph"), error, tr("Export again when it is shown."));
        return false;
    }
    return write(path, svg.toStdString());
}

bool GraphTab::exportGraphPng(const QString &given)
{
    if (!needResult())
        return false;
    const QString path
        = askPath(given, tr("Export Graph Image (PNG)"), baseName(m_state) + QStringLiteral(".png"),
                  tr("PNG images (*.png)"));
    if (path.isEmpty())
        return false;
    QString error;
    const QByteArray png = m_widget->canvas()->renderPng(&error);
    if (png.isEmpty()) {
        prompt()->error(tr("Cannot export the graph"), error,
                        tr("Very large graphs export better as SVG."));
        return false;
    }
    return write(path, png.toStdString());
}

bool GraphTab::exportKeepDtype(const QString &given)
{
    const std::vector<std::string> names = m_widget->selectedNodeNames();
    if (names.empty()) {
        prompt()->information(
            tr("Nothing selected"),
            tr("Select a node or a collapsed scope in the graph first: keep_dtype lists the "
               "selected nodes by name (M8)."));
        return false;
    }
    // The loaded keep_dtype file's entries first, in their order: the export extends it.
    std::vector<std::string> nodes, types;
    if (const std::shared_ptr<const KeepDtype> &keep = m_state->currentSettings().keepDtype) {
        std::vector<std::pair<int, std::string>> byLine;
        for (const auto &[entry, line] : keep->lines)
            byLine.emplace_back(line, entry);
        std::sort(byLine.begin(), byLine.end());
        constexpr std::string_view prefix = "OpType::";
        for (const auto &[line, entry] : byLine)
            if (std::string_view(entry).substr(0, prefix.size()) == prefix)
                types.push_back(entry.substr(prefix.size()));
            else
                nodes.push_back(entry);
    }
    nodes.insert(nodes.end(), names.begin(), names.end());
    const QString path = askPath(given, tr("Export keep_dtype"), QStringLiteral("keep_dtype.cfg"),
                                 tr("keep_dtype files (*.cfg *.txt);;All files (*)"));
    return !path.isEmpty() && write(path, writeKeepDtype(nodes, types));
}

} // namespace opsinfo
