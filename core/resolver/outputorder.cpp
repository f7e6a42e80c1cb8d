#include "resolver/outputorder.h"

#include "graph/graph.h"

#include <algorithm>
#include <unordered_map>

namespace opsinfo {

std::vector<int> outputOrder(const Graph &graph, const Resolution &resolution)
{
    // children[parent] = its subgraph nodes, grouped per subgraph in that subgraph's topological
    // order.
    std::unordered_map<int, std::vector<int>> children;
    for (int i = 0; i < int(resolution.nodes.size()); ++i)
        if (resolution.nodes[std::size_t(i)].parent >= 0)
            children[resolution.nodes[std::size_t(i)].parent].push_back(i);
    for (auto &[parent, list] : children) {
        const Node *owner = resolution.nodes[std::size_t(parent)].node;
        std::unordered_map<const Node *, int> rank;
        if (owner) {
            int r = 0;
            for (const auto &sub : owner->subgraphs)
                for (int index : sub->topologicalOrder())
                    rank[&sub->nodes()[std::size_t(index)]] = r++;
        }
        std::stable_sort(list.begin(), list.end(), [&](int a, int b) {
            const auto ra = rank.find(resolution.nodes[std::size_t(a)].node);
            const auto rb = rank.find(resolution.nodes[std::size_t(b)].node);
            const int va = ra == rank.end() ? 1 << 30 : ra->second;
            const int vb = rb == rank.end() ? 1 << 30 : rb->second;
            return va < vb;
        });
    }
    std::vector<int> order;
    order.reserve(resolution.nodes.size());
    std::vector<bool> placed(resolution.nodes.size(), false);
    auto emit = [&](auto &&self, int index) -> void {
        if (index < 0 || std::size_t(index) >= placed.size() || placed[std::size_t(index)])
            return;
        placed[std::size_t(index)] = true;
        order.push_back(index);
        if (auto it = children.find(index); it != children.end())
            for (int child : it->second)
                self(self, child);
    };
    for (int index : graph.topologicalOrder())
        emit(emit, index);
    // Nodes on a cycle were not ordered: keep them, in file order, so nothing is silently dropped.
    for (int i = 0; i < int(resolution.nodes.size()); ++i)
        if (resolution.nodes[std::size_t(i)].parent < 0)
            emit(emit, i);
    for (int i = 0; i < int(resolution.nodes.size()); ++i)
        emit(emit, i);
    return order;
}

} // namespace opsinfo
