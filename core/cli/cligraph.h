#pragma once

#include "graph/graph.h"

#include <memory>
#include <ostream>
#include <string>

namespace opsinfo {

// A graph loaded for a command, or the exit code to return.
class LoadedGraph
{
public:
    LoadedGraph(std::unique_ptr<Graph> graph) : m_graph(std::move(graph)) {}
    LoadedGraph(int error) : m_error(error) {}
    explicit operator bool() const { return m_graph != nullptr; }
    Graph *value() const { return m_graph.get(); }
    std::unique_ptr<Graph> take() { return std::move(m_graph); }
    int error() const { return m_error; }

private:
    std::unique_ptr<Graph> m_graph;
    int m_error = 0;
};

// Loads a graph (and an optional op-map override); prints diagnostics; errors refuse the graph.
LoadedGraph loadGraphForCli(const std::string &path, const std::string &opMapOverride, std::ostream &err);

} // namespace opsinfo
