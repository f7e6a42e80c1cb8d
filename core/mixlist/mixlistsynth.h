#pragma once

#include "common/policy.h"
#include "mixlist/mixlist.h"

#include <map>
#include <string>

namespace opsinfo {

class OpLibrary;

// Wanted colour per op type; types not named keep their library colour.
using PolicyTarget = std::map<std::string, Policy, std::less<>>;

// X5: the smallest mixlist M with apply(base, M) == target: to BLACK -> black-list.to-add, to
// WHITE -> white-list.to-add, to GRAY -> to-remove of the list the op is on in `base`. One entry
// per changed op, none for unchanged ones; sorted by op type. Types not in `base` count as gray
// (so a target of gray for them needs nothing).
Mixlist synthesizeMinimalMixlist(const OpLibrary &base, const PolicyTarget &target);

} // namespace opsinfo
