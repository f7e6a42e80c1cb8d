#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace opsinfo {

class Graph;

// A newly opened graph above this many nodes is shown as its blocks, every name scope at
// kOverviewDepth collapsed (thousands of nodes fitted in one view are specks): the app's graph
// view and the HTML report open a graph so.
inline constexpr int kOverviewAbove = 2000;
inline constexpr int kOverviewDepth = 2;
// kOverviewDepth for a graph of more than kOverviewAbove nodes, else 0 (every node shown).
inline int overviewDepth(std::size_t nodeCount)
{
    return nodeCount > std::size_t(kOverviewAbove) ? kOverviewDepth : 0;
}

// A name scope: "/model/layers.0/attn" holds the nodes named "/model/layers.0/attn/<op>".
struct Scope
{
    std::string name; // full path as written ("/model/layers.0"); empty for the root
    std::string label; // last component ("layers.0")
    int parent = -1; // -1 for the root
    int depth = 0; // root 0, "/model" 1, ...
    std::vector<int> children; // sub-scopes, in order of first appearance
    std::vector<int> nodes; // graph nodes directly in this scope
    int totalNodes = 0; // nodes here and in every sub-scope
};

// The name-scope hierarchy of a graph, as Model Explorer groups it. Scope 0 is the root; a
// parent always has a smaller id than its children.
class ScopeTree
{
public:
    static constexpr int root = 0;

    const std::vector<Scope> &scopes() const { return m_scopes; }
    const Scope &scope(int id) const { return m_scopes[std::size_t(id)]; }
    int size() const { return int(m_scopes.size()); }
    int scopeOf(int node) const { return m_scopeOfNode[std::size_t(node)]; } // innermost scope
    int find(std::string_view name) const; // -1 when absent
    bool contains(int ancestor, int scope) const; // true when scope is ancestor or below it
    std::vector<int> scopesAtDepth(int depth) const;

private:
    friend ScopeTree buildScopeTree(const Graph &graph);

    int intern(std::string_view path, std::size_t labelStart, int parent);

    std::vector<Scope> m_scopes;
    std::vector<int> m_scopeOfNode;
    std::unordered_map<std::string, int> m_byName;
};

// Splits node names on '/' (the last component is the op itself). Constants and graph inputs
// usually carry flat names ("model.layers.0.q_proj.weight"); they join the deepest scope shared
// by all their consumers, so collapsing a block also folds away its weights.
ScopeTree buildScopeTree(const Graph &graph);

} // namespace opsinfo
