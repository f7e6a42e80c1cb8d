#include "library/libraryloader.h"

#include "common/coretext.h"
#include "common/soc.h"
#include "library/libraryfilereader.h"
#include "library/libraryfolders.h"

#include <algorithm>
#include <filesystem>

namespace opsinfo {

namespace fs = std::filesystem;

namespace {

const char *const kConfigSubPath = "op_impl/ai_core/tbe/config";

bool isDirectory(const fs::path &path)
{
    std::error_code ec;
    return fs::is_directory(path, ec);
}

Diagnostic fileDiagnostic(Severity severity, const std::string &path, std::string code,
                          std::string message, std::string hint)
{
    return Diagnostic {severity, SourceLocation {path, 0, 0}, std::move(code), std::move(message),
                       std::move(hint)};
}

std::vector<std::string> subFolders(const fs::path &path)
{
    std::vector<std::string> names;
    std::error_code ec;
    for (fs::directory_iterator it(path, ec), end; !ec && it != end; it.increment(ec)) {
        std::error_code statError;
        if (it->is_directory(statError))
            names.push_back(it->path().filename().string());
    }
    std::sort(names.begin(), names.end());
    return names;
}

// The soc folder inside a `config` folder: the name as given, else its L5 folder name, else the
// only sub-folder when no soc was given. Empty (and a diagnostic) when there is none.
std::string resolveSoc(const fs::path &config, const std::string &soc,
                       std::vector<Diagnostic> &diagnostics)
{
    const std::vector<std::string> available = subFolders(config);
    std::string list;
    for (const std::string &name : available)
        list += (list.empty() ? "" : ", ") + name;
    if (soc.empty()) {
        if (available.size() == 1)
            return available.front();
        diagnostics.push_back(
            fileDiagnostic(Severity::Error, config.string(), "L5",
                           available.empty() ? CoreText::tr("no soc folder here")
                                             : CoreText::tr("several soc folders here: %1", list),
                           CoreText::tr("name the SoC (e.g. --soc Ascend910B1 or ascend910b)")));
        return {};
    }
    for (const std::string &candidate : {soc, socFolderName(soc)})
        if (isDirectory(config / candidate))
            return candidate;
    diagnostics.push_back(fileDiagnostic(
        Severity::Error, config.string(), "L5",
        CoreText::tr("no folder for SoC '%1' (looked for '%2')", soc, socFolderName(soc)),
        list.empty() ? CoreText::tr("check the path") : CoreText::tr("available: %1", list)));
    return {};
}

LibraryStore::Kind guessKind(const std::string &path)
{
    if (path.find("/vendors/") != std::string::npos)
        return LibraryStore::Kind::Vendor;
    if (path.find("built-in") != std::string::npos)
        return LibraryStore::Kind::BuiltIn;
    return LibraryStore::Kind::Custom;
}

bool hasJsonFiles(const std::string &folder)
{
    return !socFolderFiles(folder).empty();
}

// The library remembers that the compiler would refuse it, so every prediction made from it can
// say so wherever it travels (app documents, resolver explanations).
void noteRefusal(LibraryLoadResult &result)
{
    StoreRefusal refusal;
    for (const Diagnostic &d : result.diagnostics) {
        if (d.severity != Severity::Error)
            continue;
        if (refusal.problems++ == 0)
            refusal.first = d.location;
    }
    result.library.setRefusal(std::move(refusal));
}

LibraryLoadResult withDiagnostics(LibraryLoadResult result, std::vector<Diagnostic> before)
{
    before.insert(before.end(), std::make_move_iterator(result.diagnostics.begin()),
                  std::make_move_iterator(result.diagnostics.end()));
    result.diagnostics = std::move(before);
    noteRefusal(result);
    return result;
}

} // namespace

LibraryLoadResult loadStores(const std::vector<LibrarySourceSpec> &specs)
{
    LibraryLoadResult result;
    std::vector<LibraryStore> stores;
    std::vector<LibraryFile> files;
    std::vector<OpEntry> entries;
    // Stays one hash per entry while every file read so far ascends, each after the one before.
    std::vector<std::uint32_t> ascendingTypeHashes;
    bool ascending = true;
    for (std::size_t storeIndex = 0; storeIndex < specs.size(); ++storeIndex) {
        const LibrarySourceSpec &spec = specs[storeIndex];
        stores.push_back(
            LibraryStore {spec.name.empty() ? spec.path : spec.name, spec.path, spec.kind});
        std::error_code ec;
        const fs::file_status status = fs::status(spec.path, ec);
        std::vector<std::string> paths;
        if (fs::is_directory(status)) {
            paths = socFolderFiles(spec.path, &result.diagnostics);
            if (paths.empty())
                result.diagnostics.push_back(
                    fileDiagnostic(Severity::Warning, spec.path, "L1",
                                   CoreText::tr("no *.json ops-info file in this folder"),
                                   CoreText::tr("point to a .../tbe/config/<soc> folder")));
        } else if (fs::exists(status)) {
            paths.push_back(spec.path);
        } else {
            result.diagnostics.push_back(fileDiagnostic(Severity::Error, spec.path, "io",
                                                        CoreText::tr("library path does not exist"),
                                                        CoreText::tr("check the path")));
            continue;
        }
        for (const std::string &path : paths) {
            ParsedLibraryFile parsed = readLibraryFile(path);
            ascending = ascending && parsed.ascendingTypeHashes.size() == parsed.entries.size()
                && (entries.empty() || parsed.entries.empty()
                    || entries.back().type < parsed.entries.front().type);
            if (ascending)
                ascendingTypeHashes.insert(ascendingTypeHashes.end(),
                                           parsed.ascendingTypeHashes.begin(),
                                           parsed.ascendingTypeHashes.end());
            const int fileIndex = int(files.size());
            files.push_back(LibraryFile {path, int(storeIndex), parsed.entries.size()});
            for (OpEntry &entry : parsed.entries)
                entry.fileIndex = fileIndex;
            if (entries.empty()) {
                entries = std::move(parsed.entries);
            } else {
                entries.insert(entries.end(), std::make_move_iterator(parsed.entries.begin()),
                               std::make_move_iterator(parsed.entries.end()));
            }
            result.diagnostics.insert(result.diagnostics.end(),
                                      std::make_move_iterator(parsed.diagnostics.begin()),
                                      std::make_move_iterator(parsed.diagnostics.end()));
        }
    }
    if (!ascending)
        ascendingTypeHashes.clear(); // buildSorted checks the order itself
    result.library = OpLibrary::buildSorted(std::move(stores), std::move(files), std::move(entries),
                                            ascendingTypeHashes);
    noteRefusal(result);
    return result;
}

LibraryLoadResult loadLibraryFile(const std::string &path)
{
    return loadStores({LibrarySourceSpec {path, guessKind(path), {}}});
}

LibraryLoadResult loadSocFolder(const std::string &folder)
{
    return loadStores({LibrarySourceSpec {folder, guessKind(folder), {}}});
}

LibraryLoadResult loadOppRoot(const std::string &oppFolder, const std::string &soc,
                              const std::vector<std::string> &customOppPaths)
{
    std::vector<Diagnostic> diagnostics;
    const fs::path root(oppFolder);
    const fs::path builtInConfig = root / "built-in" / kConfigSubPath;
    std::string socName = resolveSoc(builtInConfig, soc, diagnostics);
    if (socName.empty())
        return withDiagnostics(LibraryLoadResult {}, std::move(diagnostics));

    std::vector<LibrarySourceSpec> specs;
    for (const std::string &custom : customOppPaths) {
        const fs::path config = fs::path(custom) / kConfigSubPath / socName;
        if (isDirectory(config))
            specs.push_back({config.string(), LibraryStore::Kind::Custom, custom});
        else if (isDirectory(custom) && hasJsonFiles(custom))
            specs.push_back({custom, LibraryStore::Kind::Custom, custom});
        else
            diagnostics.push_back(
                fileDiagnostic(Severity::Note, custom, "L3",
                               CoreText::tr("custom opp path has no library for %1", socName),
                               CoreText::tr("expected %1/%2", kConfigSubPath, socName)));
    }
    const fs::path vendors = root / "vendors";
    const fs::path configIni = vendors / "config.ini";
    std::error_code ec;
    if (fs::exists(configIni, ec)) {
        for (const std::string &vendor : vendorLoadPriority(configIni.string(), diagnostics)) {
            const fs::path config = vendors / vendor / kConfigSubPath / socName;
            if (isDirectory(config))
                specs.push_back({config.string(), LibraryStore::Kind::Vendor, vendor});
            else
                diagnostics.push_back(fileDiagnostic(
                    Severity::Note, (vendors / vendor).string(), "L3",
                    CoreText::tr("vendor '%1' has no library for %2", vendor, socName), {}));
        }
    } else if (isDirectory(vendors) && !subFolders(vendors).empty()) {
        diagnostics.push_back(
            fileDiagnostic(Severity::Warning, vendors.string(), "L3",
                           CoreText::tr("vendors/config.ini is missing: no vendor store is loaded"),
                           CoreText::tr("add config.ini with load_priority=<vendor>[,...]")));
    }
    specs.push_back({(builtInConfig / socName).string(), LibraryStore::Kind::BuiltIn, "built-in"});
    return withDiagnostics(loadStores(specs), std::move(diagnostics));
}

LibraryLoadResult loadLibraryPath(const std::string &path, const std::string &soc)
{
    std::error_code ec;
    const fs::file_status status = fs::status(path, ec);
    if (!fs::exists(status)) {
        LibraryLoadResult result;
        result.diagnostics.push_back(fileDiagnostic(Severity::Error, path, "io",
                                                    CoreText::tr("library path does not exist"),
                                                    CoreText::tr("check the path")));
        return result;
    }
    if (!fs::is_directory(status))
        return loadLibraryFile(path);
    const fs::path folder(path);
    if (isDirectory(folder / "built-in") || isDirectory(folder / "vendors"))
        return loadOppRoot(path, soc);
    std::vector<Diagnostic> diagnostics;
    if (isDirectory(folder / kConfigSubPath)) {
        const std::string socName = resolveSoc(folder / kConfigSubPath, soc, diagnostics);
        if (socName.empty())
            return withDiagnostics(LibraryLoadResult {}, std::move(diagnostics));
        const std::string store = (folder / kConfigSubPath / socName).string();
        return loadStores({LibrarySourceSpec {store, guessKind(store), path}});
    }
    if (hasJsonFiles(path) || subFolders(folder).empty())
        return loadSocFolder(path);
    const std::string socName = resolveSoc(folder, soc, diagnostics); // a .../tbe/config folder
    if (socName.empty())
        return withDiagnostics(LibraryLoadResult {}, std::move(diagnostics));
    return loadSocFolder((folder / socName).string());
}

} // namespace opsinfo
