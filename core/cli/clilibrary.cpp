#include "cli/clilibrary.h"

#include "cli/progress.h"
#include "common/soc.h"
#include "library/libraryloader.h"
#include "library/socfolders.h"

#include <cerrno>
#include <cstring>
#include <dirent.h>
#include <filesystem>
#include <sys/stat.h>

namespace opsinfo {

namespace {

// A folder that cannot be listed reads as an empty one to the loader; here it is the I/O error
// it is, with the system's reason.
bool foldersReadable(const std::vector<std::string> &paths, std::ostream &err)
{
    for (const std::string &path : paths) {
        struct stat st = {};
        if (::stat(path.c_str(), &st) != 0 || !S_ISDIR(st.st_mode))
            continue;
        DIR *dir = ::opendir(path.c_str());
        if (!dir) {
            printDiagnostics(
                {{Severity::Error,
                  {path, 0, 0},
                  "input-unreadable",
                  "cannot read the library folder: " + std::string(std::strerror(errno)),
                  "check the folder's permissions"}},
                err);
            return false;
        }
        ::closedir(dir);
    }
    return true;
}

namespace fs = std::filesystem;

bool isFolder(const fs::path &path)
{
    std::error_code ec;
    return fs::is_directory(path, ec);
}

// Whether one of `paths` holds a soc folder named `folder` (a custom opp may add a SoC the
// engine does not know).
bool holdsSocFolder(const std::vector<std::string> &paths, const std::string &folder)
{
    for (const std::string &path : paths) {
        const fs::path root(path);
        for (const fs::path &config : {root, root / "op_impl/ai_core/tbe/config",
                                       root / "built-in/op_impl/ai_core/tbe/config"})
            if (isFolder(config / folder))
                return true;
    }
    return false;
}

// The soc folder a library path is, when it is one the compiler would load as a SoC's: a folder
// with a known soc folder name, or a file in one under .../config/. Empty otherwise (a user's copy
// somewhere else says nothing about its SoC).
std::string socFolderOf(const std::string &path)
{
    std::error_code ec;
    const fs::path resolved = fs::weakly_canonical(path, ec);
    fs::path folder;
    if (isFolder(resolved)) {
        if (isFolder(resolved / "built-in") || isFolder(resolved / "op_impl")
            || isFolder(resolved / "vendors"))
            return {}; // an opp or store root: --soc picks in it
        folder = resolved;
    }
    const std::string name
        = folder.empty() ? socFolderOfPath(resolved.string()) : folder.filename().string();
    return !name.empty() && isKnownSoc(name) && socFolderName(name) == name ? name : std::string();
}

// --soc names a known SoC (or a soc folder the given library holds) and agrees with a soc folder
// given as the library; otherwise it is a usage error, with the nearest known name.
bool socAgrees(const std::vector<std::string> &paths, const std::string &soc, std::ostream &err)
{
    if (soc.empty())
        return true;
    if (auto unknown = checkSocName(soc); unknown && !holdsSocFolder(paths, soc)) {
        unknown->location.file = "--soc";
        printDiagnostics({*unknown}, err);
        return false;
    }
    for (const std::string &path : paths) {
        const std::string folder = socFolderOf(path);
        if (!folder.empty() && folder != socFolderName(soc)) {
            err << "opsinfo: --soc " << soc << " (soc folder " << socFolderName(soc)
                << ") contradicts the library " << path << ", which is the soc folder " << folder
                << " (give the --soc of that folder, or leave --soc out)\n";
            return false;
        }
    }
    return true;
}

std::string joined(const std::vector<std::string> &paths)
{
    std::string out;
    for (const std::string &p : paths)
        out += (out.empty() ? "" : ", ") + p;
    return out;
}

} // namespace

Loaded<OpLibrary> loadLibrariesForCli(const std::vector<std::string> &paths, const std::string &soc,
                                      std::ostream &err, RefusedLibrary refused)
{
    if (paths.empty()) {
        err << "opsinfo: no library given (use --library PATH: an ops-info .json, a soc folder or an opp folder)\n";
        return ExitUsage;
    }
    if (!foldersReadable(paths, err) || !socAgrees(paths, soc, err))
        return ExitUsage;
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
            stores.push_back(
                {paths[i], last ? LibraryStore::Kind::BuiltIn : LibraryStore::Kind::Custom, {}});
        }
        result = loadStores(stores);
    }
    progress.finish();
    printDiagnostics(result.diagnostics, err);
    if (!result.ok()) {
        const int code = exitCodeFor(result.diagnostics);
        if (code == ExitUsage) {
            err << "opsinfo: the library could not be read (above)\n";
            return ExitCode(code);
        }
        if (refused == RefusedLibrary::Refuse) {
            err << "opsinfo: the library has errors (above); fix them first — the compiler would refuse it too (--strict)\n";
            return ExitCode(code);
        }
    }
    // Nothing loaded is never a library to predict with: an empty folder or a wrong --soc would
    // otherwise pass every check ("0 nodes change").
    if (result.library.files().empty()) {
        err << "opsinfo: no ops-info library file in " << joined(paths)
            << " (give an aic-<soc>-ops-info*.json file, a soc folder .../tbe/config/<soc>, or an opp folder with --soc)\n";
        return ExitUsage;
    }
    if (result.library.ops().empty()) {
        err << "opsinfo: the library " << joined(paths)
            << " defines no op type (its files hold no ops-info entry)\n";
        return ExitInputErrors;
    }
    if (const StoreRefusal &refusal = result.library.refusal(); refusal.refused()) {
        err << "opsinfo: the compiler refuses this library: " << refusal.problems
            << (refusal.problems == 1 ? " problem" : " problems")
            << " (above); it is read as far as it goes, and the command ends with exit 1 (--strict refuses it)\n";
        CliLibraryRefusals::record();
    }
    return std::move(result.library);
}

