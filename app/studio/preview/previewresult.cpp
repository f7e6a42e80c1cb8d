#include "previewresult.h"

#include "nodestylemap.h"
#include "resolver/policysource.h"

#include <regex>

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
    result->resolution = result->context->resolver->resolve(settings.mode, tablePolicies(table),
                                                            settings.options(explanations));
    if (const auto &plan = settings.frontEnd) {
        // What the path does instead of a GE preview, or the preview with the plan's notes first.
        if (plan->path == PrecisionPath::CubeMath)
            applyCubeMathReport(cubeMathReport(*result->context->graph,
                                               result->context->library->cubeOps(), *plan,
                                               settings.soc, settings.hf32),
                                *plan, result->resolution);
        else if (explanations)
            applyFrontEndPlan(*plan, result->resolution);
    }
    if (styles == Styles::With)
        result->styles
            = nodeStylesFor(result->resolution, int(result->context->graph->nodes().size()));
    return result;
}

std::string socOfLibrary(const OpLibrary &library)
{
    // aic-<soc>-ops-info*.json, or a soc folder .../config/<soc>/
    static const std::regex fileName(R"(ai[cv]-([a-z0-9_]+)-ops-info)");
    static const std::regex folder(R"(/config/([a-z0-9_]+)/?)");
    std::smatch match;
    for (const LibraryFile &file : library.files()) {
        if (std::regex_search(file.path, match, fileName))
            return match[1];
        if (std::regex_search(file.path, match, folder))
            return match[1];
    }
    return {};
}

} // namespace opsinfo
