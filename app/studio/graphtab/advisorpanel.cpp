#include "advisorpanel.h"

#include "backgroundjobs.h"

#include "advice/evidenceprotect.h"
#include "advicecandidatemodel.h"
#include "evidenceoverlay.h"
#include "graph/graph.h"
#include "graphtabstate.h"
#include "studio/common/coretexts.h"
#include "studio/document/documentio.h"
#include "studio/document/evidencestore.h"
#include "studio/document/frontendchoice.h"
#include "studio/document/mixlistdocument.h"
#include "studio/document/mixlisteditcommand.h"
#include "studio/document/userprompt.h"
#include "studio/document/workspace.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QSpinBox>
#include <QSplitter>
#include <QTableView>
#include <QTextBrowser>
#include <QToolButton>
#include <QUndoStack>
#include <QVBoxLayout>

namespace opsinfo {

namespace {

QString share(std::size_t part, std::size_t whole)
{
    return whole
        ? QStringLiteral("%1 (%2%)").arg(part).arg(100.0 * double(part) / double(whole), 0, 'f', 1)
        : QString::number(part);
}

QToolButton *buttonFor(QAction *action, QWidget *parent)
{
    auto *button = new QToolButton(parent);
    button->setDefaultAction(action);
    button->setToolButtonStyle(Qt::ToolButtonTextOnly);
    return button;
}

} // namespace

AdvisorPanel::AdvisorPanel(GraphTabState *preview, DocumentIo *io,
                           std::function<std::vector<std::string>()> selectedNodes, QWidget *parent)
    : QWidget(parent)
    , m_state(preview)
    , m_io(io)
    , m_selectedNodes(std::move(selectedNodes))
    , m_candidates(new AdviceCandidateModel(this))
{
    setObjectName(QStringLiteral("advisorPanel"));
    auto make = [this](const char *name, const QString &text) {
        auto *action = new QAction(text, this);
        action->setObjectName(QString::fromLatin1(name));
        return action;
    };
    m_advise = make("actionAdvise", tr("Advise"));
    m_advise->setToolTip(
        tr("Compute the smallest list change for the objective and verify it by re-resolving"));
    m_apply = make("actionApplyAdvice", tr("Apply to the Mixlist"));
    m_apply->setToolTip(tr("Replace the mixlist by the plan's, as one undoable edit"));
    m_protectSelected = make("actionAdviceProtectSelected", tr("Protect Selected"));
    m_protectSelected->setToolTip(tr("Keep the nodes selected in the graph in fp32"));
    m_clearProtected = make("actionAdviceClearProtected", tr("Clear"));
    m_exportKeep = make("actionExportAdviceKeepDtype", tr("Export keep_dtype..."));
    m_exportKeep->setToolTip(tr("Write the plan's keep_dtype list (--keep_dtype)"));
    connect(m_advise, &QAction::triggered, this, [this] { advise(); });
    connect(m_apply, &QAction::triggered, this, [this] { applyCurrentPlan(); });
    connect(m_protectSelected, &QAction::triggered, this, [this] { protect(m_selectedNodes()); });
    connect(m_clearProtected, &QAction::triggered, this, &AdvisorPanel::clearProtected);
    connect(m_exportKeep, &QAction::triggered, this, [this] { exportKeepDtype(); });
    createWidgets();
    updateActions();
    // The window's Cancel drops every job: the Advise button must come back (advised() will not).
    connect(m_state->jobs(), &BackgroundJobs::busyChanged, this, [this] {
        if (m_advising && !m_state->jobs()->isBusy(BackgroundJobs::Advice)) {
            m_advising = false;
            m_advise->setEnabled(true);
            m_summary->setText(tr("Advice cancelled."));
        }
    });
    // Advice is about one graph: a new one makes it (and a run still going) meaningless.
    connect(m_state, &GraphTabState::graphChanged, this, [this] {
        m_state->jobs()->cancel(BackgroundJobs::Advice);
        m_advising = false;
        m_advise->setEnabled(true);
        if (m_result) {
            m_result.reset();
            m_candidates->setCandidates({});
            m_plans->clear();
            m_summary->clear();
            showPlan();
        }
    });
}

AdvisorPanel::~AdvisorPanel() = default;

UserPrompt *AdvisorPanel::prompt() const
{
    return m_io->prompt();
}

void AdvisorPanel::createWidgets()
{
    m_protectedList = new QListWidget(this);
    m_protectedList->setObjectName(QStringLiteral("adviceProtected"));
    m_protectedList->setMaximumHeight(90);
    m_useEvidence = new QCheckBox(
        tr("Also protect what the evidence flags (overflow, NaN/Inf, low cosine, errors)"), this);
    m_useEvidence->setObjectName(QStringLiteral("adviceUseEvidence"));
    m_useEvidence->setChecked(true);
    m_objective = new QComboBox(this);
    m_objective->setObjectName(QStringLiteral("adviceObjective"));
    m_objective->addItem(tr("Accuracy: protected nodes in fp32"), int(AdviceObjective::Accuracy));
    m_objective->addItem(tr("Casts: remove the most Casts"), int(AdviceObjective::Casts));
    m_objective->addItem(tr("Time: most measured Cast and fp32 time"), int(AdviceObjective::Time));
    m_maxChanges = new QSpinBox(this);
    m_maxChanges->setObjectName(QStringLiteral("adviceMaxChanges"));
    m_maxChanges->setRange(1, 1000);
    m_maxChanges->setValue(8);
    m_maxMoved = new QSpinBox(this);
    m_maxMoved->setObjectName(QStringLiteral("adviceMaxMoved"));
    m_maxMoved->setRange(0, 100000);
    m_maxMoved->setValue(8);
    m_maxMoved->setToolTip(
        tr("An op-type edit moving more other nodes than this is replaced by keep_dtype entries"));
    m_plans = new QComboBox(this);
    m_plans->setObjectName(QStringLiteral("advicePlans"));
    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("adviceSummary"));
    m_summary->setWordWrap(true);
    m_effect = new QTextBrowser(this);
    m_effect->setObjectName(QStringLiteral("adviceEffect"));
    m_table = new QTableView(this);
    m_table->setObjectName(QStringLiteral("adviceCandidates"));
    m_table->setModel(m_candidates);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setColumnWidth(AdviceCandidateModel::EditColumn, 230);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);

    auto *protectBar = new QHBoxLayout;
    protectBar->addWidget(new QLabel(tr("Keep in fp32:"), this));
    protectBar->addStretch(1);
    protectBar->addWidget(buttonFor(m_protectSelected, this));
    protectBar->addWidget(buttonFor(m_clearProtected, this));
    auto *form = new QFormLayout;
    form->addRow(tr("Objective:"), m_objective);
    auto *limits = new QHBoxLayout;
    limits->addWidget(new QLabel(tr("Max edits"), this));
    limits->addWidget(m_maxChanges);
    limits->addWidget(new QLabel(tr("Max other nodes moved"), this));
    limits->addWidget(m_maxMoved);
    limits->addStretch(1);
    limits->addWidget(buttonFor(m_advise, this));
    form->addRow(limits);
    auto *planBar = new QHBoxLayout;
    planBar->addWidget(new QLabel(tr("Plan:"), this));
    planBar->addWidget(m_plans, 1);
    planBar->addWidget(buttonFor(m_apply, this));
    planBar->addWidget(buttonFor(m_exportKeep, this));
    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_effect);
    split->addWidget(m_table);
    split->setSizes({300, 200});

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(protectBar);
    layout->addWidget(m_protectedList);
    layout->addWidget(m_useEvidence);
    layout->addLayout(form);
    layout->addWidget(m_summary);
    layout->addLayout(planBar);
    layout->addWidget(split, 1);
    connect(m_plans, &QComboBox::currentIndexChanged, this, &AdvisorPanel::showPlan);
}

