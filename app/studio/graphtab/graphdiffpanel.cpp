#include "graphdiffpanel.h"

#include "backgroundjobs.h"
#include "graphtabstate.h"
#include "mixlist/mixlist.h"
#include "studio/common/coretexts.h"
#include "studio/common/explanationcompare.h"
#include "studio/document/librarydocument.h"
#include "studio/document/mixlistdocument.h"
#include "studio/document/userprompt.h"
#include "studio/document/workspace.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace opsinfo {

// Above this many nodes a diff resolves without explanations (see compare()).
static constexpr std::size_t kExplainedDiffNodes = 50000;

GraphDiffPanel::GraphDiffPanel(GraphTabState *preview, std::function<UserPrompt *()> prompt,
                               QWidget *parent)
    : QWidget(parent)
    , m_state(preview)
    , m_prompt(std::move(prompt))
    , m_model(new GraphDiffModel(this))
    , m_kind(new QComboBox(this))
    , m_sideA(new QComboBox(this))
    , m_sideB(new QComboBox(this))
    , m_compare(new QPushButton(tr("Compare"), this))
    , m_highlight(new QCheckBox(tr("Highlight changed nodes in the graph"), this))
    , m_summary(new QLabel(this))
    , m_table(new QTableView(this))
    , m_explanation(new QTextBrowser(this))
{
    setObjectName(QStringLiteral("graphDiffPanel"));
    m_kind->setObjectName(QStringLiteral("graphDiffKind"));
    m_sideA->setObjectName(QStringLiteral("graphDiffSideA"));
    m_sideB->setObjectName(QStringLiteral("graphDiffSideB"));
    m_compare->setObjectName(QStringLiteral("graphDiffCompare"));
    m_highlight->setObjectName(QStringLiteral("graphDiffHighlight"));
    m_summary->setObjectName(QStringLiteral("graphDiffSummary"));
    m_table->setObjectName(QStringLiteral("graphDiffTable"));
    m_explanation->setObjectName(QStringLiteral("graphDiffExplanation"));
    m_explanation->setOpenLinks(false);
    m_explanation->setPlaceholderText(tr("Select a changed node to compare its two explanations."));
    m_kind->addItem(tr("Mode A vs mode B"));
    m_kind->addItem(tr("Mixlist A vs mixlist B"));
    m_highlight->setChecked(true);
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(false);

    auto *form = new QFormLayout;
    form->addRow(tr("Compare:"), m_kind);
    form->addRow(tr("A:"), m_sideA);
    form->addRow(tr("B:"), m_sideB);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_compare);
    buttons->addWidget(m_highlight, 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(form);
    layout->addLayout(buttons);
    layout->addWidget(m_summary);
    auto *split = new QSplitter(Qt::Vertical, this);
    split->setObjectName(QStringLiteral("graphDiffSplitter"));
    split->addWidget(m_table);
    split->addWidget(m_explanation);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    layout->addWidget(split, 1);

    fillSides();
    connect(m_kind, &QComboBox::currentIndexChanged, this, [this] {
        fillSides();
        compare();
    });
    auto sideChanged = [this](QComboBox *box, QString *file) {
        if (m_filling)
            return;
        if (kind() == Kind::Mixlists && box->currentData().toInt() == MixlistFile) {
            UserPrompt *prompt = m_prompt ? m_prompt() : nullptr;
            const QString path = prompt
                ? prompt->openFileName(tr("Mixlist to Compare"),
                                       tr("Mixlists (*.json);;All files (*)"))
                : QString();
            if (path.isEmpty()) {
                box->setCurrentIndex(0);
                return;
            }
            *file = path;
        }
        compare();
    };
    connect(m_sideA, &QComboBox::currentIndexChanged, this,
            [this, sideChanged] { sideChanged(m_sideA, &m_fileA); });
    connect(m_sideB, &QComboBox::currentIndexChanged, this,
            [this, sideChanged] { sideChanged(m_sideB, &m_fileB); });
    connect(m_compare, &QPushButton::clicked, this, &GraphDiffPanel::compare);
    connect(m_highlight, &QCheckBox::toggled, this, &GraphDiffPanel::highlightChanged);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                updateExplanation();
                if (!current.isValid())
                    return;
                const GraphDiffRow &row = m_model->diff().rows[std::size_t(current.row())];
                if (row.topLevel)
                    emit nodeActivated(row.index);
            });
}

