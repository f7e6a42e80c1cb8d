#include "cli/cliresolve.h"

#include "cli/clicommon.h"
#include "cli/clifrontend.h"
#include "cli/cligraph.h"
#include "cli/clilibrary.h"
#include "library/feini.h"

namespace opsinfo {

void addResolveOptions(ArgParser &p, bool withMixlist)
{
    p.option("library", "PATH",
             "ops-info library: .json file, soc folder or opp folder (several = stores)", true)
        .reads()
        .option("soc", "SOC",
                "SoC (Ascend910B1 or ascend910b): picks the soc folder, checks bf16 modes");
    if (withMixlist)
        p.option("mixlist", "F", "modify_mixlist file (read strictly, as the compiler reads it)")
            .reads();
    p.option("keep-dtype", "F", "--keep_dtype file (node names or OpType::X per line)")
        .reads()
        .option("customize-dtypes", "F", "--customize_dtypes file")
        .reads()
        .option("platform-ini", "F", "SoC platform ini (bf16 capability from Intrinsic_vconv)")
        .reads()
        .option(
            "fe-ini", "F",
            "FE's fe.ini: the cube-op list (fp16.op_type); default: the fe.ini of the opp folder\n"
            "                              opened with --library, else FE's built-in list of 27 types")
        .reads()
        .option("gray-rule", "RULE",
                "fe (G1-G5, default) or previous (G6: same as the previous op)")
        .option("op-map", "F", "extra ONNX/TF -> Ascend IR op map rows")
        .reads();
    addStrictLibraryOption(p);
    addFrontEndOption(p);
}

int applyFeIni(const ArgParser &p, OpLibrary &library, std::ostream &err)
{
    const std::vector<std::string> &paths = p.values("library");
    const std::string feIni = p.has("fe-ini") ? p.value("fe-ini")
        : paths.size() == 1                   ? findFeIni(paths.front())
                                              : "";
    if (!feIni.empty()) {
        // Through the CLI's guarded reader: --fe-ini is a user-named input like any other (size
        // cap, no folders or devices).
        const auto text = readFileForCli(feIni, InputLimits::SettingsIni, err);
        if (!text)
            return text.exitCode();
        std::vector<Diagnostic> diagnostics;
        CubeOpList cube = cubeOpsFromFeIniText(*text, feIni, diagnostics);
        printDiagnostics(diagnostics, err);
        if (hasErrors(diagnostics))
            return exitCodeFor(diagnostics);
        library.setCubeOps(std::move(cube));
    }
    err << "opsinfo: " << cubeOpsOrigin(library.cubeOps()) << "\n";
    return ExitOk;
}

std::string cubeOpsOrigin(const CubeOpList &cube)
{
    const std::string count = std::to_string(cube.types().size());
    return cube.isDefault()
        ? "cube-op list: FE's default (" + count + " types; no fe.ini given or found)"
        : "cube-op list: fp16.op_type of " + cube.source() + " (" + count + " types)";
}

std::optional<ResolveInputs> readResolveInputs(const ArgParser &p, const std::string &graphPath,
                                               std::ostream &err, int &exitCode)
{
    ResolveInputs in;
    exitCode = ExitInputErrors;
    const std::string grayRule = p.value("gray-rule", "fe");
    if (grayRule == "fe") {
        in.options.grayRule = GrayRule::FE;
    } else if (grayRule == "previous") {
        in.options.grayRule = GrayRule::Previous;
    } else {
        err << "opsinfo: --gray-rule takes 'fe' or 'previous', not '" << grayRule << "'\n";
        exitCode = ExitUsage;
        return std::nullopt;
    }
    in.soc = p.value("soc");
    if (p.has("platform-ini")) {
        auto text = readFileForCli(p.value("platform-ini"), InputLimits::SettingsIni, err);
        if (!text) {
            exitCode = text.exitCode();
            return std::nullopt;
        }
        in.platformIni = std::move(*text);
    }
    if (!readFrontEndOption(p, in.frontEnd, err)) {
        exitCode = ExitUsage;
        return std::nullopt;
    }
    const bool libraryNeeded
        = !in.frontEnd || frontEndTraits(*in.frontEnd).path != PrecisionPath::CubeMath;
    if (libraryNeeded || p.has("library")) {
        auto library
            = loadLibrariesForCli(p.values("library"), in.soc, err, refusedLibraryOption(p));
        if (!library) {
            exitCode = library.exitCode();
            return std::nullopt;
        }
        in.library = std::move(*library);
        if (const int code = applyFeIni(p, in.library, err); code != ExitOk) {
            exitCode = code;
            return std::nullopt;
        }
    }
    if (p.has("mixlist")) {
        in.mixlistPath = p.value("mixlist");
        auto mixlist = loadMixlistForCli(in.mixlistPath, false, err);
        if (!mixlist) {
            exitCode = mixlist.exitCode();
            return std::nullopt;
        }
        in.mixlist = std::move(*mixlist);
    }
    in.policies
        = PolicyTable::compute(in.library, in.mixlist ? &*in.mixlist : nullptr, in.mixlistPath);
    std::vector<Diagnostic> diagnostics;
    if (p.has("keep-dtype")) {
        const auto text = readFileForCli(p.value("keep-dtype"), InputLimits::KeepDtype, err);
        if (!text) {
            exitCode = text.exitCode();
            return std::nullopt;
        }
        in.options.keepDtype = std::make_shared<const KeepDtype>(
            parseKeepDtype(*text, p.value("keep-dtype"), diagnostics));
    }
    if (p.has("customize-dtypes")) {
        const auto text
            = readFileForCli(p.value("customize-dtypes"), InputLimits::CustomizeDtypes, err);
        if (!text) {
            exitCode = text.exitCode();
            return std::nullopt;
        }
        in.options.customizeDtypes = std::make_shared<const CustomizeDtypes>(
            parseCustomizeDtypes(*text, p.value("customize-dtypes"), diagnostics));
    }
    printDiagnostics(diagnostics, err);
    if (hasErrors(diagnostics)) {
        exitCode = exitCodeFor(diagnostics);
        return std::nullopt;
    }
    LoadedGraph graph = loadGraphForCli(graphPath, p.value("op-map"), err);
    if (!graph) {
        exitCode = graph.exitCode();
        return std::nullopt;
    }
    in.graph = std::move(*graph);
    if (in.options.keepDtype)
        printDiagnostics(
            keepDtypeEntriesNotInGraph(*in.options.keepDtype, *in.graph, p.value("keep-dtype")),
            err);
    exitCode = ExitOk;
    return in;
}

Loaded<PrecisionMode> modeForCli(const std::string &name, const ResolveInputs &inputs,
                                 std::ostream &err)
{
    std::string error;
    const auto mode = parsePrecisionMode(name, &error);
    if (!mode) {
        err << "opsinfo: " << error << "\n";
        return ExitUsage;
    }
    if (!inputs.soc.empty()) {
        if (const auto problem = checkModeForSoc(*mode, inputs.soc, inputs.platformIni)) {
            printDiagnostics({*problem}, err);
            if (problem->severity == Severity::Error)
                return ExitInputErrors; // the compiler refuses this mode on this SoC
        }
    }
    return *mode;
}

} // namespace opsinfo
