#pragma once

#include "resolver/precisionmode.h"

#include <array>
#include <optional>
#include <string>
#include <string_view>

namespace opsinfo {

// The path a model takes to the NPU (FRONTENDS.md F1). It decides which precision settings the
// compiler sees at all, and which precision mode it runs with when the user gives none.
enum class FrontEnd {
    Atc, // atc / aclgrphBuildModel
    Ge, // GE session options (own C++, framework plugins)
    Tf1, // TensorFlow 1.x, npu_bridge
    Tf2, // TensorFlow 2.x, npu_device
    AclOp, // ACL single-op compile (aclop)
    TorchNpu, // PyTorch torch_npu eager: aclnn kernels
    TorchNpuJit, // torch_npu with set_compile_mode(jit_compile=True): aclop
    Torchair, // torch.compile backend -> GE
    MindSporeO2, // MindSpore jit_level O2: GE graph
    MindSporeKbk, // MindSpore O0 / O1: kernel by kernel
    MindSporeLite, // MindSpore Lite on GE
};

inline constexpr std::array<FrontEnd, 11> kAllFrontEnds {
    FrontEnd::Atc,         FrontEnd::Ge,           FrontEnd::Tf1,           FrontEnd::Tf2,
    FrontEnd::AclOp,       FrontEnd::TorchNpu,     FrontEnd::TorchNpuJit,   FrontEnd::Torchair,
    FrontEnd::MindSporeO2, FrontEnd::MindSporeKbk, FrontEnd::MindSporeLite,
};

// The id users type ("torch-npu", "mindspore-o2" ...).
const char *frontEndId(FrontEnd frontEnd);
// A short product name ("PyTorch torch_npu, eager"): proper nouns, the same in every language.
const char *frontEndTitle(FrontEnd frontEnd);
// "atc|ge|tf1|...", for help texts and error messages.
std::string frontEndIdList();
// Exact id. On failure `error` (if given) names the valid ids and the nearest one.
std::optional<FrontEnd> parseFrontEnd(std::string_view id, std::string *error = nullptr);

// Where the precision setting acts.
enum class PrecisionPath {
    Graph, // GE builds the graph and FE decides every node: the dtype preview describes it
    SingleOp, // each op is compiled alone by FE (aclop): the preview applies op by op
    CubeMath, // aclnn kernels, no FE: only the cube math type of cube ops follows the setting
};

// How a keep_dtype choice reaches the compiler.
enum class KeepDtypeRoute {
    File, // --keep_dtype / aclgrphSetOpAttr(ATTR_TYPE_KEEP_DTYPE)
    Scope, // TensorFlow: keep_dtype_scope() sets _keep_dtype on the nodes built inside it
    None,
};

// The rule behind the mode the compiler uses when none is given.
enum class DefaultRule {
    Inference, // force_fp16: ATC sets ge.graphRunMode=0 (F1)
    Training, // FE's training default, per SoC (F2)
    SingleOp, // allow_fp32_to_fp16, the aclCompileopt default (F1)
    AclnnSoc, // torch_npu: allow_fp32_to_fp16 before Ascend910B1, else must_keep_origin_dtype (F1)
    Lite, // enforce_fp16 = force_fp16 (F1)
};

struct FrontEndTraits
{
    PrecisionPath path;
    bool libraryLists; // the ops-info white/black/gray flags act
    bool mixlist; // a modify_mixlist reaches the compiler
    KeepDtypeRoute keepDtype;
    bool customizeDtypes; // a customize_dtypes file reaches the compiler
    bool modeSettable; // false: the front end passes no precision mode (torchair)
    DefaultRule defaultRule;
};

const FrontEndTraits &frontEndTraits(FrontEnd frontEnd);

// F1/F2: the mode the compiler runs with when none is given. nullopt when it depends on the SoC
// and `socVersion` is empty or not a SoC this tool knows.
std::optional<PrecisionMode> defaultModeFor(FrontEnd frontEnd, std::string_view socVersion);

// Whether the front end acts on this mode as FE does. torch_npu eager honours only
// must_keep_origin_dtype and allow_fp32_to_fp16 (others are logged as unsupported and the SoC
// default is used); MindSpore kernel by kernel maps every mode but cube_fp16in_fp32out and the
// hif8 modes to a cube math type; torchair passes no mode at all.
bool modeHonoured(FrontEnd frontEnd, PrecisionMode mode);

} // namespace opsinfo
