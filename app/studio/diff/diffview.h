#pragma once

#include "library/oplibrary.h"

#include <QWidget>

#include <memory>

class QAction;
class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QTableView;
class QToolButton;

namespace opsinfo {

class DiffFilterProxy;
class DiffModel;
class Workspace;

// Policy diff of the open library: as opened vs after the edits and the mixlist, without vs with
// the mixlist, or against another library (two SoCs, two CANN versions). Counts per transition on
// top; filter by transition and by op type.
class DiffView : public QWidget
{
    Q_OBJECT

public:
    enum class Mode { OpenedVsEffective, EditedVsMixlist, OpenedVsEdited, OtherLibrary };

    explicit DiffView(Workspace *workspace, QWidget *parent = nullptr);

    DiffModel *model() const { return m_model; }
    DiffFilterProxy *proxy() const { return m_proxy; }
    void setMode(Mode mode);

    // The library to compare the open one with; selects Mode::OtherLibrary. `name` is shown as
    // the B column's title.
    void setComparisonLibrary(OpLibrary library, const QString &name);
    bool hasComparisonLibrary() const { return m_other != nullptr; }
    // The "Compare with another library…" button offers these (file, folder).
    void setCompareActions(const QList<QAction *> &actions);

protected:
    void showEvent(QShowEvent *event) override;

private:
    void refresh();

    Workspace *m_workspace;
    DiffModel *m_model;
    DiffFilterProxy *m_proxy;
    QComboBox *m_mode;
    QComboBox *m_transition;
    QLineEdit *m_filter;
    QCheckBox *m_applyMixlist;
    QCheckBox *m_includeAbsent;
    QToolButton *m_compare;
    QLabel *m_summary;
    QTableView *m_table;
    std::unique_ptr<OpLibrary> m_other;
    QString m_otherName;
    bool m_stale = true;
};

} // namespace opsinfo
