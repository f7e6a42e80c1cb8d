#include "library/libraryfolders.h"

#include "common/coretext.h"
#include "common/text.h"

#include <algorithm>
#include <filesystem>
#include <fstream>

namespace opsinfo {

namespace fs = std::filesystem;

bool loadsBefore(std::string_view a, std::string_view b)
{
    const bool legacyA = a.find("legacy") != std::string_view::npos;
    const bool legacyB = b.find("legacy") != std::string_view::npos;
    if (legacyA != legacyB)
        return legacyA;
    if (a.size() != b.size())
        return a.size() < b.size();
    return a < b;
}

std::vector<std::string> socFolderFiles(const std::string &folder, std::vector<Diagnostic> *skipped)
{
    std::vector<std::pair<std::string, std::string>> found; // name, path
    std::error_code ec;
    for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (name.empty() || name.front() == '.' || name.size() < 5
            || name.compare(name.size() - 5, 5, ".json") != 0)
            continue;
        std::error_code statError;
        if (!it->is_regular_file(statError)) { // follows symlinks, like FE's stat()
            if (statError && skipped)
                skipped->push_back(
                    {Severity::Warning,
                     {it->path().string(), 0, 0},
                     "L1",
                     statError == std::errc::too_many_symbolic_link_levels
                         ? CoreText::tr("skipped: %1 (the symbolic links form a loop)",
                                        statError.message())
                         : CoreText::tr("skipped: %1", statError.message()),
                     CoreText::tr("fix or remove the link") + "; "
                         + CoreText::tr("the compiler skips this file too")});
            continue;
        }
        found.emplace_back(name, it->path().string());
    }
    std::sort(found.begin(), found.end(),
              [](const auto &x, const auto &y) { return loadsBefore(x.first, y.first); });
    std::vector<std::string> paths;
    paths.reserve(found.size());
    for (auto &[name, path] : found)
        paths.push_back(std::move(path));
    return paths;
}

std::vector<std::string> vendorLoadPriority(const std::string &configIni,
                                            std::vector<Diagnostic> &diagnostics)
{
    std::vector<std::string> vendors;
    std::ifstream in(configIni);
    if (!in) {
        diagnostics.push_back(Diagnostic {Severity::Error, SourceLocation {configIni, 0, 0}, "L3",
                                          CoreText::tr("cannot read vendors/config.ini"),
                                          CoreText::tr("check that it is readable")});
        return vendors;
    }
    std::string line;
    int lineNumber = 0;
    bool found = false;
    while (std::getline(in, line)) {
        ++lineNumber;
        const std::string_view text = trimmed(line);
        const auto eq = text.find('=');
        if (text.empty() || text.front() == '#' || eq == std::string_view::npos
            || trimmed(text.substr(0, eq)) != "load_priority")
            continue;
        found = true;
        vendors.clear();
        std::string_view list = text.substr(eq + 1);
        while (true) {
            const auto comma = list.find(',');
            const std::string_view name = trimmed(list.substr(0, comma));
            if (!name.empty())
                vendors.emplace_back(name);
            if (comma == std::string_view::npos)
                break;
            list.remove_prefix(comma + 1);
        }
    }
    if (!found)
        diagnostics.push_back(
            Diagnostic {Severity::Warning, SourceLocation {configIni, 0, 0}, "L3",
                        CoreText::tr("no load_priority line: no vendor store is loaded"),
                        CoreText::tr("add load_priority=<vendor>[,<vendor>...]")});
    return vendors;
}

} // namespace opsinfo
