#pragma once

#include "advice/advice.h"

#include <QWidget>

#include <functional>
#include <memory>
#include <string>
#include <vector>

class QAction;
class QCheckBox;
class QComboBox;
class QLabel;
class QListWidget;
class QSpinBox;
class QTableView;
class QTextBrowser;

namespace opsinfo {

class AdviceCandidateModel;
class DocumentIo;
class EvidenceOverlay;
class EvidenceStore;
class GraphTabState;
class UserPrompt;

// The Graph tab's Advisor page: what must stay fp32 (nodes picked in the graph, and the nodes the
// open evidence flags), the objective, then the advice for the graph, library, mixlist and mode the
// tab shows: candidates each judged alone, plans verified by re-resolving, the effect table. "Apply
// to the mixlist" is one undoable edit of the mixlist document; the diff views then show it.
class AdvisorPanel : public QWidget
{
    Q_OBJECT

public:
    // The keep_dtype export is written through `io`; every question goes to its prompt.
    AdvisorPanel(GraphTabState *preview, DocumentIo *io,
                 std::function<std::vector<std::string>()> selectedNodes,
                 QWidget *parent = nullptr);
    ~AdvisorPanel() override;

    // Evidence joined to the graph: its flagged rows protect nodes while the box is checked.
    void setEvidence(const EvidenceStore *store, std::shared_ptr<const EvidenceOverlay> overlay);

    // Actions (object names actionAdvise, actionApplyAdvice, actionAdviceProtectSelected,
    // actionAdviceClearProtected, actionExportAdviceKeepDtype), for the window and tests.
    QList<QAction *> actions() const;
    QAction *adviseAction() const { return m_advise; }
    QAction *applyAction() const { return m_apply; }

    // Nodes protected by hand (names).
    void protect(const std::vector<std::string> &names);
    void clearProtected();
    QStringList protectedNames() const;
    void setObjective(AdviceObjective objective);

    // Starts the advisor (right away on small graphs, on a worker thread on large ones; advised()
    // says when the result is in); false when there is no graph or nothing to protect (and says
    // why).
    bool advise();
    const AdviceResult *result() const { return m_result.get(); }
    int currentPlan() const;
    // Pushes the current plan's mixlist onto the mixlist document's undo stack (one step).
    bool applyCurrentPlan();
    bool exportKeepDtype(const QString &path = {});

    AdviceCandidateModel *candidateModel() const { return m_candidates; }
    QTextBrowser *effectBrowser() const { return m_effect; }

signals:
    void advised();

private:
    void createWidgets();
    void showResult(std::shared_ptr<const AdviceResult> result);
    void showPlan();
    void updateActions();
    UserPrompt *prompt() const;

    GraphTabState *m_state;
    DocumentIo *m_io;
    std::function<std::vector<std::string>()> m_selectedNodes;
    const EvidenceStore *m_evidence = nullptr;
    std::shared_ptr<const EvidenceOverlay> m_overlay;
    std::vector<std::string> m_protected;
    std::shared_ptr<const AdviceResult> m_result;
    bool m_advising = false; // a run on the worker thread has not reported yet
    Mixlist m_advisedMixlist; // the mixlist the advice started from
    AdviceCandidateModel *m_candidates;

    QListWidget *m_protectedList = nullptr;
    QCheckBox *m_useEvidence = nullptr;
    QComboBox *m_objective = nullptr;
    QSpinBox *m_maxChanges = nullptr;
    QSpinBox *m_maxMoved = nullptr;
    QComboBox *m_plans = nullptr;
    QTextBrowser *m_effect = nullptr;
    QTableView *m_table = nullptr;
    QLabel *m_summary = nullptr;
    QAction *m_advise = nullptr;
    QAction *m_apply = nullptr;
    QAction *m_protectSelected = nullptr;
    QAction *m_clearProtected = nullptr;
    QAction *m_exportKeep = nullptr;
};

} // namespace opsinfo
