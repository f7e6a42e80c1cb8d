#include "frontend/frontend.h"

#include "common/coretext.h"
#include "common/soc.h"
#include "mixlist/nearestname.h"

#include <algorithm>
#include <cctype>

namespace opsinfo {

namespace {

struct Row
{
    FrontEnd frontEnd;
    const char *id;
    const char *title;
    FrontEndTraits traits;
};

// FRONTENDS.md F1, one row per front end; the sources are named there.
const std::array<Row, 11> kRows {{
    {FrontEnd::Atc,
     "atc",
     "ATC / aclgrphBuildModel",
     {PrecisionPath::Graph, true, true, KeepDtypeRoute::File, true, true, DefaultRule::Inference}},
    {FrontEnd::Ge,
     "ge",
     "GE session options",
     {PrecisionPath::Graph, true, true, KeepDtypeRoute::None, true, true, DefaultRule::Training}},
    {FrontEnd::Tf1,
     "tf1",
     "TensorFlow 1.x (npu_bridge)",
     {PrecisionPath::Graph, true, true, KeepDtypeRoute::Scope, true, true, DefaultRule::Training}},
    {FrontEnd::Tf2,
     "tf2",
     "TensorFlow 2.x (npu_device)",
     {PrecisionPath::Graph, true, true, KeepDtypeRoute::Scope, true, true, DefaultRule::Training}},
    {FrontEnd::AclOp,
     "acl-op",
     "ACL single-op compile (aclop)",
     {PrecisionPath::SingleOp, true, false, KeepDtypeRoute::None, true, true,
      DefaultRule::SingleOp}},
    {FrontEnd::TorchNpu,
     "torch-npu",
     "PyTorch torch_npu, eager (aclnn)",
     {PrecisionPath::CubeMath, false, false, KeepDtypeRoute::None, false, true,
      DefaultRule::AclnnSoc}},
    // torch_npu registers no ACL_CUSTOMIZE_DTYPES option hook, so customize_dtypes cannot be set.
    {FrontEnd::TorchNpuJit,
     "torch-npu-jit",
     "PyTorch torch_npu, jit_compile=True (aclop)",
     {PrecisionPath::SingleOp, true, false, KeepDtypeRoute::None, false, true,
      DefaultRule::SingleOp}},
    {FrontEnd::Torchair,
     "torchair",
     "PyTorch torchair (torch.compile -> GE)",
     {PrecisionPath::Graph, true, false, KeepDtypeRoute::None, false, false,
      DefaultRule::Training}},
    // MindSpore passes modify_mixlist and customizeDtypes only as raw GE options (ge_options).
    {FrontEnd::MindSporeO2,
     "mindspore-o2",
     "MindSpore jit_level O2 (GE graph)",
     {PrecisionPath::Graph, true, true, KeepDtypeRoute::None, true, true, DefaultRule::Training}},
    {FrontEnd::MindSporeKbk,
     "mindspore-kbk",
     "MindSpore O0/O1 (kernel by kernel)",
     {PrecisionPath::CubeMath, false, false, KeepDtypeRoute::None, false, true,
      DefaultRule::Training}},
    {FrontEnd::MindSporeLite,
     "mindspore-lite",
     "MindSpore Lite (GE)",
     {PrecisionPath::Graph, true, true, KeepDtypeRoute::None, false, true, DefaultRule::Lite}},
}};

const Row &rowOf(FrontEnd frontEnd)
{
    for (const Row &row : kRows)
        if (row.frontEnd == frontEnd)
            return row;
    return kRows.front();
}

} // namespace

const char *frontEndId(FrontEnd frontEnd)
{
    return rowOf(frontEnd).id;
}

const char *frontEndTitle(FrontEnd frontEnd)
{
    return rowOf(frontEnd).title;
}

std::string frontEndIdList()
{
    std::string list;
    for (const Row &row : kRows)
        list += (list.empty() ? "" : "|") + std::string(row.id);
    return list;
}

std::optional<FrontEnd> parseFrontEnd(std::string_view id, std::string *error)
{
    for (const Row &row : kRows)
        if (id == row.id)
            return row.frontEnd;
    if (error) {
        std::vector<std::string> ids;
        for (const Row &row : kRows)
            ids.emplace_back(row.id);
        std::sort(ids.begin(), ids.end());
        std::optional<std::string> near = nearestOpType(id, ids);
        // "torch_npu", "TorchNPU", "mindspore" ... : compare without case and separators too.
        if (!near) {
            auto squash = [](std::string_view s) {
                std::string out;
                for (char c : s)
                    if (std::isalnum(static_cast<unsigned char>(c)))
                        out += char(std::tolower(static_cast<unsigned char>(c)));
                return out;
            };
            for (const std::string &candidate : ids)
                if (squash(candidate).rfind(squash(id), 0) == 0 && !squash(id).empty()) {
                    near = candidate;
                    break;
                }
        }
        *error = near ? CoreText::tr("unknown front end '%1' (did you mean '%2'?) Valid: %3", id,
                                     *near, frontEndIdList())
                      : CoreText::tr("unknown front end '%1' Valid: %2", id, frontEndIdList());
    }
    return std::nullopt;
}

const FrontEndTraits &frontEndTraits(FrontEnd frontEnd)
{
    return rowOf(frontEnd).traits;
}

std::optional<PrecisionMode> defaultModeFor(FrontEnd frontEnd, std::string_view socVersion)
{
    switch (frontEndTraits(frontEnd).defaultRule) {
    case DefaultRule::Inference:
    case DefaultRule::Lite:
        return PrecisionMode::ForceFp16;
    case DefaultRule::SingleOp:
        return PrecisionMode::AllowFp32ToFp16;
    case DefaultRule::Training:
    case DefaultRule::AclnnSoc:
        // torch_npu's split (SoC before Ascend910B1, i.e. 910A and 310P) is FE's F2 split.
        if (socVersion.empty() || !socSupportsBf16(socVersion).has_value())
            return std::nullopt; // not a SoC whose generation this tool knows
        return defaultPrecisionMode(true, socVersion);
    }
    return std::nullopt;
}

bool modeHonoured(FrontEnd frontEnd, PrecisionMode mode)
{
    switch (frontEnd) {
    case FrontEnd::TorchNpu:
        return mode == PrecisionMode::MustKeepOriginDtype || mode == PrecisionMode::AllowFp32ToFp16;
    case FrontEnd::MindSporeKbk:
        return mode != PrecisionMode::CubeFp16InFp32Out && mode != PrecisionMode::CubeHif8
            && mode != PrecisionMode::MixedHif8;
    case FrontEnd::Torchair:
        return false;
    default:
        return true;
    }
}

} // namespace opsinfo
