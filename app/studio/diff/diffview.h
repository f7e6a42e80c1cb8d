#pragma once

#include <QWidget>

class QComboBox;
class QLabel;
class QTableView;
class QSortFilterProxyModel;

namespace opsinfo {

class DiffModel;
class Workspace;

// Policy diff of the open library: as opened vs after the edits and the mixlist, or without vs with
// the mixlist. Counts per transition on top; filter by transition.
class DiffView : public QWidget
{
    Q_OBJECT

public:
    enum class Mode { OpenedVsEffective, EditedVsMixlist, OpenedVsEdited };

    explicit DiffView(Workspace *workspace, QWidget *parent = nullptr);

    DiffModel *model() const { return m_model; }
    void setMode(Mode mode);

protected:
    void showEvent(QShowEvent *event) override;

private:
    void refresh();

    Workspace *m_workspace;
    DiffModel *m_model;
    QSortFilterProxyModel *m_proxy;
    QComboBox *m_mode;
    QComboBox *m_transition;
    QLabel *m_summary;
    QTableView *m_table;
    bool m_stale = true;
};

} // namespace opsinfo
