#pragma once

#include "evidence/evidence.h"
#include "graph/apimap.h"

#include <cstddef>
#include <map>
#include <string>
#include <vector>

namespace opsinfo {

class Graph;
class OpLibrary;

// How a row was tied to what we know.
enum class JoinKind {
    Node, // by GE node name: the row is about these nodes
    OpType, // by op type: the row is about every node of that type in the graph
    TypeOnly, // an IR type the library knows, no graph to find nodes in
    None,
};
const char *joinKindName(JoinKind kind); // "node", "op-type", "type-only", "none"

// Why a row did not join (or joined only by type).
enum class JoinMiss {
    None,
    NoName, // the row names nothing (an empty NPU Name)
    NotAnOp, // communication, runtime task or host-side API: no FE op exists
    ModuleLevel, // an msprobe Module/Cell entry: a layer, not one op
    ApiNotInMap, // a framework API the API map does not know
    NameNotInGraph, // the GE names are no nodes of the graph (and no type fell back)
    TypeNotInGraph, // its IR type has no node in the graph
    TypeNotInLibrary, // no graph, and the library does not know the type
    NoType, // no op type (profiler level0 writes N/A)
};
const char *joinMissName(JoinMiss miss); // "no-name", "not-an-op", ...

struct RowJoin
{
    JoinKind kind = JoinKind::None;
    std::vector<int> nodes; // top-level graph node indexes
    std::string irType; // the IR type the row stands for ("" when unknown)
    JoinMiss miss = JoinMiss::None;
    std::string why; // one sentence: how it joined, or why not
};

struct FileJoin
{
    std::vector<RowJoin> rows; // parallel to EvidenceFile::rows
    std::size_t byNode = 0;
    std::size_t byType = 0;
    std::size_t typeOnly = 0;
    std::size_t unmatched = 0;
    std::map<JoinMiss, std::size_t> misses; // unmatched rows and type fallbacks, by reason
    std::size_t matched() const { return byNode + byType + typeOnly; }
};

struct JoinContext
{
    const Graph *graph = nullptr; // may be null
    const OpLibrary *library = nullptr; // may be null
    const ApiMap *apiMap = nullptr; // null: ApiMap::defaults()
};

// Ties every row to graph nodes: by GE node name where the file has one (op_summary Op Name,
// kernel Name in graph mode, msaccucmp NPUDump incl. a fused op's comma-joined names), else by op
// type (kernel Type, OP Type; framework APIs through the API map; MindSpore primitive names).
FileJoin joinEvidence(const EvidenceFile &file, const JoinContext &context);

} // namespace opsinfo
