#pragma once

#include "cli/clicommon.h"
#include "graph/graph.h"

#include <memory>
#include <ostream>
#include <string>

namespace opsinfo {

// A graph loaded for a command, or the exit code to return.
using LoadedGraph = Loaded<std::unique_ptr<Graph>>;

// Loads a graph (and an optional op-map override); prints diagnostics; errors refuse the graph:
// exit 2 when a file cannot be read, 1 when its content has errors.
LoadedGraph loadGraphForCli(const std::string &path, const std::string &opMapOverride,
                            std::ostream &err);

} // namespace opsinfo
