#include "export/keepdtypefile.h"

#include <set>
#include <unordered_set>

namespace opsinfo {

std::string writeKeepDtype(const std::vector<std::string> &nodeNames,
                           const std::vector<std::string> &opTypes)
{
    std::string out;
    std::unordered_set<std::string> seen;
    for (const std::string &name : nodeNames)
        if (!name.empty() && seen.insert(name).second)
            out += name + "\n";
    for (const std::string &type : std::set<std::string>(opTypes.begin(), opTypes.end()))
        out += "OpType::" + type + "\n";
    return out;
}

} // namespace opsinfo
