#pragma once

#include "common/diagnostic.h"
#include "library/cubeops.h"

#include <string>
#include <string_view>
#include <vector>

namespace opsinfo {

// FE's cube list from fe.ini's `fp16.op_type=A,B,...` (SEMANTICS §1). When the file cannot be read
// or has no such line, reports it and returns CubeOpList::defaults(), which is what FE falls back to.
CubeOpList loadCubeOpsFromFeIni(const std::string &path, std::vector<Diagnostic> &diagnostics);
CubeOpList cubeOpsFromFeIniText(std::string_view text, const std::string &file,
                                std::vector<Diagnostic> &diagnostics);

} // namespace opsinfo
