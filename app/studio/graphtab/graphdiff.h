#pragma once

#include "resolver/resolution.h"
#include "studio/graph/edgemarks.h"
#include "studio/graph/nodestyle.h"

#include <QAbstractTableModel>
#include <QString>

#include <map>
#include <vector>

namespace opsinfo {

class Graph;

// A node whose decision differs between two predictions of the same graph (dtype or engine, as
// `opsinfo resolve diff` counts them).
struct GraphDiffRow
{
    int index = -1; // Resolution index (top-level nodes: the graph index)
    bool topLevel = true; // drawn in the graph view
    QString name;
    QString opType;
    QString a; // "float32", "float16 (AICPU)" (decisionText)
    QString b;
    NodeStyle::Kind kindA = NodeStyle::Undecided;
    NodeStyle::Kind kindB = NodeStyle::Undecided;
    int castsA = 0; // Casts on this node's inputs
    int castsB = 0;
};

struct GraphDiff
{
    std::vector<GraphDiffRow> rows; // in the CLI's output order
    std::size_t castsA = 0;
    std::size_t castsB = 0;
    std::map<QString, int>
        transitions; // "float32->float16": count (core's countTransitionsByLabel)
    long castDelta() const { return long(castsB) - long(castsA); }
};

// What changes from `a` to `b` (both over `graph`): core's diffResolutions in the view's words.
GraphDiff graphDiff(const Graph &graph, const Resolution &a, const Resolution &b);

// Styles that highlight a diff in the graph view: changed nodes split in two halves (A's colour
// left, B's right) and outlined, every other node pale; the Casts go on the edges (diffEdgeMarks).
NodeStyles diffHighlightStyles(const GraphDiff &diff, const Resolution &b, int graphNodes);
// The Casts of both predictions per edge between top-level nodes: added (only B inserts one),
// removed (only A), kept (both).
EdgeMarks diffEdgeMarks(const Resolution &a, const Resolution &b);

// The changed nodes as a table: node, op type, A, B, casts on its inputs A -> B.
class GraphDiffModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { NodeColumn, TypeColumn, AColumn, BColumn, CastColumn, ColumnCount };
    static constexpr int NodeIndexRole = Qt::UserRole + 1; // the row's Resolution index

    explicit GraphDiffModel(QObject *parent = nullptr);

    void setDiff(GraphDiff diff, const QString &sideA, const QString &sideB);
    const GraphDiff &diff() const { return m_diff; }
    QString sideA() const { return m_sideA; }
    QString sideB() const { return m_sideB; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    GraphDiff m_diff;
    QString m_sideA;
    QString m_sideB;
};

} // namespace opsinfo
