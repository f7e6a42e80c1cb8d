#include "cli/clifrontend.h"
#include "cli/clioutput.h"
#include "common/jsontext.h"

#include "cli/clicommon.h"
#include "cli/cliresolve.h"
#include "common/soc.h"
#include "common/textescape.h"
#include "frontend/planscope.h"

namespace opsinfo {

void addFrontEndOption(ArgParser &p)
{
    p.option(
        "front-end", "ID",
        "the path the model takes (" + frontEndIdList()
            + "):\n                              its default mode when --mode is not given, and only the settings\n"
              "                              it passes to the compiler (FRONTENDS.md F1-F3)");
}

void addHf32Options(ArgParser &p)
{
    p.option("matmul-hf32", "BOOL",
             "torch-npu/mindspore-kbk: torch.npu.matmul.allow_hf32 (default false)")
        .option("conv-hf32", "BOOL",
                "torch-npu/mindspore-kbk: torch.npu.conv.allow_hf32 (default true)");
}

bool readFrontEndOption(const ArgParser &p, std::optional<FrontEnd> &frontEnd, std::ostream &err)
{
    frontEnd.reset();
    if (!p.has("front-end"))
        return true;
    std::string error;
    frontEnd = parseFrontEnd(p.value("front-end"), &error);
    if (!frontEnd)
        err << "opsinfo: --front-end: " << error << "\n";
    return frontEnd.has_value();
}

bool readHf32Options(const ArgParser &p, Hf32Switches &hf32, std::ostream &err)
{
    for (const auto &[name, value] : {std::pair<const char *, bool *> {"matmul-hf32", &hf32.matmul},
                                      std::pair<const char *, bool *> {"conv-hf32", &hf32.conv}}) {
        if (!p.has(name))
            continue;
        const std::string text = p.value(name);
        if (text == "true" || text == "1" || text == "on")
            *value = true;
        else if (text == "false" || text == "0" || text == "off")
            *value = false;
        else {
            err << "opsinfo: --" << name << " takes true or false, not '" << text << "'\n";
            return false;
        }
    }
    return true;
}

bool requireSocForCubeMath(FrontEnd frontEnd, const std::string &soc, std::ostream &err)
{
    if (frontEndTraits(frontEnd).path != PrecisionPath::CubeMath
        || socSupportsBf16(soc).has_value())
        return true;
    err << "opsinfo: --front-end " << frontEndId(frontEnd)
        << " needs --soc with a known SoC (Ascend910A, Ascend910B1 ...): whether the cube unit computes fp32"
           " decides every cube math type there\n";
    return false;
}

std::optional<FrontEndPlan> planForCli(FrontEnd frontEnd, const std::string &modeName,
                                       const ResolveInputs &in, std::ostream &err, int &exitCode)
{
    if (!requireSocForCubeMath(frontEnd, in.soc, err)) {
        exitCode = ExitUsage;
        return std::nullopt;
    }
    FrontEndRequest request;
    request.frontEnd = frontEnd;
    request.soc = in.soc;
    request.mixlist = in.mixlist.has_value();
    request.keepDtype = in.options.keepDtype != nullptr;
    request.customizeDtypes = in.options.customizeDtypes != nullptr;
    if (!modeName.empty()) {
        const auto mode = modeForCli(modeName, in, err);
        if (!mode) {
            exitCode = mode.exitCode();
            return std::nullopt;
        }
        request.mode = *mode;
    }
    std::string error;
    auto plan = planFrontEnd(request, &error);
    if (!plan) {
        err << "opsinfo: " << error << "\n";
        exitCode = ExitUsage;
    }
    return plan;
}

namespace {

void restrictToScope(const PlanScope &scope, ResolveInputs &in)
{
    if (!scope.mixlist && in.mixlist)
        in.policies = policiesInScope(scope, in.library, in.policies);
    restrictToScope(scope, in.options);
}

} // namespace

void restrictToPlan(const FrontEndPlan &plan, ResolveInputs &in)
{
    restrictToScope(planScope(plan), in);
}

void restrictToFrontEnd(FrontEnd frontEnd, ResolveInputs &in)
{
    restrictToScope(frontEndScope(frontEnd), in);
}

std::string frontEndHeader(const FrontEndPlan &plan)
{
    std::string text = "front end: " + std::string(frontEndId(plan.frontEnd)) + " ("
        + frontEndTitle(plan.frontEnd) + ")\nprecision mode: " + plan.modeLabel() + "\n";
    for (const FrontEndNote &note : plan.ignored)
        text += "  " + note.rule + ": " + note.text + "\n";
    for (const FrontEndNote &note : plan.notes)
        text += "  " + note.rule + ": " + note.text + "\n";
    return text;
}

nlohmann::json frontEndToJson(const FrontEndPlan &plan)
{
    auto notes = [](const std::vector<FrontEndNote> &list) {
        nlohmann::json array = nlohmann::json::array();
        for (const FrontEndNote &note : list)
            array.push_back({{"rule", note.rule}, {"text", note.text}});
        return array;
    };
    const char *path = plan.path == PrecisionPath::Graph ? "graph"
        : plan.path == PrecisionPath::SingleOp           ? "single-op"
                                                         : "cube-math";
    return {{"id", frontEndId(plan.frontEnd)},
            {"title", frontEndTitle(plan.frontEnd)},
            {"path", path},
            {"mode", precisionModeName(plan.mode)},
            {"mode_is_default", plan.modeIsDefault},
            {"uses",
             {{"mixlist", plan.useMixlist},
              {"keep_dtype", plan.useKeepDtype},
              {"customize_dtypes", plan.useCustomizeDtypes}}},
            {"ignored", notes(plan.ignored)},
            {"notes", notes(plan.notes)}};
}

int printCubeMath(const ResolveInputs &in, const FrontEndPlan &plan, const Hf32Switches &hf32,
                  bool json, bool csv, std::ostream &out)
{
    const CubeMathReport report
        = cubeMathReport(*in.graph, in.library.cubeOps(), plan, in.soc, hf32);
    if (json) {
        nlohmann::json nodes = nlohmann::json::array();
        for (const CubeNodeReport &n : report.nodes)
            nodes.push_back({{"name", n.name},
                             {"op_type", n.opType},
                             {"family", n.family == CubeFamily::Conv ? "conv" : "matmul"},
                             {"input", dtypeName(n.input)},
                             {"cube_math_type", cubeMathTypeName(n.type)},
                             {"computes_in", n.compute.dtype},
                             {"supported", n.compute.supported},
                             {"explanation", n.explanation}});
        writeDocument(
            out,
            dumpJson(nlohmann::json {{"graph", in.graph->path},
                                     {"front_end", frontEndToJson(plan)},
                                     {"mode", precisionModeName(plan.mode)},
                                     {"hf32", {{"matmul", hf32.matmul}, {"conv", hf32.conv}}},
                                     {"cube_nodes", nodes},
                                     {"summary",
                                      {{"cube_nodes", report.nodes.size()},
                                       {"fp32_inputs", report.fp32Inputs},
                                       {"lowered", report.lowered},
                                       {"unsupported", report.unsupported}}}},
                     2)
                + "\n");
    } else if (csv) {
        out << "name,op_type,input,cube_math_type,computes_in,supported,explanation\n";
        for (const CubeNodeReport &n : report.nodes)
            out << csvField(n.name) << ',' << csvField(n.opType) << ',' << dtypeName(n.input) << ','
                << cubeMathTypeName(n.type) << ',' << n.compute.dtype << ','
                << (n.compute.supported ? "yes" : "no") << ',' << csvField(n.explanation) << "\n";
    } else {
        std::vector<std::vector<std::string>> rows;
        for (const CubeNodeReport &n : report.nodes)
            rows.push_back({n.name, n.opType, dtypeName(n.input), cubeMathTypeName(n.type),
                            n.compute.supported ? n.compute.dtype : "refused by aclnn"});
        out << frontEndHeader(plan) << "\n"
            << formatTable({"NODE", "OP TYPE", "INPUT", "CUBE MATH TYPE", "COMPUTES IN"}, rows)
            << "\n"
            << report.nodes.size() << " cube node(s): " << report.fp32Inputs
            << " with an fp32 input, " << report.lowered << " of them computed in fp16 or hf32, "
            << report.unsupported
            << " refused by aclnn; vector ops keep their dtypes (no FE on this path)\n";
    }
    return report.unsupported > 0 ? ExitInputErrors : ExitOk;
}

} // namespace opsinfo
