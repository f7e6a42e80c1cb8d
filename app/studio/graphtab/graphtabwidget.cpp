#include "graphtabwidget.h"

#include "backgroundjobs.h"
#include "evidence/executedcheck.h"
#include "evidenceoverlay.h"
#include "frontendnotice.h"
#include "graphdiffpanel.h"
#include "graphtabstate.h"
#include "layout/scopetree.h"
#include "modechart.h"
#include "nodedetails.h"
#include "nodestylemap.h"
#include "studio/common/coretexts.h"
#include "studio/document/evidencestore.h"
#include "studio/document/frontendchoice.h"
#include "studio/document/frontendcombo.h"
#include "studio/document/workspace.h"
#include "studio/graph/graphcanvas.h"

#include <QComboBox>
#include <QDir>
#include <QEvent>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTextBrowser>
#include <QToolButton>
#include <QUrl>
#include <QVBoxLayout>

#include <set>

namespace opsinfo {

GraphTabWidget::GraphTabWidget(GraphTabState *preview, std::function<UserPrompt *()> prompt,
                               QWidget *parent)
    : QWidget(parent)
    , m_state(preview)
    , m_prompt(prompt)
    , m_frontEnd(new FrontEndCombo(preview->workspace()->frontEndChoice(), this))
    , m_mode(new QComboBox(this))
    , m_grayRule(new QComboBox(this))
    , m_badges(new QComboBox(this))
    , m_notice(new FrontEndNotice(preview, this))
    , m_search(new QLineEdit(this))
    , m_matches(new QLabel(this))
    , m_zoomIn(new QToolButton(this))
    , m_zoomOut(new QToolButton(this))
    , m_fit(new QToolButton(this))
    , m_progress(new QProgressBar(this))
    , m_cancel(new QPushButton(tr("Cancel"), this))
    , m_status(new QLabel(this))
    , m_inputs(new QLabel(this))
    , m_canvas(new GraphCanvas(this))
    , m_side(new QTabWidget(this))
    , m_details(new QTextBrowser(this))
    , m_rule(new QLabel(this))
    , m_caveat(new QLabel(this))
    , m_chart(new ModeChart(this))
    , m_diff(new GraphDiffPanel(preview, prompt, this))
    , m_sides(new QLabel(this))
    , m_filterBar(new QWidget(this))
    , m_filterLabel(new QLabel(m_filterBar))
    , m_filterClear(new QToolButton(m_filterBar))
{
    nameWidgets();
    setUpControls();
    QHBoxLayout *bar = createToolBar();
    createSidePane();
    arrange(bar);
    connectSignals();
}

// Object names, for tests and style sheets.
void GraphTabWidget::nameWidgets()
{
    setObjectName(QStringLiteral("graphPreview"));
    m_frontEnd->setObjectName(QStringLiteral("frontEndCombo"));
    m_mode->setObjectName(QStringLiteral("modeCombo"));
    m_grayRule->setObjectName(QStringLiteral("grayRuleCombo"));
    m_badges->setObjectName(QStringLiteral("evidenceBadgeCombo"));
    m_search->setObjectName(QStringLiteral("graphSearch"));
    m_zoomIn->setObjectName(QStringLiteral("zoomInButton"));
    m_zoomOut->setObjectName(QStringLiteral("zoomOutButton"));
    m_fit->setObjectName(QStringLiteral("fitButton"));
    m_progress->setObjectName(QStringLiteral("graphProgress"));
    m_cancel->setObjectName(QStringLiteral("graphCancel"));
    m_status->setObjectName(QStringLiteral("graphStatus"));
    m_inputs->setObjectName(QStringLiteral("graphInputs"));
    m_canvas->setObjectName(QStringLiteral("graphView"));
    m_side->setObjectName(QStringLiteral("previewSideTabs"));
    m_details->setObjectName(QStringLiteral("nodeDetails"));
    m_rule->setObjectName(QStringLiteral("ruleText"));
    m_caveat->setObjectName(QStringLiteral("previewCaveat"));
    m_sides->setObjectName(QStringLiteral("graphDiffSides"));
    m_filterBar->setObjectName(QStringLiteral("graphTypeFilterBar"));
    m_filterLabel->setObjectName(QStringLiteral("graphTypeFilter"));
    m_filterClear->setObjectName(QStringLiteral("graphTypeFilterClear"));
}

void GraphTabWidget::setUpControls()
{
    fillModes();
    m_mode->setToolTip(tr("precision_mode / precision_mode_v2, aliases included (§4)"));
    m_grayRule->addItem(tr("FE (G1–G5)"), int(GrayRule::FE));
    m_grayRule->addItem(tr("previous op (G6)"), int(GrayRule::Previous));
    m_grayRule->setToolTip(tr(
        "How gray ops read their producers: FE's rule, or the seed's \"same as the previous op\" (G6)"));
    m_badges->addItem(tr("No evidence badges"), int(EvidenceOverlay::Measure::None));
    m_badges->addItem(tr("Badges: measured error"), int(EvidenceOverlay::Measure::Error));
    m_badges->addItem(tr("Badges: measured time"), int(EvidenceOverlay::Measure::Time));
    m_badges->setToolTip(
        tr("Mark the nodes the open evidence is about: by accuracy (green measured, orange "
           "warning, red flagged: overflow, NaN/Inf, low cosine, error verdict) or by "
           "their share of the measured time"));
    m_badges->hide();
    m_search->setPlaceholderText(tr("Find node by name or type (Enter: next)"));
    m_search->setClearButtonEnabled(true);
    m_zoomIn->setText(QStringLiteral("+"));
    m_zoomIn->setToolTip(tr("Zoom in (+)"));
    m_zoomOut->setText(QStringLiteral("−"));
    m_zoomOut->setToolTip(tr("Zoom out (-)"));
    m_fit->setText(tr("Fit"));
    m_fit->setToolTip(tr("Fit the graph to the view (F)"));
    m_progress->setMaximumWidth(160);
    m_progress->setRange(0, 100);
    m_progress->hide();
    m_cancel->hide();
    m_details->setOpenLinks(false);
    m_rule->setWordWrap(true);
    m_rule->setTextFormat(Qt::RichText);
    m_rule->setStyleSheet(
        QStringLiteral("QLabel{background:#eef4fb;padding:4px;border:1px solid #c5d5e8}"));
    m_rule->hide();
    m_caveat->setWordWrap(true);
    m_caveat->setText(previewCaveatText());
    m_caveat->setStyleSheet(QStringLiteral("QLabel{color:#6d4c00;background:#fff8e1;padding:4px}"));
    m_sides->setTextFormat(Qt::RichText);
    m_sides->setWordWrap(true);
    m_sides->setStyleSheet(QStringLiteral("QLabel{background:#f3e5f5;padding:3px 6px}"));
    m_sides->hide();
    m_filterLabel->setTextFormat(Qt::PlainText);
    m_filterClear->setText(tr("Show all"));
    m_filterClear->setToolTip(tr("Colour every node again"));
    m_filterBar->setStyleSheet(QStringLiteral("#graphTypeFilterBar{background:#e0f2f1}"));
    m_filterBar->hide();
}

// Mode and gray-rule pickers, search, zoom, and the progress of a load.
QHBoxLayout *GraphTabWidget::createToolBar()
{
    auto *bar = new QHBoxLayout;
    bar->setContentsMargins(4, 4, 4, 0);
    bar->addWidget(new QLabel(tr("Front end:"), this));
    bar->addWidget(m_frontEnd);
    bar->addWidget(new QLabel(tr("Mode:"), this));
    bar->addWidget(m_mode);
    bar->addWidget(new QLabel(tr("Gray rule:"), this));
    bar->addWidget(m_grayRule);
    bar->addWidget(m_badges);
    bar->addSpacing(12);
    bar->addWidget(m_search, 1);
    bar->addWidget(m_matches);
    bar->addWidget(m_zoomOut);
    bar->addWidget(m_zoomIn);
    bar->addWidget(m_fit);
    bar->addWidget(m_progress);
    bar->addWidget(m_cancel);

    return bar;
}

// The selected node's explanation, the all-modes chart and the graph diff.
void GraphTabWidget::createSidePane()
{
    auto *nodePage = new QWidget(this);
    auto *nodeLayout = new QVBoxLayout(nodePage);
    nodeLayout->setContentsMargins(0, 0, 0, 0);
    nodeLayout->addWidget(m_details, 1);
    nodeLayout->addWidget(m_rule);
    nodeLayout->addWidget(m_caveat);
    m_side->addTab(nodePage, tr("Node"));
    m_side->addTab(m_chart, tr("All modes"));
    m_side->addTab(m_diff, tr("Diff"));
}

void GraphTabWidget::arrange(QHBoxLayout *bar)
{
    auto *filterLayout = new QHBoxLayout(m_filterBar);
    filterLayout->setContentsMargins(6, 2, 6, 2);
    filterLayout->addWidget(m_filterLabel, 1);
    filterLayout->addWidget(m_filterClear);
    auto *graphPane = new QWidget(this);
    auto *graphLayout = new QVBoxLayout(graphPane);
    graphLayout->setContentsMargins(0, 0, 0, 0);
    graphLayout->setSpacing(0);
    graphLayout->addWidget(m_sides);
    graphLayout->addWidget(m_filterBar);
    graphLayout->addWidget(m_canvas, 1);
    auto *split = new QSplitter(Qt::Horizontal, this);
    split->setObjectName(QStringLiteral("graphSplitter"));
    split->addWidget(graphPane);
    split->addWidget(m_side);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setSizes({760, 480});

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addLayout(bar);
    layout->addWidget(m_notice);
    m_inputs->setContentsMargins(6, 0, 6, 0);
    m_inputs->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_inputs);
    layout->addWidget(split, 1);
    layout->addWidget(m_status);
}

