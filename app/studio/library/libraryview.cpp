#include "studio/library/libraryview.h"

#include "studio/document/librarydocument.h"
#include "studio/document/workspace.h"
#include "studio/library/evidencetypepanel.h"
#include "studio/library/libraryfilterproxy.h"
#include "studio/library/librarymodel.h"
#include "studio/library/opdetails.h"
#include "studio/library/problemmodel.h"
#include "studio/library/problempanel.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QSplitter>
#include <QTableView>
#include <QTextBrowser>
#include <QVBoxLayout>

#include <algorithm>

namespace opsinfo {

LibraryView::LibraryView(Workspace *workspace, QWidget *parent)
    : QWidget(parent)
    , m_workspace(workspace)
    , m_model(new LibraryModel(workspace, this))
    , m_proxy(new LibraryFilterProxy(this))
    , m_filter(new QLineEdit(this))
    , m_regex(new QCheckBox(tr("Regex"), this))
    , m_colour(new QComboBox(this))
    , m_changedOnly(new QCheckBox(tr("Changed"), this))
    , m_usedOnly(new QCheckBox(tr("Used in graph"), this))
    , m_count(new QLabel(this))
    , m_table(new QTableView(this))
    , m_details(new QTextBrowser(this))
    , m_refusal(new QLabel(this))
    , m_problems(new ProblemPanel(workspace->libraryDocument(), this))
{
    m_proxy->setSourceModel(m_model);
    QHBoxLayout *filterBar = setUpFilterBar();
    setUpTable();
    layOut(filterBar);
    connectSignals();
    updateCount();
    updateDetails();
}

// The filter line, its options and the count, in one row above the table.
QHBoxLayout *LibraryView::setUpFilterBar()
{
    m_filter->setObjectName(QStringLiteral("libraryFilter"));
    m_filter->setPlaceholderText(tr("Filter op types (Ctrl+F)"));
    m_filter->setClearButtonEnabled(true);
    m_regex->setObjectName(QStringLiteral("libraryRegex"));
    m_regex->setToolTip(tr("Treat the filter as a regular expression"));
    m_colour->setObjectName(QStringLiteral("libraryColourFilter"));
    m_colour->addItem(tr("All colours"), -1);
    m_colour->addItem(tr("White"), int(Policy::White));
    m_colour->addItem(tr("Black"), int(Policy::Black));
    m_colour->addItem(tr("Gray"), int(Policy::Gray));
    m_colour->setToolTip(tr("Show op types of this effective colour"));
    m_changedOnly->setObjectName(QStringLiteral("libraryChangedOnly"));
    m_changedOnly->setToolTip(tr("Only op types edited here or changed by the mixlist"));
    m_usedOnly->setObjectName(QStringLiteral("libraryUsedOnly"));
    m_usedOnly->setToolTip(tr("Only op types of the loaded graph"));
    m_usedOnly->setEnabled(false);

    auto *bar = new QHBoxLayout;
    bar->addWidget(m_filter, 1);
    bar->addWidget(m_regex);
    bar->addWidget(m_colour);
    bar->addWidget(m_changedOnly);
    bar->addWidget(m_usedOnly);
    bar->addWidget(m_count);
    return bar;
}

void LibraryView::setUpTable()
{
    m_table->setObjectName(QStringLiteral("libraryTable"));
    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(LibraryModel::TypeColumn, Qt::AscendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->setDragEnabled(true);
    m_table->setDragDropMode(QAbstractItemView::DragOnly);
    m_table->setContextMenuPolicy(Qt::CustomContextMenu);
    m_table->verticalHeader()->hide();
    // Uniform rows: the view never measures 20,000 rows.
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setColumnWidth(LibraryModel::TypeColumn, 210);
    m_table->setColumnWidth(LibraryModel::LibraryColumn, 120);
    m_table->setColumnWidth(LibraryModel::EffectiveColumn, 80);
    m_table->setColumnWidth(LibraryModel::KindColumn, 56);
    m_table->setColumnWidth(LibraryModel::SourceColumn, 190);
    m_table->setColumnWidth(LibraryModel::ShadowedColumn, 70);
    m_table->setColumnWidth(LibraryModel::ColumnsColumn, 64);
    m_table->setColumnWidth(LibraryModel::DtypesColumn, 180);
}

// The filter bar and the refusal banner above the table and details, the problems below.
void LibraryView::layOut(QHBoxLayout *filterBar)
{
    m_details->setObjectName(QStringLiteral("libraryDetails"));
    m_details->setOpenLinks(false);

    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(m_table);
    splitter->addWidget(m_details);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({960, 310});

    m_refusal->setObjectName(QStringLiteral("libraryRefusalBanner"));
    m_refusal->setStyleSheet(QStringLiteral(
        "QLabel { background: #fdecea; color: #8a1c1c; border: 1px solid #e57373; padding: 4px; }"));
    // The text never sets the window's width: it is cut, and whole in the tooltip.
    m_refusal->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);

    // The problems below the ops, as an IDE lists a build's errors below the code.
    auto *problemSplitter = new QSplitter(Qt::Vertical, this);
    problemSplitter->addWidget(splitter);
    problemSplitter->addWidget(m_problems);
    problemSplitter->setStretchFactor(0, 3);
    problemSplitter->setStretchFactor(1, 1);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(filterBar);
    layout->addWidget(m_refusal);
    layout->addWidget(problemSplitter, 1);
}

void LibraryView::connectSignals()
{
    connect(m_problems, &ProblemPanel::typeActivated, this, &LibraryView::selectType);
    connect(m_problems->model(), &ProblemModel::countsChanged, this, &LibraryView::updateRefusal);
    updateRefusal();

    connect(m_filter, &QLineEdit::textChanged, this, &LibraryView::applyFilter);
    connect(m_regex, &QCheckBox::toggled, this, &LibraryView::applyFilter);
    connect(m_colour, &QComboBox::currentIndexChanged, this, [this] {
        const int value = m_colour->currentData().toInt();
        m_proxy->setPolicyFilter(value < 0 ? std::nullopt : std::optional<Policy>(Policy(value)));
    });
    connect(m_changedOnly, &QCheckBox::toggled, m_proxy, &LibraryFilterProxy::setChangedOnly);
    connect(m_usedOnly, &QCheckBox::toggled, m_proxy, &LibraryFilterProxy::setUsedOnly);
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
        updateDetails();
        emit selectionChanged();
    });
    connect(m_table, &QTableView::customContextMenuRequested, this, &LibraryView::showContextMenu);
    connect(m_proxy, &QAbstractItemModel::rowsInserted, this, &LibraryView::updateCount);
    connect(m_proxy, &QAbstractItemModel::rowsRemoved, this, &LibraryView::updateCount);
    connect(m_proxy, &QAbstractItemModel::modelReset, this, &LibraryView::updateCount);
    connect(m_proxy, &QAbstractItemModel::layoutChanged, this, &LibraryView::updateCount);
    connect(m_workspace, &Workspace::effectiveChanged, this, [this](const OpTypeChange &change) {
        // The pane shows one type: another type's edit does not touch it.
        const QModelIndex current = m_table->selectionModel()->currentIndex();
        if (change.contains(current.data(LibraryModel::TypeRole).toString()))
            updateDetails();
    });
}

