#include "previewresult.h"

#include "frontend/planscope.h"
#include "nodestylemap.h"
#include "resolver/policysource.h"

namespace opsinfo {

std::shared_ptr<const ResolveContext> ResolveContext::make(std::shared_ptr<const Graph> graph,
                                                           std::shared_ptr<const OpLibrary> library)
{
    auto context = std::make_shared<ResolveContext>();
    context->graph = std::move(graph);
    context->library = std::move(library);
    context->resolver = std::make_unique<Resolver>(*context->graph, *context->library);
    return context;
}

ResolveOptions ResolveSettings::options(bool explanations) const
{
    ResolveOptions options;
    options.grayRule = grayRule;
    options.explanations = explanations;
    options.keepDtype = keepDtype;
    options.customizeDtypes = customizeDtypes;
    return options;
}

std::shared_ptr<const PreviewResult> PreviewResult::compute(ResolveContextPtr context,
                                                            const ResolveSettings &settings,
                                                            bool explanations, Styles styles)
{
    auto result = std::make_shared<PreviewResult>();
    result->context = std::move(context);
    result->settings = settings;
    static const PolicyTable empty;
    const PolicyTable &table = settings.policies ? *settings.policies : empty;
    const Resolver &resolver = *result->context->resolver;
    const auto &plan = settings.frontEnd;
    if (plan && plan->path == PrecisionPath::CubeMath) {
        // What the path does instead of a GE preview.
        result->resolution
            = resolver.resolve(settings.mode, tablePolicies(table), settings.options(explanations));
        applyCubeMathReport(cubeMathReport(*result->context->graph,
                                           result->context->library->cubeOps(), *plan, settings.soc,
                                           settings.hf32),
                            *plan, result->resolution);
    } else {
        result->resolution = resolveUnderPlan(resolver, plan ? &*plan : nullptr, settings.mode,
                                              table, settings.options(explanations));
    }
    if (styles == Styles::With)
        result->styles
            = nodeStylesFor(result->resolution, int(result->context->graph->nodes().size()));
    return result;
}

} // namespace opsinfo
