#include "cli/cmd_librarydiff.h"

#include "cli/argparser.h"
#include "cli/clicommon.h"
#include "cli/clilibrary.h"
#include "cli/clioutput.h"
#include "cli/namefilter.h"
#include "common/outputfile.h"
#include "diff/atlassources.h"
#include "diff/policyatlas.h"
#include "diff/policydiff.h"
#include "export/policyatlasexport.h"
#include "export/transitionmatrixexport.h"
#include "library/socfolders.h"
#include "mixlist/oppolicy.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <set>

namespace opsinfo {

namespace {

namespace fs = std::filesystem;

// One policy source on the command line: a path, the soc to pick in it, its name in the output.
struct Source
{
    std::string path;
    std::string soc;
    std::string name;
};

void nameSources(std::vector<Source> &sources)
{
    std::vector<AtlasSourceSpec> specs;
    for (const Source &s : sources)
        specs.push_back({s.path, s.soc});
    const std::vector<std::string> names = atlasSourceNames(specs);
    for (std::size_t i = 0; i < sources.size(); ++i)
        sources[i].name = names[i];
}

int twoSourceDiff(const ArgParser &p, const std::vector<Source> &sources, const PolicyTable &ta,
                  const PolicyTable &tb, const NameFilter *filter, std::ostream &out,
                  std::ostream &err)
{
    PolicyDiff diff = diffPolicies(ta, tb, PolicyDiffOptions {!p.has("common-only"), false});
    if (filter) {
        // The matrix counts only the matching types too.
        PolicyDiff kept;
        const PolicyDiff all = diffPolicies(ta, tb, PolicyDiffOptions {true, true});
        for (const PolicyDiffRow &r : all.rows) {
            if (!filter->matches(r.type))
                continue;
            kept.matrix.add(r.a, r.b);
            if (!r.changed())
                ++kept.unchanged;
            else if ((r.a && r.b) || !p.has("common-only")) {
                ++kept.transitions[r.transition()];
                kept.rows.push_back(r);
            }
        }
        diff = std::move(kept);
    }
    const std::string &nameA = sources[0].name, &nameB = sources[1].name;
    if (p.has("svg")) {
        const std::string title = "Transition matrix: " + nameA + " -> " + nameB;
        if (const int code = writeOutputForCli(
                p.value("svg"), transitionMatrixSvg(diff.matrix, nameA, nameB, title), p.inputs(),
                err);
            code != ExitOk)
            return code;
        err << "opsinfo: transition matrix written to " << p.value("svg") << "\n";
    }
    if (p.has("matrix")) {
        if (p.has("json")) {
            writeJson(out, err,
                      {{"a", nameA},
                       {"b", nameB},
                       {"matrix", transitionMatrixJson(diff.matrix)},
                       {"only_a", onlyOneSideJson(diff.matrix, true)},
                       {"only_b", onlyOneSideJson(diff.matrix, false)},
                       {"unchanged", diff.unchanged}});
            return ExitOk;
        }
        const bool absent = diff.matrix.onlyACount() + diff.matrix.onlyBCount() > 0;
        std::vector<std::string> header {"A \\ B"};
        for (Policy b : TransitionMatrix::order)
            header.push_back(policyName(b));
        if (absent)
            header.push_back("absent");
        std::vector<std::vector<std::string>> rows;
        for (Policy a : TransitionMatrix::order) {
            std::vector<std::string> row {policyName(a)};
            for (Policy b : TransitionMatrix::order)
                row.push_back(std::to_string(diff.matrix.count(a, b)));
            if (absent)
                row.push_back(std::to_string(diff.matrix.onlyA(a)));
            rows.push_back(std::move(row));
        }
        if (absent) {
            std::vector<std::string> row {"absent"};
            for (Policy b : TransitionMatrix::order)
                row.push_back(std::to_string(diff.matrix.onlyB(b)));
            row.push_back("");
            rows.push_back(std::move(row));
        }
        out << "A: " << nameA << "\nB: " << nameB << "\n\n"
            << formatTable(header, rows) << "\n"
            << diff.matrix.changed() << " op types change colour, " << diff.unchanged << " keep it";
        if (absent)
            out << ", " << diff.matrix.onlyACount() << " only in A, " << diff.matrix.onlyBCount()
                << " only in B";
        out << "\n";
        return ExitOk;
    }
    if (p.has("json")) {
        nlohmann::json rows = nlohmann::json::array();
        for (const PolicyDiffRow &r : diff.rows)
            rows.push_back({{"op_type", r.type},
                            {"a", r.a ? policyName(*r.a) : "absent"},
                            {"b", r.b ? policyName(*r.b) : "absent"}});
        writeJson(
            out, err,
            {{"changed", rows}, {"transitions", diff.transitions}, {"unchanged", diff.unchanged}});
        return ExitOk;
    }
    std::vector<std::vector<std::string>> rows;
    for (const PolicyDiffRow &r : diff.rows)
        rows.push_back(
            {r.type, r.a ? policyName(*r.a) : "absent", r.b ? policyName(*r.b) : "absent"});
    out << formatTable({"OP TYPE", "A", "B"}, rows) << "\n";
    for (const auto &[transition, count] : diff.transitions)
        out << transition << ": " << count << "\n";
    out << "unchanged: " << diff.unchanged << "\n";
    return ExitOk;
}

int atlasOutput(const ArgParser &p, PolicyAtlas atlas, const NameFilter *filter, std::ostream &out,
                std::ostream &err)
{
    if (filter || p.has("differing-only") || p.has("common-only")) {
        PolicyAtlas kept;
        kept.sources = atlas.sources;
        for (AtlasRow &row : atlas.rows) {
            if (filter && !filter->matches(row.type))
                continue;
            if (p.has("differing-only") && row.difference == AtlasDifference::None)
                continue;
            if (p.has("common-only")
                && std::any_of(row.cells.begin(), row.cells.end(),
                               [](const AtlasCell &c) { return !c.present(); }))
                continue;
            ++(row.difference == AtlasDifference::Colour         ? kept.colourDiffers
                   : row.difference == AtlasDifference::Presence ? kept.presenceDiffers
                                                                 : kept.same);
            kept.rows.push_back(std::move(row));
        }
        atlas = std::move(kept);
    }
    if (p.has("svg")) {
        const std::string svg = policyAtlasSvg(
            atlas, "Policy atlas: " + std::to_string(atlas.sources.size()) + " sources");
        if (const int code = writeOutputForCli(p.value("svg"), svg, p.inputs(), err);
            code != ExitOk)
            return code;
        err << "opsinfo: atlas written to " << p.value("svg") << "\n";
    }
    if (p.has("csv")) {
        out << policyAtlasCsv(atlas);
        return ExitOk;
    }
    if (p.has("json")) {
        writeJson(out, err, policyAtlasJson(atlas));
        return ExitOk;
    }
    std::vector<std::string> header {"OP TYPE", "DIFFERS"};
    for (const std::string &s : atlas.sources)
        header.push_back(s);
    std::vector<std::vector<std::string>> rows;
    for (const AtlasRow &row : atlas.rows) {
        std::vector<std::string> line {
            row.type,
            row.difference == AtlasDifference::None ? "" : atlasDifferenceName(row.difference)};
        for (const AtlasCell &cell : row.cells)
            line.push_back(cell.present() ? policyName(*cell.policy) : "-");
        rows.push_back(std::move(line));
    }
    out << formatTable(header, rows) << "\n"
        << atlas.rows.size() << " op types: " << atlas.colourDiffers << " differ in colour, "
        << atlas.presenceDiffers << " are missing from some sources, " << atlas.same
        << " are the same everywhere\n";
    return ExitOk;
}

// The command line of `opsinfo library diff`.
ArgParser libraryDiffParser()
{
    ArgParser p(
        "opsinfo library diff",
        "Compare the effective colours of two libraries (e.g. two SoCs), or of one library with and\n"
        "without a mixlist (give the same library twice and --mixlist-b). With more than two\n"
        "libraries (or --each-soc, or --atlas): the policy atlas, a colour per op type and library.");
    p.positional("LIBRARY", "libraries to compare: two for a diff, more for the atlas", true)
        .reads()
        .option("mixlist-a", "F", "mixlist applied to the first library (two libraries only)")
        .reads()
        .option("mixlist-b", "F", "mixlist applied to the second library (two libraries only)")
        .reads()
        .option("mixlist", "F", "mixlist applied to every library")
        .reads()
        .option("soc", "SOC", "soc folder name or SoC version when a path is an opp folder")
        .flag("each-soc",
              "every soc folder of an opp, store or config folder is a library of its own")
        .flag("each-file",
              "every .json/.ini file of a folder is a library of its own (user copies)")
        .flag("common-only", "leave out op types present in only some libraries")
        .option(
            "filter", "REGEX",
            "only op types matching this RE2 regular expression, searched anywhere in the name\n"
            "                              (case-sensitive; (?i) at the start ignores case)")
        .flag("matrix", "two libraries: the 3x3 white/black/gray transition matrix with counts")
        .flag("atlas", "show two libraries as an atlas too")
        .flag("differing-only", "atlas: only op types whose colour or presence differs")
        .option("svg", "FILE", "also write the matrix (two libraries) or the atlas as SVG")
        .writes()
        .flag("csv", "the atlas as CSV: a header, then one row per op type of any library")
        .flag("json", "machine-readable output")
        .conflicts("csv", "json")
        .conflicts("mixlist", "mixlist-a")
        .conflicts("mixlist", "mixlist-b")
        .conflicts("csv", "matrix");
    addStrictLibraryOption(p);
    return p;
}

// The LIBRARY arguments as sources: with --each-soc each soc folder, with --each-file each file
// of a folder; the exit code when a folder has none.
std::optional<int> collectSources(const ArgParser &p, std::vector<Source> &sources,
                                  std::ostream &err)
{
    for (const std::string &path : p.values("LIBRARY")) {
        const std::vector<std::string> socs
            = p.has("each-soc") ? socFoldersOf(path) : std::vector<std::string> {};
        if (p.has("each-soc") && socs.empty() && !p.has("each-file")) {
            err << "opsinfo library diff: --each-soc: " << path
                << " has no soc folders (give an opp root, a store root with op_impl/ai_core/tbe/config, or a config folder)\n";
            return ExitUsage;
        }
        for (const std::string &soc : socs)
            sources.push_back({path, soc, {}});
        if (!socs.empty())
            continue;
        if (p.has("each-file")) {
            const std::vector<std::string> files = libraryFilesIn(path);
            if (files.empty()) {
                err << "opsinfo library diff: --each-file: " << path
                    << " is not a folder with .json or .ini files (give the folder of the copies)\n";
                return ExitUsage;
            }
            // A folder of one file is that library either way: it keeps the folder's name.
            if (files.size() == 1)
                sources.push_back({path, {}, {}});
            else
                for (const std::string &file : files)
                    sources.push_back({file, {}, {}});
            continue;
        }
        // --soc picks in a path that offers several; a soc folder or a file is the library itself.
        sources.push_back({path, socFoldersOf(path).empty() ? std::string() : p.value("soc"), {}});
    }
    return std::nullopt;
}

// --mixlist (every library), --mixlist-a and --mixlist-b.
struct SourceMixlists
{
    std::optional<Mixlist> common, a, b;
};

std::optional<int> loadSourceMixlists(const ArgParser &p, SourceMixlists &mixlists,
                                      std::ostream &err)
{
    return loadMixlistOptionsForCli(
        p, {{"mixlist", &mixlists.common}, {"mixlist-a", &mixlists.a}, {"mixlist-b", &mixlists.b}},
        err);
}

// Two libraries: each one's colours under its mixlist, compared.
int diffTwoSources(const ArgParser &p, const std::vector<Source> &sources,
                   const SourceMixlists &mixlists, const NameFilter *filter, std::ostream &out,
                   std::ostream &err)
{
    const auto a
        = loadLibrariesForCli({sources[0].path}, sources[0].soc, err, refusedLibraryOption(p));
    if (!a)
        return a.exitCode();
    const auto b
        = loadLibrariesForCli({sources[1].path}, sources[1].soc, err, refusedLibraryOption(p));
    if (!b)
        return b.exitCode();
    const std::optional<Mixlist> &common = mixlists.common;
    const Mixlist *mixA = common ? &*common : mixlists.a ? &*mixlists.a : nullptr;
    const Mixlist *mixB = common ? &*common : mixlists.b ? &*mixlists.b : nullptr;
    const std::string pathA = common ? p.value("mixlist") : p.value("mixlist-a");
    const std::string pathB = common ? p.value("mixlist") : p.value("mixlist-b");
    return twoSourceDiff(p, sources, PolicyTable::compute(*a, mixA, pathA),
                         PolicyTable::compute(*b, mixB, pathB), filter, out, err);
}

// More libraries: the atlas, a column per library under --mixlist.
int atlasOfSources(const ArgParser &p, const std::vector<Source> &sources,
                   const SourceMixlists &mixlists, const NameFilter *filter, std::ostream &out,
                   std::ostream &err)
{
    std::vector<AtlasColumn> columns;
    for (const Source &source : sources) {
        const auto library
            = loadLibrariesForCli({source.path}, source.soc, err, refusedLibraryOption(p));
        if (!library)
            return library.exitCode();
        columns.push_back(atlasColumn(source.name, *library,
                                      mixlists.common ? &*mixlists.common : nullptr,
                                      p.value("mixlist")));
    }
    return atlasOutput(p, buildAtlas(columns), filter, out, err);
}

} // namespace

int libraryDiff(const std::vector<std::string> &args, std::ostream &out, std::ostream &err)
{
    ArgParser p = libraryDiffParser();
    if (const auto exit = p.parseOrExit(args, out, err))
        return *exit;
    std::vector<Source> sources;
    if (const auto exit = collectSources(p, sources, err))
        return *exit;
    const bool atlas = sources.size() > 2 || p.has("atlas") || p.has("csv");
    if (sources.size() < 2) {
        err << "opsinfo library diff: give two libraries (a diff) or more (the atlas); one opp folder with --each-soc "
               "gives every soc in it\n";
        return ExitUsage;
    }
    if (atlas && (p.has("mixlist-a") || p.has("mixlist-b") || p.has("matrix"))) {
        err << "opsinfo library diff: --mixlist-a, --mixlist-b and --matrix compare two libraries; the atlas "
               "takes --mixlist (applied to every library)\n";
        return ExitUsage;
    }
    std::unique_ptr<NameFilter> filter;
    if (p.has("filter")
        && !(filter = NameFilter::parse(p.value("filter"), "opsinfo library diff", err)))
        return ExitUsage;
    nameSources(sources);
    SourceMixlists mixlists;
    if (const auto exit = loadSourceMixlists(p, mixlists, err))
        return *exit;
    return atlas ? atlasOfSources(p, sources, mixlists, filter.get(), out, err)
                 : diffTwoSources(p, sources, mixlists, filter.get(), out, err);
}

} // namespace opsinfo
