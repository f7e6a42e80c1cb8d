// Kept apart from policysource.cpp: it needs PolicyTable's implementation (core/mixlist), and a
// static library only pulls this object in when tablePolicies() is used.
#include "resolver/policysource.h"

#include "mixlist/oppolicy.h"

namespace opsinfo {

PolicySource tablePolicies(const PolicyTable &table)
{
    PolicySource source;
    source.effective = [&table](std::string_view type) { return table.effective(type); };
    source.details = [&table](std::string_view type) { return table.find(type); };
    source.origin = "library + mixlist (X3)";
    return source;
}

} // namespace opsinfo
