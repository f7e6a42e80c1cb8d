#pragma once

#include <QSet>
#include <QString>
#include <QWidget>

#include <string>
#include <vector>

class QCheckBox;
class QComboBox;
class QHBoxLayout;
class QLabel;
class QLineEdit;
class QTableView;
class QTextBrowser;
class QAction;

namespace opsinfo {

class EvidenceStore;
class EvidenceTypePanel;
class LibraryFilterProxy;
class LibraryModel;
class ProblemPanel;
class Workspace;

// The library browser: filter bar, the op table and a details pane with the op's full entry.
class LibraryView : public QWidget
{
    Q_OBJECT

public:
    explicit LibraryView(Workspace *workspace, QWidget *parent = nullptr);

    LibraryModel *model() const { return m_model; }
    LibraryFilterProxy *proxy() const { return m_proxy; }
    QTableView *table() const { return m_table; }
    QLineEdit *filterEdit() const { return m_filter; }

    // Op types of the selected rows, in table order.
    std::vector<std::string> selectedTypes() const;
    void selectType(const QString &type);
    // Actions offered in the table's context menu (the main window's colour actions).
    void setContextActions(const QList<QAction *> &actions);
    // The op types of the loaded graph, for the "Used in graph" filter, which waits for a graph.
    void setGraphOpTypes(const QSet<QString> &types, bool graphLoaded);
    // Shows the per-op-type profiler evidence below the table (hidden while the store is empty).
    void setEvidence(EvidenceStore *store);
    EvidenceTypePanel *evidencePanel() const { return m_evidencePanel; }
    ProblemPanel *problemPanel() const { return m_problems; }

signals:
    void selectionChanged();

private:
    QHBoxLayout *setUpFilterBar();
    void setUpTable();
    void layOut(QHBoxLayout *filterBar);
    void connectSignals();
    void applyFilter();
    void updateDetails();
    void updateCount();
    void showContextMenu(const QPoint &pos);
    void updateRefusal();

    Workspace *m_workspace;
    LibraryModel *m_model;
    LibraryFilterProxy *m_proxy;
    QLineEdit *m_filter;
    QCheckBox *m_regex;
    QComboBox *m_colour;
    QCheckBox *m_changedOnly;
    QCheckBox *m_usedOnly;
    QLabel *m_count;
    QTableView *m_table;
    QTextBrowser *m_details;
    QLabel *m_refusal;
    ProblemPanel *m_problems;
    QList<QAction *> m_contextActions;
    EvidenceTypePanel *m_evidencePanel = nullptr;
};

} // namespace opsinfo
