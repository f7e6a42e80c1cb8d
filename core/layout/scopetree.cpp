#include "layout/scopetree.h"

#include "graph/graph.h"

namespace opsinfo {

int ScopeTree::find(std::string_view name) const
{
    if (name.empty())
        return root;
    auto it = m_byName.find(std::string(name));
    return it == m_byName.end() ? -1 : it->second;
}

bool ScopeTree::contains(int ancestor, int scope) const
{
    if (ancestor < 0 || scope < 0 || ancestor >= size() || scope >= size())
        return false;
    while (scope >= 0 && m_scopes[std::size_t(scope)].depth > m_scopes[std::size_t(ancestor)].depth)
        scope = m_scopes[std::size_t(scope)].parent;
    return scope == ancestor;
}

std::vector<int> ScopeTree::scopesAtDepth(int depth) const
{
    std::vector<int> result;
    for (int s = 0; s < size(); ++s)
        if (m_scopes[std::size_t(s)].depth == depth)
            result.push_back(s);
    return result;
}

int ScopeTree::intern(std::string_view path, std::size_t labelStart, int parent)
{
    auto [it, inserted] = m_byName.try_emplace(std::string(path), size());
    if (inserted) {
        Scope scope;
        scope.name = std::string(path);
        scope.label = std::string(path.substr(labelStart));
        scope.parent = parent;
        scope.depth = m_scopes[std::size_t(parent)].depth + 1;
        m_scopes[std::size_t(parent)].children.push_back(it->second);
        m_scopes.push_back(std::move(scope));
    }
    return it->second;
}

namespace {

int commonScope(const ScopeTree &tree, int a, int b)
{
    while (tree.scope(a).depth > tree.scope(b).depth)
        a = tree.scope(a).parent;
    while (tree.scope(b).depth > tree.scope(a).depth)
        b = tree.scope(b).parent;
    while (a != b) {
        a = tree.scope(a).parent;
        b = tree.scope(b).parent;
    }
    return a;
}

} // namespace

ScopeTree buildScopeTree(const Graph &graph)
{
    ScopeTree tree;
    tree.m_scopes.push_back({});
    const auto &nodes = graph.nodes();
    tree.m_scopeOfNode.assign(nodes.size(), ScopeTree::root);

    // Consecutive nodes mostly share their scope: remembering the last one skips the hashing.
    std::string_view lastScopePath;
    int lastScope = ScopeTree::root;
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        std::string_view name = nodes[i].name;
        while (!name.empty() && name.back() == '/')
            name.remove_suffix(1);
        const std::size_t cut = name.rfind('/');
        if (cut == std::string_view::npos || cut == 0)
            continue; // "MatMul_3" or "/MatMul_3": top level
        const std::string_view scopePath = name.substr(0, cut);
        if (scopePath == lastScopePath) {
            tree.m_scopeOfNode[i] = lastScope;
            continue;
        }
        int parent = ScopeTree::root;
        std::size_t componentStart = 0;
        while (componentStart < scopePath.size()) {
            while (componentStart < scopePath.size() && scopePath[componentStart] == '/')
                ++componentStart;
            if (componentStart == scopePath.size())
                break;
            std::size_t end = scopePath.find('/', componentStart);
            if (end == std::string_view::npos)
                end = scopePath.size();
            parent = tree.intern(scopePath.substr(0, end), componentStart, parent);
            componentStart = end;
        }
        tree.m_scopeOfNode[i] = parent;
        lastScopePath = scopePath;
        lastScope = parent;
    }

    // Flat-named constants and inputs join the scope their consumers share.
    std::vector<int> adopted(nodes.size(), -1);
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        for (const NodeInput &input : nodes[i].inputs) {
            const int p = input.producer;
            if (p < 0 || std::size_t(p) >= nodes.size()
                || tree.m_scopeOfNode[std::size_t(p)] != ScopeTree::root)
                continue;
            const Node &producer = nodes[std::size_t(p)];
            if (producer.origin == NodeOrigin::File && !isConstantOpType(producer.opType))
                continue;
            const int here = tree.m_scopeOfNode[i];
            int &target = adopted[std::size_t(p)];
            target = target < 0 ? here : commonScope(tree, target, here);
        }
    }
    for (std::size_t i = 0; i < nodes.size(); ++i)
        if (adopted[i] > 0)
            tree.m_scopeOfNode[i] = adopted[i];

    for (std::size_t i = 0; i < nodes.size(); ++i)
        tree.m_scopes[std::size_t(tree.m_scopeOfNode[i])].nodes.push_back(int(i));
    // Children have larger ids than parents, so one backwards pass sums the subtrees.
    for (int s = tree.size() - 1; s >= 0; --s) {
        Scope &scope = tree.m_scopes[std::size_t(s)];
        scope.totalNodes += int(scope.nodes.size());
        if (scope.parent >= 0)
            tree.m_scopes[std::size_t(scope.parent)].totalNodes += scope.totalNodes;
    }
    return tree;
}

} // namespace opsinfo
