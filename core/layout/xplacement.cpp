#include "layout/layeredlayout_p.h"

#include <algorithm>

namespace opsinfo::layout_p {

namespace {

// A weight or constant feeding only one node. When a node has other neighbours these do not pull
// it at all, so a MatMul stays under its activation input instead of drifting towards its weight.
bool isLeafSource(const ProperLayers &g, int v)
{
    return !g.isVirtual(v) && g.up.of(v).empty() && g.down.of(v).size() == 1;
}

int nonLeafCount(const ProperLayers &g, std::span<const int> nodes)
{
    int count = 0;
    for (int v : nodes)
        count += isLeafSource(g, v) ? 0 : 1;
    return count;
}

double separation(const ProperLayers &g, int a, int b, const LayoutOptions &options)
{
    const int realCount = int(!g.isVirtual(a)) + int(!g.isVirtual(b));
    const double gap = realCount == 2 ? options.nodeGap
        : realCount == 1              ? options.nodeGap / 2.0
                                      : options.nodeGap / 4.0;
    return (g.width[std::size_t(a)] + g.width[std::size_t(b)]) / 2.0 + gap;
}

struct Block
{
    double weightedSum = 0.0;
    double weight = 0.0;
    int count = 0;
    double mean() const { return weightedSum / weight; }
};

// Weighted least-squares placement of one layer under x[i+1] >= x[i] + sep(i, i+1): with
// y[i] = x[i] - offset[i] the constraints become "y non-decreasing", i.e. isotonic regression,
// solved exactly in linear time by pool-adjacent-violators.
void alignRow(const ProperLayers &g, const std::vector<int> &row, const std::vector<double> &target,
              const std::vector<double> &weight, const LayoutOptions &options,
              std::vector<double> &x, std::vector<double> &offset, std::vector<Block> &blocks)
{
    offset.assign(row.size(), 0.0);
    for (std::size_t i = 1; i < row.size(); ++i)
        offset[i] = offset[i - 1] + separation(g, row[i - 1], row[i], options);
    blocks.clear();
    for (std::size_t i = 0; i < row.size(); ++i) {
        blocks.push_back({weight[i] * (target[i] - offset[i]), weight[i], 1});
        while (blocks.size() > 1 && blocks[blocks.size() - 2].mean() > blocks.back().mean()) {
            const Block top = blocks.back();
            blocks.pop_back();
            blocks.back().weightedSum += top.weightedSum;
            blocks.back().weight += top.weight;
            blocks.back().count += top.count;
        }
    }
    std::size_t i = 0;
    for (const Block &block : blocks) {
        const double y = block.mean();
        for (int k = 0; k < block.count; ++k, ++i)
            x[std::size_t(row[i])] = y + offset[i];
    }
}

} // namespace

std::vector<double> placeHorizontally(const ProperLayers &g, const LayoutOptions &options)
{
    std::vector<double> x(std::size_t(g.nodeCount()), 0.0);
    for (const auto &row : g.layers) {
        double cursor = 0.0;
        for (std::size_t i = 0; i < row.size(); ++i) {
            if (i > 0)
                cursor += separation(g, row[i - 1], row[i], options);
            x[std::size_t(row[i])] = cursor;
        }
        for (int v : row)
            x[std::size_t(v)] -= cursor / 2.0;
    }

    std::vector<double> target, weight, offset;
    std::vector<Block> blocks;
    auto alignLayer = [&](const std::vector<int> &row, const Adjacency &neighbours) {
        const bool upwards = &neighbours == &g.up;
        target.assign(row.size(), 0.0);
        weight.assign(row.size(), 0.0);
        for (std::size_t i = 0; i < row.size(); ++i) {
            const int v = row[i];
            const auto list = neighbours.of(v);
            int pulling = 0;
            int last = -1;
            for (int u : list)
                if (!isLeafSource(g, u))
                    ++pulling, last = u;
            double sum = 0.0;
            double total = 0.0;
            for (int u : list) {
                if (pulling > 0 && isLeafSource(g, u))
                    continue;
                // Virtual chains (long edges) pull hard so long edges come out straight.
                const double w = g.isVirtual(v) && g.isVirtual(u) ? 8.0 : 1.0;
                sum += w * x[std::size_t(u)];
                total += w;
            }
            if (total == 0.0) {
                // Nothing to align with on that side: stay put, but give way to anyone.
                target[i] = x[std::size_t(v)];
                weight[i] = 1e-6;
                continue;
            }
            target[i] = sum / total;
            // A leaf (weight, constant) yields so it never bends the chain it feeds; a link of a
            // plain chain pulls hardest, which is what keeps chains straight.
            if (isLeafSource(g, v)) {
                weight[i] = 1e-3;
            } else if (pulling == 1
                       && nonLeafCount(g, upwards ? g.down.of(last) : g.up.of(last)) == 1) {
                weight[i] = 4.0 * total;
            } else {
                weight[i] = total;
            }
        }
        alignRow(g, row, target, weight, options, x, offset, blocks);
    };

    const int layerCount = int(g.layers.size());
    for (int sweep = 0; sweep <= options.placementSweeps; ++sweep) {
        for (int l = 1; l < layerCount; ++l)
            alignLayer(g.layers[std::size_t(l)], g.up);
        if (sweep == options.placementSweeps)
            break; // end on a downward pass: chains hang straight from their producers
        for (int l = layerCount - 2; l >= 0; --l)
            alignLayer(g.layers[std::size_t(l)], g.down);
    }
    return x;
}

} // namespace opsinfo::layout_p
