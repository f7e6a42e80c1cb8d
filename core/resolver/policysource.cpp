#include "resolver/policysource.h"

#include "library/oplibrary.h"

namespace opsinfo {

PolicySource libraryPolicies(const OpLibrary &library)
{
    PolicySource source;
    source.effective = [&library](std::string_view type) {
        const OpEntry *entry = library.find(type);
        return entry ? entry->policy : Policy::Gray;
    };
    source.origin = "library colour, no mixlist";
    return source;
}

} // namespace opsinfo
