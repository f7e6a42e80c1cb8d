#include "studio/library/evidencetypepanel.h"

#include "studio/document/evidencestore.h"
#include "studio/library/evidencetypemodel.h"

#include <QHeaderView>
#include <QLabel>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

namespace opsinfo {

EvidenceTypePanel::EvidenceTypePanel(EvidenceStore *store, QWidget *parent)
    : QWidget(parent)
    , m_store(store)
    , m_model(new EvidenceTypeModel(store, this))
    , m_proxy(new QSortFilterProxyModel(this))
    , m_totals(new QLabel(this))
    , m_table(new QTableView(this))
{
    setObjectName(QStringLiteral("evidenceTypePanel"));
    m_totals->setObjectName(QStringLiteral("evidenceTotals"));
    m_table->setObjectName(QStringLiteral("evidenceTypeTable"));
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(EvidenceTypeModel::SortRole);
    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(EvidenceTypeModel::TimeColumn, Qt::DescendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setColumnWidth(EvidenceTypeModel::TypeColumn, 200);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 0);
    layout->addWidget(m_totals);
    layout->addWidget(m_table, 1);
    connect(store, &EvidenceStore::changed, this, &EvidenceTypePanel::update);
    connect(m_table, &QTableView::activated, this, [this](const QModelIndex &index) {
        emit typeActivated(m_model->opType(m_proxy->mapToSource(index).row()));
    });
    update();
}

void EvidenceTypePanel::update()
{
    setVisible(!m_store->isEmpty());
    m_totals->setText(tr("Profiler evidence (%1 files): %2")
                          .arg(m_store->files().size())
                          .arg(m_model->totalsText()));
}

} // namespace opsinfo