void GraphTabWidget::connectSignals()
{
    connect(m_mode, &QComboBox::currentIndexChanged, this,
            [this] { m_state->setModeName(m_mode->currentData().toString()); });
    connect(m_badges, &QComboBox::currentIndexChanged, this, &GraphTabWidget::applyStyles);
    connect(m_grayRule, &QComboBox::currentIndexChanged, this,
            [this] { m_state->setGrayRule(GrayRule(m_grayRule->currentData().toInt())); });
    connect(m_state, &GraphTabState::frontEndChanged, this, &GraphTabWidget::fillModes);
    connect(m_state, &GraphTabState::modeChanged, this, [this](const QString &name) {
        const int i = m_mode->findData(name);
        if (i >= 0 && i != m_mode->currentIndex()) {
            const QSignalBlocker block(m_mode);
            m_mode->setCurrentIndex(i);
        }
    });
    auto search = [this] {
        const QString text = m_search->text().trimmed();
        if (text.isEmpty()) {
            m_matches->clear();
            return;
        }
        const bool found = m_canvas->search(text);
        m_matches->setText(found ? tr("%n match(es)", nullptr, m_canvas->searchMatchCount())
                                 : tr("no match"));
    };
    connect(m_search, &QLineEdit::textEdited, this, search);
    connect(m_search, &QLineEdit::returnPressed, this, search);
    connect(m_zoomIn, &QToolButton::clicked, m_canvas, &GraphCanvas::zoomIn);
    connect(m_zoomOut, &QToolButton::clicked, m_canvas, &GraphCanvas::zoomOut);
    connect(m_fit, &QToolButton::clicked, m_canvas, &GraphCanvas::fitToView);
    connect(m_cancel, &QPushButton::clicked, m_state, &GraphTabState::cancel);
    connect(m_state, &GraphTabState::busyChanged, this, [this](bool busy) {
        m_progress->setVisible(busy);
        m_cancel->setVisible(busy);
        if (busy)
            m_progress->setValue(0);
    });
    connect(m_state, &GraphTabState::progressChanged, this,
            [this](int percent, const QString &stage) {
                m_progress->setValue(percent);
                m_progress->setFormat(stage + QStringLiteral(" %p%"));
            });
    connect(m_state, &GraphTabState::graphChanged, this, &GraphTabWidget::graphChanged);
    connect(m_state, &GraphTabState::resolved, this, &GraphTabWidget::resolved);
    connect(m_state, &GraphTabState::resolved, this, &GraphTabWidget::updateInputs);
    connect(m_state, &GraphTabState::inputsChanged, this, &GraphTabWidget::updateInputs);

    m_canvas->installEventFilter(this);
    connect(m_canvas, &GraphCanvas::nodeSelected, this, &GraphTabWidget::updateDetails);
    connect(m_canvas, &GraphCanvas::scopeSelected, this, &GraphTabWidget::updateDetails);
    connect(m_details, &QTextBrowser::anchorClicked, this, &GraphTabWidget::openLink);
    connect(m_side, &QTabWidget::currentChanged, this, [this](int page) {
        if (page == ModesPage && m_modesStale)
            updateModesChart();
        if (page == DiffPage && m_diffStale) {
            m_diffStale = false;
            m_diff->compare();
        }
        applyStyles();
    });
    connect(m_diff, &GraphDiffPanel::diffChanged, this, &GraphTabWidget::applyStyles);
    connect(m_diff, &GraphDiffPanel::highlightChanged, this, &GraphTabWidget::applyStyles);
    connect(m_diff, &GraphDiffPanel::nodeActivated, this,
            [this](int node) { m_canvas->selectNode(node); });
    connect(m_filterClear, &QToolButton::clicked, this, [this] { setOpTypeFilter({}, {}); });
}

