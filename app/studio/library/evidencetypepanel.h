#pragma once

#include <QWidget>

class QLabel;
class QSortFilterProxyModel;
class QTableView;

namespace opsinfo {

class EvidenceStore;
class EvidenceTypeModel;

// Below the op table in the Library tab while profiler evidence is open: per op type its runs,
// measured time and share, AI CPU runs and executed dtypes, and the Cast time in all. Hidden while
// no evidence is open. Activating a row asks for that op type to be selected in the table.
class EvidenceTypePanel : public QWidget
{
    Q_OBJECT

public:
    explicit EvidenceTypePanel(EvidenceStore *store, QWidget *parent = nullptr);

    EvidenceTypeModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }
    QLabel *totalsLabel() const { return m_totals; }

signals:
    void typeActivated(const QString &type);

private:
    void update();

    EvidenceStore *m_store;
    EvidenceTypeModel *m_model;
    QSortFilterProxyModel *m_proxy;
    QLabel *m_totals;
    QTableView *m_table;
};

} // namespace opsinfo