namespace {
thread_local CliLibraryRefusals *t_refusals = nullptr;
}

CliLibraryRefusals::CliLibraryRefusals()
    : m_outer(t_refusals)
{
    t_refusals = this;
}

CliLibraryRefusals::~CliLibraryRefusals()
{
    t_refusals = m_outer;
}

void CliLibraryRefusals::record()
{
    if (t_refusals)
        ++t_refusals->m_count;
}

int CliLibraryRefusals::exitCode(int exitCode) const
{
    return exitCode == ExitOk && m_count > 0 ? int(ExitInputErrors) : exitCode;
}

void addStrictLibraryOption(ArgParser &parser)
{
    parser.flag(
        "strict",
        "refuse a library the compiler would refuse (L4, L6 ...), as the compiler does:\n"
        "                              exit 1 before any output (default: read it, show its problems, exit 1)");
}

RefusedLibrary refusedLibraryOption(const ArgParser &parser)
{
    return parser.has("strict") ? RefusedLibrary::Refuse : RefusedLibrary::Read;
}

Loaded<Mixlist> loadMixlistForCli(const std::string &path, bool lenient, std::ostream &err)
{
    const auto text = readFileForCli(path, InputLimits::Mixlist, err);
    if (!text)
        return ExitCode(text.exitCode());
    MixlistParseResult parsed
        = lenient ? parseMixlistLenient(*text, path) : parseMixlistStrict(*text, path);
    printDiagnostics(parsed.diagnostics, err);
    if (!parsed.ok()) {
        err << "opsinfo: " << path << " is not a valid modify_mixlist file"
            << (lenient
                    ? ""
                    : " (the compiler would fail the build; 'opsinfo mixlist lint --lenient' shows what can be repaired)")
            << "\n";
        return ExitInputErrors;
    }
    return std::move(parsed.mixlist);
}

std::optional<int> loadLibraryOptionForCli(const ArgParser &p, std::ostream &err,
                                           std::optional<OpLibrary> &library)
{
    if (!p.has("library"))
        return std::nullopt;
    auto loaded
        = loadLibrariesForCli(p.values("library"), p.value("soc"), err, refusedLibraryOption(p));
    if (!loaded)
        return loaded.exitCode();
    library = std::move(*loaded);
    return std::nullopt;
}

std::optional<int> loadMixlistOptionsForCli(const ArgParser &p,
                                            std::initializer_list<MixlistOption> options,
                                            std::ostream &err)
{
    for (const auto &[name, slot] : options) {
        if (!p.has(name))
            continue;
        auto loaded = loadMixlistForCli(p.value(name), false, err);
        if (!loaded)
            return loaded.exitCode();
        *slot = std::move(*loaded);
    }
    return std::nullopt;
}

} // namespace opsinfo