void GraphTabWidget::fillModes()
{
    const QSignalBlocker block(m_mode);
    m_mode->clear();
    // With a front end, its default comes first: what the compiler runs with when the script
    // names no mode.
    if (const std::optional<FrontEnd> frontEnd
        = m_state->workspace()->frontEndChoice()->frontEnd()) {
        const auto fallback = defaultModeFor(*frontEnd, m_state->soc().toStdString());
        m_mode->addItem(fallback ? tr("default for this front end (%1)")
                                       .arg(QString::fromLatin1(precisionModeName(*fallback)))
                                 : tr("default for this front end (depends on the SoC)"),
                        QString());
        m_mode->setItemData(
            0,
            tr("No precision mode in the script: the mode %1 runs with when none is given (F1/F2)")
                .arg(QString::fromLatin1(frontEndId(*frontEnd))),
            Qt::ToolTipRole);
    }
    std::set<std::string_view> seen;
    for (const PrecisionModeName &entry : precisionModeNames()) {
        if (!seen.insert(entry.name).second)
            continue;
        const QString name = QString::fromLatin1(entry.name.data(), qsizetype(entry.name.size()));
        const QString canonical = QString::fromLatin1(precisionModeName(entry.mode));
        m_mode->addItem(name, name);
        QString tip = entry.v2 ? tr("precision_mode_v2") : tr("precision_mode");
        if (canonical != name)
            tip += tr(" — same as %1").arg(canonical);
        m_mode->setItemData(m_mode->count() - 1, tip, Qt::ToolTipRole);
    }
    m_mode->setCurrentIndex(std::max(0, m_mode->findData(m_state->modeName())));
}

