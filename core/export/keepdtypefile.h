#pragma once

#include <string>
#include <vector>

namespace opsinfo {

// A --keep_dtype file (FORMATS.md): the node names first, each once, in the given order (empty
// names are skipped), then the op types, each once, sorted, as `OpType::<Type>` lines.
std::string writeKeepDtype(const std::vector<std::string> &nodeNames,
                           const std::vector<std::string> &opTypes);

} // namespace opsinfo
