#pragma once

#include "frontend/cubemath.h"
#include "frontend/frontendplan.h"
#include "graph/graph.h"
#include "library/oplibrary.h"
#include "mixlist/oppolicy.h"
#include "resolver/resolver.h"
#include "studio/graph/nodestyle.h"

#include <memory>
#include <optional>
#include <string>

namespace opsinfo {

// A graph, the library snapshot it is resolved against and the resolver prepared over both.
// Immutable and shared, so worker threads can resolve while the UI edits the library documents.
struct ResolveContext
{
    std::shared_ptr<const Graph> graph;
    std::shared_ptr<const OpLibrary> library;
    std::unique_ptr<Resolver> resolver;

    static std::shared_ptr<const ResolveContext> make(std::shared_ptr<const Graph> graph,
                                                      std::shared_ptr<const OpLibrary> library);
};
using ResolveContextPtr = std::shared_ptr<const ResolveContext>;

// What to resolve besides the graph: mode, colours (library + mixlist, X3), gray rule and the
// keep_dtype / customize_dtypes files (M8); with a front end, its plan (the mode is the plan's, the
// colours only what it passes) and, on the aclnn paths, the SoC and HF32 switches the cube math
// type follows.
struct ResolveSettings
{
    PrecisionMode mode = PrecisionMode::AllowMixPrecisionFp16;
    std::shared_ptr<const PolicyTable> policies;
    GrayRule grayRule = GrayRule::FE;
    std::optional<FrontEndPlan> frontEnd;
    std::string soc;
    Hf32Switches hf32;
    std::shared_ptr<const KeepDtype> keepDtype; // may be null
    std::shared_ptr<const CustomizeDtypes> customizeDtypes; // may be null

    // The options a resolve over these settings uses.
    ResolveOptions options(bool explanations) const;
};

// One prediction over a context. The resolution points into context->graph, which it keeps alive.
struct PreviewResult
{
    ResolveContextPtr context;
    ResolveSettings settings;
    Resolution resolution;
    // The graph view's colours for `resolution` (nodeStylesFor), when computed WithStyles: the
    // Graph tab's own results work them out on the worker, so showing one costs the UI thread a
    // copy, not a pass over every node (tens of milliseconds for 186,000 nodes). Empty otherwise.
    NodeStyles styles;

    enum class Styles { Without, With };
    static std::shared_ptr<const PreviewResult> compute(ResolveContextPtr context,
                                                        const ResolveSettings &settings,
                                                        bool explanations = true,
                                                        Styles styles = Styles::Without);
};
using PreviewResultPtr = std::shared_ptr<const PreviewResult>;

} // namespace opsinfo
