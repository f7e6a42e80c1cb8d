#include "cli/clicommon.h"
#include "cli/clifrontend.h"
#include "cli/clilibrary.h"
#include "cli/clioutput.h"
#include "cli/commands.h"
#include "common/jsontext.h"
#include "export/snippets.h"

#include <nlohmann/json.hpp>

#include <filesystem>

namespace opsinfo {

int runSnippetCommand(const std::vector<std::string> &args, std::ostream &out, std::ostream &err)
{
    ArgParser p(
        "opsinfo snippet",
        "Print what to paste into a script or command line to apply a precision mode, a modify_mixlist,\n"
        "keep_dtype and customize_dtypes on one front end (FRONTENDS.md F1). Every setting that does\n"
        "nothing on that path gets a warning line in the snippet itself (F3).");
    p.option("front-end", "ID", "the path the model takes (" + frontEndIdList() + ")")
        .option(
            "mode", "MODE",
            "precision mode (any precision_mode, precision_mode_v2 or MindSpore Lite name);\n"
            "                              left out: the front end's default, said in the snippet")
        .option(
            "mixlist", "TARGET_PATH",
            "modify_mixlist file (a path on the machine that compiles: checked when it exists here)")
        .option("keep-dtype", "TARGET_PATH", "--keep_dtype file")
        .option("customize-dtypes", "TARGET_PATH", "--customize_dtypes file")
        .option("soc", "SOC",
                "SoC version: the default mode of training front ends, ATC's --soc_version")
        .option("model", "TARGET_PATH",
                "the model file ATC / MindSpore Lite reads (default: a placeholder)")
        .flag("json", "one JSON object: front end, language, code, warnings");
    addHf32Options(p);
    if (const auto exit = p.parseOrExit(args, out, err))
        return *exit;
    if (!p.has("front-end")) {
        err << "opsinfo snippet: --front-end ID is required (" << frontEndIdList() << ")\n";
        return ExitUsage;
    }
    std::optional<FrontEnd> frontEnd;
    if (!readFrontEndOption(p, frontEnd, err))
        return ExitUsage;
    FrontEndSnippetInput input;
    input.precisionMode = p.value("mode");
    input.mixlistPath = p.value("mixlist");
    input.keepDtypePath = p.value("keep-dtype");
    input.customizeDtypesPath = p.value("customize-dtypes");
    input.soc = p.value("soc");
    input.modelPath = p.value("model");
    if (!readHf32Options(p, input.hf32, err))
        return ExitUsage;
    // The paths usually name files on the NPU machine; a mixlist that is here too is read as the
    // compiler reads it, so a snippet never points at a file the build would reject.
    if (!input.mixlistPath.empty()) {
        std::error_code ec;
        if (std::filesystem::is_regular_file(input.mixlistPath, ec)) {
            if (!loadMixlistForCli(input.mixlistPath, false, err))
                return ExitInputErrors;
        } else {
            err << "opsinfo snippet: " << input.mixlistPath << " is not here: not checked\n";
        }
    }
    std::string error;
    const auto snippet = snippetForFrontEnd(*frontEnd, input, &error);
    if (!snippet) {
        err << "opsinfo: " << error << "\n";
        return ExitInputErrors;
    }
    if (p.has("json")) {
        writeDocument(out,
                      dumpJson(nlohmann::json {{"front_end", frontEndId(snippet->frontEnd)},
                                               {"title", frontEndTitle(snippet->frontEnd)},
                                               {"language", snippetLanguageName(snippet->language)},
                                               {"mode",
                                                snippet->mode ? nlohmann::json(
                                                    precisionModeName(*snippet->mode))
                                                              : nlohmann::json()},
                                               {"code", snippet->code},
                                               {"warnings", snippet->warnings}},
                               2)
                          + "\n");
    } else {
        out << snippet->code;
    }
    return ExitOk;
}

} // namespace opsinfo