QComboBox *GraphTabWidget::frontEndCombo() const
{
    return m_frontEnd;
}

QLabel *GraphTabWidget::frontEndNotice() const
{
    return m_notice;
}

void GraphTabWidget::showSidePage(SidePage page)
{
    m_side->setCurrentIndex(int(page));
}

void GraphTabWidget::graphChanged()
{
    m_canvas->setScene(m_state->scene());
    // Thousands of nodes fitted in one view are specks: start from the blocks (/model/layers.N),
    // coloured by their majority dtype; double-click opens one.
    // (CanvasScene::overview() laid it out so on the worker: this only fits the view)
    if (m_canvas->scene() && m_canvas->scene()->graphNodeCount() > kOverviewAbove)
        m_canvas->collapseToDepth(kOverviewDepth);
    m_modesStale = true;
    m_diffStale = true;
    m_rule->hide();
    applyStyles();
    updateDetails();
    updateStatus();
}

void GraphTabWidget::resolved()
{
    m_modesStale = true;
    m_diffStale = true;
    if (m_side->currentIndex() == ModesPage)
        updateModesChart();
    if (m_side->currentIndex() == DiffPage) {
        m_diffStale = false;
        m_diff->compare();
    }
    applyStyles();
    updateDetails();
    updateStatus();
}

