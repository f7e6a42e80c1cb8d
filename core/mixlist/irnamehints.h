#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace opsinfo {

class OpLibrary;

// Where a name users write comes from (FRONTENDS.md F4).
enum class NameOrigin { Onnx, TensorFlow, FrameworkApi };
const char *nameOriginText(NameOrigin origin); // "ONNX", "TensorFlow", "framework API"

// The Ascend IR type(s) a framework, ONNX or TensorFlow name most likely means.
struct IrNameHint
{
    NameOrigin origin = NameOrigin::FrameworkApi;
    std::vector<std::string> irTypes; // most likely first; with a library, only types it has
};

// For a mixlist entry that is not an Ascend IR type of `library` (or, without a library, that
// cannot be one: it has a '.' or starts in lower case): the IR types it most likely means, from
// the ONNX and TensorFlow op maps and the framework-API map. nullopt when nothing maps, or (with
// a library) none of the mapped types is in it.
std::optional<IrNameHint> irTypesForName(std::string_view name, const OpLibrary *library);

// Real IR types that are rarely the op a user means, found in mixlists copied from the CANN
// documentation's sample (Bias, Yolo, Xlog1py).
bool isDocumentationPlaceholder(std::string_view name);
// The CANN documentation's sample mixlist entries (Xlog1py, Matmul, Cast, Conv2D, Bias).
bool isDocumentationSampleEntry(std::string_view name);

} // namespace opsinfo
