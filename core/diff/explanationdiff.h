#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace opsinfo {

// One step of an explanation ("step; step; -> dtype [rules]", see CoreText) and the rule ids it
// cites, in order ("M5", "G1", "X3" ...).
struct ExplanationStep
{
    std::string text;
    std::vector<std::string> rules;
};

std::vector<ExplanationStep> explanationSteps(std::string_view explanation);

// Two explanation chains side by side (a node under two modes or mixlists, an op type in two
// libraries): where they part. The chains agree on every step before `firstDifferentStep`; in that
// step `ruleA` / `ruleB` are the first rule ids that differ (the step's first rule when the rules
// are the same and only the data differs; empty when the step cites none or a side has no such
// step).
struct ExplanationComparison
{
    static constexpr std::size_t npos = std::size_t(-1);
    std::vector<ExplanationStep> a;
    std::vector<ExplanationStep> b;
    std::size_t firstDifferentStep = npos; // npos: the same chain
    std::string ruleA;
    std::string ruleB;
    bool same() const { return firstDifferentStep == npos; }
};

ExplanationComparison compareExplanations(std::string_view a, std::string_view b);

} // namespace opsinfo
