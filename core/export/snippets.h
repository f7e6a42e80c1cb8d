#pragma once

#include "frontend/cubemath.h"
#include "frontend/frontend.h"

#include <optional>
#include <string>
#include <vector>

namespace opsinfo {

// What a user pastes to apply a precision mode and the files this tool exports, for one front end
// (FRONTENDS.md F1): ATC flags, GE option map, TF1 session config and NPURunConfig, TF2
// global_options, torch_npu set_option, torchair export + ATC, MindSpore device_context / ascend
// config, MindSpore Lite context, ACL aclSetCompileopt.
enum class SnippetLanguage { Shell, Python, Cpp, PythonAndShell };
const char *
snippetLanguageName(SnippetLanguage language); // "shell", "python", "c++", "python+shell"

struct FrontEndSnippetInput
{
    std::string precisionMode; // as the user wrote it (any accepted name); empty: not set
    std::string mixlistPath; // empty: none
    std::string keepDtypePath;
    std::string customizeDtypesPath;
    std::string soc; // for the default mode and ATC's --soc_version; may be empty
    std::string modelPath; // ATC --model / Lite build_from_file; empty: a placeholder
    Hf32Switches hf32; // torch_npu / MindSpore HF32 switches (their defaults unless changed)
};

struct FrontEndSnippet
{
    FrontEnd frontEnd = FrontEnd::Atc;
    SnippetLanguage language = SnippetLanguage::Shell;
    // The code, starting with one comment line per warning so that a pasted snippet keeps them.
    std::string code;
    // F3 (a setting that does nothing on this path) and other cautions, one sentence each.
    std::vector<std::string> warnings;
    std::optional<PrecisionMode> mode; // the mode the snippet sets; nullopt: left to the default
};

// nullopt with `error` set when the mode name is not a precision mode.
std::optional<FrontEndSnippet> snippetForFrontEnd(FrontEnd frontEnd,
                                                  const FrontEndSnippetInput &input,
                                                  std::string *error = nullptr);

} // namespace opsinfo
