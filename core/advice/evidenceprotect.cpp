#include "advice/evidenceprotect.h"

#include "graph/graph.h"

#include <set>

namespace opsinfo {

std::vector<ProtectRequest> protectFromEvidence(const Graph &graph,
                                                const std::vector<EvidenceFile> &files,
                                                const std::vector<FileJoin> &joins,
                                                const FlagThresholds &thresholds)
{
    std::vector<ProtectRequest> out;
    std::set<std::pair<std::string, std::string>>
        seen; // (node, type): one request each, the first origin
    for (std::size_t f = 0; f < files.size() && f < joins.size(); ++f) {
        const EvidenceFile &file = files[f];
        for (std::size_t r = 0; r < file.rows.size() && r < joins[f].rows.size(); ++r) {
            const std::string reason = flagReason(file.rows[r], thresholds);
            if (reason.empty())
                continue;
            const RowJoin &join = joins[f].rows[r];
            const std::string origin
                = file.path + ":" + std::to_string(file.rows[r].line) + ": " + reason;
            if (join.kind == JoinKind::Node) {
                for (int index : join.nodes) {
                    const std::string name(graph.nodes()[std::size_t(index)].name);
                    if (seen.insert({name, {}}).second)
                        out.push_back({name, {}, origin});
                }
            } else if ((join.kind == JoinKind::OpType || join.kind == JoinKind::TypeOnly)
                       && !join.irType.empty()) {
                if (seen.insert({{}, join.irType}).second)
                    out.push_back({{}, join.irType, origin});
            }
        }
    }
    return out;
}

} // namespace opsinfo
