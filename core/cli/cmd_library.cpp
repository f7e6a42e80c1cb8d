#include "cli/cli.h"
#include "cli/clicommon.h"
#include "cli/clieditedfile.h"
#include "cli/clilibrary.h"
#include "cli/clioutput.h"
#include "cli/cmd_librarydiff.h"
#include "cli/cmd_libraryfix.h"
#include "cli/commands.h"
#include "cli/namefilter.h"
#include "common/filestamp.h"
#include "common/outputfile.h"
#include "library/editopsinfo.h"
#include "library/libraryfilereader.h"
#include "library/savefile.h"
#include "mixlist/oppolicy.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <filesystem>
#include <map>

namespace opsinfo {

namespace {

std::optional<Policy> parseListName(const std::string &name)
{
    if (name == "white")
        return Policy::White;
    if (name == "black")
        return Policy::Black;
    if (name == "gray" || name == "grey")
        return Policy::Gray;
    return std::nullopt;
}

std::string dtypeSummary(const OpEntry &op)
{
    if (op.columnCount() == 0)
        return op.dynamicFormat ? "(dynamic)" : "";
    std::vector<std::string> names;
    for (const auto *tensors : {&op.inputs, &op.outputs})
        for (const TensorInfo &t : *tensors)
            for (DType d : t.dtypes)
                if (std::find(names.begin(), names.end(), dtypeName(d)) == names.end())
                    names.push_back(dtypeName(d));
    std::string out;
    for (const auto &n : names)
        out += (out.empty() ? "" : ",") + n;
    return out;
}

// {"count": N, "first": {file, line, column}} — null first when the compiler accepts the library.
nlohmann::json refusalJson(const StoreRefusal &refusal)
{
    nlohmann::json first = nullptr;
    if (refusal.refused())
        first = {{"file", refusal.first.file},
                 {"line", refusal.first.line},
                 {"column", refusal.first.column}};
    return {{"count", refusal.problems}, {"first", first}};
}

std::string fileName(const OpLibrary &lib, const OpEntry &op)
{
    if (op.fileIndex < 0 || std::size_t(op.fileIndex) >= lib.files().size())
        return {};
    return lib.files()[std::size_t(op.fileIndex)].path;
}

int libraryShow(const std::vector<std::string> &args, std::ostream &out, std::ostream &err)
{
    ArgParser p("opsinfo library show",
                "List the op types of a library with their colour, kind, source and dtypes.");
    p.positional("PATH",
                 "ops-info .json/.ini, soc folder or opp folder (several = stores, first wins)",
                 true)
        .reads()
        .option("soc", "SOC", "soc folder name or SoC version when PATH is an opp folder")
        .option(
            "filter", "REGEX",
            "only op types matching this RE2 regular expression, searched anywhere in the name\n"
            "                              (case-sensitive; (?i) at the start ignores case; 'Conv|MatMul', '^Add$')")
        .option("list", "COLOUR", "only white, black or gray op types")
        .flag("json", "machine-readable output");
    addStrictLibraryOption(p);
    if (const auto exit = p.parseOrExit(args, out, err))
        return *exit;
    std::optional<Policy> only;
    if (p.has("list") && !(only = parseListName(p.value("list")))) {
        err << "opsinfo library show: --list takes white, black or gray\n";
        return ExitUsage;
    }
    std::unique_ptr<NameFilter> filter;
    if (p.has("filter")
        && !(filter = NameFilter::parse(p.value("filter"), "opsinfo library show", err)))
        return ExitUsage;
    const auto lib
        = loadLibrariesForCli(p.values("PATH"), p.value("soc"), err, refusedLibraryOption(p));
    if (!lib)
        return lib.exitCode();
    nlohmann::json rows = nlohmann::json::array();
    std::vector<std::vector<std::string>> table;
    for (const OpEntry &op : lib->ops()) {
        if (only && op.policy != *only)
            continue;
        if (filter && !filter->matches(op.type))
            continue;
        const auto shadowed = lib->shadowed(op.type);
        const std::string file = fileName(*lib, op);
        rows.push_back({{"op_type", op.type},
                        {"list", policyName(op.policy)},
                        {"kind", lib->isCube(op.type) ? "cube" : "vector"},
                        {"file", file},
                        {"line", op.location.line},
                        {"shadowed", shadowed.size()},
                        {"dtypes", dtypeSummary(op)},
                        {"dynamic_format", op.dynamicFormat}});
        table.push_back({op.type, policyName(op.policy), lib->isCube(op.type) ? "cube" : "vector",
                         std::filesystem::path(file).filename().string() + ":"
                             + std::to_string(op.location.line),
                         shadowed.empty() ? "" : std::to_string(shadowed.size()),
                         dtypeSummary(op)});
    }
    if (p.has("json"))
        writeJson(out, err, rows);
    else
        out << formatTable({"OP TYPE", "LIST", "KIND", "SOURCE", "SHADOWS", "DTYPES"}, table);
    return ExitOk;
}

int libraryStats(const std::vector<std::string> &args, std::ostream &out, std::ostream &err)
{
    ArgParser p("opsinfo library stats",
                "Count ops, files, colours and shadowed entries of a library.");
    p.positional("PATH",
                 "ops-info .json/.ini, soc folder or opp folder (several = stores, first wins)",
                 true)
        .reads()
        .option("soc", "SOC", "soc folder name or SoC version when PATH is an opp folder")
        .flag("json", "machine-readable output");
    addStrictLibraryOption(p);
    if (const auto exit = p.parseOrExit(args, out, err))
        return *exit;
    const auto start = std::chrono::steady_clock::now();
    auto lib = loadLibrariesForCli(p.values("PATH"), p.value("soc"), err, refusedLibraryOption(p));
    const LeaveToExit keepLibrary(lib);
    const double seconds
        = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (!lib)
        return lib.exitCode();
    std::size_t white = 0, black = 0, gray = 0, cube = 0;
    for (const OpEntry &op : lib->ops())
        ++(op.policy == Policy::White ? white : op.policy == Policy::Black ? black : gray);
    // Winning types are unique: the cube ops present are the cube list's types found (a few dozen
    // lookups instead of one per op).
    for (const std::string &type : lib->cubeOps().types())
        cube += lib->find(type) ? 1 : 0;
    nlohmann::json files = nlohmann::json::array();
    for (const LibraryFile &f : lib->files())
        files.push_back({{"path", f.path},
                         {"store", lib->stores()[std::size_t(f.storeIndex)].name},
                         {"ops", f.opCount}});
    if (p.has("json")) {
        writeJson(out, err,
                  {{"ops", lib->ops().size()},
                   {"files", files},
                   {"white", white},
                   {"black", black},
                   {"gray", gray},
                   {"cube", cube},
                   {"shadowed", lib->allShadowed().size()},
                   {"problems", refusalJson(lib->refusal())},
                   {"load_seconds", seconds}});
        return ExitOk;
    }
    out << "ops:       " << lib->ops().size() << " (" << cube << " cube, "
        << lib->ops().size() - cube << " vector)\n"
        << "white:     " << white << "\nblack:     " << black << "\ngray:      " << gray
        << "\nshadowed:  " << lib->allShadowed().size()
        << " entries\nfiles:     " << lib->files().size() << "\n";
    for (const LibraryFile &f : lib->files())
        out << "  " << f.path << " (" << f.opCount << " ops, "
            << lib->stores()[std::size_t(f.storeIndex)].name << ")\n";
    if (const StoreRefusal &refusal = lib->refusal(); refusal.refused())
        out << "problems:  " << refusal.problems << " (the compiler refuses this library; first at "
            << refusal.first.file << ":" << refusal.first.line << ":" << refusal.first.column
            << ")\n";
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.3f", seconds);
    out << "load time: " << buffer << " s\n";
    return ExitOk;
}

int librarySet(const std::vector<std::string> &args, std::ostream &out, std::ostream &err)
{
    ArgParser p(
        "opsinfo library set",
        "Set the list (precision_reduce.flag) of op types, changing only those bytes of the file.");
    p.positional("PATH",
                 "ops-info .json file, or a soc folder (the file defining each op is edited)")
        .reads()
        .option("op", "TYPE", "op type to change", true)
        .option("list", "COLOUR",
                "white (flag true), black (flag false) or gray (no precision_reduce)");
    addEditedFileOutputOptions(p);
    addStrictLibraryOption(p);
    if (const auto exit = p.parseOrExit(args, out, err))
        return *exit;
    const auto policy = parseListName(p.value("list"));
    if (!policy || !p.has("op")) {
        err << "opsinfo library set: needs --op TYPE, --list white|black|gray and one of -o OUT or --in-place\n";
        return ExitUsage;
    }
    const std::string path = p.value("PATH");
    // Which file defines each op: the winning entry's file (L2), so a folder edit lands where the
    // compiler reads it.
    std::map<std::string, PolicyEdits> editsByFile;
    // A library the compiler refuses (L4, L6 ...) is still edited: the edit is written, and the
    // command says the store is still refused and ends with exit 1 (--strict: nothing is written).
    const auto lib = loadLibrariesForCli({path}, {}, err, refusedLibraryOption(p));
    if (!lib)
        return lib.exitCode();
    if (std::filesystem::is_directory(path)) {
        for (const std::string &type : p.values("op")) {
            const OpEntry *op = lib->find(type);
            if (!op) {
                err << "opsinfo library set: op type '" << type << "' is not in " << path << "\n";
                return ExitInputErrors;
            }
            editsByFile[fileName(*lib, *op)][type] = *policy;
        }
    } else {
        for (const std::string &type : p.values("op"))
            editsByFile[path][type] = *policy;
    }
    if (p.has("output") && editsByFile.size() > 1) {
        err << "opsinfo library set: these ops live in " << editsByFile.size()
            << " different files; use --in-place, or one -o per file\n";
        return ExitUsage;
    }
    // Every file is read and edited, and every save checked, before the first is written: a
    // refusal writes nothing.
    struct Pending
    {
        std::string target;
        OpsInfoEditResult result;
        SaveOptions options;
    };
    const InputSet inputs = p.inputs();
    std::vector<Pending> pending;
    for (const auto &[file, edits] : editsByFile) {
        std::string bytes;
        FileStamp stamp;
        if (const auto refused = readInputFile(
                file, {"an ops-info library file", kMaxLibraryFileBytes}, bytes, &stamp)) {
            printDiagnostics({refused->diagnostic()}, err);
            return ExitUsage;
        }
        OpsInfoEditor editor(bytes, file);
        OpsInfoEditResult result = editor.apply(edits);
        printDiagnostics(result.diagnostics, err);
        if (!result.ok())
            return ExitInputErrors;
        EditedFileTarget target = editedFileTarget(p, inputs, file, stamp);
        const std::vector<Diagnostic> problems = preflightSave(target.path, target.options);
        printDiagnostics(problems, err);
        if (hasErrors(problems))
            return ExitUsage;
        pending.push_back({target.path, std::move(result), target.options});
    }
    for (const Pending &edit : pending) {
        const SaveResult saved = saveFileAtomically(edit.target, edit.result.bytes, edit.options);
        printDiagnostics(saved.diagnostics, err);
        if (!saved.ok)
            return ExitUsage;
        err << "opsinfo: " << edit.result.changedOps << " op(s) changed in " << edit.target
            << (saved.backupPath.empty() ? "" : " (backup: " + saved.backupPath + ")") << "\n";
    }
    if (const StoreRefusal &refusal = lib->refusal(); refusal.refused())
        err << "opsinfo: the edit is written; the library still has " << refusal.problems
            << (refusal.problems == 1 ? " problem" : " problems")
            << " the compiler refuses (above): exit 1 until they are fixed ('opsinfo library fix' repairs the certain ones)\n";
    return ExitOk;
}

} // namespace

int runLibraryCommand(const std::vector<std::string> &args, std::ostream &out, std::ostream &err)
{
    return dispatchSubcommand(
        "library",
        {{"show", "list op types with colour, kind, source and dtypes", &libraryShow},
         {"stats", "counts per colour, files, shadowed entries, load time", &libraryStats},
         {"set", "change op colours, byte-preserving", &librarySet},
         {"fix", "repair what is certain (dtype spellings), byte-preserving", &libraryFix},
         {"diff", "compare two libraries (or one with/without a mixlist); more: the policy atlas",
          &libraryDiff}},
        args, out, err);
}

} // namespace opsinfo
