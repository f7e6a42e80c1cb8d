#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace opsinfo {

// Which framework names the rows of evidence (decides the API map section and how names are read).
enum class EvidenceFramework { Unknown, Ge, PyTorch, MindSpore };
const char *evidenceFrameworkName(EvidenceFramework framework); // "ge", "pytorch", "mindspore"

// A framework API name as msprobe writes it, split into its parts:
//   "Functional.conv2d.0.forward.input.0"   (compare rows, pre-check rows)
//   "Tensor.__add__.1.forward"               (dump.json keys)
//   "Functional_linear_0_forward_input.0"    (older compare files: '_' separators)
//   "Functional.conv2d.1"                    (pre-check result rows: no direction)
//   "Module.module.patch_embed.proj.Conv2d.forward.0", "Cell.x.Dense.forward.0" (module level)
struct ApiName
{
    std::string prefix; // "Functional", "Tensor", "Torch", "Aten", "NPU", "Mint", "Primitive" ...
    std::string api; // "conv2d", "__add__", "MatMul"; the class name for a module entry
    std::string direction; // "forward", "backward", "" when absent
    std::string tensor; // "input.0", "output.0", "" for a whole call
    bool module = false; // a Module/Cell entry: a layer of the model, not one op
    // "Functional.conv2d": the prefix and API, what an op-type join looks up.
    std::string qualified() const { return prefix + "." + api; }
};

// nullopt when the text has no prefix and API parts.
std::optional<ApiName> parseApiName(std::string_view text);

// The lookup key of an API: lower case, "__add__" -> "add", in-place "add_" -> "add", an Aten
// overload "mm.default" -> "mm".
std::string normalisedApi(std::string_view api);

} // namespace opsinfo