GraphDiffPanel::Kind GraphDiffPanel::kind() const
{
    return m_kind->currentIndex() == 1 ? Kind::Mixlists : Kind::Modes;
}

void GraphDiffPanel::setKind(Kind kind)
{
    m_kind->setCurrentIndex(kind == Kind::Mixlists ? 1 : 0);
}

void GraphDiffPanel::fillSides()
{
    m_filling = true;
    m_sideA->clear();
    m_sideB->clear();
    if (kind() == Kind::Modes) {
        for (PrecisionMode mode : kAllPrecisionModes) {
            const QString name = QString::fromLatin1(precisionModeName(mode));
            m_sideA->addItem(name, name);
            m_sideB->addItem(name, name);
        }
        m_sideA->setCurrentIndex(m_sideA->findData(QStringLiteral("must_keep_origin_dtype")));
        m_sideB->setCurrentIndex(
            m_sideB->findData(QString::fromLatin1(precisionModeName(m_state->mode()))));
    } else {
        for (QComboBox *box : {m_sideA, m_sideB}) {
            box->addItem(tr("current colours (edits + mixlist)"), CurrentMixlist);
            box->addItem(tr("no mixlist (edits only)"), NoMixlist);
            box->addItem(tr("library as opened (no edits, no mixlist)"), AsOpened);
            box->addItem(tr("mixlist file..."), MixlistFile);
        }
        m_sideA->setCurrentIndex(1);
        m_sideB->setCurrentIndex(0);
    }
    m_filling = false;
}

void GraphDiffPanel::setModes(const QString &a, const QString &b)
{
    setKind(Kind::Modes);
    m_filling = true;
    for (auto [box, name] : {std::pair {m_sideA, a}, std::pair {m_sideB, b}}) {
        const auto mode = parsePrecisionMode(name.toStdString());
        if (mode)
            box->setCurrentIndex(box->findData(QString::fromLatin1(precisionModeName(*mode))));
    }
    m_filling = false;
    compare();
}

void GraphDiffPanel::setMixlists(MixlistSide a, MixlistSide b, const QString &fileB)
{
    setKind(Kind::Mixlists);
    m_filling = true;
    m_sideA->setCurrentIndex(m_sideA->findData(int(a)));
    m_sideB->setCurrentIndex(m_sideB->findData(int(b)));
    m_fileB = fileB;
    m_filling = false;
    compare();
}

bool GraphDiffPanel::highlight() const
{
    return m_highlight->isChecked();
}

void GraphDiffPanel::setHighlight(bool on)
{
    m_highlight->setChecked(on);
}

std::shared_ptr<const PolicyTable> GraphDiffPanel::policiesFor(int side, const QString &file,
                                                               QString *label)
{
    Workspace *workspace = m_state->workspace();
    const LibraryDocument *document = workspace->libraryDocument();
    switch (side) {
    case NoMixlist:
        *label = tr("no mixlist");
        return std::make_shared<const PolicyTable>(
            PolicyTable::compute(document->library(), nullptr));
    case AsOpened: {
        *label = tr("as opened");
        OpLibrary original = document->library();
        for (const auto &[type, policy] : document->editedPolicies()) {
            Q_UNUSED(policy);
            original.setPolicy(type, document->originalPolicy(type));
        }
        return std::make_shared<const PolicyTable>(PolicyTable::compute(original, nullptr));
    }
    case MixlistFile: {
        *label = QFileInfo(file).fileName();
        QFile in(file);
        if (!in.open(QIODevice::ReadOnly)) {
            *label = tr("%1 (unreadable)").arg(*label);
            return nullptr;
        }
        const QByteArray text = in.readAll();
        const MixlistParseResult parsed = parseMixlistStrict(
            std::string_view(text.constData(), std::size_t(text.size())), file.toStdString());
        if (!parsed.ok()) {
            *label = tr("%1 (invalid: %2)").arg(*label, diagnosticText(parsed.diagnostics.front()));
            return nullptr;
        }
        return std::make_shared<const PolicyTable>(
            PolicyTable::compute(document->library(), &parsed.mixlist, file.toStdString()));
    }
    case CurrentMixlist:
    default: {
        const QString name = workspace->mixlistDocument()->displayName();
        *label = tr("current (%1)").arg(name);
        return std::make_shared<const PolicyTable>(workspace->policyTable());
    }
    }
}

