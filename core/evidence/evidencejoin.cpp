#include "evidence/evidencejoin.h"

#include "graph/apiname.h"

#include "common/coretext.h"
#include "graph/graph.h"
#include "library/oplibrary.h"

#include <unordered_map>

namespace opsinfo {

const char *joinKindName(JoinKind kind)
{
    switch (kind) {
    case JoinKind::Node:
        return "node";
    case JoinKind::OpType:
        return "op-type";
    case JoinKind::TypeOnly:
        return "type-only";
    case JoinKind::None:
        break;
    }
    return "none";
}

const char *joinMissName(JoinMiss miss)
{
    switch (miss) {
    case JoinMiss::NoName:
        return "no-name";
    case JoinMiss::NotAnOp:
        return "not-an-op";
    case JoinMiss::ModuleLevel:
        return "module-level";
    case JoinMiss::ApiNotInMap:
        return "api-not-in-map";
    case JoinMiss::NameNotInGraph:
        return "name-not-in-graph";
    case JoinMiss::TypeNotInGraph:
        return "type-not-in-graph";
    case JoinMiss::TypeNotInLibrary:
        return "type-not-in-library";
    case JoinMiss::NoType:
        return "no-type";
    case JoinMiss::None:
        break;
    }
    return "";
}

namespace {

std::string joinedTypes(const std::vector<std::string> &types)
{
    std::string out;
    for (const std::string &t : types)
        out += (out.empty() ? "" : "|") + t;
    return out;
}

class Joiner
{
public:
    Joiner(const EvidenceFile &file, const JoinContext &context)
        : m_file(file)
        , m_context(context)
        , m_map(context.apiMap ? *context.apiMap : ApiMap::defaults())
    {
        if (m_context.graph)
            for (const Node &node : m_context.graph->nodes())
                m_byType[node.opType].push_back(int(&node - m_context.graph->nodes().data()));
    }

    RowJoin join(const EvidenceRow &row) const
    {
        if (row.core == CoreKind::Communication || row.opType.rfind("hcom_", 0) == 0)
            return miss(JoinMiss::NotAnOp, CoreText::tr("communication task: no FE op"));
        if (row.coreText == "DSA_SQE")
            return miss(JoinMiss::NotAnOp,
                        CoreText::tr("DSA task (random-number generation hardware): no FE op"));
        std::optional<ApiName> api;
        if (!row.api.empty())
            api = parseApiName(row.name);
        if (api && api->prefix == "Distributed")
            return miss(JoinMiss::NotAnOp, CoreText::tr("communication API: no FE op"));

        // 1. By GE node name.
        std::string nameMiss;
        if (std::optional<RowJoin> byName = joinByNodeName(row, nameMiss))
            return *byName;
        // 2. The IR types the row stands for.
        std::vector<std::string> types;
        Via via = Via::Type;
        if (std::optional<RowJoin> none = typesOf(row, api, types, via))
            return *none;
        if (types.empty())
            return noTypes(row, nameMiss);
        // 3. By op type.
        return joinByType(types, via, nameMiss.empty() ? std::string() : nameMiss + "; ");
    }

private:
    // Where the IR types of a row come from.
    enum class Via { Type, ApiMap, PrimitiveName, MindSporeMap };

    // The row's GE node names that are nodes of the graph; else `nameMiss` says why not.
    std::optional<RowJoin> joinByNodeName(const EvidenceRow &row, std::string &nameMiss) const
    {
        if (row.nodeNames.empty() || !m_context.graph)
            return std::nullopt;
        RowJoin result;
        for (const std::string &name : row.nodeNames)
            if (const int index = m_context.graph->indexOf(name); index >= 0)
                result.nodes.push_back(index);
        if (result.nodes.empty()) {
            nameMiss = CoreText::tr("'%1' is no node of the graph", row.nodeNames.front());
            return std::nullopt;
        }
        result.kind = JoinKind::Node;
        result.irType = m_context.graph->nodes()[std::size_t(result.nodes.front())].opType;
        result.why = result.nodes.size() == row.nodeNames.size()
            ? CoreText::tr("joined by node name")
            : CoreText::tr("joined by node name (%1 of %2 fused names are nodes of the graph)",
                           result.nodes.size(), row.nodeNames.size());
        return result;
    }

