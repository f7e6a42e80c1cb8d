#include "graph/graph.h"

#include "common/coretext.h"

#include <algorithm>
#include <array>
#include <functional>
#include <queue>

namespace opsinfo {

namespace {

std::size_t hashName(std::string_view name)
{
    return std::hash<std::string_view>{}(name);
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

int Graph::find(std::string_view name, std::size_t hash) const
{
    if (m_slots.empty())
        return -1;
    const std::size_t mask = m_slots.size() - 1;
    const auto tag = std::uint32_t(hash);
    for (std::size_t i = hash & mask;; i = (i + 1) & mask) {
        const Slot &slot = m_slots[i];
        if (slot.node == 0)
            return -1;
        if (slot.hash == tag && m_nodes[slot.node - 1].name == name)
            return int(slot.node - 1);
    }
}

void Graph::growIndex()
{
    std::vector<Slot> old = std::move(m_slots);
    m_slots.assign(std::max<std::size_t>(64, old.size() * 2), Slot {});
    const std::size_t mask = m_slots.size() - 1;
    for (const Slot &slot : old) {
        if (slot.node == 0)
            continue;
        std::size_t i = slot.hash & mask; // the hash's low bits, as inserted
        while (m_slots[i].node != 0)
            i = (i + 1) & mask;
        m_slots[i] = slot;
    }
}

Node &Graph::addNode(Node node)
{
    const std::size_t hash = hashName(node.name);
    const bool known = find(node.name, hash) >= 0; // first definition wins on duplicate names
    m_nodes.push_back(std::move(node));
    if (!known) {
        if (2 * (m_indexed + 1) > m_slots.size())
            growIndex();
        const std::size_t mask = m_slots.size() - 1;
        std::size_t i = hash & mask;
        while (m_slots[i].node != 0)
            i = (i + 1) & mask;
        m_slots[i] = {std::uint32_t(hash), std::uint32_t(m_nodes.size())};
        ++m_indexed;
    }
    return m_nodes.back();
}

int Graph::indexOf(std::string_view name) const
{
    return find(name, hashName(name));
}

std::vector<Diagnostic> Graph::linkProducers()
{
    std::vector<Diagnostic> diagnostics;
    for (Node &node : m_nodes) {
        for (NodeInput &input : node.inputs) {
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
    std::vector<std::vector<int>> consumers(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
        const Node &node = m_nodes[std::size_t(i)];
        for (const NodeInput &input : node.inputs) {
            if (input.producer >= 0 && input.producer != i) {
                consumers[std::size_t(input.producer)].push_back(i);
                ++pending[std::size_t(i)];
            }
        }
        for (std::string_view control : node.controlInputs) {
            const int p = indexOf(control);
            if (p >= 0 && p != i) {
                consumers[std::size_t(p)].push_back(i);
                ++pending[std::size_t(i)];
            }
        }
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
        for (int c : consumers[std::size_t(i)])
            if (--pending[std::size_t(c)] == 0)
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
    static constexpr std::array<std::string_view, 8> kBoundary{
        "Data", "Const", "Constant", "Variable", "NetOutput", "TransData", "FileConstant", "RefData"};
    for (auto t : kBoundary)
        if (t == opType)
            return true;
    return false;
}

bool isConstantOpType(std::string_view opType)
{
    return opType == "Const" || opType == "Constant" || opType == "Variable" || opType == "FileConstant";
}

} // namespace opsinfo
