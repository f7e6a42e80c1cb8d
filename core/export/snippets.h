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

} // namespace opsinfo
