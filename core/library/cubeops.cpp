#include "library/cubeops.h"

#include "common/resources.h"

namespace opsinfo {

CubeOpList CubeOpList::defaults()
{
    std::set<std::string, std::less<>> types;
    std::string_view text = embeddedResource("cube_ops.txt").value_or("");
    while (!text.empty()) {
        const auto end = text.find('\n');
        std::string_view line = text.substr(0, end);
        text = end == std::string_view::npos ? std::string_view {} : text.substr(end + 1);
        if (const auto hash = line.find('#'); hash != std::string_view::npos)
            line = line.substr(0, hash);
        while (!line.empty() && (line.back() == ' ' || line.back() == '\r' || line.back() == '\t'))
            line.remove_suffix(1);
        while (!line.empty() && (line.front() == ' ' || line.front() == '\t'))
            line.remove_prefix(1);
        if (!line.empty())
            types.emplace(line);
    }
    return CubeOpList(std::move(types));
}

} // namespace opsinfo
