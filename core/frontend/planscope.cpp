#include "frontend/planscope.h"

#include "mixlist/oppolicy.h"
#include "resolver/policysource.h"

namespace opsinfo {

PlanScope planScope(const FrontEndPlan &plan)
{
    return {plan.useMixlist, plan.useKeepDtype, plan.useCustomizeDtypes};
}

PlanScope frontEndScope(FrontEnd frontEnd)
{
    const FrontEndTraits &traits = frontEndTraits(frontEnd);
    return {traits.mixlist, traits.keepDtype != KeepDtypeRoute::None, traits.customizeDtypes};
}

void restrictToScope(const PlanScope &scope, ResolveOptions &options)
{
    if (!scope.keepDtype)
        options.keepDtype = nullptr;
    if (!scope.customizeDtypes)
        options.customizeDtypes = nullptr;
}

PolicyTable policiesInScope(const PlanScope &scope, const OpLibrary &library,
                            const PolicyTable &withMixlist)
{
    return scope.mixlist ? withMixlist : PolicyTable::compute(library, nullptr, {});
}

Resolution resolveUnderPlan(const Resolver &resolver, const FrontEndPlan *plan, PrecisionMode mode,
                            const PolicyTable &policies, ResolveOptions options)
{
    if (!plan)
        return resolver.resolve(mode, tablePolicies(policies), options);
    restrictToScope(planScope(*plan), options);
    Resolution resolution = resolver.resolve(plan->mode, tablePolicies(policies), options);
    if (options.explanations)
        applyFrontEndPlan(*plan, resolution);
    return resolution;
}

} // namespace opsinfo