void GraphTabWidget::applyStyles()
{
    const PreviewResultPtr result = m_state->result();
    const CanvasScene *scene = m_canvas->scene();
    if (!result || !scene) {
        m_canvas->setNodeStyles({});
        m_canvas->setDiffMarks({}, false);
        m_sides->hide();
        return;
    }
    const int nodes = scene->graphNodeCount();
    const PreviewResultPtr a = m_diff->resultA();
    const PreviewResultPtr b = m_diff->resultB();
    const bool diffPage = m_side->currentIndex() == DiffPage;
    const bool highlight
        = diffPage && m_diff->highlight() && a && b && b->context->graph == result->context->graph;
    m_sides->setVisible(diffPage && a && b && b->context->graph == result->context->graph);
    if (m_sides->isVisibleTo(this))
        m_sides->setText(m_diff->sidesSummaryHtml());
    if (highlight) {
        m_canvas->setNodeStyles(diffHighlightStyles(m_diff->model()->diff(), b->resolution, nodes));
        m_canvas->setDiffMarks(diffEdgeMarks(a->resolution, b->resolution), true);
        return;
    }
    m_canvas->setDiffMarks({}, false);
    NodeStyles styles = result->styles.size() == std::size_t(nodes)
        ? result->styles
        : nodeStylesFor(result->resolution, nodes);
    if (m_overlay && m_evidence)
        m_overlay->applyBadges(styles, *result->context->graph, *m_evidence,
                               EvidenceOverlay::Measure(m_badges->currentData().toInt()));
    if (!m_typeFilter.isEmpty()) {
        // The picked op types in their colours, the others pale.
        const Graph &graph = scene->graph();
        for (int i = 0; i < nodes && std::size_t(i) < styles.size(); ++i)
            if (!m_typeFilter.contains(QString::fromUtf8(graph.nodes()[std::size_t(i)].opType)))
                styles[std::size_t(i)] = NodeStyle {};
    }
    m_canvas->setNodeStyles(std::move(styles));
}

void GraphTabWidget::setOpTypeFilter(const QStringList &types, const QString &label)
{
    m_typeFilter = QSet<QString>(types.begin(), types.end());
    if (m_typeFilter.isEmpty()) {
        m_filterBar->hide();
    } else {
        int matching = 0;
        if (const Graph *graph = m_state->graph())
            for (const Node &node : graph->nodes())
                matching += m_typeFilter.contains(QString::fromUtf8(node.opType)) ? 1 : 0;
        m_filterLabel->setText(
            tr("Marked: %1 — %n node(s) of these op types in this graph", nullptr, matching)
                .arg(label));
        m_filterBar->show();
    }
    applyStyles();
}

void GraphTabWidget::showDiff()
{
    showSidePage(DiffPage);
    if (m_diffStale) {
        m_diffStale = false;
        m_diff->compare();
    }
    if (m_diff->table()->currentIndex().isValid() || m_diff->model()->rowCount() == 0)
        return;
    const int node = m_canvas->selectedNode();
    if (node < 0 || !m_diff->selectChangedNode(node))
        m_diff->table()->selectRow(0);
}

int GraphTabWidget::addSidePage(QWidget *page, const QString &title)
{
    return m_side->addTab(page, title);
}

void GraphTabWidget::setEvidence(const EvidenceStore *store,
                                 std::shared_ptr<const EvidenceOverlay> overlay)
{
    m_evidence = store;
    m_overlay = std::move(overlay);
    const bool any = m_overlay && m_evidence && !m_evidence->isEmpty();
    m_badges->setVisible(any);
    if (any && m_badges->currentIndex() == 0)
        m_badges->setCurrentIndex(1); // evidence just opened: show what it says
    applyStyles();
    updateDetails();
}

