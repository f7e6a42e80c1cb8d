#pragma once

#include <string>
#include <vector>

namespace opsinfo {

struct PreviewResult;

// The per-node report exactly as `opsinfo resolve GRAPH --json` / `--csv` prints it for the same
// graph, library, mixlist, mode and gray rule (core/export/resolutionreport.h writes both).
// `graphPath` is what the report names as the graph (the CLI prints the path it was given).
std::string reportJson(const PreviewResult &result, const std::string &graphPath);
std::string reportCsv(const PreviewResult &result);

} // namespace opsinfo
