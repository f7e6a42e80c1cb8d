#include "library/socfolders.h"

#include "library/libraryfolders.h"
#include "library/oplibrary.h"

#include <algorithm>
#include <filesystem>

namespace opsinfo {

namespace fs = std::filesystem;

namespace {

bool isDirectory(const fs::path &path)
{
    std::error_code ec;
    return fs::is_directory(path, ec);
}

// Sub-folders holding a library (.json files, L1): a stray folder is no SoC.
std::vector<std::string> subFolders(const fs::path &path)
{
    std::vector<std::string> names;
    std::error_code ec;
    for (fs::directory_iterator it(path, ec), end; !ec && it != end; it.increment(ec)) {
        std::error_code statError;
        if (it->is_directory(statError) && !socFolderFiles(it->path().string()).empty())
            names.push_back(it->path().filename().string());
    }
    std::sort(names.begin(), names.end());
    return names;
}

} // namespace

std::vector<std::string> socFoldersOf(const std::string &path)
{
    const fs::path folder(path);
    const fs::path config = fs::path("op_impl") / "ai_core" / "tbe" / "config";
    if (!isDirectory(folder))
        return {};
    if (isDirectory(folder / "built-in") || isDirectory(folder / "vendors"))
        return subFolders(folder / "built-in" / config);
    if (isDirectory(folder / config))
        return subFolders(folder / config);
    // The same test as loadLibraryPath: a folder with .json files is a soc folder itself.
    if (!socFolderFiles(path).empty())
        return {};
    return subFolders(folder);
}

std::string socFolderOfPath(std::string_view path)
{
    const std::size_t slash = path.find_last_of('/');
    if (slash == std::string_view::npos)
        return {};
    const std::string_view folder = path.substr(0, slash);
    const std::size_t up = folder.find_last_of('/');
    const std::string_view soc = up == std::string_view::npos ? folder : folder.substr(up + 1);
    const std::string_view parent
        = up == std::string_view::npos ? std::string_view() : folder.substr(0, up);
    constexpr std::string_view config = "config";
    const bool inConfig = parent == config
        || (parent.size() > config.size() && parent.ends_with(config)
            && parent[parent.size() - config.size() - 1] == '/');
    return inConfig && !soc.empty() ? std::string(soc) : std::string();
}

std::string socOfLibraryFile(std::string_view path)
{
    const std::size_t slash = path.find_last_of('/');
    const std::string_view name = slash == std::string_view::npos ? path : path.substr(slash + 1);
    constexpr std::string_view prefix = "aic-", marker = "-ops-info";
    // At the start, or after the model name a user's copy carries ("GNMT_ID0015__aic-...").
    for (std::size_t at = name.find(prefix); at != std::string_view::npos;
         at = name.find(prefix, at + 1)) {
        if (at != 0 && name[at - 1] != '_')
            continue;
        const std::size_t begin = at + prefix.size();
        const std::size_t end = name.find(marker, begin);
        if (end != std::string_view::npos && end > begin)
            return std::string(name.substr(begin, end - begin));
    }
    return socFolderOfPath(path);
}

std::string socOfLibrary(const OpLibrary &library)
{
    for (const LibraryFile &file : library.files())
        if (std::string soc = socOfLibraryFile(file.path); !soc.empty())
            return soc;
    return {};
}

} // namespace opsinfo