void GraphDiffPanel::compare()
{
    ResolveContextPtr context = m_state->context();
    if (!context || m_filling)
        return;
    ResolveSettings a = m_state->currentSettings();
    ResolveSettings b = a;
    QString labelA, labelB;
    if (kind() == Kind::Modes) {
        const auto modeA = parsePrecisionMode(m_sideA->currentData().toString().toStdString());
        const auto modeB = parsePrecisionMode(m_sideB->currentData().toString().toStdString());
        if (!modeA || !modeB)
            return;
        a.mode = *modeA;
        b.mode = *modeB;
        labelA = QString::fromLatin1(precisionModeName(*modeA));
        labelB = QString::fromLatin1(precisionModeName(*modeB));
    } else {
        a.policies = policiesFor(m_sideA->currentData().toInt(), m_fileA, &labelA);
        b.policies = policiesFor(m_sideB->currentData().toInt(), m_fileB, &labelB);
        if (!a.policies || !b.policies) {
            m_summary->setText(tr("Cannot compare: %1").arg(!a.policies ? labelA : labelB));
            return;
        }
    }
    struct Outcome
    {
        PreviewResultPtr a;
        PreviewResultPtr b;
        GraphDiff diff;
    };
    m_summary->setText(tr("Comparing..."));
    // Explanations double the work and the memory of a resolve: for the largest graphs they are
    // made on demand, for the node selected (updateExplanation).
    const bool explain = context->graph->nodes().size() <= kExplainedDiffNodes;
    m_state->jobs()->start<Outcome>(
        BackgroundJobs::Diff, tr("Comparing"), m_state->runsInline(),
        [context, a, b, explain](const std::function<void(int, const QString &)> &progress) {
            progress(10, tr("Resolving side A"));
            Outcome outcome;
            outcome.a = PreviewResult::compute(context, a, explain);
            progress(55, tr("Resolving side B"));
            outcome.b = PreviewResult::compute(context, b, explain);
            outcome.diff = graphDiff(*context->graph, outcome.a->resolution, outcome.b->resolution);
            return outcome;
        },
        [this, labelA, labelB, explain](Outcome outcome) {
            m_explained = explain;
            m_resultA = std::move(outcome.a);
            m_resultB = std::move(outcome.b);
            m_model->setDiff(std::move(outcome.diff), labelA, labelB);
            m_table->resizeColumnsToContents();
            m_summary->setText(summaryText());
            updateExplanation();
            emit diffChanged();
        });
}

QString GraphDiffPanel::summaryText() const
{
    const GraphDiff &d = m_model->diff();
    const long delta = d.castDelta();
    QString text = tr("%n node(s) change dtype; casts %1 → %2 (%3)", nullptr, int(d.rows.size()))
                       .arg(d.castsA)
                       .arg(d.castsB)
                       .arg(delta >= 0 ? QStringLiteral("+%1").arg(delta) : QString::number(delta));
    QStringList transitions;
    for (const auto &[t, count] : d.transitions)
        transitions << QStringLiteral("%1: %2").arg(t).arg(count);
    if (!transitions.isEmpty())
        text += QStringLiteral("\n") + transitions.join(QStringLiteral(" · "));
    return text;
}

