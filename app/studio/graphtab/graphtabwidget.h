#pragma once

#include <QSet>
#include <QWidget>

#include <functional>
#include <memory>
#include <string>
#include <vector>

class QComboBox;
class QHBoxLayout;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QTabWidget;
class QTextBrowser;
class QToolButton;

namespace opsinfo {

class EvidenceOverlay;
struct PreviewResult;
struct ExecutedCheckReport;
class EvidenceStore;
class FrontEndCombo;
class FrontEndNotice;
class GraphDiffPanel;
class GraphTabState;
class GraphCanvas;
class ModeChart;
class UserPrompt;

// The Graph tab's widget: mode and gray-rule pickers, search, zoom; the canvas (GraphCanvas)
// coloured by decided dtype; a side pane with the selected node's explanation (rule ids link to
// their text), the all-modes chart and the graph diff. Follows GraphTabState: every new result
// recolours the graph.
class GraphTabWidget : public QWidget
{
    Q_OBJECT

public:
    GraphTabWidget(GraphTabState *preview, std::function<UserPrompt *()> prompt,
                   QWidget *parent = nullptr);

    GraphTabState *state() const { return m_state; }
    GraphCanvas *canvas() const { return m_canvas; }
    QComboBox *modeCombo() const { return m_mode; }
    QComboBox *frontEndCombo() const;
    QLabel *frontEndNotice() const;
    QComboBox *grayRuleCombo() const { return m_grayRule; }
    QLineEdit *searchEdit() const { return m_search; }
    QTextBrowser *detailsBrowser() const { return m_details; }
    QLabel *ruleLabel() const { return m_rule; }
    // The cube-op list, keep_dtype and customize_dtypes files every prediction here uses.
    QLabel *inputsLabel() const { return m_inputs; }
    ModeChart *modeChart() const { return m_chart; }
    GraphDiffPanel *diffPanel() const { return m_diff; }
    QTabWidget *sideTabs() const { return m_side; }
    enum SidePage { NodePage, ModesPage, DiffPage, AdvisorPage };
    void showSidePage(SidePage page);
    // A further side page (the Advisor); returns its index.
    int addSidePage(QWidget *page, const QString &title);

    // Measured evidence joined to the graph: badges on the nodes (by the measure the badge combo
    // picks) and the rows behind the selected node in the node pane. Null: none.
    void setEvidence(const EvidenceStore *store, std::shared_ptr<const EvidenceOverlay> overlay);
    QComboBox *badgeCombo() const { return m_badges; }

    // Selects a node by name; false when there is none.
    bool selectNodeByName(const QString &name);
    // Node names of the selection: the selected node, or every op in a selected collapsed scope.
    std::vector<std::string> selectedNodeNames() const;
    // Once the view has its real size: zoom to readable labels and center the selected node (the
    // sample opens this way, so the first look shows names, not a thumbnail).
    void focusSelectionWhenShown();
    // The details pane as plain text (tests).
    QString detailsText() const;

    // Marks the nodes of these op types (the others pale) under a banner naming `label`, e.g. the
    // types of a transition matrix cell; no types clears it.
    void setOpTypeFilter(const QStringList &types, const QString &label);
    const QSet<QString> &opTypeFilter() const { return m_typeFilter; }
    // Shows the graph diff: the Diff page, its first changed node selected.
    void showDiff();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void nameWidgets();
    void setUpControls();
    QHBoxLayout *createToolBar();
    void createSidePane();
    void arrange(QHBoxLayout *bar);
    void connectSignals();
    void focusSelection();
    void graphChanged();
    void resolved();
    void applyStyles();
    void updateDetails();
    void updateStatus();
    void updateInputs();
    void updateModesChart();
    void openLink(const QUrl &url);
    void fillModes();

    GraphTabState *m_state;
    std::function<UserPrompt *()> m_prompt;
    FrontEndCombo *m_frontEnd;
    QComboBox *m_mode;
    QComboBox *m_grayRule;
    QComboBox *m_badges;
    FrontEndNotice *m_notice;
    QLineEdit *m_search;
    QLabel *m_matches;
    QToolButton *m_zoomIn;
    QToolButton *m_zoomOut;
    QToolButton *m_fit;
    QProgressBar *m_progress;
    QPushButton *m_cancel;
    QLabel *m_status;
    QLabel *m_inputs;
    GraphCanvas *m_canvas;
    QTabWidget *m_side;
    QTextBrowser *m_details;
    QLabel *m_rule;
    QLabel *m_caveat;
    ModeChart *m_chart;
    GraphDiffPanel *m_diff;
    QLabel *m_sides;
    QWidget *m_filterBar;
    QLabel *m_filterLabel;
    QToolButton *m_filterClear;
    QSet<QString> m_typeFilter;
    const EvidenceStore *m_evidence = nullptr;
    std::shared_ptr<const EvidenceOverlay> m_overlay;
    // Predicted vs executed of the shown resolution and evidence, computed once for both.
    std::shared_ptr<const ExecutedCheckReport> m_check;
    std::shared_ptr<const PreviewResult> m_checked;
    std::shared_ptr<const EvidenceOverlay> m_checkedOverlay;
    bool m_modesStale = true;
    bool m_diffStale = true;
    bool m_focusPending = false;
};

} // namespace opsinfo
