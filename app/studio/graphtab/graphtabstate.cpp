#include "graphtabstate.h"

#include "backgroundjobs.h"
#include "common/soc.h"
#include "frontend/planscope.h"
#include "graph/graphloader.h"
#include "library/feini.h"
#include "library/socfolders.h"
#include "mixlist/dtypeoverrides.h"
#include "studio/common/coretexts.h"
#include "studio/document/frontendchoice.h"
#include "studio/document/librarydocument.h"
#include "studio/document/mixlistdocument.h"
#include "studio/document/workspace.h"
#include "studio/graph/canvasscene.h"
#include "studio/tasks/backgroundrelease.h"

#include <QFile>
#include <QFileInfo>
#include <QTimer>

#include <string_view>
#include <unordered_set>
#include <utility>

namespace opsinfo {

namespace {

// Files up to this many bytes per node of the inline limit load on the UI thread (a GE text dump
// spends ~300 bytes a node; binary ONNX far less, but there weights dominate the size).
constexpr qint64 kBytesPerNode = 300;

QString diagnosticsText(const std::vector<Diagnostic> &diagnostics, std::size_t max = 8)
{
    QStringList lines;
    for (const Diagnostic &d : diagnostics) {
        if (std::size_t(lines.size()) == max) {
            lines << GraphTabState::tr("... and %1 more").arg(diagnostics.size() - max);
            break;
        }
        lines << diagnosticText(d);
    }
    return lines.join(QLatin1Char('\n'));
}

} // namespace

struct GraphTabState::Loaded
{
    std::shared_ptr<const Graph> graph;
    std::shared_ptr<CanvasScene> scene;
    std::vector<Diagnostic> diagnostics;
    ResolveContextPtr context;
    PreviewResultPtr result;
};

GraphTabState::GraphTabState(Workspace *workspace, QObject *parent)
    : QObject(parent)
    , m_workspace(workspace)
    , m_jobs(new BackgroundJobs(this))
    , m_debounce(new QTimer(this))
{
    m_modeName = QStringLiteral("allow_mix_precision");
    m_settings.mode = PrecisionMode::AllowMixPrecisionFp16;
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(150);
    connect(m_debounce, &QTimer::timeout, this, &GraphTabState::resolveNow);
    connect(m_jobs, &BackgroundJobs::busyChanged, this, &GraphTabState::busyChanged);
    connect(m_jobs, &BackgroundJobs::progressChanged, this, &GraphTabState::progressChanged);
    connect(m_jobs, &BackgroundJobs::failed, this,
            [this](const QString &what, const QString &message) {
                emit errorOccurred(
                    what, message.isEmpty() ? tr("The work stopped without a result.") : message,
                    tr("Try again; if it keeps failing, report the graph file with this message."));
            });
    connect(m_workspace->libraryDocument(), &LibraryDocument::libraryReset, this, [this] {
        m_libraryStale = true;
        scheduleResolve();
    });
    connect(m_workspace, &Workspace::effectiveChanged, this, [this](const OpTypeChange &change) {
        // Another op type's colour moves no node of this graph: a 100,000-node graph is not
        // resolved again for an edit it cannot show.
        if (!change.isEverything() && !opTypes().intersects(change.types()))
            return;
        scheduleResolve();
    });
    connect(m_workspace->frontEndChoice(), &FrontEndChoice::changed, this, [this] {
        // A newly chosen front end starts at its default (what the compiler runs with when the
        // script names no mode); without a front end there is no default to stand on.
        if (m_workspace->frontEndChoice()->frontEnd())
            m_modeName.clear();
        else if (m_modeName.isEmpty())
            m_modeName = QString::fromLatin1(precisionModeName(m_settings.mode));
        emit frontEndChanged();
        resolveNow();
    });
    m_libraryStale = true;
}

GraphTabState::~GraphTabState() = default;

void GraphTabState::setDebounceMs(int ms)
{
    m_debounce->setInterval(ms);
}

bool GraphTabState::runsInline() const
{
    return m_context && int(m_context->graph->nodes().size()) <= m_inlineNodeLimit;
}

QString GraphTabState::sampleGraphResource()
{
    return QStringLiteral(":/sample/ge_proto_sample_graph.txt");
}

bool GraphTabState::looksLikeGraph(const QString &path)
{
    QFile file(path);
    if (!QFileInfo(path).isFile() || !file.open(QIODevice::ReadOnly))
        return false;
    const QByteArray head = file.read(64 * 1024);
    const GraphFormat format
        = detectGraphFormat(std::string_view(head.constData(), std::size_t(head.size())));
    return format != GraphFormat::Unknown && format != GraphFormat::Json;
}

bool GraphTabState::openGraph(const QString &path)
{
    const QFileInfo info(path);
    if (!info.isFile() || !info.isReadable()) {
        emit errorOccurred(tr("Cannot open the graph"), tr("%1 is not a readable file.").arg(path),
                           tr("Check the path and the file's permissions."));
        return false;
    }
    return startLoad(info.absoluteFilePath(), {});
}

bool GraphTabState::openSampleGraph()
{
    return startLoad({}, sampleGraphResource());
}

void GraphTabState::clearGraph()
{
    m_jobs->cancelAll();
    releaseInBackground(std::exchange(m_context, nullptr), std::exchange(m_scene, nullptr),
                        std::exchange(m_result, nullptr));
    m_loadDiagnostics.clear();
    m_graphPath.clear();
    m_sample = false;
    emit graphChanged();
    emit resolved();
}

void GraphTabState::librarySnapshot()
{
    // A copy: the document's library changes under edits while workers read the snapshot.
    const LibraryDocument *document = m_workspace->libraryDocument();
    auto library = std::make_shared<OpLibrary>(document->library());
    if (m_feIni) {
        library->setCubeOps(*m_feIni);
    } else if (const std::string found = findFeIni(document->path().toStdString());
               !found.empty()) {
        std::vector<Diagnostic> diagnostics;
        CubeOpList cube = loadCubeOpsFromFeIni(found, diagnostics);
        if (!hasErrors(diagnostics))
            library->setCubeOps(std::move(cube));
    }
    m_library = std::move(library);
    m_soc = socOfLibrary(*m_library);
    m_libraryStale = false;
}

CubeOpList GraphTabState::cubeOps() const
{
    if (m_feIni)
        return *m_feIni;
    return m_library && !m_libraryStale ? m_library->cubeOps() : CubeOpList::defaults();
}

std::optional<std::string> GraphTabState::readInput(const QString &path, const QString &what)
{
    // keep_dtype, customize_dtypes and fe.ini files are a few KiB; anything huge is another file.
    constexpr qint64 maxBytes = 16 * 1024 * 1024;
    QFile file(path);
    if (!QFileInfo(path).isFile() || !file.open(QIODevice::ReadOnly)) {
        emit errorOccurred(tr("Cannot open the %1 file").arg(what),
                           tr("%1 is not a readable file.").arg(path),
                           tr("Check the path and the file's permissions."));
        return std::nullopt;
    }
    if (file.size() > maxBytes) {
        emit errorOccurred(tr("Cannot use the %1 file").arg(what),
                           tr("%1 has %2 bytes: far more than a %3 file holds.")
                               .arg(path)
                               .arg(file.size())
                               .arg(what),
                           tr("Check that this is the file you meant."));
        return std::nullopt;
    }
    const QByteArray bytes = file.readAll();
    return std::string(bytes.constData(), std::size_t(bytes.size()));
}

void GraphTabState::reportInputErrors(const QString &what, const QString &path,
                                      const std::vector<Diagnostic> &diagnostics)
{
    emit errorOccurred(
        tr("Cannot use the %1 file").arg(what),
        tr("%1 has errors; nothing of it is used:\n%2").arg(path, diagnosticsText(diagnostics)),
        tr("Correct the lines named (file:line:column), then load it again."));
}

bool GraphTabState::loadKeepDtype(const QString &path)
{
    if (path.isEmpty()) {
        m_settings.keepDtype.reset();
        m_keepDtypePath.clear();
        m_keepDiagnostics.clear();
        inputsLoaded();
        return true;
    }
    const auto text = readInput(path, QStringLiteral("keep_dtype"));
    if (!text)
        return false;
    std::vector<Diagnostic> diagnostics;
    KeepDtype keep = parseKeepDtype(*text, path.toStdString(), diagnostics);
    if (hasErrors(diagnostics)) {
        reportInputErrors(QStringLiteral("keep_dtype"), path, diagnostics);
        return false;
    }
    m_settings.keepDtype = std::make_shared<const KeepDtype>(std::move(keep));
    m_keepDtypePath = path;
    m_keepDiagnostics = std::move(diagnostics);
    inputsLoaded();
    return true;
}

bool GraphTabState::loadCustomizeDtypes(const QString &path)
{
    if (path.isEmpty()) {
        m_settings.customizeDtypes.reset();
        m_customizeDtypesPath.clear();
        m_customizeDiagnostics.clear();
        inputsLoaded();
        return true;
    }
    const auto text = readInput(path, QStringLiteral("customize_dtypes"));
    if (!text)
        return false;
    std::vector<Diagnostic> diagnostics;
    CustomizeDtypes customize = parseCustomizeDtypes(*text, path.toStdString(), diagnostics);
    if (hasErrors(diagnostics)) {
        reportInputErrors(QStringLiteral("customize_dtypes"), path, diagnostics);
        return false;
    }
    m_settings.customizeDtypes = std::make_shared<const CustomizeDtypes>(std::move(customize));
    m_customizeDtypesPath = path;
    m_customizeDiagnostics = std::move(diagnostics);
    inputsLoaded();
    return true;
}

bool GraphTabState::loadFeIni(const QString &path)
{
    if (path.isEmpty()) {
        m_feIni.reset();
        m_feIniPath.clear();
        m_feIniDiagnostics.clear();
    } else {
        const auto text = readInput(path, QStringLiteral("fe.ini"));
        if (!text)
            return false;
        std::vector<Diagnostic> diagnostics;
        CubeOpList cube = cubeOpsFromFeIniText(*text, path.toStdString(), diagnostics);
        if (hasErrors(diagnostics)) {
            reportInputErrors(QStringLiteral("fe.ini"), path, diagnostics);
            return false;
        }
        m_feIni = std::make_shared<const CubeOpList>(std::move(cube));
        m_feIniPath = path;
        m_feIniDiagnostics = std::move(diagnostics);
    }
    m_libraryStale = true; // the cube list lives in the library snapshot
    inputsLoaded();
    return true;
}

bool GraphTabState::loadPlatformIni(const QString &path)
{
    if (path.isEmpty()) {
        m_platformIniPath.clear();
        m_platformIni.clear();
        m_platformSoc.clear();
        inputsLoaded();
        return true;
    }
    auto text = readInput(path, QStringLiteral("platform ini"));
    if (!text)
        return false;
    const std::string soc = iniSocVersion(*text);
    if (soc.empty()) {
        emit errorOccurred(
            tr("Cannot use the platform ini"),
            tr("%1 has no SoC_version line: it is not a platform ini.").arg(path),
            tr("Open the <SoC_version>.ini of the CANN install's platform_config folder."));
        return false;
    }
    m_platformIniPath = path;
    m_platformIni = std::move(*text);
    m_platformSoc = soc;
    inputsLoaded();
    return true;
}

void GraphTabState::refreshInputDiagnostics()
{
    m_inputDiagnostics = m_keepDiagnostics;
    m_inputDiagnostics.insert(m_inputDiagnostics.end(), m_customizeDiagnostics.begin(),
                              m_customizeDiagnostics.end());
    m_inputDiagnostics.insert(m_inputDiagnostics.end(), m_feIniDiagnostics.begin(),
                              m_feIniDiagnostics.end());
    if (m_settings.keepDtype && m_context)
        for (Diagnostic &d : keepDtypeEntriesNotInGraph(*m_settings.keepDtype, *m_context->graph,
                                                        m_keepDtypePath.toStdString()))
            m_inputDiagnostics.push_back(std::move(d));
}

void GraphTabState::inputsLoaded()
{
    refreshInputDiagnostics();
    if (m_libraryStale || !m_library)
        librarySnapshot();
    emit inputsChanged();
    resolveNow();
}

ResolveSettings GraphTabState::currentSettings() const
{
    ResolveSettings settings = m_settings;
    settings.frontEnd = frontEndPlan();
    if (settings.frontEnd) {
        settings.mode = settings.frontEnd->mode;
        settings.soc = effectiveSoc();
    }
    // Files the compiler never sees on this path (F3) take no part in the preview.
    const PlanScope scope = settings.frontEnd ? planScope(*settings.frontEnd) : PlanScope();
    if (!scope.keepDtype)
        settings.keepDtype.reset();
    if (!scope.customizeDtypes)
        settings.customizeDtypes.reset();
    settings.policies = std::make_shared<const PolicyTable>(
        m_library ? policiesInScope(scope, *m_library, m_workspace->policyTable())
                  : m_workspace->policyTable());
    return settings;
}

std::optional<FrontEndPlan> GraphTabState::frontEndPlan(QString *problem) const
{
    const std::optional<FrontEnd> frontEnd = m_workspace->frontEndChoice()->frontEnd();
    if (!frontEnd)
        return std::nullopt;
    FrontEndRequest request;
    request.frontEnd = *frontEnd;
    if (!m_modeName.isEmpty())
        request.mode = m_settings.mode;
    request.soc = effectiveSoc();
    request.mixlist = m_workspace->mixlistDocument()->mixlist().entryCount() > 0;
    request.keepDtype = m_settings.keepDtype != nullptr;
    request.customizeDtypes = m_settings.customizeDtypes != nullptr;
    std::string error;
    std::optional<FrontEndPlan> plan = planFrontEnd(request, &error);
    if (!plan) {
        // No SoC named by the library: the default is unknown, the last picked mode stands in.
        if (problem)
            *problem = coreText(error);
        request.mode = m_settings.mode;
        plan = planFrontEnd(request);
    }
    return plan;
}

bool GraphTabState::startLoad(const QString &path, const QString &resource)
{
    QByteArray bytes;
    qint64 size = 0;
    if (!resource.isEmpty()) {
        QFile file(resource);
        if (!file.open(QIODevice::ReadOnly)) {
            emit errorOccurred(tr("Cannot open the sample graph"),
                               tr("%1 is missing from this build.").arg(resource),
                               tr("Open a graph file with File > Open Graph."));
            return false;
        }
        bytes = file.readAll();
        size = bytes.size();
    } else {
        size = QFileInfo(path).size();
    }
    if (m_libraryStale || !m_library)
        librarySnapshot();
    m_jobs->cancel(BackgroundJobs::Resolve);
    m_jobs->cancel(BackgroundJobs::Modes);
    m_jobs->cancel(BackgroundJobs::Diff);
    m_debounce->stop();

    const bool sample = !resource.isEmpty();
    const std::string file
        = sample ? QFileInfo(resource).fileName().toStdString() : path.toStdString();
    const std::shared_ptr<const OpLibrary> library = m_library;
    const ResolveSettings settings = currentSettings();
    const bool inlineRun = size <= qint64(m_inlineNodeLimit) * kBytesPerNode;
    const QString shown = sample ? tr("the sample graph") : QFileInfo(path).fileName();
    auto opened
        = std::make_shared<bool>(false); // outlives this call when the load runs on a worker
    m_jobs->start<Loaded>(
        BackgroundJobs::Load, tr("Loading %1").arg(shown), inlineRun,
        [bytes, file, library,
         settings](const std::function<void(int, const QString &)> &progress) {
            Loaded loaded;
            progress(5, tr("Reading the graph"));
            GraphLoadResult read = bytes.isEmpty()
                ? loadGraph(file)
                : loadGraphFromBytes(std::string_view(bytes.constData(), std::size_t(bytes.size())),
                                     file);
            loaded.diagnostics = std::move(read.diagnostics);
            if (!read.graph)
                return loaded;
            std::shared_ptr<const Graph> graph(std::move(read.graph));
            loaded.graph = graph;
            progress(35, tr("Laying out %1 nodes").arg(graph->nodes().size()));
            loaded.scene = CanvasScene::overview(*graph);
            progress(70, tr("Preparing the resolver"));
            loaded.context = ResolveContext::make(graph, library);
            progress(85, tr("Resolving"));
            loaded.result = PreviewResult::compute(loaded.context, settings, true,
                                                   PreviewResult::Styles::With);
            progress(100, tr("Done"));
            return loaded;
        },
        [this, path, sample, opened](Loaded loaded) {
            *opened = loaded.graph != nullptr;
            finishLoad(path, sample, std::move(loaded));
        });
    return inlineRun ? *opened : true;
}

void GraphTabState::finishLoad(const QString &path, bool sample, Loaded loaded)
{
    if (!loaded.graph) {
        emit errorOccurred(
            tr("Cannot open the graph"),
            tr("%1 could not be read as a graph:\n%2")
                .arg(sample ? tr("The sample graph") : path, diagnosticsText(loaded.diagnostics)),
            tr("OpsInfo Studio reads ONNX (.onnx), GE dumps (ge_proto_*.txt, ge_onnx_*.pbtxt), "
               "ATC JSON (atc --mode=1) and TensorFlow GraphDef (.pb, .pbtxt)."));
        return;
    }
    // The previous graph is freed off the UI thread (once the view lets go of its scene too).
    releaseInBackground(std::exchange(m_context, std::move(loaded.context)),
                        std::exchange(m_scene, std::move(loaded.scene)),
                        std::exchange(m_result, nullptr));
    m_loadDiagnostics = std::move(loaded.diagnostics);
    for (const Diagnostic &d : m_context->resolver->diagnostics())
        m_loadDiagnostics.push_back(d);
    m_graphPath = sample ? QString() : path;
    m_sample = sample;
    m_result = std::move(loaded.result);
    refreshInputDiagnostics(); // keep_dtype names are checked against this graph
    emit graphChanged();
    // The library may have changed while a worker loaded: catch up.
    if (m_libraryStale || m_result->context->library != m_library
        || m_result->settings.mode != mode() || m_result->settings.grayRule != m_settings.grayRule
        || m_result->settings.keepDtype != currentSettings().keepDtype
        || m_result->settings.customizeDtypes != currentSettings().customizeDtypes)
        scheduleResolve();
    emit resolved();
}

QSet<QString> GraphTabState::opTypes() const
{
    // A few hundred distinct types among up to hundreds of thousands of nodes: collect them as
    // views first, so only the distinct ones become QStrings (one per node took ~50 ms).
    std::unordered_set<std::string_view> distinct;
    if (const Graph *g = graph())
        for (const Node &n : g->nodes())
            distinct.insert(n.opType);
    QSet<QString> types;
    types.reserve(qsizetype(distinct.size()));
    for (std::string_view type : distinct)
        types.insert(QString::fromUtf8(type.data(), qsizetype(type.size())));
    return types;
}

bool GraphTabState::setModeName(const QString &name)
{
    if (name.isEmpty()) {
        // The front end's default.
        if (!m_workspace->frontEndChoice()->frontEnd())
            return false;
        const bool changed = !m_modeName.isEmpty();
        m_modeName.clear();
        emit modeChanged(name);
        if (changed)
            resolveNow();
        return true;
    }
    const auto mode = parsePrecisionMode(name.toStdString());
    if (!mode)
        return false;
    const bool changed = *mode != m_settings.mode || m_modeName.isEmpty();
    m_modeName = name;
    m_settings.mode = *mode;
    emit modeChanged(name);
    if (changed)
        resolveNow();
    return true;
}

void GraphTabState::setGrayRule(GrayRule rule)
{
    if (rule == m_settings.grayRule)
        return;
    m_settings.grayRule = rule;
    resolveNow();
}

QString GraphTabState::modeProblem() const
{
    if (effectiveSoc().empty())
        return {};
    const auto problem = checkModeForSoc(mode(), effectiveSoc(), m_platformIni);
    return problem ? coreText(problem->message) : QString();
}

void GraphTabState::scheduleResolve()
{
    if (m_context)
        m_debounce->start();
}

void GraphTabState::resolveNow()
{
    m_debounce->stop();
    if (!m_context)
        return;
    if (m_libraryStale || !m_library)
        librarySnapshot();
    const ResolveSettings settings = currentSettings();
    const std::shared_ptr<const OpLibrary> library = m_library;
    ResolveContextPtr context = m_context;
    const bool rebuild = context->library != library;
    m_jobs->start<PreviewResultPtr>(
        BackgroundJobs::Resolve, tr("Resolving"), runsInline(),
        [context, library, settings,
         rebuild](const std::function<void(int, const QString &)> &progress) {
            ResolveContextPtr use = context;
            if (rebuild) {
                progress(10, tr("Preparing the resolver"));
                use = ResolveContext::make(context->graph, library);
            }
            progress(50, tr("Resolving"));
            return PreviewResult::compute(use, settings, true, PreviewResult::Styles::With);
        },
        [this](PreviewResultPtr result) {
            if (!m_context || result->context->graph != m_context->graph)
                return; // a result for a graph closed meanwhile
            m_context = result->context;
            releaseInBackground(std::exchange(m_result, std::move(result)));
            emit resolved();
        });
}

bool GraphTabState::isBusy() const
{
    return m_jobs->isBusy() || m_debounce->isActive();
}

void GraphTabState::cancel()
{
    m_debounce->stop();
    m_jobs->cancelAll();
}

} // namespace opsinfo
