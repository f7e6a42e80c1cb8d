#include "library/socfolders.h"

#include "library/libraryfolders.h"

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

} // namespace opsinfo
