#pragma once

#include "common/dtype.h"
#include "frontend/frontendplan.h"

#include <string>
#include <string_view>
#include <vector>

namespace opsinfo {

class Graph;
class CubeOpList;

// What aclnn is told to do with the cube unit (the cubeMathType argument of aclnnMatmul,
// aclnnConvolution ...). On the torch_npu eager and MindSpore kernel-by-kernel paths this is all
// the precision setting still changes.
enum class CubeMathType { KeepDtype, AllowFp32DownPrecision, UseFp16, UseHf32 };
const char *cubeMathTypeName(CubeMathType type); // "KEEP_DTYPE" ...

// The HF32 switches: torch.npu.matmul.allow_hf32 / conv.allow_hf32, MindSpore's
// matmul_allow_hf32 / conv_allow_hf32. Both frameworks default to matmul off, conv on.
struct Hf32Switches
{
    bool matmul = false;
    bool conv = true;
};

// Which switch a cube op type follows.
enum class CubeFamily { Matmul, Conv };
CubeFamily cubeFamilyOf(std::string_view opType);

// The cube math type a cube op of `family` gets on the plan's front end, with the reason as one
// explanation step. The plan must be a CubeMath one (torch-npu, mindspore-kbk).
CubeMathType cubeMathTypeFor(const FrontEndPlan &plan, const std::string &soc, CubeFamily family,
                             const Hf32Switches &hf32, std::string *why = nullptr);

// What an input of dtype `input` is computed in under `type` on that SoC (aclnn's cubeMathType
// reference): "fp32", "hf32", "fp16", "bf16", or the dtype itself for integers; `supported`
// false where aclnn reports an error (fp32 with KEEP_DTYPE/USE_HF32 on a SoC without fp32 cube
// units, bf16 with USE_FP16).
struct CubeCompute
{
    std::string dtype;
    bool supported = true;
};
CubeCompute cubeComputeDtype(CubeMathType type, DType input, const std::string &soc);

// Whether the SoC's cube unit computes fp32 (Ascend910B/910_93/310B and later; not 910A/310P).
bool socHasFp32Cube(const std::string &soc);

struct CubeNodeReport
{
    int node = -1; // index in the graph
    std::string name;
    std::string opType;
    CubeFamily family = CubeFamily::Matmul;
    DType input = DType::Undefined; // the graph dtype of input 0
    CubeMathType type = CubeMathType::KeepDtype;
    CubeCompute compute;
    std::string explanation; // "; "-separated steps, the plan's first
};

struct CubeMathReport
{
    std::vector<CubeNodeReport> nodes; // cube nodes of the top-level graph, in topological order
    std::size_t fp32Inputs = 0; // of those, nodes whose input 0 is fp32
    std::size_t lowered = 0; // fp32 inputs computed in fp16 or hf32
    std::size_t unsupported = 0; // combinations aclnn refuses
};

// Every cube node of the graph with the cube math type it gets and what its input computes in.
CubeMathReport cubeMathReport(const Graph &graph, const CubeOpList &cubeOps,
                              const FrontEndPlan &plan, const std::string &soc,
                              const Hf32Switches &hf32 = {});

struct Resolution;

// Turns a resolution of the graph into what the aclnn path does, for views that show a
// Resolution: every node keeps its graph dtypes (FE decides nothing, engine none), its
// explanation is the plan's steps; a cube node of the report gets the dtype its input is computed
// in (hfloat32 shown as float32), the cube math steps, and status error where aclnn refuses it.
// No Casts. The report must be of the same graph.
void applyCubeMathReport(const CubeMathReport &report, const FrontEndPlan &plan,
                         Resolution &resolution);

} // namespace opsinfo