    // The IR types the row stands for into `types` (by the API map, the MindSpore primitive or
    // its own op type); the miss when the row is no FE op or its API is not mapped.
    std::optional<RowJoin> typesOf(const EvidenceRow &row, const std::optional<ApiName> &api,
                                   std::vector<std::string> &types, Via &via) const
    {
        if (api) {
            const ApiLookup lookup = m_map.lookup(m_file.framework, *api);
            if (lookup.notAnOp)
                return miss(JoinMiss::NotAnOp,
                            CoreText::tr("API '%1' runs no FE op (API map)", api->qualified()));
            if (!lookup.mapped && api->module)
                return miss(
                    JoinMiss::ModuleLevel,
                    CoreText::tr("module-level entry '%1': a layer of several ops, not one op",
                                 api->api));
            if (!lookup.mapped)
                return miss(
                    JoinMiss::ApiNotInMap,
                    CoreText::tr(
                        "API '%1' is not in the API map: add a row for it to a file passed with --api-map",
                        api->qualified()));
            types = lookup.irTypes;
            via = lookup.fromPrimitiveName ? Via::PrimitiveName : Via::ApiMap;
        } else if (!row.opType.empty() && m_file.framework == EvidenceFramework::MindSpore) {
            const ApiName primitive {"Primitive", row.opType, {}, {}, false};
            const ApiLookup lookup = m_map.lookup(EvidenceFramework::MindSpore, primitive);
            if (lookup.notAnOp)
                return miss(
                    JoinMiss::NotAnOp,
                    CoreText::tr("'%1' is a runtime task, not an FE op (API map)", row.opType));
            types = lookup.irTypes;
            via = Via::MindSporeMap;
        } else if (!row.opType.empty()) {
            types = {row.opType};
        }
        return std::nullopt;
    }

    // Why a row with no IR type joins nothing.
    static RowJoin noTypes(const EvidenceRow &row, const std::string &nameMiss)
    {
        if (!nameMiss.empty())
            return miss(JoinMiss::NameNotInGraph, nameMiss);
        if (row.name.empty())
            return miss(JoinMiss::NoName, CoreText::tr("the row names no op"));
        if (!row.nodeNames.empty())
            return miss(
                JoinMiss::NoType,
                CoreText::tr("the row records no op type: give the graph to join it by node name"));
        return miss(JoinMiss::NoType, CoreText::tr("the row records no op type"));
    }

    // The first candidate type the graph (or else the library) has; `prefix` says why the node
    // names did not join.
    RowJoin joinByType(const std::vector<std::string> &types, Via via,
                       const std::string &prefix) const
    {
        RowJoin result;
        if (m_context.graph) {
            for (const std::string &type : types) {
                const auto it = m_byType.find(type);
                if (it == m_byType.end())
                    continue;
                result.kind = JoinKind::OpType;
                result.nodes = it->second;
                result.irType = type;
                result.why = prefix
                    + (via == Via::ApiMap
                           ? CoreText::tr("joined by op type %1 (from the API map)", type)
                           : via == Via::PrimitiveName
                           ? CoreText::tr("joined by op type %1 (the primitive's own name)", type)
                           : via == Via::MindSporeMap ? CoreText::tr(
                                 "joined by op type %1 (from the MindSpore primitive name)", type)
                                                      : CoreText::tr("joined by op type %1", type));
                return result;
            }
            RowJoin none = miss(
                JoinMiss::TypeNotInGraph,
                prefix + CoreText::tr("op type %1 has no node in the graph", joinedTypes(types)));
            none.irType = types.front();
            return none;
        }
        for (const std::string &type : types) {
            if (m_context.library && !m_context.library->find(type))
                continue;
            result.kind = JoinKind::TypeOnly;
            result.irType = type;
            result.why = m_context.library
                ? CoreText::tr("op type %1 is in the library (no graph given)", type)
                : CoreText::tr("op type %1 (no graph or library given to check it)", type);
            return result;
        }
        RowJoin none = miss(JoinMiss::TypeNotInLibrary,
                            CoreText::tr("op type %1 is not in the library", joinedTypes(types)));
        none.irType = types.front();
        return none;
    }

    static RowJoin miss(JoinMiss reason, std::string why)
    {
        RowJoin r;
        r.miss = reason;
        r.why = std::move(why);
        return r;
    }

    const EvidenceFile &m_file;
    const JoinContext &m_context;
    const ApiMap &m_map;
    std::unordered_map<std::string_view, std::vector<int>> m_byType; // views into the graph
};

} // namespace

FileJoin joinEvidence(const EvidenceFile &file, const JoinContext &context)
{
    FileJoin out;
    const Joiner joiner(file, context);
    out.rows.reserve(file.rows.size());
    for (const EvidenceRow &row : file.rows) {
        RowJoin join = joiner.join(row);
        switch (join.kind) {
        case JoinKind::Node:
            ++out.byNode;
            break;
        case JoinKind::OpType:
            ++out.byType;
            break;
        case JoinKind::TypeOnly:
            ++out.typeOnly;
            break;
        case JoinKind::None:
            ++out.unmatched;
            ++out.misses[join.miss];
            break;
        }
        out.rows.push_back(std::move(join));
    }
    return out;
}

} // namespace opsinfo
