#include "diff/diffview.h"

#include "common/transitiontext.h"
#include "diff/difffilterproxy.h"
#include "diff/diffmodel.h"
#include "document/librarydocument.h"
#include "document/mixlistdocument.h"
#include "document/workspace.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace opsinfo {

DiffView::DiffView(Workspace *workspace, QWidget *parent)
    : QWidget(parent)
    , m_workspace(workspace)
    , m_model(new DiffModel(this))
    , m_proxy(new DiffFilterProxy(this))
    , m_mode(new QComboBox(this))
    , m_transition(new QComboBox(this))
    , m_filter(new QLineEdit(this))
    , m_applyMixlist(new QCheckBox(tr("Mixlist on both"), this))
    , m_includeAbsent(new QCheckBox(tr("Types on one side only"), this))
    , m_compare(new QToolButton(this))
    , m_summary(new QLabel(this))
    , m_table(new QTableView(this))
{
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
    m_proxy->setSourceModel(m_model);
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
    bar->addWidget(m_compare);
    auto *filters = new QHBoxLayout;
    filters->addWidget(m_filter, 1);
    filters->addWidget(new QLabel(tr("Transition"), this));
    filters->addWidget(m_transition);
    filters->addWidget(m_includeAbsent);
    filters->addWidget(m_applyMixlist);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(bar);
    layout->addLayout(filters);
    layout->addWidget(m_summary);
    layout->addWidget(m_table, 1);

    connect(m_mode, &QComboBox::currentIndexChanged, this, &DiffView::refresh);
    connect(m_applyMixlist, &QCheckBox::toggled, this, &DiffView::refresh);
    connect(m_includeAbsent, &QCheckBox::toggled, this, &DiffView::refresh);
    connect(m_transition, &QComboBox::currentIndexChanged, this,
            [this] { m_proxy->setTransition(m_transition->currentData().toString()); });
    connect(m_filter, &QLineEdit::textChanged, m_proxy, &DiffFilterProxy::setTypeFilter);
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
    const Mode mode = Mode(m_mode->currentData().toInt());
    const bool includeAbsent = m_includeAbsent->isChecked();
    m_applyMixlist->setVisible(mode == Mode::OtherLibrary);
    auto openedLibrary = [document] {
        OpLibrary opened = document->library();
        for (const auto &[type, policy] : document->editedPolicies())
            opened.setPolicy(type, document->originalPolicy(type));
        return opened;
    };

    PolicyDiff diff;
    QString aName;
    QString bName;
    switch (mode) {
    case Mode::OpenedVsEffective:
        diff = diffPolicies(PolicyTable::compute(openedLibrary(), nullptr),
                            m_workspace->policyTable(), includeAbsent);
        aName = tr("As opened");
        bName = tr("Edited + mixlist");
        break;
    case Mode::EditedVsMixlist:
        diff = diffPolicies(PolicyTable::compute(document->library(), nullptr),
                            m_workspace->policyTable(), includeAbsent);
        aName = tr("Edited library");
        bName = tr("With the mixlist");
        break;
    case Mode::OpenedVsEdited:
        diff = diffPolicies(PolicyTable::compute(openedLibrary(), nullptr),
                            PolicyTable::compute(document->library(), nullptr), includeAbsent);
        aName = tr("As opened");
        bName = tr("Edited");
        break;
    case Mode::OtherLibrary: {
        if (!m_other)
            break;
        const Mixlist &mixlist = m_workspace->mixlistDocument()->mixlist();
        const bool apply = m_applyMixlist->isChecked() && !mixlist.empty();
        // Without the mixlist the open library's table has only its own op types, like B's.
        diff = diffPolicies(
            apply ? m_workspace->policyTable() : PolicyTable::compute(document->library(), nullptr),
            PolicyTable::compute(*m_other, apply ? &mixlist : nullptr), includeAbsent);
        aName = document->displayName();
        bName = m_otherName;
        if (aName == bName) {
            aName = tr("A: %1").arg(aName);
            bName = tr("B: %1").arg(bName);
        }
        break;
    }
    }

    QStringList parts;
    const QString current = m_transition->currentData().toString();
    m_transition->blockSignals(true);
    m_transition->clear();
    m_transition->addItem(tr("All"), QString());
    for (const auto &[transition, count] : diff.transitions) {
        const QString name = QString::fromStdString(transition);
        parts.append(QStringLiteral("%1: %2").arg(transitionDisplayName(name)).arg(count));
        m_transition->addItem(QStringLiteral("%1 (%2)").arg(transitionDisplayName(name)).arg(count),
                              name);
    }
    m_transition->setCurrentIndex(std::max(0, m_transition->findData(current)));
    m_transition->blockSignals(false);
    m_proxy->setTransition(m_transition->currentData().toString());
    m_summary->setText(diff.rows.empty()
                           ? tr("No op type changes colour (%1 unchanged).").arg(diff.unchanged)
                           : tr("%n op types change colour", nullptr, int(diff.rows.size()))
                               + QStringLiteral(" — ") + parts.join(QStringLiteral(", "))
                               + tr(" (%1 unchanged)").arg(diff.unchanged));
    m_model->setDiff(std::move(diff), aName, bName);
}

} // namespace opsinfo