QList<QAction *> AdvisorPanel::actions() const
{
    return {m_advise, m_apply, m_protectSelected, m_clearProtected, m_exportKeep};
}

void AdvisorPanel::setEvidence(const EvidenceStore *store,
                               std::shared_ptr<const EvidenceOverlay> overlay)
{
    m_evidence = store;
    m_overlay = std::move(overlay);
}

void AdvisorPanel::protect(const std::vector<std::string> &names)
{
    for (const std::string &name : names)
        if (std::find(m_protected.begin(), m_protected.end(), name) == m_protected.end()) {
            m_protected.push_back(name);
            m_protectedList->addItem(QString::fromStdString(name));
        }
    updateActions();
}

void AdvisorPanel::clearProtected()
{
    m_protected.clear();
    m_protectedList->clear();
    updateActions();
}

QStringList AdvisorPanel::protectedNames() const
{
    QStringList out;
    for (const std::string &name : m_protected)
        out << QString::fromStdString(name);
    return out;
}

void AdvisorPanel::setObjective(AdviceObjective objective)
{
    m_objective->setCurrentIndex(m_objective->findData(int(objective)));
}

bool AdvisorPanel::advise()
{
    const ResolveContextPtr context = m_state->context();
    if (!context || !context->graph) {
        prompt()->information(
            tr("No graph"),
            tr("Open a graph first: the advice is for the graph, library, mixlist and mode of the Graph tab."));
        return false;
    }
    const Graph &graph = *context->graph;
    // The job owns everything the request points to: the UI may move on (another mixlist edit,
    // evidence closed) while a large graph is advised on a worker thread.
    struct Job
    {
        ResolveContextPtr context;
        Mixlist mixlist;
        EvidenceSummary measured;
        AdviceRequest request;
    };
    auto job = std::make_shared<Job>();
    job->context = context;
    AdviceRequest &request = job->request;
    request.graph = &graph;
    request.library = context->library.get();
    request.mode = m_state->mode();
    job->mixlist = m_state->workspace()->mixlistDocument()->mixlist();
    request.mixlist = job->mixlist.empty() ? nullptr : &job->mixlist;
    request.grayRule = m_state->grayRule();
    request.objective = AdviceObjective(m_objective->currentData().toInt());
    request.maxChanges = std::size_t(m_maxChanges->value());
    request.maxMoved = std::size_t(m_maxMoved->value());
    // The front end chosen in the window: on one that passes no keep_dtype, list edits only.
    if (const auto frontEnd = m_state->workspace()->frontEndChoice()->frontEnd())
        request.keepDtypeReachesCompiler
            = frontEndTraits(*frontEnd).keepDtype != KeepDtypeRoute::None;
    const std::string picked = tr("picked in the graph").toStdString();
    for (const std::string &name : m_protected)
        request.protect.push_back({name, {}, picked});
    if (m_useEvidence->isChecked() && m_evidence && m_overlay)
        for (ProtectRequest &p : protectFromEvidence(graph, m_evidence->files(), m_overlay->joins(),
                                                     m_evidence->thresholds()))
            request.protect.push_back(std::move(p));
    if (m_evidence && m_evidence->summary().totalUs > 0) {
        job->measured = m_evidence->summary();
        request.measured = &job->measured;
    }
    if (request.objective == AdviceObjective::Accuracy && request.protect.empty()) {
        prompt()->information(
            tr("Nothing to protect"),
            tr("Select nodes in the graph and press Protect Selected, or open evidence whose rows flag nodes."));
        return false;
    }
    m_advising = true;
    m_advise->setEnabled(false);
    m_summary->setText(tr("Advising: re-resolving the graph for each candidate edit..."));
    m_state->jobs()->start<std::shared_ptr<const AdviceResult>>(
        BackgroundJobs::Advice, tr("Advising"), m_state->runsInline(),
        [job](const auto &) {
            return std::make_shared<const AdviceResult>(opsinfo::advise(job->request));
        },
        [this, job](std::shared_ptr<const AdviceResult> result) {
            m_advisedMixlist = job->mixlist;
            showResult(std::move(result));
        });
    return true;
}

