#include "graphdiff.h"

#include "diff/resolutiondiff.h"
#include "graph/graph.h"
#include "nodestylemap.h"

#include <QColor>

namespace opsinfo {

GraphDiff graphDiff(const Graph &graph, const Resolution &a, const Resolution &b)
{
    const ResolutionDiff changes = diffResolutions(graph, a, b);
    GraphDiff diff;
    diff.castsA = changes.castsA;
    diff.castsB = changes.castsB;
    for (const NodeChange &change : changes.changed) {
        GraphDiffRow row;
        row.index = change.index;
        row.topLevel = change.topLevel;
        if (const Node *node = change.a->node) {
            row.name = QString::fromUtf8(node->name);
            row.opType = QString::fromUtf8(node->opType);
        }
        row.a = decisionText(*change.a);
        row.b = decisionText(*change.b);
        row.kindA = nodeStyleKind(*change.a);
        row.kindB = nodeStyleKind(*change.b);
        row.castsA = change.castsA;
        row.castsB = change.castsB;
        diff.rows.push_back(std::move(row));
    }
    for (const auto &[label, count] : countTransitionsByLabel(changes))
        diff.transitions.emplace(QString::fromStdString(label), int(count));
    return diff;
}

NodeStyles diffHighlightStyles(const GraphDiff &diff, const Resolution &b, int graphNodes)
{
    const NodeStyles full = nodeStylesFor(b, graphNodes);
    NodeStyles styles(full.size());
    for (NodeStyle &s : styles)
        s.kind = NodeStyle::Undecided; // pale: unchanged
    for (const GraphDiffRow &row : diff.rows)
        if (row.topLevel && row.index >= 0 && row.index < graphNodes) {
            NodeStyle &style = styles[std::size_t(row.index)];
            style = full[std::size_t(row.index)];
            style.changed = true;
            style.before = row.kindA;
            style.castOnInput = false; // on the edges instead
        }
    return styles;
}

EdgeMarks diffEdgeMarks(const Resolution &a, const Resolution &b)
{
    EdgeMarks marks;
    auto add = [&marks](const Resolution &r, bool sideB) {
        auto topLevel = [&r](int index) {
            return index >= 0 && std::size_t(index) < r.nodes.size()
                && r.nodes[std::size_t(index)].parent < 0;
        };
        for (const CastInsertion &cast : r.casts) {
            if (!topLevel(cast.producer))
                continue;
            for (const auto &[consumer, input] : cast.consumers) {
                Q_UNUSED(input);
                if (!topLevel(consumer))
                    continue;
                const auto [it, inserted]
                    = marks.try_emplace(edgeKey(cast.producer, consumer),
                                        sideB ? EdgeMark::CastAdded : EdgeMark::CastRemoved);
                if (!inserted && sideB && it->second == EdgeMark::CastRemoved)
                    it->second = EdgeMark::CastKept;
            }
        }
    };
    add(a, false);
    add(b, true);
    return marks;
}

GraphDiffModel::GraphDiffModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void GraphDiffModel::setDiff(GraphDiff diff, const QString &sideA, const QString &sideB)
{
    beginResetModel();
    m_diff = std::move(diff);
    m_sideA = sideA;
    m_sideB = sideB;
    endResetModel();
    emit headerDataChanged(Qt::Horizontal, AColumn, BColumn);
}

int GraphDiffModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_diff.rows.size());
}

int GraphDiffModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant GraphDiffModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const GraphDiffRow &row = m_diff.rows[std::size_t(index.row())];
    if (role == NodeIndexRole)
        return row.index;
    if (role == Qt::DecorationRole) {
        if (index.column() == AColumn)
            return nodeStyleColor(row.kindA);
        if (index.column() == BColumn)
            return nodeStyleColor(row.kindB);
        return {};
    }
    if (role == Qt::ToolTipRole && index.column() == NodeColumn)
        return row.name;
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case NodeColumn:
        return row.topLevel ? row.name : QStringLiteral("  ") + row.name;
    case TypeColumn:
        return row.opType;
    case AColumn:
        return row.a;
    case BColumn:
        return row.b;
    case CastColumn:
        return QStringLiteral("%1 → %2").arg(row.castsA).arg(row.castsB);
    default:
        return {};
    }
}

QVariant GraphDiffModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole)
        return {};
    if (orientation == Qt::Vertical)
        return section + 1;
    switch (section) {
    case NodeColumn:
        return tr("Node");
    case TypeColumn:
        return tr("Op type");
    case AColumn:
        return m_sideA.isEmpty() ? tr("A") : tr("A: %1").arg(m_sideA);
    case BColumn:
        return m_sideB.isEmpty() ? tr("B") : tr("B: %1").arg(m_sideB);
    case CastColumn:
        return tr("Casts in");
    default:
        return {};
    }
}

} // namespace opsinfo