void LibraryView::setEvidence(EvidenceStore *store)
{
    if (m_evidencePanel || !store)
        return;
    m_evidencePanel = new EvidenceTypePanel(store, this);
    static_cast<QVBoxLayout *>(layout())->addWidget(m_evidencePanel);
    connect(m_evidencePanel, &EvidenceTypePanel::typeActivated, this, &LibraryView::selectType);
}

void LibraryView::updateRefusal()
{
    const int errors = m_problems->model()->errorCount();
    m_refusal->setText(refusalBannerText(errors));
    m_refusal->setToolTip(m_refusal->text());
    m_refusal->setVisible(errors > 0);
}

void LibraryView::applyFilter()
{
    const bool valid = m_proxy->setFilterPattern(m_filter->text(), m_regex->isChecked());
    m_filter->setStyleSheet(valid ? QString() : QStringLiteral("QLineEdit { color: #c62828; }"));
    m_filter->setToolTip(valid ? QString() : tr("Not a valid regular expression"));
    updateCount();
}

void LibraryView::updateCount()
{
    m_count->setText(tr("%1 of %2 ops").arg(m_proxy->rowCount()).arg(m_model->rowCount()));
}

void LibraryView::updateDetails()
{
    const QModelIndex current = m_table->selectionModel()->currentIndex();
    const QString type
        = current.isValid() ? current.data(LibraryModel::TypeRole).toString() : QString();
    m_details->setHtml(opDetailsHtml(*m_workspace, type));
}

std::vector<std::string> LibraryView::selectedTypes() const
{
    QModelIndexList rows = m_table->selectionModel()->selectedRows();
    std::sort(rows.begin(), rows.end(),
              [](const QModelIndex &a, const QModelIndex &b) { return a.row() < b.row(); });
    std::vector<std::string> types;
    types.reserve(std::size_t(rows.size()));
    for (const QModelIndex &i : rows)
        types.push_back(i.data(LibraryModel::TypeRole).toString().toStdString());
    return types;
}

void LibraryView::selectType(const QString &type)
{
    const int row = m_model->rowOf(type);
    if (row < 0)
        return;
    const QModelIndex index = m_proxy->mapFromSource(m_model->index(row, 0));
    if (!index.isValid())
        return;
    m_table->selectionModel()->setCurrentIndex(
        index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_table->scrollTo(index);
}

void LibraryView::setContextActions(const QList<QAction *> &actions)
{
    m_contextActions = actions;
}

void LibraryView::setGraphOpTypes(const QSet<QString> &types, bool graphLoaded)
{
    m_proxy->setUsedTypes(types);
    m_usedOnly->setEnabled(graphLoaded);
    if (!graphLoaded)
        m_usedOnly->setChecked(false);
}

void LibraryView::showContextMenu(const QPoint &pos)
{
    if (m_contextActions.isEmpty() || selectedTypes().empty())
        return;
    QMenu menu(this);
    menu.addActions(m_contextActions);
    menu.exec(m_table->viewport()->mapToGlobal(pos));
}

} // namespace opsinfo
