#pragma once

#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace opsinfo {

// Framework API names (torch.matmul, F.layer_norm, nn.Linear, msprobe's
// "Functional.conv2d.0.forward") -> the Ascend IR types they become (FRONTENDS.md F4). The table
// is resources/core/opmap/framework_api_to_ascend.tsv; ONNX and TensorFlow op types are OpMap's.
class FrameworkApiMap
{
public:
    // The shipped table, parsed once.
    static const FrameworkApiMap &defaults();

    // Parses rows "api<TAB>IR|IR|..." below an "[api]" line; '#' starts a comment.
    void loadText(std::string_view text);

    // The IR types for an API name, most likely first; empty when the name is not a known API.
    const std::vector<std::string> &lookup(std::string_view apiName) const;

    std::size_t size() const { return m_table.size(); }

    // The matching key of an API name: its last meaningful component (msprobe's call index,
    // forward/backward, input/output tails and framework prefixes dropped), lower-case, without
    // '_'. "Functional.conv2d.0.forward.input.0" -> "conv2d", "Tensor.add_.3.forward" -> "add",
    // "Module.layer1.0.conv1.Conv2d.forward.0" -> "conv2d", "torch.nn.functional.layer_norm" ->
    // "layernorm".
    static std::string key(std::string_view apiName);

private:
    std::unordered_map<std::string, std::vector<std::string>> m_table;
};

} // namespace opsinfo
