#pragma once

#include "diff/transitionmatrix.h"

#include <nlohmann/json.hpp>

#include <string>

namespace opsinfo {

// The transition matrix as `opsinfo library diff --matrix` and the app's Diff tab write it (one
// home, so both write the same). Colours: policyFillColour, as in the app.

// {"white": {"white": n, "black": n, "gray": n}, "black": {...}, "gray": {...}}: rows are A.
nlohmann::json transitionMatrixJson(const TransitionMatrix &matrix);
// {"white": n, "black": n, "gray": n}: the types only side A (or B) has, by their colour there.
nlohmann::json onlyOneSideJson(const TransitionMatrix &matrix, bool sideA);
// A self-contained SVG for reports: rows A, columns B, each cell its count under a bar split into
// A's and B's colour; an "absent" row and column when either side lacks types.
std::string transitionMatrixSvg(const TransitionMatrix &matrix, const std::string &nameA,
                                const std::string &nameB, const std::string &title);

} // namespace opsinfo
