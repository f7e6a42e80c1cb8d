#include "cli/clilibrary.h"

#include "cli/clicommon.h"
#include "cli/progress.h"
#include "library/libraryloader.h"

#include <filesystem>

namespace opsinfo {

std::optional<OpLibrary> loadLibrariesForCli(const std::vector<std::string> &paths, const std::string &soc,
                                             std::ostream &err)
{
    if (paths.empty()) {
        err << "opsinfo: no library given (use --library PATH: an ops-info .json, a soc folder or an opp folder)\n";
        return std::nullopt;
    }
    LibraryLoadResult result;
    // A whole opp folder takes seconds: say what is happening (on a terminal only).
    Progress progress(err, "loading library " + paths.front() + (paths.size() > 1 ? " ..." : ""));
    progress.update(0);
    if (paths.size() == 1) {
        result = loadLibraryPath(paths.front(), soc);
    } else {
        std::vector<LibrarySourceSpec> stores;
        for (std::size_t i = 0; i < paths.size(); ++i) {
            const bool last = i + 1 == paths.size();
            stores.push_back({paths[i], last ? LibraryStore::Kind::BuiltIn : LibraryStore::Kind::Custom, {}});
        }
        result = loadStores(stores);
    }
    progress.finish();
    printDiagnostics(result.diagnostics, err);
    if (!result.ok()) {
        err << "opsinfo: the library has errors (above); fix them first — the compiler would refuse it too\n";
        return std::nullopt;
    }
    return std::move(result.library);
}

std::optional<Mixlist> loadMixlistForCli(const std::string &path, bool lenient, std::ostream &err)
{
    const auto text = readFileForCli(path, err);
    if (!text)
        return std::nullopt;
    MixlistParseResult parsed = lenient ? parseMixlistLenient(*text, path) : parseMixlistStrict(*text, path);
    printDiagnostics(parsed.diagnostics, err);
    if (!parsed.ok()) {
        err << "opsinfo: " << path << " is not a valid modify_mixlist file"
            << (lenient ? "" : " (the compiler would fail the build; 'opsinfo mixlist lint --lenient' shows what can be repaired)")
            << "\n";
        return std::nullopt;
    }
    return std::move(parsed.mixlist);
}

} // namespace opsinfo
