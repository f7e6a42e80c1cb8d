#pragma once

#include <optional>
#include <string_view>

namespace opsinfo {

// Files under resources/core, compiled into the engine ("cube_ops.txt", "onnx_to_ascend.tsv" ...).
std::optional<std::string_view> embeddedResource(std::string_view name);

} // namespace opsinfo
