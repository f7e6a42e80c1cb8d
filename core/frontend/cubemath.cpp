#include "frontend/cubemath.h"

#include "common/coretext.h"
#include "graph/graph.h"
#include "library/cubeops.h"
#include "resolver/resolution.h"

namespace opsinfo {

const char *cubeMathTypeName(CubeMathType type)
{
    switch (type) {
    case CubeMathType::KeepDtype:
        return "KEEP_DTYPE";
    case CubeMathType::AllowFp32DownPrecision:
        return "ALLOW_FP32_DOWN_PRECISION";
    case CubeMathType::UseFp16:
        return "USE_FP16";
    case CubeMathType::UseHf32:
        return "USE_HF32";
    }
    return "KEEP_DTYPE";
}

CubeFamily cubeFamilyOf(std::string_view opType)
{
    return opType.find("Conv") != std::string_view::npos
            || opType.find("Deconvolution") != std::string_view::npos
        ? CubeFamily::Conv
        : CubeFamily::Matmul;
}

bool socHasFp32Cube(const std::string &soc)
{
    // The same generations whose FE training default keeps fp32 (F2), and for which torch_npu
    // and MindSpore keep the original dtype by default.
    return defaultPrecisionMode(true, soc) == PrecisionMode::MustKeepOriginDtype;
}

CubeMathType cubeMathTypeFor(const FrontEndPlan &plan, const std::string &soc, CubeFamily family,
                             const Hf32Switches &hf32, std::string *why)
{
    const bool allowHf32 = family == CubeFamily::Conv ? hf32.conv : hf32.matmul;
    if (plan.frontEnd == FrontEnd::MindSporeKbk) {
        const char *switchName
            = family == CubeFamily::Conv ? "conv_allow_hf32" : "matmul_allow_hf32";
        if (!plan.modeIsDefault) {
            // MindSpore's table from the precision mode wins; the HF32 switches are not consulted.
            CubeMathType type = CubeMathType::AllowFp32DownPrecision;
            if (plan.mode == PrecisionMode::ForceFp16)
                type = CubeMathType::UseFp16;
            else if (plan.mode == PrecisionMode::MustKeepOriginDtype)
                type = CubeMathType::KeepDtype;
            if (why)
                *why = CoreText::tr(
                    "cube math type %1: MindSpore maps precision mode %2 to it and does not consult %3 (F1)",
                    cubeMathTypeName(type), precisionModeName(plan.mode), switchName);
            return type;
        }
        const bool keep = socHasFp32Cube(soc);
        const CubeMathType type = allowHf32
            ? (keep ? CubeMathType::UseHf32 : CubeMathType::AllowFp32DownPrecision)
            : (keep ? CubeMathType::KeepDtype : CubeMathType::UseFp16);
        if (why)
            *why = CoreText::tr(
                "cube math type %1: no precision mode set, MindSpore chooses from the SoC (%2) and %3=%4 (F1)",
                cubeMathTypeName(type), soc, switchName, allowHf32 ? "True" : "False");
        return type;
    }
    // torch_npu: (allow_hf32 << 1) + allow_fp32_to_fp16 -> KEEP_DTYPE, USE_FP16, USE_HF32,
    // ALLOW_FP32_DOWN_PRECISION (CalcuOpUtil::GetCubeMathType).
    const bool allowFp16 = plan.mode == PrecisionMode::AllowFp32ToFp16;
    const CubeMathType type = allowHf32
        ? (allowFp16 ? CubeMathType::AllowFp32DownPrecision : CubeMathType::UseHf32)
        : (allowFp16 ? CubeMathType::UseFp16 : CubeMathType::KeepDtype);
    if (why)
        *why = CoreText::tr(
            "cube math type %1: torch_npu combines %2 (allow_fp32_to_fp16 %3) with %4=%5 (F1)",
            cubeMathTypeName(type), precisionModeName(plan.mode), allowFp16 ? "on" : "off",
            family == CubeFamily::Conv ? "torch.npu.conv.allow_hf32"
                                       : "torch.npu.matmul.allow_hf32",
            allowHf32 ? "True" : "False");
    return type;
}

CubeCompute cubeComputeDtype(CubeMathType type, DType input, const std::string &soc)
{
    const bool fp32Cube = socHasFp32Cube(soc);
    switch (input) {
    case DType::Float16:
        return {"float16", true};
    case DType::BFloat16:
        return {"bfloat16", type != CubeMathType::UseFp16};
    case DType::Float32:
        switch (type) {
        case CubeMathType::KeepDtype:
            return {"float32", fp32Cube};
        case CubeMathType::AllowFp32DownPrecision:
            return {fp32Cube ? "hfloat32" : "float16", true};
        case CubeMathType::UseFp16:
            return {"float16", true};
        case CubeMathType::UseHf32:
            return {"hfloat32", fp32Cube};
        }
        break;
    default:
        break;
    }
    return {dtypeName(input), true};
}

CubeMathReport cubeMathReport(const Graph &graph, const CubeOpList &cubeOps,
                              const FrontEndPlan &plan, const std::string &soc,
                              const Hf32Switches &hf32)
{
    CubeMathReport report;
    const std::string planSteps = plan.explanationSteps();
    for (int index : graph.topologicalOrder()) {
        const Node &node = graph.nodes()[std::size_t(index)];
        if (!cubeOps.contains(node.opType))
            continue;
        CubeNodeReport row;
        row.node = index;
        row.name = node.name;
        row.opType = node.opType;
        row.family = cubeFamilyOf(node.opType);
        row.input = node.inputs.empty() ? DType::Undefined : node.inputs.front().dtype;
        std::string why;
        row.type = cubeMathTypeFor(plan, soc, row.family, hf32, &why);
        row.compute = cubeComputeDtype(row.type, row.input, soc);
        std::string computeStep;
        if (!row.compute.supported)
            computeStep = CoreText::tr("aclnn refuses a %1 input with %2 on %3",
                                       dtypeName(row.input), cubeMathTypeName(row.type), soc);
        else
            computeStep = CoreText::tr("a %1 input is computed in %2", dtypeName(row.input),
                                       row.compute.dtype);
        row.explanation = (planSteps.empty() ? "" : planSteps + "; ") + why + "; " + computeStep;
        if (row.input == DType::Float32) {
            ++report.fp32Inputs;
            if (row.compute.supported && row.compute.dtype != "float32")
                ++report.lowered;
        }
        if (!row.compute.supported)
            ++report.unsupported;
        report.nodes.push_back(std::move(row));
    }
    return report;
}

namespace {

// §8.6 read on graph dtypes: the first float output, else the first float input.
DType nodeGraphDtype(const std::vector<DType> &inputs, const std::vector<DType> &outputs)
{
    auto isFloat = [](DType d) {
        return d == DType::Float16 || d == DType::BFloat16 || d == DType::Float32
            || d == DType::HiFloat8;
    };
    for (const auto *list : {&outputs, &inputs})
        for (DType d : *list)
            if (isFloat(d))
                return d;
    return outputs.empty() ? (inputs.empty() ? DType::Undefined : inputs.front()) : outputs.front();
}

} // namespace

void applyCubeMathReport(const CubeMathReport &report, const FrontEndPlan &plan,
                         Resolution &resolution)
{
    const std::string steps = plan.explanationSteps();
    ResolutionSummary summary;
    for (NodeResolution &n : resolution.nodes) {
        n.decided = false;
        n.engine = Engine::None;
        n.status = ResolutionStatus::Ok;
        n.rules = RuleList();
        n.rules.add("F1");
        if (!plan.ignored.empty())
            n.rules.add("F3");
        n.ambiguous = false;
        n.approximate = false;
        n.decidingInput = -1;
        n.explanation = steps;
        if (n.node) {
            n.inputs.clear();
            for (const NodeInput &in : n.node->inputs)
                n.inputs.push_back(in.dtype);
            n.outputs.clear();
            for (const NodeOutput &out : n.node->outputs)
                n.outputs.push_back(out.dtype);
            n.dtype = nodeGraphDtype(n.inputs, n.outputs);
        }
    }
    for (const CubeNodeReport &row : report.nodes) {
        if (row.node < 0 || std::size_t(row.node) >= resolution.nodes.size())
            continue;
        NodeResolution &n = resolution.nodes[std::size_t(row.node)];
        n.explanation = row.explanation;
        n.engine = Engine::AICore;
        if (!row.compute.supported)
            n.status = ResolutionStatus::Error;
        else if (row.compute.dtype == "float16")
            n.dtype = DType::Float16;
        else if (row.compute.dtype == "bfloat16")
            n.dtype = DType::BFloat16;
        else if (row.compute.dtype == "float32" || row.compute.dtype == "hfloat32")
            n.dtype = DType::Float32;
    }
    for (const NodeResolution &n : resolution.nodes) {
        ++summary.nodes;
        summary.errors += n.status == ResolutionStatus::Error;
        summary.fp16Nodes += n.dtype == DType::Float16;
        summary.bf16Nodes += n.dtype == DType::BFloat16;
        summary.fp32Nodes += n.dtype == DType::Float32;
        summary.floatNodes
            += n.dtype == DType::Float16 || n.dtype == DType::BFloat16 || n.dtype == DType::Float32;
    }
    resolution.casts.clear();
    resolution.summary = summary;
}

} // namespace opsinfo
