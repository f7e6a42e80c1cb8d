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
        .option("soc", "SOC",
                "SoC (Ascend910B1 or ascend910b): picks the soc folder, checks bf16 modes");
    if (withMixlist)
        p.option("mixlist", "F", "modify_mixlist file (read strictly, as the compiler reads it)");
    p.option("keep-dtype", "F", "--keep_dtype file (node names or OpType::X per line)")
        .option("customize-dtypes", "F", "--customize_dtypes file")
        .option("platform-ini", "F", "SoC platform ini (bf16 capability from Intrinsic_vconv)")
        .option("gray-rule", "RULE",
                "fe (G1-G5, default) or previous (G6: same as the previous op)")
        .option("op-map", "F", "extra ONNX/TF -> Ascend IR op map rows");
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
        auto text = readFileForCli(p.value("platform-ini"), err);
        if (!text) {
            exitCode = ExitUsage;
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
        if (!library)
            return std::nullopt;
        in.library = std::move(*library);
    }
    if (p.has("mixlist")) {
        in.mixlistPath = p.value("mixlist");
        in.mixlist = loadMixlistForCli(in.mixlistPath, false, err);
        if (!in.mixlist)
            return std::nullopt;
    }
    in.policies
        = PolicyTable::compute(in.library, in.mixlist ? &*in.mixlist : nullptr, in.mixlistPath);
    std::vector<Diagnostic> diagnostics;
    if (p.has("keep-dtype")) {
        const auto text = readFileForCli(p.value("keep-dtype"), err);
        if (!text)
            return std::nullopt;
        in.keepDtype = parseKeepDtype(*text, p.value("keep-dtype"), diagnostics);
        in.options.keepDtype = &in.keepDtype;
    }
    if (p.has("customize-dtypes")) {
        const auto text = readFileForCli(p.value("customize-dtypes"), err);
        if (!text)
            return std::nullopt;
        in.customizeDtypes = parseCustomizeDtypes(*text, p.value("customize-dtypes"), diagnostics);
        in.options.customizeDtypes = &in.customizeDtypes;
    }
    printDiagnostics(diagnostics, err);
    if (hasErrors(diagnostics))
        return std::nullopt;
    LoadedGraph graph = loadGraphForCli(graphPath, p.value("op-map"), err);
    if (!graph) {
        exitCode = graph.error();
        return std::nullopt;
    }
    in.graph = graph.take();
    exitCode = ExitOk;
    return in;
}

std::optional<PrecisionMode> modeForCli(const std::string &name, const ResolveInputs &inputs,
                                        std::ostream &err)
{
    std::string error;
    const auto mode = parsePrecisionMode(name, &error);
    if (!mode) {
        err << "opsinfo: " << error << "\n";
        return std::nullopt;
    }
    if (!inputs.soc.empty()) {
        if (const auto problem = checkModeForSoc(*mode, inputs.soc, inputs.platformIni)) {
            printDiagnostics({*problem}, err);
            if (problem->severity == Severity::Error)
                return std::nullopt;
        }
    }
    return mode;
}

} // namespace opsinfo
