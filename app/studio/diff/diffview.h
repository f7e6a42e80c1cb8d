#pragma once

#include "library/oplibrary.h"
#include "mixlist/mixlist.h"

#include <QWidget>

#include <memory>
#include <optional>

class QAction;
class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QTableView;
class QTextBrowser;
class QToolButton;

namespace opsinfo {

class DiffFilterProxy;
class DiffModel;
class DocumentIo;
class PolicyTable;
class TransitionMatrixModel;
class TransitionMatrixView;
class Workspace;

// Policy diff of the open library: as opened vs after the edits and the mixlist, without vs with
// the mixlist, against another mixlist, or against another library (two SoCs, two CANN versions).
// The 3x3 transition matrix on the left (a click on a cell lists its op types and offers them to
// the graph: opTypesPicked), the op types on the right, and below them the selected type's two
// explanations side by side.
class DiffView : public QWidget
{
    Q_OBJECT

public:
    enum class Mode {
        OpenedVsEffective,
        EditedVsMixlist,
        OpenedVsEdited,
        OtherLibrary,
        OtherMixlist
    };

    DiffView(Workspace *workspace, DocumentIo *io, QWidget *parent = nullptr);
    ~DiffView() override;

    DiffModel *model() const { return m_model; }
    DiffFilterProxy *proxy() const { return m_proxy; }
    TransitionMatrixModel *matrixModel() const { return m_matrixModel; }
    TransitionMatrixView *matrixView() const { return m_matrixView; }
    QTableView *table() const { return m_table; }
    void setMode(Mode mode);
    Mode mode() const;
    // Computes the diff now if the documents changed while the view was hidden.
    void refreshIfStale();

    // The library to compare the open one with; selects Mode::OtherLibrary. `name` is shown as
    // the B column's title.
    void setComparisonLibrary(OpLibrary library, const QString &name);
    bool hasComparisonLibrary() const { return m_other != nullptr; }
    // The files the comparison library was read from: an export never writes over them.
    QStringList inputPaths() const;
    // A mixlist to compare the open one with, on the open library; selects Mode::OtherMixlist.
    // Its path counts among inputPaths(), so no export can overwrite it.
    void setComparisonMixlist(Mixlist mixlist, const QString &path);
    // The "Compare with…" button offers these (library file, folder, mixlist file).
    void setCompareActions(const QList<QAction *> &actions);
    // For File > Export: the transition matrix as SVG.
    const QList<QAction *> &exportActions() const { return m_exportActions; }
    bool exportMatrixSvg(const QString &path = {});

    // Lists the op types of one transition ("white->gray"; "" lists every change), as a click on
    // its matrix cell does.
    void pickTransition(const QString &transition);
    QString pickedTransition() const { return m_picked; }
    // The selected op type's explanations on both sides, as plain text (tests).
    QString explanationText() const;

signals:
    // The op types of the picked transition ("" and no types: none picked), for the graph.
    void opTypesPicked(const QStringList &types, const QString &label);

protected:
    void showEvent(QShowEvent *event) override;

private:
    void createWidgets();
    void arrange();
    void refresh();
    void fillTransitions();
    void applyPick();
    void updateExplanation();

    Workspace *m_workspace;
    DocumentIo *m_io;
    DiffModel *m_model;
    DiffFilterProxy *m_proxy;
    TransitionMatrixModel *m_matrixModel;
    TransitionMatrixView *m_matrixView = nullptr;
    QComboBox *m_mode = nullptr;
    QComboBox *m_transition = nullptr;
    QLineEdit *m_filter = nullptr;
    QCheckBox *m_applyMixlist = nullptr;
    QCheckBox *m_includeAbsent = nullptr;
    QToolButton *m_compare = nullptr;
    QLabel *m_summary = nullptr;
    QLabel *m_sideA = nullptr;
    QLabel *m_sideB = nullptr;
    QTableView *m_table = nullptr;
    QTextBrowser *m_explanation = nullptr;
    QList<QAction *> m_exportActions;
    std::unique_ptr<OpLibrary> m_other;
    QString m_otherName;
    std::optional<Mixlist> m_otherMixlist;
    QString m_otherMixlistName;
    QString m_otherMixlistPath;
    std::shared_ptr<const PolicyTable> m_tableA;
    std::shared_ptr<const PolicyTable> m_tableB;
    QString m_nameA;
    QString m_nameB;
    QString m_picked;
    QStringList m_lastPickedTypes;
    QString m_lastPickedLabel;
    bool m_stale = true;
};

} // namespace opsinfo
