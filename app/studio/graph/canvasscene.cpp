#include "canvasscene.h"

#include <QCoreApplication>

#include <algorithm>

namespace opsinfo {

namespace {

// Only what drawing and grouping need; attributes, shapes and subgraphs stay with the document.
// The skeleton shares the graph's string pool and its arena, so the names and input lists it copies
// outlive the document's graph (a scene may still be drawn while the graph it came from is
// released); it allocates nothing in the shared pool.
Graph skeletonOf(const Graph &graph)
{
    Graph skeleton(graph.strings());
    skeleton.name = graph.name;
    skeleton.format = graph.format;
    skeleton.path = graph.path;
    for (const Node &node : graph.nodes()) {
        Node copy;
        copy.name = node.name;
        copy.opType = node.opType;
        copy.frameworkType = node.frameworkType;
        copy.origin = node.origin;
        copy.inputs = node.inputs;
        copy.controlInputs = node.controlInputs;
        skeleton.addNode(std::move(copy));
    }
    return skeleton;
}

} // namespace

CanvasScene::CanvasScene(const Graph &graph, const LayoutOptions &options, int collapseDepth)
    : m_graph(skeletonOf(graph))
    , m_scopes(buildScopeTree(m_graph))
    , m_options(options)
{
    if (collapseDepth > 0)
        m_collapsed = validScopes(m_scopes.scopesAtDepth(collapseDepth));
    relayout();
}

std::shared_ptr<CanvasScene> CanvasScene::overview(const Graph &graph)
{
    return std::make_shared<CanvasScene>(graph, LayoutOptions {},
                                         overviewDepth(graph.nodes().size()));
}

void CanvasScene::relayout()
{
    m_view = m_collapsed.empty()
        ? expandedGraph(m_graph, m_options.includeControlEdges)
        : collapseScopes(m_graph, m_scopes, m_collapsed, m_options.includeControlEdges);
    m_layout = layoutGraph(m_graph, m_scopes, m_view, m_options);

    const int count = m_view.size();
    m_rects.resize(std::size_t(count));
    m_labels.resize(std::size_t(count));
    for (int v = 0; v < count; ++v) {
        const LayoutRect &r = m_layout.nodes[std::size_t(v)].rect;
        m_rects[std::size_t(v)] = QRectF(r.x, r.y, r.width, r.height);
        m_labels[std::size_t(v)]
            = QString::fromStdString(visibleLabel(m_graph, m_scopes, m_view, v));
    }
    m_edges.clear();
    m_edges.reserve(m_layout.edges.size());
    std::vector<QRectF> edgeBoxes;
    edgeBoxes.reserve(m_layout.edges.size());
    for (const EdgeRoute &route : m_layout.edges) {
        Edge edge;
        edge.from = route.from;
        edge.to = route.to;
        edge.reversed = route.reversed;
        edge.points.reserve(qsizetype(route.points.size()));
        double left = route.points.front().x, right = left;
        double top = route.points.front().y, bottom = top;
        for (const LayoutPoint &p : route.points) {
            edge.points.append(QPointF(p.x, p.y));
            left = std::min(left, p.x);
            right = std::max(right, p.x);
            top = std::min(top, p.y);
            bottom = std::max(bottom, p.y);
        }
        edge.box = QRectF(QPointF(left, top), QPointF(right, bottom));
        edgeBoxes.push_back(edge.box);
        m_edges.push_back(std::move(edge));
    }
    const LayoutRect &b = m_layout.bounds;
    m_bounds = QRectF(b.x, b.y, b.width, b.height);
    m_nodeIndex.build(m_rects);
    m_edgeIndex.build(edgeBoxes);
}

QString CanvasScene::toolTip(int visible) const
{
    const int node = graphNodeOf(visible);
    if (node >= 0) {
        const Node &n = m_graph.nodes()[std::size_t(node)];
        return QStringLiteral("%1\n%2").arg(QString::fromUtf8(n.name), QString::fromUtf8(n.opType));
    }
    const Scope &scope = m_scopes.scope(scopeOf(visible));
    return QCoreApplication::translate("CanvasScene",
                                       "%1\n%n nodes (collapsed; double-click to expand)", nullptr,
                                       scope.totalNodes)
        .arg(QString::fromUtf8(scope.name));
}

bool CanvasScene::isCollapsed(int scope) const
{
    return std::binary_search(m_collapsed.begin(), m_collapsed.end(), scope);
}

std::vector<int> CanvasScene::validScopes(std::vector<int> scopes) const
{
    scopes.erase(
        std::remove_if(scopes.begin(), scopes.end(),
                       [&](int s) { return s <= ScopeTree::root || s >= m_scopes.size(); }),
        scopes.end());
    std::sort(scopes.begin(), scopes.end());
    scopes.erase(std::unique(scopes.begin(), scopes.end()), scopes.end());
    return scopes;
}

void CanvasScene::setCollapsedScopes(std::vector<int> scopes)
{
    scopes = validScopes(std::move(scopes));
    if (scopes == m_collapsed)
        return;
    m_collapsed = std::move(scopes);
    relayout();
}

void CanvasScene::setCollapsed(int scope, bool collapsed)
{
    std::vector<int> scopes = m_collapsed;
    if (collapsed)
        scopes.push_back(scope);
    else
        scopes.erase(std::remove(scopes.begin(), scopes.end(), scope), scopes.end());
    setCollapsedScopes(std::move(scopes));
}

void CanvasScene::collapseDepth(int depth)
{
    setCollapsedScopes(depth > 0 ? m_scopes.scopesAtDepth(depth) : std::vector<int> {});
}

int CanvasScene::reveal(int graphNode)
{
    if (graphNode < 0 || graphNode >= graphNodeCount())
        return -1;
    const int scope = m_scopes.scopeOf(graphNode);
    std::vector<int> scopes = m_collapsed;
    scopes.erase(std::remove_if(scopes.begin(), scopes.end(),
                                [&](int s) { return m_scopes.contains(s, scope); }),
                 scopes.end());
    setCollapsedScopes(std::move(scopes));
    return visibleOf(graphNode);
}

int CanvasScene::visibleAt(const QPointF &point) const
{
    std::vector<int> hits;
    m_nodeIndex.query(QRectF(point, QSizeF(0, 0)), hits);
    for (int v : hits)
        if (m_rects[std::size_t(v)].contains(point))
            return v;
    return -1;
}

void CanvasScene::visibleIn(const QRectF &area, std::vector<int> &out) const
{
    m_nodeIndex.query(area, out);
}

void CanvasScene::edgesIn(const QRectF &area, std::vector<int> &out) const
{
    m_edgeIndex.query(area, out);
}

std::vector<int> CanvasScene::find(const QString &text) const
{
    std::vector<int> matches;
    const QString needle = text.trimmed();
    if (needle.isEmpty())
        return matches;
    const QByteArray utf8 = needle.toUtf8();
    const std::string_view key(utf8.constData(), std::size_t(utf8.size()));
    auto containsNoCase = [&](std::string_view hay) {
        return std::search(hay.begin(), hay.end(), key.begin(), key.end(),
                           [](char a, char b) {
                               return std::tolower(static_cast<unsigned char>(a))
                                   == std::tolower(static_cast<unsigned char>(b));
                           })
            != hay.end();
    };
    for (int i = 0; i < graphNodeCount(); ++i) {
        const Node &node = m_graph.nodes()[std::size_t(i)];
        if (containsNoCase(node.name) || containsNoCase(node.opType))
            matches.push_back(i);
    }
    return matches;
}

} // namespace opsinfo
