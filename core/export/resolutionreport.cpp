#include "export/resolutionreport.h"

#include "common/textescape.h"
#include "graph/graph.h"
#include "library/cubeops.h"
#include "resolver/precisionmode.h"

namespace opsinfo {

namespace {

nlohmann::json dtypeList(const std::vector<DType> &types)
{
    nlohmann::json list = nlohmann::json::array();
    for (DType t : types)
        list.push_back(dtypeName(t));
    return list;
}

std::string joinDtypes(const std::vector<DType> &types)
{
    std::string out;
    for (DType t : types)
        out += (out.empty() ? "" : " ") + std::string(dtypeName(t));
    return out;
}

} // namespace

const char *reportPolicy(const NodeResolution &node)
{
    return node.inLibrary && node.engine != Engine::None ? policyName(node.policy) : "none";
}

nlohmann::json summaryToJson(const ResolutionSummary &s)
{
    nlohmann::json j = {{"nodes", s.nodes},
                        {"decided_nodes", s.decidedNodes},
                        {"float_nodes", s.floatNodes},
                        {"fp16_nodes", s.fp16Nodes},
                        {"bf16_nodes", s.bf16Nodes},
                        {"fp32_nodes", s.fp32Nodes},
                        {"other_float_nodes", s.otherFloatNodes},
                        {"aicpu_nodes", s.aicpuNodes},
                        {"ge_nodes", s.geNodes},
                        {"errors", s.errors},
                        {"warnings", s.warnings},
                        {"ambiguous", s.ambiguous},
                        {"approximate", s.approximate}};
    if (s.outputsWithShape > 0)
        j["activation_bytes"] = s.activationBytes;
    else
        j["activation_bytes"] = nullptr; // shapes unknown: no figure rather than a wrong one
    return j;
}

nlohmann::json cubeOpsToJson(const CubeOpList &cube)
{
    return {{"source", cube.isDefault() ? "default" : cube.source()},
            {"types", cube.types().size()}};
}

nlohmann::json resolutionToJson(const Graph &graph, const Resolution &r,
                                const std::string &graphPath, const std::vector<int> &order,
                                const CubeOpList &cubeOps)
{
    nlohmann::json nodes = nlohmann::json::array();
    for (int index : order) {
        const NodeResolution &n = r.nodes[std::size_t(index)];
        nlohmann::json rules = nlohmann::json::array();
        for (std::string_view id : n.rules)
            rules.push_back(std::string(id));
        nlohmann::json j = {{"name", n.node ? n.node->name : ""},
                            {"op_type", n.node ? n.node->opType : ""},
                            {"policy", reportPolicy(n)},
                            {"dtype", dtypeName(n.dtype)},
                            {"inputs", dtypeList(n.inputs)},
                            {"outputs", dtypeList(n.outputs)},
                            {"engine", engineName(n.engine)},
                            {"engine_reason", engineReasonCode(n.engineReason)},
                            {"engine_why", engineReasonText(n)},
                            {"status", statusName(n.status)},
                            {"rules", rules},
                            {"explanation", n.explanation},
                            {"ambiguous", n.ambiguous},
                            {"approximate", n.approximate}};
        if (n.parent >= 0 && r.nodes[std::size_t(n.parent)].node)
            j["parent"] = r.nodes[std::size_t(n.parent)].node->name;
        nodes.push_back(std::move(j));
    }
    const ResolutionSummary &s = r.summary;
    return {{"mode", precisionModeName(r.mode)},
            {"graph", graphPath.empty() ? graph.path : graphPath},
            {"cube_ops", cubeOpsToJson(cubeOps)},
            {"nodes", nodes},
            {"casts",
             {{"down", s.castsDown},
              {"up", s.castsUp},
              {"weights", s.castsWeights},
              {"total", s.castsTotal}}},
            {"summary", summaryToJson(s)}};
}

std::string resolutionToCsv(const Resolution &r, const std::vector<int> &order)
{
    std::string out
        = "name,op_type,policy,dtype,inputs,outputs,engine,engine_reason,status,rules,ambiguous,approximate,parent,"
          "explanation\n";
    for (int index : order) {
        const NodeResolution &n = r.nodes[std::size_t(index)];
        const std::string_view parent = n.parent >= 0 && r.nodes[std::size_t(n.parent)].node
            ? r.nodes[std::size_t(n.parent)].node->name
            : std::string_view();
        out += csvField(n.node ? n.node->name : "") + ',' + csvField(n.node ? n.node->opType : "")
            + ',' + reportPolicy(n) + ',' + dtypeName(n.dtype) + ','
            + csvField(joinDtypes(n.inputs)) + ',' + csvField(joinDtypes(n.outputs)) + ','
            + engineName(n.engine) + ',' + engineReasonCode(n.engineReason) + ','
            + statusName(n.status) + ',' + csvField(n.rules.joined(" ")) + ','
            + (n.ambiguous ? "true" : "false") + ',' + (n.approximate ? "true" : "false") + ','
            + csvField(parent) + ',' + csvField(n.explanation) + '\n';
    }
    return out;
}

} // namespace opsinfo
