#pragma once

#include "common/diagnostic.h"
#include "library/cubeops.h"

#include <string>
#include <string_view>
#include <vector>

namespace opsinfo {

// FE's cube list from fe.ini's `fp16.op_type=A,B,...` (SEMANTICS §1). When the file cannot be read
// or has no such line, reports it and returns CubeOpList::defaults(), which is what FE falls back
// to.
CubeOpList loadCubeOpsFromFeIni(const std::string &path, std::vector<Diagnostic> &diagnostics);
CubeOpList cubeOpsFromFeIniText(std::string_view text, const std::string &file,
                                std::vector<Diagnostic> &diagnostics);

// The fe.ini that goes with an opened library folder (an opp root, a store root, a soc folder
// inside one): `fe_config/fe.ini` beside `op_impl`, or CANN's
// `<toolkit>/lib64/plugin/opskernel/fe_config/fe.ini` beside `opp`. Empty when there is none, or
// when the path is a single file (a lone .json says nothing about its installation).
std::string findFeIni(const std::string &libraryPath);

} // namespace opsinfo