QString GraphDiffPanel::sidesSummaryHtml() const
{
    if (!m_resultA || !m_resultB)
        return {};
    auto side = [](const QString &letter, const QString &name, const ResolutionSummary &s) {
        return tr("<b>%1: %2</b> — %3 fp16 · %4 bf16 · %5 fp32 · %6 AI CPU · %7 casts")
            .arg(letter, name.toHtmlEscaped())
            .arg(s.fp16Nodes)
            .arg(s.bf16Nodes)
            .arg(s.fp32Nodes)
            .arg(s.aicpuNodes)
            .arg(s.castsTotal);
    };
    const GraphDiff &d = m_model->diff();
    return side(QStringLiteral("A"), m_model->sideA(), m_resultA->resolution.summary)
        + QStringLiteral(" &nbsp;│&nbsp; ")
        + side(QStringLiteral("B"), m_model->sideB(), m_resultB->resolution.summary)
        + QStringLiteral(" &nbsp;│&nbsp; ") + tr("%n node(s) changed", nullptr, int(d.rows.size()));
}

void GraphDiffPanel::updateExplanation()
{
    const QModelIndex current = m_table->currentIndex();
    if (!current.isValid() || !m_resultA || !m_resultB || current.row() >= m_model->rowCount()) {
        m_explanation->clear();
        return;
    }
    const GraphDiffRow &row = m_model->diff().rows[std::size_t(current.row())];
    const auto &nodesA = m_resultA->resolution.nodes;
    const auto &nodesB = m_resultB->resolution.nodes;
    if (row.index < 0 || std::size_t(row.index) >= nodesA.size()
        || std::size_t(row.index) >= nodesB.size()) {
        m_explanation->clear();
        return;
    }
    if (!m_explained) {
        explainLater();
        return;
    }
    const NodeResolution &a = nodesA[std::size_t(row.index)];
    const NodeResolution &b = nodesB[std::size_t(row.index)];
    const QString title = QStringLiteral("<h3 style='margin-bottom:2px'>%1</h3><p>%2 · %3 → %4</p>")
                              .arg(row.name.toHtmlEscaped(), row.opType.toHtmlEscaped(),
                                   row.a.toHtmlEscaped(), row.b.toHtmlEscaped());
    const QString keeps = tr("FE does not decide this node: it keeps the graph's dtypes (§8.1).");
    m_explanation->setHtml(
        title
        + explanationComparisonHtml(a.explanation, b.explanation, tr("A: %1").arg(m_model->sideA()),
                                    tr("B: %1").arg(m_model->sideB()), keeps, keeps));
}

// Both sides again, with explanations, on the worker; the figures stay the same.
void GraphDiffPanel::explainLater()
{
    m_explanation->setPlainText(tr("Explaining both sides…"));
    const ResolveContextPtr context = m_resultA->context;
    const ResolveSettings a = m_resultA->settings, b = m_resultB->settings;
    using Pair = std::pair<PreviewResultPtr, PreviewResultPtr>;
    m_state->jobs()->start<Pair>(
        BackgroundJobs::Diff, tr("Explaining"), m_state->runsInline(),
        [context, a, b](const std::function<void(int, const QString &)> &progress) {
            progress(10, tr("Explaining side A"));
            Pair pair;
            pair.first = PreviewResult::compute(context, a, true);
            progress(55, tr("Explaining side B"));
            pair.second = PreviewResult::compute(context, b, true);
            return pair;
        },
        [this](Pair pair) {
            m_resultA = std::move(pair.first);
            m_resultB = std::move(pair.second);
            m_explained = true;
            updateExplanation();
        });
}

QString GraphDiffPanel::explanationText() const
{
    return m_explanation->toPlainText();
}

bool GraphDiffPanel::selectChangedNode(int graphNode)
{
    const auto &rows = m_model->diff().rows;
    for (std::size_t r = 0; r < rows.size(); ++r)
        if (rows[r].topLevel && rows[r].index == graphNode) {
            m_table->selectRow(int(r));
            return true;
        }
    return false;
}

} // namespace opsinfo
