#include "mixlist/mixlistsynth.h"

#include "library/oplibrary.h"

namespace opsinfo {

Mixlist synthesizeMinimalMixlist(const OpLibrary &base, const PolicyTarget &target)
{
    Mixlist out;
    for (const auto &[type, wanted] : target) { // map order = sorted op types
        const OpEntry *entry = base.find(type);
        const Policy now = entry ? entry->policy : Policy::Gray;
        if (wanted == now)
            continue;
        switch (wanted) {
        case Policy::Black:
            out.add(MixlistList::Black, MixlistAction::Add, type);
            break;
        case Policy::White:
            out.add(MixlistList::White, MixlistAction::Add, type);
            break;
        case Policy::Gray:
            out.add(listOf(now), MixlistAction::Remove, type);
            break;
        }
    }
    return out;
}

} // namespace opsinfo