void GraphTabWidget::updateDetails()
{
    const PreviewResultPtr result = m_state->result();
    if (!result) {
        m_details->setHtml(
            tr("<p>Open a graph (File > Open Graph) to see how the compiler would choose "
               "its dtypes.</p>"));
        return;
    }
    const int scope = m_canvas->selectedScope();
    if (scope >= 0 && m_canvas->scene()) {
        const Scope &s = m_canvas->scene()->scopes().scope(scope);
        m_details->setHtml(
            tr("<h3>%1</h3><p>A collapsed scope of %n node(s). Double-click it or press Enter "
               "to expand it; File > Export > keep_dtype exports its nodes.</p>",
               nullptr, s.totalNodes)
                .arg(QString::fromUtf8(s.name).toHtmlEscaped()));
        return;
    }
    const QPoint scroll(0, 0);
    QString html = nodeDetailsHtml(*result, m_canvas->selectedNode(), *m_state->workspace());
    if (m_overlay && m_evidence && !m_evidence->isEmpty()) {
        const Graph &graph = *result->context->graph;
        const int node = m_canvas->selectedNode();
        html += evidenceDetailsHtml(*m_evidence, *m_overlay, graph, node);
        if (m_checked != result || m_checkedOverlay != m_overlay) { // once per resolution
            m_checked = result;
            m_checkedOverlay = m_overlay;
            m_check = std::make_shared<const ExecutedCheckReport>(compareWithExecuted(
                graph, result->resolution, m_evidence->files(), m_overlay->joins()));
        }
        const bool named = node >= 0 && std::size_t(node) < graph.nodes().size();
        html += executedCheckHtml(*m_check, result->resolution,
                                  named ? graph.nodes()[std::size_t(node)].name
                                        : std::string_view());
    }
    m_details->setHtml(html);
    Q_UNUSED(scroll);
}

void GraphTabWidget::updateStatus()
{
    const PreviewResultPtr result = m_state->result();
    if (!result) {
        m_status->setText(m_state->hasGraph() ? tr("Resolving...") : tr("No graph loaded."));
        return;
    }
    const ResolutionSummary &s = result->resolution.summary;
    const Graph &graph = *result->context->graph;
    QString name
        = m_state->isSampleGraph() ? tr("sample graph") : QString::fromStdString(graph.path);
    QString text
        = tr("%1 · %2 nodes · %3: %4 fp16 · %5 bf16 · %6 fp32 · %7 AI CPU · %8 errors · %9 casts")
              .arg(name)
              .arg(graph.nodes().size())
              .arg(QString::fromLatin1(precisionModeName(result->resolution.mode)))
              .arg(s.fp16Nodes)
              .arg(s.bf16Nodes)
              .arg(s.fp32Nodes)
              .arg(s.aicpuNodes)
              .arg(s.errors)
              .arg(s.castsTotal);
    if (s.geNodes > 0)
        text += tr(" · %n GE op(s)", nullptr, int(s.geNodes));
    if (s.approximate > 0)
        text += tr(" · %n approximate", nullptr, int(s.approximate));
    if (s.ambiguous > 0)
        text += tr(" · %n ambiguous", nullptr, int(s.ambiguous));
    const QString problem = m_state->modeProblem();
    if (!problem.isEmpty())
        text += QStringLiteral(" · ⚠ ") + problem;
    if (!m_state->loadDiagnostics().empty())
        text += tr(" · %n load message(s)", nullptr, int(m_state->loadDiagnostics().size()));
    m_status->setText(text);
}

void GraphTabWidget::updateInputs()
{
    // The cube list of the latest prediction (it is what the colours show), else the one next.
    const PreviewResultPtr result = m_state->result();
    const CubeOpList cube
        = result && !m_state->isBusy() ? result->context->library->cubeOps() : m_state->cubeOps();
    const QString count = QString::number(cube.types().size());
    QString text = cube.isDefault()
        ? tr("Cube ops: FE's default list (%1 types)").arg(count)
        : tr("Cube ops: fp16.op_type of %1 (%2 types)")
              .arg(QDir::toNativeSeparators(QString::fromStdString(cube.source())), count);
    auto file = [](const QString &path) {
        return path.isEmpty() ? tr("none") : QFileInfo(path).fileName();
    };
    text += tr(" · keep_dtype: %1 · customize_dtypes: %2")
                .arg(file(m_state->keepDtypePath()), file(m_state->customizeDtypesPath()));
    if (!m_state->platformIniPath().isEmpty())
        text += tr(" · SoC %1 (%2)").arg(m_state->soc(), file(m_state->platformIniPath()));
    const std::vector<Diagnostic> &diagnostics = m_state->inputDiagnostics();
    QStringList tip;
    for (const Diagnostic &d : diagnostics)
        tip << diagnosticText(d);
    if (!diagnostics.empty())
        text += tr(" · %n warning(s)", nullptr, int(diagnostics.size()));
    m_inputs->setText(text);
    m_inputs->setToolTip(tip.isEmpty() ? tr("File > Load keep_dtype / customize_dtypes / fe.ini, "
                                            "or drop the file on the window")
                                       : tip.join(QLatin1Char('\n')));
}

