#include "reportexport.h"

#include "export/resolutionreport.h"
#include "previewresult.h"
#include "resolver/outputorder.h"

namespace opsinfo {

std::string reportJson(const PreviewResult &result, const std::string &graphPath)
{
    const Graph &graph = *result.context->graph;
    const std::vector<int> order = outputOrder(graph, result.resolution);
    return resolutionToJson(graph, result.resolution, graphPath, order,
                            result.context->library->cubeOps())
               .dump(2)
        + "\n";
}

std::string reportCsv(const PreviewResult &result)
{
    return resolutionToCsv(result.resolution,
                           outputOrder(*result.context->graph, result.resolution));
}

} // namespace opsinfo
