#include "export/snippets.h"

#include "common/coretext.h"

#include <algorithm>

namespace opsinfo {

namespace {

// Python string literal; paths with quotes or backslashes must stay valid code.
std::string py(const std::string &s)
{
    std::string out = "'";
    for (char c : s) {
        if (c == '\\' || c == '\'')
            out += '\\';
        out += c;
    }
    return out + "'";
}

// POSIX shell word.
std::string sh(const std::string &s)
{
    if (!s.empty() && s.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./:=")
                          == std::string::npos)
        return s;
    std::string out = "'";
    for (char c : s)
        out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

} // namespace

std::string snippetFor(SnippetTarget target, const SnippetInput &in, std::string *note)
{
    std::string code;
    switch (target) {
    case SnippetTarget::Atc:
        code = "atc --model=model.onnx --framework=5 --output=model --soc_version=<soc> \\\n"
               "    --precision_mode=" + sh(in.precisionMode);
        if (!in.mixlistPath.empty())
            code += " \\\n    --modify_mixlist=" + sh(in.mixlistPath);
        if (!in.keepDtypePath.empty())
            code += " \\\n    --keep_dtype=" + sh(in.keepDtypePath);
        if (!in.customizeDtypesPath.empty())
            code += " \\\n    --customize_dtypes=" + sh(in.customizeDtypesPath);
        return code + "\n";
    case SnippetTarget::TensorFlow1:
        code = "custom_op.parameter_map[\"precision_mode\"].s = tf.compat.as_bytes(" + py(in.precisionMode) + ")\n";
        if (!in.mixlistPath.empty())
            code += "custom_op.parameter_map[\"modify_mixlist\"].s = tf.compat.as_bytes(" + py(in.mixlistPath) + ")\n";
        if (!in.customizeDtypesPath.empty())
            code += "custom_op.parameter_map[\"customize_dtypes\"].s = tf.compat.as_bytes("
                    + py(in.customizeDtypesPath) + ")\n";
        return code;
    case SnippetTarget::TensorFlow1RunConfig:
        code = "config = NPURunConfig(precision_mode=" + py(in.precisionMode);
        if (!in.mixlistPath.empty())
            code += ", modify_mixlist=" + py(in.mixlistPath);
        return code + ")\n";
    case SnippetTarget::TensorFlow2:
        code = "import npu_device as npu\nnpu.global_options().precision_mode = " + py(in.precisionMode) + "\n";
        if (!in.mixlistPath.empty())
            code += "npu.global_options().modify_mixlist = " + py(in.mixlistPath) + "\n";
        return code + "npu.open().as_default()\n";
    case SnippetTarget::GeOptions:
        code = "options = {\n    \"ge.exec.precision_mode\": " + py(in.precisionMode) + ",\n";
        if (!in.mixlistPath.empty())
            code += "    \"ge.exec.modify_mixlist\": " + py(in.mixlistPath) + ",\n";
        return code + "}\n";
    case SnippetTarget::TorchNpu:
        if (note)
            *note = CoreText::tr("torch_npu has no modify_mixlist option: the mixlist cannot be applied from PyTorch.");
        return "torch.npu.set_option({\"ACL_PRECISION_MODE\": " + py(in.precisionMode) + "})\n";
    }
    return {};
}

std::vector<Snippet> allSnippets(const SnippetInput &input)
{
    const std::pair<SnippetTarget, const char *> targets[] = {
        {SnippetTarget::Atc, "ATC"},
        {SnippetTarget::TensorFlow1, "TensorFlow 1 (session config)"},
        {SnippetTarget::TensorFlow1RunConfig, "TensorFlow 1 (NPURunConfig)"},
        {SnippetTarget::TensorFlow2, "TensorFlow 2"},
        {SnippetTarget::GeOptions, "GE options"},
        {SnippetTarget::TorchNpu, "torch_npu"},
    };
    std::vector<Snippet> result;
    for (const auto &[target, title] : targets) {
        Snippet s{target, title, {}, {}};
        s.code = snippetFor(target, input, &s.note);
        result.push_back(std::move(s));
    }
    return result;
}

} // namespace opsinfo
