#pragma once

#include <string>
#include <vector>

namespace opsinfo {

// What a user pastes into a training or conversion script to apply a precision mode and the files
// this tool exports (FORMATS.md, "What users paste").
enum class SnippetTarget { Atc, TensorFlow1, TensorFlow1RunConfig, TensorFlow2, GeOptions, TorchNpu };

struct SnippetInput
{
    std::string precisionMode;   // e.g. "allow_mix_precision"
    std::string mixlistPath;     // empty: no --modify_mixlist
    std::string keepDtypePath;   // empty: none
    std::string customizeDtypesPath;
};

struct Snippet
{
    SnippetTarget target;
    std::string title;
    std::string code;
    std::string note; // e.g. torch_npu has no mixlist option
};

std::string snippetFor(SnippetTarget target, const SnippetInput &input, std::string *note = nullptr);
std::vector<Snippet> allSnippets(const SnippetInput &input);

// --keep_dtype file: one entry per line, node names as given, op types as `OpType::<Type>`.
std::string writeKeepDtype(const std::vector<std::string> &nodeNames, const std::vector<std::string> &opTypes);

} // namespace opsinfo
