#include "cli/cligraph.h"

#include "cli/progress.h"
#include "graph/graphloader.h"

namespace opsinfo {

LoadedGraph loadGraphForCli(const std::string &path, const std::string &opMapOverride,
                            std::ostream &err)
{
    OpMap map = OpMap::defaults();
    if (!opMapOverride.empty()) {
        const auto diagnostics = map.loadOverride(opMapOverride);
        printDiagnostics(diagnostics, err);
        if (hasErrors(diagnostics))
            return ExitCode(exitCodeFor(diagnostics));
    }
    // A 186,000-node graph takes a second: say what is happening (on a terminal, or to a hook).
    Progress progress(err, "loading graph " + path);
    progress.update(0);
    GraphLoadResult result = loadGraph(path, map);
    progress.finish();
    printDiagnostics(result.diagnostics, err);
    if (!result.ok()) {
        err << "opsinfo: cannot use " << path << " (see above)\n";
        return ExitCode(hasErrors(result.diagnostics) ? exitCodeFor(result.diagnostics)
                                                      : int(ExitInputErrors));
    }
    return std::move(result.graph);
}

} // namespace opsinfo
