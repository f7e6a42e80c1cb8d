#include "studio/diff/diffview.h"

#include "export/transitionmatrixexport.h"
#include "studio/common/explanationcompare.h"
#include "studio/common/transitiontext.h"
#include "studio/diff/difffilterproxy.h"
#include "studio/diff/diffmodel.h"
#include "studio/diff/transitionmatrixmodel.h"
#include "studio/diff/transitionmatrixview.h"
#include "studio/document/documentio.h"
#include "studio/document/librarydocument.h"
#include "studio/document/mixlistdocument.h"
#include "studio/document/userprompt.h"
#include "studio/document/workspace.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QSplitter>
#include <QTableView>
#include <QTextBrowser>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace opsinfo {

namespace {

QStringList sidesOf(const QString &transition)
{
    return transition.split(QStringLiteral("->"));
}

bool isUnchanged(const QString &transition)
{
    const QStringList sides = sidesOf(transition);
    return sides.size() == 2 && sides[0] == sides[1];
}

bool involvesAbsent(const QString &transition)
{
    return sidesOf(transition).contains(QStringLiteral("absent"));
}

} // namespace

DiffView::DiffView(Workspace *workspace, DocumentIo *io, QWidget *parent)
    : QWidget(parent)
    , m_workspace(workspace)
    , m_io(io)
    , m_model(new DiffModel(this))
    , m_proxy(new DiffFilterProxy(this))
    , m_matrixModel(new TransitionMatrixModel(this))
{
    createWidgets();
    arrange();

    connect(m_mode, &QComboBox::currentIndexChanged, this, &DiffView::refresh);
    connect(m_applyMixlist, &QCheckBox::toggled, this, &DiffView::refresh);
    connect(m_includeAbsent, &QCheckBox::toggled, this, &DiffView::refresh);
    connect(m_transition, &QComboBox::currentIndexChanged, this,
            [this] { pickTransition(m_transition->currentData().toString()); });
    connect(m_matrixView, &TransitionMatrixView::cellPicked, this, &DiffView::pickTransition);
    connect(m_filter, &QLineEdit::textChanged, m_proxy, &DiffFilterProxy::setTypeFilter);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &DiffView::updateExplanation);
    // Diffing 20,000 ops on every keystroke would be wasted while the tab is hidden.
    connect(m_workspace, &Workspace::effectiveChanged, this, [this] {
        m_stale = true;
        if (isVisible())
            refresh();
    });
}

DiffView::~DiffView() = default;

