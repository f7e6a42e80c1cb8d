#pragma once

#include "resolver/resolution.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace opsinfo {

class CubeOpList;
class Graph;

// The per-node report of `opsinfo resolve --json`/`--csv` and of the app's report export (one
// writer, so both print the same). `order` is outputOrder() (resolver/outputorder.h); `cubeOps`
// is the library's cube-op list, reported with where it comes from.
nlohmann::json resolutionToJson(const Graph &graph, const Resolution &resolution,
                                const std::string &graphPath, const std::vector<int> &order,
                                const CubeOpList &cubeOps);
// {"source": fe.ini path or "default", "types": count}.
nlohmann::json cubeOpsToJson(const CubeOpList &cubeOps);
nlohmann::json summaryToJson(const ResolutionSummary &summary);
// CSV with a header row, one line per node in `order`.
std::string resolutionToCsv(const Resolution &resolution, const std::vector<int> &order);
// "white|black|gray|none" as the report spells it.
const char *reportPolicy(const NodeResolution &node);

} // namespace opsinfo
