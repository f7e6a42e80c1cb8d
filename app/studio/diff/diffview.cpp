#include "diff/diffview.h"

#include "diff/diffmodel.h"
#include "document/librarydocument.h"
#include "document/workspace.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace opsinfo {

DiffView::DiffView(Workspace *workspace, QWidget *parent)
    : QWidget(parent)
    , m_workspace(workspace)
    , m_model(new DiffModel(this))
    , m_proxy(new QSortFilterProxyModel(this))
    , m_mode(new QComboBox(this))
    , m_transition(new QComboBox(this))
    , m_summary(new QLabel(this))
    , m_table(new QTableView(this))
{
    m_mode->setObjectName(QStringLiteral("diffMode"));
    m_mode->addItem(tr("Library as opened → edited, with the mixlist"), int(Mode::OpenedVsEffective));
    m_mode->addItem(tr("Edited library → with the mixlist"), int(Mode::EditedVsMixlist));
    m_mode->addItem(tr("Library as opened → edited (flag edits only)"), int(Mode::OpenedVsEdited));
    m_transition->setObjectName(QStringLiteral("diffTransition"));
    m_summary->setObjectName(QStringLiteral("diffSummary"));
    m_summary->setWordWrap(true);
    m_proxy->setSourceModel(m_model);
    m_proxy->setFilterKeyColumn(DiffModel::TransitionColumn);
    m_table->setObjectName(QStringLiteral("diffTable"));
    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(DiffModel::TypeColumn, Qt::AscendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setColumnWidth(DiffModel::TypeColumn, 260);
    m_table->setColumnWidth(DiffModel::AColumn, 200);
    m_table->setColumnWidth(DiffModel::BColumn, 200);

    auto *bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Compare"), this));
    bar->addWidget(m_mode, 1);
    bar->addWidget(new QLabel(tr("Transition"), this));
    bar->addWidget(m_transition);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(bar);
    layout->addWidget(m_summary);
    layout->addWidget(m_table, 1);

    connect(m_mode, &QComboBox::currentIndexChanged, this, &DiffView::refresh);
    connect(m_transition, &QComboBox::currentIndexChanged, this, [this] {
        const QString t = m_transition->currentData().toString();
        m_proxy->setFilterFixedString(t);
    });
    // Diffing 20,000 ops on every keystroke would be wasted while the tab is hidden.
    connect(workspace, &Workspace::effectiveChanged, this, [this] {
        m_stale = true;
        if (isVisible())
            refresh();
    });
}

void DiffView::setMode(Mode mode)
{
    m_mode->setCurrentIndex(m_mode->findData(int(mode)));
    refresh();
}

void DiffView::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_stale)
        refresh();
}

void DiffView::refresh()
{
    m_stale = false;
    const LibraryDocument *document = m_workspace->libraryDocument();
    OpLibrary opened = document->library();
    for (const auto &[type, policy] : document->editedPolicies())
        opened.setPolicy(type, document->originalPolicy(type));

    PolicyDiff diff;
    QString aName;
    QString bName;
    switch (Mode(m_mode->currentData().toInt())) {
    case Mode::OpenedVsEffective:
        diff = diffPolicies(PolicyTable::compute(opened, nullptr), m_workspace->policyTable(), false);
        aName = tr("As opened");
        bName = tr("Edited + mixlist");
        break;
    case Mode::EditedVsMixlist:
        diff = diffPolicies(PolicyTable::compute(document->library(), nullptr),
                            m_workspace->policyTable(), false);
        aName = tr("Edited library");
        bName = tr("With the mixlist");
        break;
    case Mode::OpenedVsEdited:
        diff = diffPolicies(PolicyTable::compute(opened, nullptr),
                            PolicyTable::compute(document->library(), nullptr), false);
        aName = tr("As opened");
        bName = tr("Edited");
        break;
    }

    QStringList parts;
    const QString current = m_transition->currentData().toString();
    m_transition->blockSignals(true);
    m_transition->clear();
    m_transition->addItem(tr("All"), QString());
    for (const auto &[transition, count] : diff.transitions) {
        parts.append(QStringLiteral("%1: %2").arg(QString::fromStdString(transition)).arg(count));
        m_transition->addItem(QString::fromStdString(transition), QString::fromStdString(transition));
    }
    m_transition->setCurrentIndex(std::max(0, m_transition->findData(current)));
    m_transition->blockSignals(false);
    m_proxy->setFilterFixedString(m_transition->currentData().toString());
    m_summary->setText(diff.rows.empty()
                           ? tr("No op type changes colour (%1 unchanged).").arg(diff.unchanged)
                           : tr("%n op types change colour", nullptr, int(diff.rows.size()))
                                 + QStringLiteral(" — ") + parts.join(QStringLiteral(", "))
                                 + tr(" (%1 unchanged)").arg(diff.unchanged));
    m_model->setDiff(std::move(diff), aName, bName);
}

} // namespace opsinfo
