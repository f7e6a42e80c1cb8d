#pragma once

#include "advice/advice.h"
#include "evidence/evidence.h"
#include "evidence/evidencejoin.h"

#include <vector>

namespace opsinfo {

class Graph;

// Nodes to protect from flagged accuracy rows (overflow, NaN/Inf, cosine under the threshold, the
// tool's error verdict): a row joined by node name protects those nodes; a row joined by op type
// protects every node of the type (the evidence names an API or a type, not one node). The origin
// says "file:line: reason".
std::vector<ProtectRequest> protectFromEvidence(const Graph &graph,
                                                const std::vector<EvidenceFile> &files,
                                                const std::vector<FileJoin> &joins,
                                                const FlagThresholds &thresholds);

} // namespace opsinfo
