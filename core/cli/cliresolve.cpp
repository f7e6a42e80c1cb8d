#include "cli/cliresolve.h"

#include "cli/clicommon.h"
#include "cli/clifrontend.h"
#include "cli/cligraph.h"
#include "cli/clilibrary.h"

namespace opsinfo {

ResolveInputs::ResolveInputs(ResolveInputs &&other) noexcept
{
    *this = std::move(other);
}

ResolveInputs &ResolveInputs::operator=(ResolveInputs &&other) noexcept
{
    graph = std::move(other.graph);
    library = std::move(other.library);
    mixlist = std::move(other.mixlist);
    mixlistPath = std::move(other.mixlistPath);
    policies = std::move(other.policies);
    keepDtype = std::move(other.keepDtype);
    customizeDtypes = std::move(other.customizeDtypes);
    options = other.options;
    options.keepDtype = other.options.keepDtype ? &keepDtype : nullptr;
    options.customizeDtypes = other.options.customizeDtypes ? &customizeDtypes : nullptr;
    soc = std::move(other.soc);
    platformIni = std::move(other.platformIni);
    frontEnd = other.frontEnd;
    return *this;
}

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
        .option("gray-rule", "RULE",
                "fe (G1-G5, default) or previous (G6: same as the previous op)")
        .option("op-map", "F", "extra ONNX/TF -> Ascend IR op map rows")
        .reads();
    addFrontEndOption(p);
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
        auto library = loadLibrariesForCli(p.values("library"), in.soc, err);
        if (!library) {
            exitCode = library.exitCode();
            return std::nullopt;
        }
        in.library = std::move(*library);
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
        in.keepDtype = parseKeepDtype(*text, p.value("keep-dtype"), diagnostics);
        in.options.keepDtype = &in.keepDtype;
    }
    if (p.has("customize-dtypes")) {
        const auto text
            = readFileForCli(p.value("customize-dtypes"), InputLimits::CustomizeDtypes, err);
        if (!text) {
            exitCode = text.exitCode();
            return std::nullopt;
        }
        in.customizeDtypes = parseCustomizeDtypes(*text, p.value("customize-dtypes"), diagnostics);
        in.options.customizeDtypes = &in.customizeDtypes;
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
