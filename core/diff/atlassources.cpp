#include "diff/atlassources.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <regex>
#include <set>
#include <system_error>

namespace opsinfo {

namespace fs = std::filesystem;

namespace {

fs::path itself(const AtlasSourceSpec &s)
{
    const fs::path path = fs::path(s.path).lexically_normal();
    return path.has_filename() ? path : path.parent_path();
}

// The folder whose name tells two sources of one name apart.
std::string prefixOf(const AtlasSourceSpec &s)
{
    return (s.soc.empty() ? itself(s).parent_path() : itself(s)).filename().string();
}

} // namespace

std::vector<std::string> atlasSourceNames(const std::vector<AtlasSourceSpec> &sources)
{
    std::vector<std::string> names;
    std::map<std::string, std::vector<std::size_t>> byName;
    for (std::size_t i = 0; i < sources.size(); ++i) {
        names.push_back(sources[i].soc.empty() ? itself(sources[i]).filename().string()
                                               : sources[i].soc);
        byName[names.back()].push_back(i);
    }
    for (const auto &[name, group] : byName) {
        if (group.size() < 2)
            continue;
        std::set<std::string> prefixed;
        for (std::size_t i : group)
            prefixed.insert(prefixOf(sources[i]) + "/" + name);
        if (prefixed.size() < group.size())
            continue;
        for (std::size_t i : group)
            names[i] = prefixOf(sources[i]) + "/" + name;
    }
    std::map<std::string, int> seen;
    for (std::string &name : names)
        if (const int n = ++seen[name]; n > 1)
            name += " #" + std::to_string(n);
    return names;
}

std::vector<std::string> libraryFilesIn(const std::string &folder)
{
    std::vector<std::string> files;
    std::error_code error;
    if (!fs::is_directory(folder, error))
        return files;
    for (const fs::directory_entry &entry : fs::directory_iterator(folder, error)) {
        const std::string extension = entry.path().extension().string();
        if ((extension == ".json" || extension == ".ini") && entry.is_regular_file(error)
            && entry.path().filename().string().front() != '.')
            files.push_back(entry.path().string());
    }
    std::sort(files.begin(), files.end());
    return files;
}

bool areLibraryCopies(const std::vector<std::string> &files)
{
    if (files.size() < 2)
        return false;
    static const std::regex piece(R"(aic-([A-Za-z0-9_]+)-ops-info(-[A-Za-z0-9_]+)*\.json)");
    std::set<std::string> socs;
    for (const std::string &file : files) {
        std::smatch match;
        const std::string name = fs::path(file).filename().string();
        if (!std::regex_match(name, match, piece))
            return true;
        socs.insert(match[1].str());
    }
    return socs.size() > 1;
}

} // namespace opsinfo