void AdvisorPanel::showResult(std::shared_ptr<const AdviceResult> result)
{
    m_result = std::move(result);
    m_advising = false;
    m_advise->setEnabled(true);
    m_candidates->setCandidates(m_result->candidates);
    {
        const QSignalBlocker block(m_plans);
        m_plans->clear();
        for (std::size_t i = 0; i < m_result->plans.size(); ++i) {
            const AdvicePlan &plan = m_result->plans[i];
            m_plans->addItem(tr("%1. %2 — %n edit(s)%3", nullptr, int(plan.edits.size()))
                                 .arg(i + 1)
                                 .arg(coreText(plan.label))
                                 .arg(plan.verified ? QString() : tr(", does not reach the goal")));
        }
    }
    m_summary->setText(
        tr("%1 protected node(s), %2 candidate edit(s), %3 plan(s), %4 re-resolution(s).")
            .arg(m_result->protectedNodes.size())
            .arg(m_result->candidates.size())
            .arg(m_result->plans.size())
            .arg(m_result->trials));
    showPlan();
    updateActions();
    emit advised();
}

int AdvisorPanel::currentPlan() const
{
    return m_result && !m_result->plans.empty() ? std::max(0, m_plans->currentIndex()) : -1;
}

void AdvisorPanel::showPlan()
{
    if (!m_result) {
        m_effect->clear();
        return;
    }
    QString html;
    const int index = currentPlan();
    if (index < 0) {
        html += QStringLiteral("<p><b>%1</b></p>").arg(tr("No plan: no edit reaches the goal."));
    } else {
        const AdvicePlan &plan = m_result->plans[std::size_t(index)];
        const AdviceEffect &e = plan.effect;
        html += QStringLiteral("<h3>%1</h3><p>%2</p><ul>")
                    .arg(coreText(plan.label).toHtmlEscaped(),
                         plan.verified ? tr("Verified by re-resolving.")
                                       : tr("Does not reach the goal."));
        for (const AdviceEdit &edit : plan.edits)
            html += QStringLiteral("<li><tt>%1</tt></li>")
                        .arg(QString::fromStdString(edit.entry()).toHtmlEscaped());
        if (plan.edits.empty())
            html += QStringLiteral("<li>%1</li>").arg(tr("no edit"));
        html += QStringLiteral("</ul>");
        if (!plan.keepDtype.empty())
            // The app edits mixlists, not keep_dtype files: those entries travel as their own file.
            html
                += QStringLiteral("<p>%1</p>")
                       .arg(tr(
                           "The keep_dtype entries are not part of the mixlist: Export keep_dtype... writes them "
                           "for the compiler's --keep_dtype option."));
        html
            += QStringLiteral(
                   "<table cellspacing='0' cellpadding='3' border='1'><tr><th></th><th>%1</th><th>%2</th></tr>")
                   .arg(tr("before"), tr("after"));
        auto row = [&html](const QString &what, const QString &before, const QString &after) {
            html += QStringLiteral(
                        "<tr><td>%1</td><td align='right'>%2</td><td align='right'>%3</td></tr>")
                        .arg(what, before, after);
        };
        row(tr("float16 nodes"), share(e.before.fp16Nodes, e.before.floatNodes),
            share(e.after.fp16Nodes, e.after.floatNodes));
        row(tr("bfloat16 nodes"), share(e.before.bf16Nodes, e.before.floatNodes),
            share(e.after.bf16Nodes, e.after.floatNodes));
        row(tr("float32 nodes"), share(e.before.fp32Nodes, e.before.floatNodes),
            share(e.after.fp32Nodes, e.after.floatNodes));
        row(tr("Casts"), QString::number(e.before.castsTotal), QString::number(e.after.castsTotal));
        if (e.timeEstimated)
            row(tr("Cast time (estimated)"),
                QStringLiteral("%1 us").arg(e.castTimeBeforeUs, 0, 'f', 1),
                QStringLiteral("%1 us").arg(e.castTimeAfterUs, 0, 'f', 1));
        html += QStringLiteral("</table>");
        if (e.timeEstimated && e.fp32TimeMovedUs > 0)
            html
                += QStringLiteral("<p>%1</p>")
                       .arg(
                           tr("Measured fp32 kernel time of the nodes moved to 16 bits: %1 us (at stake, not a promised saving).")
                               .arg(e.fp32TimeMovedUs, 0, 'f', 1));
        if (!e.stillNotFp32.empty())
            html += QStringLiteral("<p><b>%1</b> %2</p>")
                        .arg(tr("Still not fp32:"),
                             QString::fromStdString(e.stillNotFp32.front()).toHtmlEscaped()
                                 + (e.stillNotFp32.size() > 1
                                        ? tr(" and %1 more").arg(e.stillNotFp32.size() - 1)
                                        : QString()));
        html += QStringLiteral("<p>%1</p><ul>")
                    .arg(tr("%n other node(s) move:", nullptr, int(e.moved.size())));
        for (std::size_t i = 0; i < e.moved.size() && i < 20; ++i)
            html += QStringLiteral("<li>%1 (%2): %3 → %4</li>")
                        .arg(QString::fromUtf8(e.moved[i].name).toHtmlEscaped(),
                             QString::fromUtf8(e.moved[i].opType),
                             QString::fromLatin1(dtypeName(e.moved[i].from)),
                             QString::fromLatin1(dtypeName(e.moved[i].to)));
        if (e.moved.size() > 20)
            html += QStringLiteral("<li>%1</li>")
                        .arg(tr("... and %1 more").arg(e.moved.size() - 20));
        html += QStringLiteral("</ul>");
    }
    html += QStringLiteral("<p><b>%1</b></p><ul>").arg(tr("Limits"));
    for (const std::string &limit : m_result->limits)
        html += QStringLiteral("<li>%1</li>").arg(coreText(limit).toHtmlEscaped());
    for (const Diagnostic &d : m_result->diagnostics)
        html += QStringLiteral("<li>%1</li>").arg(coreText(d.message).toHtmlEscaped());
    html += QStringLiteral("</ul>");
    m_effect->setHtml(html);
    updateActions();
}

