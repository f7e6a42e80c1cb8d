#pragma once

#include "layout/layouttypes.h"

namespace opsinfo {

// A layered top-to-bottom layout (Sugiyama-style, built for speed on long neural-network chains):
// longest-path layering pulled towards consumers, virtual nodes only for edges of moderate span,
// barycenter crossing reduction and chain-straightening x placement. Near-linear: no step is
// quadratic in the node count. Cycles are broken (their closing edges come back `reversed`);
// out-of-range edges are dropped and reported.
GraphLayout layoutLayered(const LayeredInput &input, const LayoutOptions &options = {});

} // namespace opsinfo
