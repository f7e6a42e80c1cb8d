#include "reportexport.h"

#include "cli/cliresolve.h"
#include "cli/resolvejson.h"
#include "previewresult.h"

#include <unordered_set>

namespace opsinfo {

std::string reportJson(const PreviewResult &result, const std::string &graphPath)
{
    const Graph &graph = *result.context->graph;
    const std::vector<int> order = outputOrder(graph, result.resolution);
    return resolutionToJson(graph, result.resolution, graphPath, order).dump(2) + "\n";
}

std::string reportCsv(const PreviewResult &result)
{
    return resolutionToCsv(result.resolution, outputOrder(*result.context->graph, result.resolution));
}

std::string keepDtypeText(const std::vector<std::string> &nodeNames)
{
    std::string text;
    std::unordered_set<std::string> seen;
    for (const std::string &name : nodeNames)
        if (!name.empty() && seen.insert(name).second)
            text += name + "\n";
    return text;
}

} // namespace opsinfo
