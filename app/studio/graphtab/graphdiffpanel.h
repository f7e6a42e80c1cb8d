#pragma once

#include "graphdiff.h"
#include "previewresult.h"

#include <QWidget>

#include <functional>

class QCheckBox;
class QComboBox;
class QLabel;
class QPushButton;
class QTableView;
class QTextBrowser;

namespace opsinfo {

class GraphTabState;
class UserPrompt;

// Graph diff on the loaded graph: mode A vs mode B (current colours), or two colourings under the
// current mode (current mixlist, none, the library as opened, a mixlist file). Lists the nodes
// whose decided dtype changes, with the cast delta; a row pans the graph to its node and shows the
// node's two explanation chains side by side, the first differing rule marked. The graph view shows
// the changed nodes split in A's and B's colours and the Casts added and removed on the edges.
class GraphDiffPanel : public QWidget
{
    Q_OBJECT

public:
    enum class Kind { Modes, Mixlists };
    enum MixlistSide { CurrentMixlist, NoMixlist, AsOpened, MixlistFile };

    GraphDiffPanel(GraphTabState *preview, std::function<UserPrompt *()> prompt,
                   QWidget *parent = nullptr);

    GraphDiffModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }
    void setKind(Kind kind);
    Kind kind() const;
    // Modes: canonical or alias names; Mixlists: a MixlistSide (and a file for MixlistFile).
    void setModes(const QString &a, const QString &b);
    void setMixlists(MixlistSide a, MixlistSide b, const QString &fileB = {});
    // Recomputes now (on a worker for big graphs); results arrive through diffChanged().
    void compare();
    bool highlight() const;
    void setHighlight(bool on);
    // The two predictions of the last diff (null before one).
    PreviewResultPtr resultA() const { return m_resultA; }
    PreviewResultPtr resultB() const { return m_resultB; }
    QString summaryText() const;
    // Both sides' figures (dtypes, AI CPU, casts), as the line above the graph shows them.
    QString sidesSummaryHtml() const;
    // The selected changed node's explanations, side by side, as plain text (tests).
    QString explanationText() const;
    QTextBrowser *explanationBrowser() const { return m_explanation; }
    // Selects the changed node of this graph index (false when it did not change).
    bool selectChangedNode(int graphNode);

signals:
    void diffChanged();
    void highlightChanged();
    void nodeActivated(int graphNode);

private:
    void fillSides();
    void updateExplanation();
    void explainLater();
    std::shared_ptr<const PolicyTable> policiesFor(int side, const QString &file, QString *label);

    GraphTabState *m_state;
    std::function<UserPrompt *()> m_prompt;
    GraphDiffModel *m_model;
    QComboBox *m_kind;
    QComboBox *m_sideA;
    QComboBox *m_sideB;
    QPushButton *m_compare;
    QCheckBox *m_highlight;
    QLabel *m_summary;
    QTableView *m_table;
    QTextBrowser *m_explanation;
    QString m_fileA;
    QString m_fileB;
    PreviewResultPtr m_resultA;
    PreviewResultPtr m_resultB;
    bool m_filling = false;
    bool m_explained = false; // the results carry explanations
};

} // namespace opsinfo