void DiffView::createWidgets()
{
    m_mode = new QComboBox(this);
    m_transition = new QComboBox(this);
    m_filter = new QLineEdit(this);
    m_applyMixlist = new QCheckBox(tr("Mixlist on both"), this);
    m_includeAbsent = new QCheckBox(tr("Types on one side only"), this);
    m_compare = new QToolButton(this);
    m_summary = new QLabel(this);
    m_sideA = new QLabel(this);
    m_sideB = new QLabel(this);
    m_matrixView = new TransitionMatrixView(m_matrixModel, this);
    m_table = new QTableView(this);
    m_explanation = new QTextBrowser(this);

    m_mode->setObjectName(QStringLiteral("diffMode"));
    m_mode->addItem(tr("Library as opened → edited, with the mixlist"),
                    int(Mode::OpenedVsEffective));
    m_mode->addItem(tr("Edited library → with the mixlist"), int(Mode::EditedVsMixlist));
    m_mode->addItem(tr("Library as opened → edited (flag edits only)"), int(Mode::OpenedVsEdited));
    m_transition->setObjectName(QStringLiteral("diffTransition"));
    m_filter->setObjectName(QStringLiteral("diffFilter"));
    m_filter->setPlaceholderText(tr("Filter op types"));
    m_filter->setClearButtonEnabled(true);
    m_applyMixlist->setObjectName(QStringLiteral("diffApplyMixlist"));
    m_applyMixlist->setChecked(true);
    m_applyMixlist->setToolTip(tr("Apply the open mixlist to the other library too (X3), so the "
                                  "diff shows what the same training script gets on each"));
    m_applyMixlist->setVisible(false);
    m_includeAbsent->setObjectName(QStringLiteral("diffIncludeAbsent"));
    m_includeAbsent->setToolTip(
        tr("Also list op types that only one side has (absent->white ...)"));
    m_compare->setObjectName(QStringLiteral("diffCompareButton"));
    m_compare->setText(tr("Compare with another library…"));
    m_compare->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_compare->setPopupMode(QToolButton::MenuButtonPopup);
    m_compare->setVisible(false);
    m_summary->setObjectName(QStringLiteral("diffSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_sideA->setObjectName(QStringLiteral("diffMatrixSideA"));
    m_sideB->setObjectName(QStringLiteral("diffMatrixSideB"));
    for (QLabel *label : {m_sideA, m_sideB}) {
        label->setWordWrap(true);
        label->setTextFormat(Qt::PlainText);
    }
    m_matrixView->setObjectName(QStringLiteral("diffMatrix"));
    m_proxy->setSourceModel(m_model);
    m_table->setObjectName(QStringLiteral("diffTable"));
    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(DiffModel::TypeColumn, Qt::AscendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setColumnWidth(DiffModel::TypeColumn, 220);
    m_table->setColumnWidth(DiffModel::AColumn, 170);
    m_table->setColumnWidth(DiffModel::BColumn, 170);
    m_explanation->setObjectName(QStringLiteral("diffExplanation"));
    m_explanation->setOpenLinks(false);
    m_explanation->setPlaceholderText(
        tr("Select an op type to see why it has its colour on each side."));

    QAction *exportSvg = new QAction(tr("Transition &Matrix (SVG)..."), this);
    exportSvg->setObjectName(QStringLiteral("actionExportMatrixSvg"));
    exportSvg->setToolTip(
        tr("The diff's white/black/gray transition matrix as an SVG image for reports"));
    connect(exportSvg, &QAction::triggered, this, [this] { exportMatrixSvg(); });
    m_exportActions.append(exportSvg);
}

void DiffView::arrange()
{
    auto *bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Compare"), this));
    bar->addWidget(m_mode, 1);
    bar->addWidget(m_compare);
    auto *filters = new QHBoxLayout;
    filters->addWidget(m_filter, 1);
    filters->addWidget(new QLabel(tr("Transition"), this));
    filters->addWidget(m_transition);
    filters->addWidget(m_includeAbsent);
    filters->addWidget(m_applyMixlist);

    auto *matrixPane = new QWidget(this);
    auto *matrixLayout = new QVBoxLayout(matrixPane);
    matrixLayout->setContentsMargins(0, 0, 4, 0);
    matrixLayout->addWidget(m_sideA);
    matrixLayout->addWidget(m_sideB);
    matrixLayout->addWidget(m_matrixView, 0, Qt::AlignLeft | Qt::AlignTop);
    matrixLayout->addStretch(1);
    matrixPane->setSizePolicy(QSizePolicy::Maximum, QSizePolicy::Preferred);

    auto *right = new QSplitter(Qt::Vertical, this);
    right->setObjectName(QStringLiteral("diffRightSplitter"));
    right->addWidget(m_table);
    right->addWidget(m_explanation);
    right->setStretchFactor(0, 3);
    right->setStretchFactor(1, 2);
    auto *split = new QSplitter(Qt::Horizontal, this);
    split->setObjectName(QStringLiteral("diffSplitter"));
    split->addWidget(matrixPane);
    split->addWidget(right);
    split->setStretchFactor(1, 1);
    split->setCollapsible(0, false);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(bar);
    layout->addLayout(filters);
    layout->addWidget(m_summary);
    layout->addWidget(split, 1);
}

void DiffView::setMode(Mode mode)
{
    m_mode->setCurrentIndex(m_mode->findData(int(mode)));
    refresh();
}

DiffView::Mode DiffView::mode() const
{
    return Mode(m_mode->currentData().toInt());
}

void DiffView::setCompareActions(const QList<QAction *> &actions)
{
    if (actions.isEmpty())
        return;
    m_compare->setDefaultAction(actions.front());
    m_compare->setText(tr("Compare with another library…"));
    if (actions.size() > 1) {
        auto *menu = new QMenu(m_compare);
        menu->addActions(actions);
        m_compare->setMenu(menu);
    }
    m_compare->setVisible(true);
}

void DiffView::setComparisonLibrary(OpLibrary library, const QString &name)
{
    m_other = std::make_unique<OpLibrary>(std::move(library));
    m_otherName = name;
    const QString label = tr("Open library → %1").arg(name);
    const int index = m_mode->findData(int(Mode::OtherLibrary));
    if (index < 0)
        m_mode->addItem(label, int(Mode::OtherLibrary));
    else
        m_mode->setItemText(index, label);
    setMode(Mode::OtherLibrary);
}

void DiffView::setComparisonMixlist(Mixlist mixlist, const QString &path)
{
    const QString name = QFileInfo(path).fileName();
    m_otherMixlistPath = path;
    m_otherMixlist = std::move(mixlist);
    m_otherMixlistName = name;
    const QString label = tr("Open mixlist → %1 (same library)").arg(name);
    const int index = m_mode->findData(int(Mode::OtherMixlist));
    if (index < 0)
        m_mode->addItem(label, int(Mode::OtherMixlist));
    else
        m_mode->setItemText(index, label);
    setMode(Mode::OtherMixlist);
}

void DiffView::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    refreshIfStale();
}

void DiffView::refreshIfStale()
{
    if (m_stale)
        refresh();
}

// The two sides of the chosen comparison; the diff, the matrix and the filters follow.
void DiffView::refresh()
{
    m_stale = false;
    const LibraryDocument *document = m_workspace->libraryDocument();
    const Mode current = mode();
    m_applyMixlist->setVisible(current == Mode::OtherLibrary);
    auto table = [](PolicyTable t) { return std::make_shared<const PolicyTable>(std::move(t)); };
    auto openedLibrary = [document] {
        OpLibrary opened = document->library();
        for (const auto &[type, policy] : document->editedPolicies())
            opened.setPolicy(type, document->originalPolicy(type));
        return opened;
    };
    const Mixlist &mixlist = m_workspace->mixlistDocument()->mixlist();
    const std::string mixlistPath = m_workspace->mixlistDocument()->path().toStdString();
    switch (current) {
    case Mode::OpenedVsEffective:
        m_tableA = table(PolicyTable::compute(openedLibrary(), nullptr));
        m_tableB = table(m_workspace->policyTable());
        m_nameA = tr("As opened");
        m_nameB = tr("Edited + mixlist");
        break;
    case Mode::EditedVsMixlist:
        m_tableA = table(PolicyTable::compute(document->library(), nullptr));
        m_tableB = table(m_workspace->policyTable());
        m_nameA = tr("Edited library");
        m_nameB = tr("With the mixlist");
        break;
    case Mode::OpenedVsEdited:
        m_tableA = table(PolicyTable::compute(openedLibrary(), nullptr));
        m_tableB = table(PolicyTable::compute(document->library(), nullptr));
        m_nameA = tr("As opened");
        m_nameB = tr("Edited");
        break;
    case Mode::OtherLibrary: {
        if (!m_other)
            return;
        const bool apply = m_applyMixlist->isChecked() && !mixlist.empty();
        // Without the mixlist the open library's table has only its own op types, like B's.
        m_tableA = table(apply ? m_workspace->policyTable()
                               : PolicyTable::compute(document->library(), nullptr));
        m_tableB = table(PolicyTable::compute(*m_other, apply ? &mixlist : nullptr, mixlistPath));
        m_nameA = document->displayName();
        m_nameB = m_otherName;
        break;
    }
    case Mode::OtherMixlist:
        if (!m_otherMixlist)
            return;
        m_tableA = table(m_workspace->policyTable());
        m_tableB = table(PolicyTable::compute(document->library(), &*m_otherMixlist,
                                              m_otherMixlistName.toStdString()));
        m_nameA = m_workspace->mixlistDocument()->displayName();
        m_nameB = m_otherMixlistName;
        break;
    }
    if (m_nameA == m_nameB) {
        m_nameA = tr("A: %1").arg(m_nameA);
        m_nameB = tr("B: %1").arg(m_nameB);
    }
    m_sideA->setText(tr("Rows (A): %1").arg(m_nameA));
    m_sideB->setText(tr("Columns (B): %1").arg(m_nameB));
    applyPick();
}

// Diffs the two sides with the rows the pick needs (a diagonal cell lists unchanged types, an
// absent row or column types of one side), then filters the table and tells the graph.
void DiffView::applyPick()
{
    if (!m_tableA || !m_tableB)
        return;
    PolicyDiffOptions options;
    options.includeAbsent = m_includeAbsent->isChecked() || involvesAbsent(m_picked);
    options.includeUnchanged = isUnchanged(m_picked);
    PolicyDiff diff = diffPolicies(*m_tableA, *m_tableB, options);
    const TransitionMatrix &matrix = diff.matrix;
    m_matrixModel->setMatrix(matrix, matrix.onlyACount() + matrix.onlyBCount() > 0);
    if (!m_picked.isEmpty() && !m_matrixModel->indexOf(m_picked).isValid())
        m_picked.clear(); // the cell is gone (no absent column any more)

    QStringList parts;
    for (const auto &[transition, count] : diff.transitions)
        if (!isUnchanged(QString::fromStdString(transition)))
            parts.append(QStringLiteral("%1: %2")
                             .arg(transitionDisplayName(QString::fromStdString(transition)))
                             .arg(count));
    const std::size_t changed = matrix.changed()
        + (options.includeAbsent ? matrix.onlyACount() + matrix.onlyBCount() : 0);
    m_summary->setText(changed == 0
                           ? tr("No op type changes colour (%1 unchanged).").arg(diff.unchanged)
                           : tr("%n op types change colour", nullptr, int(changed))
                               + QStringLiteral(" — ") + parts.join(QStringLiteral(", "))
                               + tr(" (%1 unchanged)").arg(diff.unchanged));
    QStringList types;
    if (!m_picked.isEmpty())
        for (const PolicyDiffRow &row : diff.rows)
            if (QString::fromStdString(row.transition()) == m_picked)
                types.append(QString::fromStdString(row.type));
    m_model->setDiff(std::move(diff), m_nameA, m_nameB);
    fillTransitions();
    m_matrixView->setPicked(m_picked);
    m_proxy->setTransition(m_picked);
    updateExplanation();
    const QString label = m_picked.isEmpty()
        ? QString()
        : tr("%1 (%2 → %3)").arg(transitionDisplayName(m_picked), m_nameA, m_nameB);
    if (types != m_lastPickedTypes || label != m_lastPickedLabel) {
        m_lastPickedTypes = types;
        m_lastPickedLabel = label;
        emit opTypesPicked(types, label);
    }
}

// The transition picker lists every non-empty cell of the matrix: the changes, then the unchanged.
void DiffView::fillTransitions()
{
    const QSignalBlocker block(m_transition);
    m_transition->clear();
    m_transition->addItem(tr("All changes"), QString());
    QList<QModelIndex> unchanged;
    for (int r = 0; r < m_matrixModel->rowCount(); ++r)
        for (int c = 0; c < m_matrixModel->columnCount(); ++c) {
            const QModelIndex cell = m_matrixModel->index(r, c);
            if (!(cell.flags() & Qt::ItemIsEnabled) || m_matrixModel->countAt(cell) == 0)
                continue;
            if (cell.data(TransitionMatrixModel::DiagonalRole).toBool()) {
                unchanged.append(cell);
                continue;
            }
            const QString t = cell.data(TransitionMatrixModel::TransitionRole).toString();
            m_transition->addItem(QStringLiteral("%1 (%2)")
                                      .arg(transitionDisplayName(t))
                                      .arg(m_matrixModel->countAt(cell)),
                                  t);
        }
    for (const QModelIndex &cell : unchanged) {
        const QString t = cell.data(TransitionMatrixModel::TransitionRole).toString();
        m_transition->addItem(tr("%1 (%2, unchanged)")
                                  .arg(transitionDisplayName(t))
                                  .arg(m_matrixModel->countAt(cell)),
                              t);
    }
    m_transition->setCurrentIndex(std::max(0, m_transition->findData(m_picked)));
}

void DiffView::pickTransition(const QString &transition)
{
    refreshIfStale();
    if (transition == m_picked && m_matrixView->picked() == transition)
        return;
    m_picked = transition;
    applyPick();
}

void DiffView::updateExplanation()
{
    const QModelIndex current = m_table->currentIndex();
    if (!current.isValid() || !m_tableA || !m_tableB) {
        m_explanation->clear();
        return;
    }
    const QString type = m_proxy->index(current.row(), DiffModel::TypeColumn).data().toString();
    const OpPolicy *a = m_tableA->find(type.toStdString());
    const OpPolicy *b = m_tableB->find(type.toStdString());
    const QString title
        = QStringLiteral("<h3 style='margin-bottom:2px'>%1</h3>").arg(type.toHtmlEscaped());
    m_explanation->setHtml(
        title
        + explanationComparisonHtml(a ? a->explanation : std::string(),
                                    b ? b->explanation : std::string(), m_nameA, m_nameB,
                                    tr("%1 has no op type %2").arg(m_nameA, type),
                                    tr("%1 has no op type %2").arg(m_nameB, type)));
}

QString DiffView::explanationText() const
{
    return m_explanation->toPlainText();
}

QStringList DiffView::inputPaths() const
{
    QStringList paths;
    if (m_other)
        for (const LibraryFile &file : m_other->files())
            paths.append(QString::fromStdString(file.path));
    if (m_otherMixlist && !m_otherMixlistPath.isEmpty())
        paths.append(m_otherMixlistPath);
    return paths;
}

bool DiffView::exportMatrixSvg(const QString &given)
{
    refreshIfStale();
    if (!m_tableA || !m_tableB) {
        m_io->prompt()->information(tr("Nothing to export"), tr("Open the Diff tab first."));
        return false;
    }
    const QString path = given.isEmpty()
        ? m_io->prompt()->saveFileName(tr("Export Transition Matrix (SVG)"),
                                       QStringLiteral("transition_matrix.svg"),
                                       tr("SVG images (*.svg)"))
        : given;
    if (path.isEmpty())
        return false;
    const std::string title = tr("Transition matrix: %1 → %2").arg(m_nameA, m_nameB).toStdString();
    return m_io->writeNewFile(path,
                              transitionMatrixSvg(m_matrixModel->matrix(), m_nameA.toStdString(),
                                                  m_nameB.toStdString(), title));
}

} // namespace opsinfo