void AdvisorPanel::updateActions()
{
    const int index = currentPlan();
    const bool plan = index >= 0;
    // A plan of keep_dtype entries only leaves the mixlist as it is: nothing to apply, only to
    // export.
    m_apply->setEnabled(
        plan && !m_result->plans[std::size_t(index)].mixlist.sameContent(m_advisedMixlist));
    m_exportKeep->setEnabled(plan && !m_result->plans[std::size_t(index)].keepDtype.empty());
    m_clearProtected->setEnabled(!m_protected.empty());
}

bool AdvisorPanel::applyCurrentPlan()
{
    const int index = currentPlan();
    if (index < 0)
        return false;
    const AdvicePlan &plan = m_result->plans[std::size_t(index)];
    MixlistDocument *document = m_state->workspace()->mixlistDocument();
    if (plan.mixlist.sameContent(document->mixlist())) {
        prompt()->information(tr("Nothing to apply"),
                              tr("The mixlist already holds this plan's entries."));
        return false;
    }
    if (!document->mixlist().sameContent(m_advisedMixlist)) {
        // Applying would undo the edits made since: the plan was built on the older mixlist.
        prompt()->information(
            tr("The mixlist changed"),
            tr("The mixlist was edited after the advice was computed: press Advise again."));
        return false;
    }
    document->undoStack()->push(new MixlistEditCommand(
        document, plan.mixlist, tr("Apply advice (%n edit(s))", nullptr, int(plan.edits.size()))));
    return true;
}

bool AdvisorPanel::exportKeepDtype(const QString &given)
{
    const int index = currentPlan();
    if (index < 0 || m_result->plans[std::size_t(index)].keepDtype.empty()) {
        prompt()->information(tr("No keep_dtype"), tr("The chosen plan adds no keep_dtype entry."));
        return false;
    }
    const QString path = given.isEmpty()
        ? prompt()->saveFileName(tr("Export keep_dtype"), QStringLiteral("keep_dtype.cfg"),
                                 tr("keep_dtype files (*.cfg *.txt);;All files (*)"))
        : given;
    if (path.isEmpty())
        return false;
    const std::string bytes = keepDtypeText(m_result->plans[std::size_t(index)].keepDtype);
    return m_io->writeNewFile(path, bytes);
}

} // namespace opsinfo
