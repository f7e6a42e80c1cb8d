#include "common/coretext.h"
#include "export/snippetquote.h"
#include "export/snippets.h"
#include "frontend/frontendplan.h"

namespace opsinfo {

namespace {

// Everything one snippet is built from.
struct Context
{
    const FrontEndSnippetInput &in;
    FrontEnd frontEnd;
    std::optional<PrecisionMode> mode; // parsed from the given name
    bool givenV2 = false; // the given name is a precision_mode_v2 spelling
    FrontEndPlan plan;
    bool defaultKnown = true;
    std::vector<std::string> warnings;

    bool has(const std::string &path) const { return !path.empty(); }
    // The name to write where only precision_mode (v1) spellings are accepted; empty: none.
    std::string v1Name() const
    {
        if (!mode || *mode == PrecisionMode::CubeHif8 || *mode == PrecisionMode::MixedHif8)
            return {};
        // Keep the user's spelling when it is a v1 one (allow_mix_precision); aliases of other
        // families (origin, enforce_fp16) become the canonical v1 name.
        for (const auto &entry : precisionModeNames())
            if (!entry.v2 && entry.name == in.precisionMode)
                return in.precisionMode;
        return precisionModeName(*mode);
    }
    // The v2 spelling when the user wrote one.
    std::string v2Name() const
    {
        return givenV2 && mode ? std::string(precisionModeV2Name(*mode)) : std::string();
    }
};

bool isV2Only(std::string_view name)
{
    bool v1 = false, v2 = false;
    for (const auto &entry : precisionModeNames())
        if (entry.name == name)
            (entry.v2 ? v2 : v1) = true;
    return v2 && !v1;
}

std::string comment(SnippetLanguage language)
{
    return language == SnippetLanguage::Cpp ? "// " : "# ";
}

// ATC's --framework for a model file name (0 Caffe, 1 MindSpore/AIR, 3 TensorFlow, 5 ONNX).
std::string atcFramework(const std::string &model)
{
    auto ends = [&model](std::string_view suffix) {
        return model.size() >= suffix.size()
            && model.compare(model.size() - suffix.size(), suffix.size(), suffix) == 0;
    };
    if (ends(".pb"))
        return "3";
    if (ends(".air") || ends(".mindir"))
        return "1";
    if (ends(".prototxt"))
        return "0";
    return "5";
}

std::string atcCommand(const Context &c, const std::string &model, const std::string &modeV1,
                       const std::string &modeV2, bool mixlist)
{
    std::string code = "atc --model=" + shellWord(model) + " --framework=" + atcFramework(model)
        + " --output=model --soc_version="
        // A placeholder the shell accepts, and refuses to run with unset.
        + (c.in.soc.empty() ? std::string("\"${SOC_VERSION:?your SoC, e.g. Ascend910B1}\"")
                            : shellWord(c.in.soc));
    if (!modeV2.empty())
        code += " \\\n    --precision_mode_v2=" + shellWord(modeV2);
    else if (!modeV1.empty())
        code += " \\\n    --precision_mode=" + shellWord(modeV1);
    if (mixlist && c.has(c.in.mixlistPath))
        code += " \\\n    --modify_mixlist=" + shellWord(c.in.mixlistPath);
    if (frontEndTraits(c.frontEnd).keepDtype == KeepDtypeRoute::File
        || c.frontEnd == FrontEnd::Torchair)
        if (c.has(c.in.keepDtypePath))
            code += " \\\n    --keep_dtype=" + shellWord(c.in.keepDtypePath);
    if (c.has(c.in.customizeDtypesPath))
        code += " \\\n    --customize_dtypes=" + shellWord(c.in.customizeDtypesPath);
    return code + "\n";
}

std::string hf32Lines(const Context &c, bool mindspore)
{
    auto py = [](bool b) { return b ? "True" : "False"; };
    if (mindspore)
        return std::string("ms.device_context.ascend.op_precision.matmul_allow_hf32(")
            + py(c.in.hf32.matmul) + ")\n"
            + "ms.device_context.ascend.op_precision.conv_allow_hf32(" + py(c.in.hf32.conv) + ")\n";
    return std::string("torch.npu.matmul.allow_hf32 = ") + py(c.in.hf32.matmul) + "\n"
        + "torch.npu.conv.allow_hf32 = " + py(c.in.hf32.conv) + "\n";
}

std::string keepDtypeScope(const Context &c, const std::string &scope)
{
    return "with " + scope + ":\n    pass  # build here the layers whose nodes "
        + pythonLiteral(c.in.keepDtypePath) + " lists (M8)\n";
}

// GE session options (own C++, framework plugins).
std::string geSnippet(Context &c, const std::string &v1, const std::string &v2, bool mixlist)
{
    std::string code = "std::map<ge::AscendString, ge::AscendString> options = {\n";
    if (!v2.empty())
        code += "    {\"ge.exec.precision_mode_v2\", " + cppLiteral(v2) + "},\n";
    else if (!v1.empty())
        code += "    {\"ge.exec.precision_mode\", " + cppLiteral(v1) + "},\n";
    if (mixlist && c.has(c.in.mixlistPath))
        code += "    {\"ge.exec.modify_mixlist\", " + cppLiteral(c.in.mixlistPath) + "},\n";
    if (c.has(c.in.customizeDtypesPath))
        code += "    {\"ge.customizeDtypes\", " + cppLiteral(c.in.customizeDtypesPath) + "},\n";
    return code + "};\nge::Session session(options);\n";
}

// TensorFlow 1.x through npu_bridge: the session config and the Estimator's NPURunConfig.
std::string tf1Snippet(Context &c, const std::string &v1, const std::string &v2, bool mixlist)
{
    std::string code
        = "from npu_bridge.npu_init import *\n\n# tf.Session / sess.run\nconfig = tf.compat.v1.ConfigProto()\n"
          "custom_op = config.graph_options.rewrite_options.custom_optimizers.add()\n"
          "custom_op.name = \"NpuOptimizer\"\n";
    std::string runConfig;
    auto option = [&](const std::string &key, const std::string &value) {
        code += "custom_op.parameter_map[\"" + key + "\"].s = tf.compat.as_bytes("
            + pythonLiteral(value) + ")\n";
        runConfig += (runConfig.empty() ? "" : ", ") + key + "=" + pythonLiteral(value);
    };
    if (!v2.empty())
        option("precision_mode_v2", v2);
    else if (!v1.empty())
        option("precision_mode", v1);
    if (mixlist && c.has(c.in.mixlistPath))
        option("modify_mixlist", c.in.mixlistPath);
    if (c.has(c.in.customizeDtypesPath))
        option("customize_dtypes", c.in.customizeDtypesPath);
    code += "config.graph_options.rewrite_options.remapping = RewriterConfig.OFF\n\n# Estimator\n"
            "run_config = NPURunConfig("
        + runConfig + ")\n";
    if (c.has(c.in.keepDtypePath))
        code += "\nfrom npu_bridge.estimator.npu import npu_scope\n"
            + keepDtypeScope(c, "npu_scope.keep_dtype_scope()");
    return code;
}

// TensorFlow 2.x through npu_device.
std::string tf2Snippet(Context &c, const std::string &v1, bool mixlist)
{
    std::string code = "import npu_device as npu\n";
    if (!v1.empty())
        code += "npu.global_options().precision_mode = " + pythonLiteral(v1) + "\n";
    if (mixlist && c.has(c.in.mixlistPath))
        code += "npu.global_options().modify_mixlist = " + pythonLiteral(c.in.mixlistPath) + "\n";
    if (c.has(c.in.customizeDtypesPath))
        code += "npu.global_options().customize_dtypes = " + pythonLiteral(c.in.customizeDtypesPath)
            + "\n";
    code += "npu.open().as_default()\n";
    if (c.has(c.in.keepDtypePath))
        code += "\n" + keepDtypeScope(c, "npu.keep_dtype_scope()");
    return code;
}

// ACL single-op compile options.
std::string aclOpSnippet(Context &c, const std::string &v1, const std::string &v2)
{
    std::string code;
    if (!v2.empty())
        code += "aclSetCompileopt(ACL_PRECISION_MODE_V2, " + cppLiteral(v2) + ");\n";
    else if (!v1.empty())
        code += "aclSetCompileopt(ACL_PRECISION_MODE, " + cppLiteral(v1) + ");\n";
    if (c.has(c.in.customizeDtypesPath))
        code += "aclSetCompileopt(ACL_CUSTOMIZE_DTYPES, " + cppLiteral(c.in.customizeDtypesPath)
            + ");\n";
    return code;
}

// torch_npu eager (and its jit_compile mode).
std::string torchNpuSnippet(Context &c, const std::string &v1)
{
    std::string code = "import torch\nimport torch_npu\n\n";
    if (c.frontEnd == FrontEnd::TorchNpuJit)
        code += "torch.npu.set_compile_mode(jit_compile=True)\n";
    // torch_npu compares the value with the v1 spellings only.
    if (!v1.empty())
        code += "torch.npu.set_option({\"ACL_PRECISION_MODE\": " + pythonLiteral(v1) + "})\n";
    return code + hf32Lines(c, false);
}

// torchair: torch.compile passes no precision settings, so the graph is exported for ATC.
std::string torchairSnippet(Context &c, const std::string &v1, const std::string &v2)
{
    std::string code = "import torch\nimport torch_npu\nimport torchair\n\n" + hf32Lines(c, false)
        + "# torch.compile(model, backend=torchair.get_npu_backend()) passes no precision mode or mixlist:\n"
          "# export the graph and compile it with ATC instead\n"
          "torchair.dynamo_export(*example_inputs, model=model, export_path='export', export_name='model')\n\n"
          "# then, in a shell:\n";
    std::string mode = v1;
    if (mode.empty() && !c.mode && c.defaultKnown) {
        mode
            = precisionModeName(c.plan.mode); // what torch.compile ran with (F2): keep the numerics
        code
            += "# --precision_mode is the mode torch.compile used (F2): ATC alone would default to force_fp16\n";
    } else if (mode.empty() && !c.mode) {
        code
            += "# add --precision_mode: the mode torch.compile used depends on the SoC (F2), ATC alone would use force_fp16\n";
    }
    return code
        + atcCommand(c, c.in.modelPath.empty() ? std::string("export/model.air") : c.in.modelPath,
                     mode, v2, true);
}

// MindSpore graph mode (O2, GE) or kernel by kernel.
std::string mindSporeSnippet(Context &c, const std::string &v1, bool mixlist)
{
    std::string code;
    const bool graph = c.frontEnd == FrontEnd::MindSporeO2;
    code = "import mindspore as ms\n\n";
    code += graph
        ? "ms.set_context(mode=ms.GRAPH_MODE, jit_config={\"jit_level\": \"O2\"})  # GE; MindSpore >= 2.7: ms.jit(backend=\"GE\")\n"
        : "ms.set_context(mode=ms.PYNATIVE_MODE)  # or jit_level O0/O1: kernel by kernel\n";
    if (!v1.empty())
        code += "ms.device_context.ascend.op_precision.precision_mode(" + pythonLiteral(v1)
            + ")  # MindSpore < 2.5: ms.set_context(ascend_config={\"precision_mode\": ...})\n";
    code += hf32Lines(c, true);
    std::string geOptions;
    if (graph && mixlist && c.has(c.in.mixlistPath))
        geOptions += "\"ge.exec.modify_mixlist\": " + pythonLiteral(c.in.mixlistPath);
    if (graph && c.has(c.in.customizeDtypesPath))
        geOptions += std::string(geOptions.empty() ? "" : ", ")
            + "\"ge.customizeDtypes\": " + pythonLiteral(c.in.customizeDtypesPath);
    if (!geOptions.empty())
        code
            += "# MindSpore has no own mixlist option: GE options pass through ascend_config's ge_options\n"
               "ms.set_context(ascend_config={\"ge_options\": {\"session\": {"
            + geOptions + "}}})\n";
    return code;
}

// MindSpore Lite on Ascend (the GE provider).
std::string mindSporeLiteSnippet(Context &c, const std::string &v2, bool mixlist)
{
    std::string code;
    const std::string liteModel
        = c.in.modelPath.empty() ? std::string("model.mindir") : c.in.modelPath;
    code
        = "import mindspore_lite as mslite\n\ncontext = mslite.Context()\ncontext.target = [\"ascend\"]\n"
          "context.ascend.device_id = 0\ncontext.ascend.provider = \"ge\"\n";
    std::string sections;
    if (c.mode) {
        if (const char *lite = mindSporeLiteModeName(*c.mode))
            code += "context.ascend.precision_mode = " + pythonLiteral(lite) + "\n";
        else
            sections += "\"ge_session_options\": {\"ge."
                + std::string(c.givenV2 ? "exec.precision_mode_v2" : "exec.precision_mode")
                + "\": " + pythonLiteral(c.givenV2 ? v2 : precisionModeName(*c.mode)) + "}";
    }
    if (mixlist && c.has(c.in.mixlistPath))
        sections += std::string(sections.empty() ? "" : ", ")
            + "\"ascend_context\": {\"mixprecision_list_path\": " + pythonLiteral(c.in.mixlistPath)
            + "}";
    code += "model = mslite.Model()\nmodel.build_from_file(" + pythonLiteral(liteModel)
        + ", mslite.ModelType.MINDIR, context";
    if (!sections.empty())
        code += ",\n                      config_dict={" + sections + "}";
    return code + ")\n";
}

std::string body(Context &c, SnippetLanguage &language)
{
    const std::string v1 = c.v1Name();
    const std::string v2 = c.v2Name();
    // The mixlist is written wherever the front end takes one, even in a mode where it does
    // nothing (the warning says so): the user may switch to a mixed mode later.
    const bool mixlist = c.has(c.in.mixlistPath)
        && (frontEndTraits(c.frontEnd).mixlist || c.frontEnd == FrontEnd::Torchair);
    const std::string model = c.in.modelPath.empty() ? std::string("model.onnx") : c.in.modelPath;
    switch (c.frontEnd) {
    case FrontEnd::Atc:
        language = SnippetLanguage::Shell;
        return atcCommand(c, model, v1, v2, mixlist);
    case FrontEnd::Ge:
        language = SnippetLanguage::Cpp;
        return geSnippet(c, v1, v2, mixlist);
    case FrontEnd::Tf1:
        language = SnippetLanguage::Python;
        return tf1Snippet(c, v1, v2, mixlist);
    case FrontEnd::Tf2:
        language = SnippetLanguage::Python;
        return tf2Snippet(c, v1, mixlist);
    case FrontEnd::AclOp:
        language = SnippetLanguage::Cpp;
        return aclOpSnippet(c, v1, v2);
    case FrontEnd::TorchNpu:
    case FrontEnd::TorchNpuJit:
        language = SnippetLanguage::Python;
        return torchNpuSnippet(c, v1);
    case FrontEnd::Torchair:
        language = SnippetLanguage::PythonAndShell;
        return torchairSnippet(c, v1, v2);
    case FrontEnd::MindSporeO2:
    case FrontEnd::MindSporeKbk:
        language = SnippetLanguage::Python;
        return mindSporeSnippet(c, v1, mixlist);
    case FrontEnd::MindSporeLite:
        language = SnippetLanguage::Python;
        return mindSporeLiteSnippet(c, v2, mixlist);
    }
    return {};
}

} // namespace

const char *snippetLanguageName(SnippetLanguage language)
{
    switch (language) {
    case SnippetLanguage::Shell:
        return "shell";
    case SnippetLanguage::Python:
        return "python";
    case SnippetLanguage::Cpp:
        return "c++";
    case SnippetLanguage::PythonAndShell:
        return "python+shell";
    }
    return "shell";
}

std::optional<FrontEndSnippet>
snippetForFrontEnd(FrontEnd frontEnd, const FrontEndSnippetInput &input, std::string *error)
{
    Context c {input, frontEnd, std::nullopt, false, {}, true, {}};
    if (!input.precisionMode.empty()) {
        c.mode = parsePrecisionMode(input.precisionMode, error);
        if (!c.mode)
            return std::nullopt;
        c.givenV2 = isV2Only(input.precisionMode);
    }
    // torchair passes no precision setting to GE: its snippet exports the graph and compiles it
    // with ATC, so ATC decides what applies; without a mode, ATC gets the one torch.compile used.
    const bool viaAtc = frontEnd == FrontEnd::Torchair;
    FrontEndRequest request {viaAtc ? FrontEnd::Atc : frontEnd,
                             c.mode,
                             input.soc,
                             !input.mixlistPath.empty(),
                             !input.keepDtypePath.empty(),
                             !input.customizeDtypesPath.empty()};
    if (viaAtc) {
        c.warnings.push_back(CoreText::tr(
            "torch.compile passes no precision mode, mixlist, keep_dtype or customize_dtypes to GE: the snippet exports the graph and compiles it with ATC, where they apply (F1)"));
        if (!c.mode) {
            request.mode = defaultModeFor(frontEnd, input.soc);
            c.defaultKnown = request.mode.has_value();
        }
    }
    auto plan = planFrontEnd(request);
    if (!plan) {
        // No mode and a SoC-dependent default: both F2 defaults are non-mixed modes, so the same
        // settings do nothing whichever SoC it is.
        c.defaultKnown = false;
        request.mode = PrecisionMode::MustKeepOriginDtype;
        plan = planFrontEnd(request);
        plan->modeIsDefault = true;
        c.warnings.push_back(CoreText::tr(
            "no precision mode set: the compiler uses the default of %1, which depends on the SoC (F2)",
            frontEndId(frontEnd)));
    } else if (!c.mode && !viaAtc) {
        c.warnings.push_back(
            CoreText::tr("no precision mode set: the compiler uses %1 (default for this front end)",
                         precisionModeName(plan->mode)));
    }
    c.plan = *plan;
    for (const FrontEndNote &note : c.plan.ignored)
        c.warnings.push_back(note.text);
    if (c.mode && !c.givenV2 && c.v1Name().empty())
        c.warnings.push_back(
            CoreText::tr("%1 exists only as a precision_mode_v2 name: %2 cannot set it",
                         input.precisionMode, frontEndTitle(frontEnd)));
    if (frontEnd == FrontEnd::MindSporeKbk && c.mode && !c.plan.modeIsDefault)
        c.warnings.push_back(CoreText::tr(
            "with a precision mode set, MindSpore does not consult matmul_allow_hf32 / conv_allow_hf32 for the cube math type (F3)"));
    if (frontEnd == FrontEnd::MindSporeO2 && (c.plan.useMixlist || c.plan.useCustomizeDtypes))
        c.warnings.push_back(CoreText::tr(
            "MindSpore passes the mixlist only as a raw GE option (ascend_config ge_options): check its log for ge.exec.modify_mixlist"));
    if (frontEnd == FrontEnd::MindSporeLite && c.mode && !mindSporeLiteModeName(*c.mode))
        c.warnings.push_back(CoreText::tr(
            "MindSpore Lite has no name for %1: the snippet passes it as a GE session option",
            precisionModeName(*c.mode)));

    FrontEndSnippet snippet;
    snippet.frontEnd = frontEnd;
    snippet.mode = c.mode;
    const std::string code = body(c, snippet.language);
    const std::string prefix = comment(snippet.language);
    for (const std::string &warning : c.warnings)
        snippet.code
            += prefix + "warning: " + warning + "\n"; // code comment: stays English like the code
    snippet.code += code;
    snippet.warnings = std::move(c.warnings);
    return snippet;
}

} // namespace opsinfo
