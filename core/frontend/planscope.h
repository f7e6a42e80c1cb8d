#pragma once

#include "frontend/frontendplan.h"
#include "resolver/resolution.h"
#include "resolver/resolver.h"

namespace opsinfo {

class OpLibrary;
class PolicyTable;

// Which of the user's files reach the compiler on a front end's path (F3). The others take no part
// in a preview, so no prediction shows an effect the compiler will never see.
struct PlanScope
{
    bool mixlist = true;
    bool keepDtype = true;
    bool customizeDtypes = true;
};

// What `plan` passes: its mode is known, so its own reading of keep_dtype applies.
PlanScope planScope(const FrontEndPlan &plan);
// What the front end passes in some mode (every mode at once, --all-modes): only the files it
// never passes are out.
PlanScope frontEndScope(FrontEnd frontEnd);

// Drops from `options` the keep_dtype and customize_dtypes outside the scope.
void restrictToScope(const PlanScope &scope, ResolveOptions &options);

// The colours the compiler sees within the scope: `withMixlist` (the library with the user's
// mixlist) when the path passes a mixlist, else the library's own.
PolicyTable policiesInScope(const PlanScope &scope, const OpLibrary &library,
                            const PolicyTable &withMixlist);

// One prediction as the front end's path makes it: with a plan, its mode and only the files it
// passes (`policies` must already be policiesInScope), every explanation opening with the plan's
// steps (applyFrontEndPlan) when explanations are on; without one, `mode` as FE reads it. The CLI's
// resolve and resolve diff and the app's preview predict through here.
Resolution resolveUnderPlan(const Resolver &resolver, const FrontEndPlan *plan, PrecisionMode mode,
                            const PolicyTable &policies, ResolveOptions options);

} // namespace opsinfo
