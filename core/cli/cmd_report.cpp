// `opsinfo report`: one self-contained HTML page of a prediction (core/export/htmlreport.h).
#include "cli/cli.h"
#include "cli/clicommon.h"
#include "cli/clievidence.h"
#include "cli/clifrontend.h"
#include "cli/cliresolve.h"
#include "cli/commands.h"
#include "cli/progress.h"
#include "common/outputfile.h"
#include "diff/resolutiondiff.h"
#include "export/htmlreport.h"
#include "layout/scopetree.h"
#include "resolver/modesweep.h"
#include "resolver/policysource.h"

#include <deque>

namespace opsinfo {

namespace {

ArgParser reportParser()
{
    ArgParser p(
        "opsinfo report",
        "Write one self-contained HTML page (no network: scp it from the server and open it):\n"
        "the graph coloured by the predicted dtype with pan, zoom and search, each node's\n"
        "explanation with rule ids (as 'opsinfo resolve --json' gives it), the Casts, what\n"
        "--mixlist changes against the library alone, evidence badges and, with --all-modes,\n"
        "the per-mode chart and a mode switch.");
    p.positional("GRAPH", "the graph file").reads();
    addResolveOptions(p);
    p.option(
         "mode", "MODE",
         "precision_mode the graph is coloured and explained by; with --all-modes the one the\n"
         "                              page opens with; with --front-end it may be left out: its default")
        .flag("all-modes", "resolve every mode: the mode chart and a mode switch in the page")
        .option("collapse-depth", "N",
                "draw every name scope at depth N as one block (0: every node); default: 2 above "
                    + std::to_string(kOverviewAbove) + " nodes, as the app opens a graph")
        .option("output", "FILE.html", "the page to write (required; never one of the inputs)",
                false, "o")
        .writes();
    addEvidenceOptions(p, true);
    p.epilog(
        "Ctrl-C stops it before anything is written: the page is saved in one step at the end.");
    return p;
}

bool readCollapseDepth(const ArgParser &p, int &depth, std::ostream &err)
{
    if (!p.has("collapse-depth"))
        return true;
    const std::string text = p.value("collapse-depth");
    if (text.empty() || text.size() > 3
        || text.find_first_not_of("0123456789") != std::string::npos) {
        err << "opsinfo report: --collapse-depth takes a number from 0 to 999, not '" << text
            << "'\n";
        return false;
    }
    depth = std::stoi(text);
    return true;
}

// The modes the page holds, the one it opens with first.
std::vector<PrecisionMode> reportModes(PrecisionMode first, bool all)
{
    std::vector<PrecisionMode> modes {first};
    if (all)
        for (PrecisionMode m : kAllPrecisionModes)
            if (m != first)
                modes.push_back(m);
    return modes;
}

// The options of `report` that are no input file, checked.
struct ReportOptions
{
    int collapseDepth = -1;
    FlagThresholds thresholds;
};

std::optional<ReportOptions> readReportOptions(const ArgParser &parser, std::ostream &err)
{
    if (!parser.has("output")) {
        err << "opsinfo report: give -o FILE.html (the page to write)\n";
        return std::nullopt;
    }
    if (!parser.has("mode") && !parser.has("all-modes") && !parser.has("front-end")) {
        err << "opsinfo report: give --mode MODE, --all-modes, or --front-end ID (its default mode)\n";
        return std::nullopt;
    }
    ReportOptions options;
    if (!readCollapseDepth(parser, options.collapseDepth, err))
        return std::nullopt;
    const auto thresholds = thresholdsForCli(parser, err);
    if (!thresholds)
        return std::nullopt;
    options.thresholds = *thresholds;
    return options;
}

// The mode the page opens with and, with --front-end, its plan; the exit code when there is
// none or the front end decides no node.
std::optional<int> reportFirstMode(const ArgParser &parser, ResolveInputs &in,
                                   std::optional<FrontEndPlan> &plan, PrecisionMode &first,
                                   std::ostream &err)
{
    if (in.frontEnd) {
        int code = 0;
        plan = planForCli(*in.frontEnd, parser.value("mode"), in, err, code);
        if (!plan)
            return code;
        if (plan->path == PrecisionPath::CubeMath) {
            err << "opsinfo report: on --front-end " << frontEndId(*in.frontEnd)
                << " no graph goes through FE, so there is no per-node prediction to draw; "
                   "see 'opsinfo resolve --front-end "
                << frontEndId(*in.frontEnd) << "'\n";
            return ExitUsage;
        }
        restrictToPlan(*plan, in);
        first = plan->mode;
    } else if (parser.has("mode")) {
        auto parsed = modeForCli(parser.value("mode"), in, err);
        if (!parsed)
            return parsed.exitCode();
        first = *parsed;
    }
    return std::nullopt;
}

// The --evidence files, each joined to the graph.
struct ReportEvidence
{
    std::optional<LoadedEvidence> loaded;
    std::vector<FileJoin> joins;
};

std::optional<int> loadReportEvidence(const ArgParser &parser, const ResolveInputs &in,
                                      ReportEvidence &evidence, std::ostream &err)
{
    if (!parser.has("evidence"))
        return std::nullopt;
    auto loaded = loadEvidenceForCli(parser.values("evidence"), parser, err);
    if (!loaded)
        return loaded.exitCode();
    evidence.loaded = std::move(*loaded);
    const JoinContext context {in.graph.get(), &in.library, &evidence.loaded->apiMap};
    for (const EvidenceFile &file : evidence.loaded->files)
        evidence.joins.push_back(joinEvidence(file, context));
    return std::nullopt;
}

// What the page is drawn from: `page` points into the rest.
struct ReportData
{
    std::deque<Resolution> resolutions; // stable addresses: the report and the diff point in
    std::optional<Resolution> alone;
    ResolutionDiff diff;
    HtmlReportInput page;
};

// Each mode resolved (the first under the front end's plan), with the page's header fields.
void resolveReportModes(const ArgParser &parser, const Resolver &resolver, const ResolveInputs &in,
                        const FrontEndPlan *plan, const std::vector<PrecisionMode> &modes,
                        Progress &progress, ReportData &data)
{
    for (std::size_t m = 0; m < modes.size(); ++m) {
        progress.update(m, precisionModeName(modes[m]));
        data.resolutions.push_back(
            resolver.resolve(modes[m], tablePolicies(in.policies), in.options));
        if (plan && m == 0)
            applyFrontEndPlan(*plan, data.resolutions.back());
    }
    data.page.graph = in.graph.get();
    data.page.graphPath = parser.value("GRAPH");
    std::string libraries;
    for (const std::string &l : parser.values("library"))
        libraries += (libraries.empty() ? "" : ", ") + l;
    data.page.libraryLabel = libraries.empty() ? "no library" : libraries;
    for (const Resolution &r : data.resolutions)
        data.page.modes.push_back(&r);
}

// What --mixlist changes against the library alone, under the first mode.
void addMixlistDiff(const Resolver &resolver, const ResolveInputs &in, const FrontEndPlan *plan,
                    PrecisionMode first, ReportData &data)
{
    const PolicyTable table = PolicyTable::compute(in.library, nullptr);
    data.alone = resolver.resolve(first, tablePolicies(table), in.options);
    if (plan)
        applyFrontEndPlan(*plan, *data.alone);
    data.diff = diffResolutions(*in.graph, *data.alone, data.resolutions.front());
    data.page.mixlistDiff = &data.diff;
    data.page.mixlistPath = in.mixlistPath;
}

// Writes the page; exit 1 when a mode has errors or an evidence file had some.
int writeReportPage(const ArgParser &parser, const ResolveInputs &in, const std::string &html,
                    const ReportData &data, const ReportEvidence &evidence, std::ostream &err)
{
    if (const int written = writeOutputForCli(parser.value("output"), html, parser.inputs(), err);
        written != ExitOk)
        return written;
    err << "opsinfo: report written to " << parser.value("output") << " (" << html.size() / 1024
        << " KiB, " << in.graph->nodes().size() << " nodes, " << data.resolutions.size()
        << " mode(s))\n";
    std::size_t errors = 0;
    for (const Resolution &r : data.resolutions)
        errors += r.summary.errors;
    return errors > 0 || (evidence.loaded && evidence.loaded->anyErrors) ? ExitInputErrors : ExitOk;
}

} // namespace

int runReportCommand(const std::vector<std::string> &args, std::ostream &out, std::ostream &err)
{
    ArgParser parser = reportParser();
    if (const auto exit = parser.parseOrExit(args, out, err))
        return *exit;
    const std::optional<ReportOptions> options = readReportOptions(parser, err);
    if (!options)
        return ExitUsage;
    int code = 0;
    auto in = readResolveInputs(parser, parser.value("GRAPH"), err, code);
    const LeaveToExit keepInputs(in);
    if (!in)
        return code;
    std::optional<FrontEndPlan> plan;
    PrecisionMode first = kAllPrecisionModes.front();
    if (const auto exit = reportFirstMode(parser, *in, plan, first, err))
        return *exit;
    ReportEvidence evidence;
    if (const auto exit = loadReportEvidence(parser, *in, evidence, err))
        return *exit;

    const Resolver resolver(*in->graph, in->library);
    printDiagnostics(resolver.diagnostics(), err);
    const std::vector<PrecisionMode> modes = reportModes(first, parser.has("all-modes"));
    const FrontEndPlan *frontEndPlan = plan ? &*plan : nullptr;
    // Stages: each mode, the library alone (for the mixlist diff), the chart sweep, the page.
    Progress progress(err, "report", modes.size() + 3);
    ReportData data;
    resolveReportModes(parser, resolver, *in, frontEndPlan, modes, progress, data);
    if (in->mixlist) {
        progress.update(modes.size(), "library alone");
        addMixlistDiff(resolver, *in, frontEndPlan, first, data);
    }
    if (parser.has("all-modes")) {
        progress.update(modes.size() + 1, "mode chart");
        data.page.modeChart = summarizeModes(resolver, tablePolicies(in->policies), in->options,
                                             {in->soc, in->platformIni}, 0);
    }
    if (evidence.loaded) {
        data.page.evidence = &evidence.loaded->files;
        data.page.evidenceJoins = &evidence.joins;
        data.page.thresholds = options->thresholds;
    }
    data.page.collapseDepth = options->collapseDepth;
    progress.update(modes.size() + 2, "page");
    const std::string html = htmlReport(data.page);
    progress.finish();
    return writeReportPage(parser, *in, html, data, evidence, err);
}

} // namespace opsinfo
