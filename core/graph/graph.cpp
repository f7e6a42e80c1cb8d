#include "graph/graph.h"

#include "common/coretext.h"

#include <array>
#include <queue>

namespace opsinfo {

Node &Graph::addNode(Node node)
{
    m_index.emplace(node.name, int(m_nodes.size())); // first definition wins on duplicate names
    m_nodes.push_back(std::move(node));
    return m_nodes.back();
}

int Graph::indexOf(std::string_view name) const
{
    auto it = m_index.find(std::string(name));
    return it == m_index.end() ? -1 : it->second;
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
        for (const std::string &control : node.controlInputs) {
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
                names += (listed ? ", '" : "'") + m_nodes[std::size_t(i)].name + "'";
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
