#include "graph/graph.h"

#include "common/coretext.h"

#include <algorithm>
#include <array>
#include <functional>
#include <numeric>
#include <queue>

namespace opsinfo {

namespace {

std::uint32_t hashName(std::string_view name)
{
    return std::uint32_t(std::hash<std::string_view> {}(name));
}

} // namespace

Graph::Graph()
    : m_strings(std::make_shared<StringPool>())
{
}

Graph::Graph(std::shared_ptr<StringPool> strings)
    : m_strings(strings ? std::move(strings) : std::make_shared<StringPool>())
{
}

HashIndex::Probe Graph::probe(std::string_view name, std::uint32_t hash) const
{
    // Names are pooled: the same text is usually the very same bytes, which spares the compare.
    return m_byName.probe(hash, [&](std::uint32_t p) {
        const std::string_view candidate = m_nodes[p - 1].name;
        return candidate.data() == name.data() ? candidate.size() == name.size()
                                               : candidate == name;
    });
}

Node &Graph::addNode(Node node)
{
    m_nodes.push_back(std::move(node));
    return m_nodes.back();
}

void Graph::indexNewNodes() const
{
    for (; m_indexed < m_nodes.size(); ++m_indexed) {
        const std::string_view name = m_nodes[m_indexed].name;
        const std::uint32_t hash = hashName(name);
        const HashIndex::Probe found = probe(name, hash);
        if (found.position == 0) // the first definition wins on duplicate names
            m_byName.insert(found, hash, std::uint32_t(m_indexed + 1));
    }
}

int Graph::indexOf(std::string_view name) const
{
    const std::lock_guard lock(*m_indexLock);
    indexNewNodes();
    return int(probe(name, hashName(name)).position) - 1;
}

std::vector<Diagnostic> Graph::linkProducers()
{
    std::vector<Diagnostic> diagnostics;
    for (Node &node : m_nodes) {
        for (NodeInput &input : node.inputs) {
            if (input.producer >= 0)
                continue;
            input.producer = indexOf(input.producerName);
            if (input.producer < 0 && !input.producerName.empty()) {
                diagnostics.push_back(
                    {Severity::Warning,
                     {path, 0, 0},
                     "missing-producer",
                     CoreText::tr("node '%1' reads '%2', which no node produces", node.name,
                                  input.producerName),
                     CoreText::tr("the input is treated as a graph input of unknown dtype")});
            }
        }
    }
    return diagnostics;
}

std::vector<int> Graph::topologicalOrder(std::vector<Diagnostic> *diagnostics) const
{
    const int n = int(m_nodes.size());
    std::vector<int> pending(static_cast<std::size_t>(n), 0);
    // Consumers per producer in one flat array (offsets by producer): no vector per node.
    std::vector<std::pair<int, int>> edges; // (producer, consumer)
    edges.reserve(std::size_t(n) * 2);
    for (int i = 0; i < n; ++i) {
        const Node &node = m_nodes[std::size_t(i)];
        for (const NodeInput &input : node.inputs)
            if (input.producer >= 0 && input.producer != i)
                edges.emplace_back(input.producer, i);
        for (std::string_view control : node.controlInputs)
            if (const int p = indexOf(control); p >= 0 && p != i)
                edges.emplace_back(p, i);
    }
    // A file whose every producer comes before its consumers (most exports) is its own order:
    // the identity is the smallest of all orders, so it is what the heap below would give.
    if (std::all_of(edges.begin(), edges.end(),
                    [](const std::pair<int, int> &e) { return e.first < e.second; })) {
        std::vector<int> order(static_cast<std::size_t>(n));
        std::iota(order.begin(), order.end(), 0);
        return order;
    }
    std::vector<std::uint32_t> first(std::size_t(n) + 1, 0);
    for (const auto &[producer, consumer] : edges) {
        ++first[std::size_t(producer) + 1];
        ++pending[std::size_t(consumer)];
    }
    for (std::size_t i = 1; i < first.size(); ++i)
        first[i] += first[i - 1];
    std::vector<int> consumers(edges.size());
    {
        std::vector<std::uint32_t> next(first.begin(), first.end() - 1);
        for (const auto &[producer, consumer] : edges)
            consumers[next[std::size_t(producer)]++] = consumer;
    }
    // Min-heap on file position keeps ties in file order.
    std::priority_queue<int, std::vector<int>, std::greater<>> ready;
    for (int i = 0; i < n; ++i)
        if (pending[std::size_t(i)] == 0)
            ready.push(i);
    std::vector<int> order;
    order.reserve(std::size_t(n));
    while (!ready.empty()) {
        const int i = ready.top();
        ready.pop();
        order.push_back(i);
        for (std::uint32_t k = first[std::size_t(i)]; k < first[std::size_t(i) + 1]; ++k)
            if (const int c = consumers[k]; --pending[std::size_t(c)] == 0)
                ready.push(c);
    }
    if (diagnostics && int(order.size()) < n) {
        std::string names;
        int listed = 0;
        for (int i = 0; i < n && listed < 5; ++i) {
            if (pending[std::size_t(i)] > 0) {
                names.append(listed ? ", '" : "'").append(m_nodes[std::size_t(i)].name).append("'");
                ++listed;
            }
        }
        diagnostics->push_back({Severity::Error,
                                {path, 0, 0},
                                "cycle",
                                CoreText::tr("%1 nodes are on or behind a cycle, e.g. %2",
                                             n - int(order.size()), names),
                                CoreText::tr("a dataflow graph must be acyclic") + "; "
                                    + CoreText::tr("check the inputs of these nodes")});
    }
    return order;
}

std::size_t Graph::fileNodeCount() const
{
    std::size_t count = 0;
    for (const Node &node : m_nodes)
        count += node.origin == NodeOrigin::File ? 1 : 0;
    return count;
}

std::size_t Graph::totalFileNodeCount() const
{
    std::size_t count = fileNodeCount();
    for (const Node &node : m_nodes)
        for (const auto &sub : node.subgraphs)
            count += sub->totalFileNodeCount();
    return count;
}

bool isBoundaryOpType(std::string_view opType)
{
    static constexpr std::array<std::string_view, 8> kBoundary {
        "Data",      "Const",     "Constant",     "Variable",
        "NetOutput", "TransData", "FileConstant", "RefData"};
    for (auto t : kBoundary)
        if (t == opType)
            return true;
    return false;
}

bool isConstantOpType(std::string_view opType)
{
    return opType == "Const" || opType == "Constant" || opType == "Variable"
        || opType == "FileConstant";
}

} // namespace opsinfo
