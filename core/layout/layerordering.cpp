#include "layout/layeredlayout_p.h"

#include <algorithm>

namespace opsinfo::layout_p {

namespace {

// Orders one layer by the mean position of its neighbours in the adjacent layer. Nodes without
// such neighbours keep their current position as key, so they do not all drift to one side.
void orderByBarycenter(ProperLayers &g, std::vector<int> &row, const Adjacency &neighbours,
                       std::vector<std::pair<double, int>> &keys)
{
    keys.clear();
    for (int v : row) {
        const auto list = neighbours.of(v);
        double key = double(g.position[std::size_t(v)]);
        if (!list.empty()) {
            double sum = 0.0;
            for (int u : list)
                sum += double(g.position[std::size_t(u)]);
            key = sum / double(list.size());
        }
        keys.push_back({key, v});
    }
    std::stable_sort(keys.begin(), keys.end(),
                     [](const auto &a, const auto &b) { return a.first < b.first; });
    for (std::size_t i = 0; i < keys.size(); ++i) {
        row[i] = keys[i].second;
        g.position[std::size_t(row[i])] = int(i);
    }
}

} // namespace

void reduceCrossings(ProperLayers &g, int sweeps)
{
    std::vector<std::pair<double, int>> keys;
    const int layerCount = int(g.layers.size());
    for (int sweep = 0; sweep < sweeps; ++sweep) {
        for (int l = 1; l < layerCount; ++l)
            orderByBarycenter(g, g.layers[std::size_t(l)], g.up, keys);
        for (int l = layerCount - 2; l >= 0; --l)
            orderByBarycenter(g, g.layers[std::size_t(l)], g.down, keys);
    }
}

} // namespace opsinfo::layout_p