void GraphTabWidget::updateModesChart()
{
    const ResolveContextPtr context = m_state->context();
    if (!context)
        return;
    m_modesStale = false;
    m_chart->setPending(true);
    const ResolveSettings settings = m_state->currentSettings();
    const std::string soc = m_state->soc().toStdString();
    const std::string platformIni = m_state->platformIni();
    m_state->jobs()->start<std::vector<ModeSummary>>(
        BackgroundJobs::Modes, tr("Resolving every mode"), m_state->runsInline(),
        [context, settings, soc,
         platformIni](const std::function<void(int, const QString &)> &progress) {
            progress(10, tr("Resolving every mode"));
            return previewModeSummaries(*context, settings, soc, platformIni);
        },
        [this](std::vector<ModeSummary> counts) { m_chart->setCounts(std::move(counts)); });
}

void GraphTabWidget::openLink(const QUrl &url)
{
    const QString target = url.toString();
    if (target.startsWith(QLatin1String("rule:"))) {
        m_rule->setText(ruleDetailsHtml(target.mid(5)));
        m_rule->show();
    } else if (target.startsWith(QLatin1String("node:"))) {
        bool ok = false;
        const int node = target.mid(5).toInt(&ok);
        if (ok)
            m_canvas->selectNode(node);
    }
}

void GraphTabWidget::focusSelectionWhenShown()
{
    m_focusPending = true;
    if (m_canvas->viewport()->width() > 200 && m_canvas->isVisible())
        focusSelection();
}

bool GraphTabWidget::eventFilter(QObject *watched, QEvent *event)
{
    // After the view's own resize handling (it refits): queue the focus behind it.
    if (watched == m_canvas && event->type() == QEvent::Resize && m_focusPending
        && m_canvas->width() > 200)
        QMetaObject::invokeMethod(this, &GraphTabWidget::focusSelection, Qt::QueuedConnection);
    return QWidget::eventFilter(watched, event);
}

void GraphTabWidget::focusSelection()
{
    const CanvasScene *scene = m_canvas->scene();
    const int node = m_canvas->selectedNode();
    if (!m_focusPending || !scene || node < 0)
        return;
    m_focusPending = false;
    m_canvas->setZoom(0.85);
    m_canvas->centerOn(scene->rect(scene->visibleOf(node)).center());
}

bool GraphTabWidget::selectNodeByName(const QString &name)
{
    const Graph *graph = m_state->graph();
    const int index = graph ? graph->indexOf(name.toStdString()) : -1;
    if (index < 0)
        return false;
    m_canvas->selectNode(index, false);
    updateDetails();
    return true;
}

std::vector<std::string> GraphTabWidget::selectedNodeNames() const
{
    std::vector<std::string> names;
    const Graph *graph = m_state->graph();
    const CanvasScene *scene = m_canvas->scene();
    if (!graph || !scene)
        return names;
    auto add = [&](int node) {
        const Node &n = graph->nodes()[std::size_t(node)];
        if (n.origin == NodeOrigin::File && !isBoundaryOpType(n.opType)
            && !isConstantOpType(n.opType))
            names.emplace_back(n.name);
    };
    if (m_canvas->selectedNode() >= 0) {
        add(m_canvas->selectedNode());
    } else if (m_canvas->selectedScope() >= 0) {
        const ScopeTree &tree = scene->scopes();
        for (int s = 0; s < tree.size(); ++s)
            if (tree.contains(m_canvas->selectedScope(), s))
                for (int node : tree.scope(s).nodes)
                    add(node);
    }
    return names;
}

QString GraphTabWidget::detailsText() const
{
    return m_details->toPlainText();
}

} // namespace opsinfo
