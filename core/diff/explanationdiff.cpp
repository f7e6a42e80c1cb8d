#include "diff/explanationdiff.h"

#include <algorithm>

namespace opsinfo {

namespace {

bool isWordChar(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// Rule ids as SEMANTICS writes them: one capital letter and one or two digits, as a word of its
// own ("(G1, G3)", "[M5,G1,G3]"); "Ascend910B1" holds none.
std::vector<std::string> ruleIds(std::string_view text)
{
    std::vector<std::string> ids;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] < 'A' || text[i] > 'Z' || (i > 0 && isWordChar(text[i - 1])))
            continue;
        std::size_t end = i + 1;
        while (end < text.size() && end - i <= 2 && text[end] >= '0' && text[end] <= '9')
            ++end;
        if (end == i + 1 || (end < text.size() && isWordChar(text[end])))
            continue;
        std::string id(text.substr(i, end - i));
        if (std::find(ids.begin(), ids.end(), id) == ids.end())
            ids.push_back(std::move(id));
        i = end - 1;
    }
    return ids;
}

std::string firstOr(const std::vector<std::string> &ids)
{
    return ids.empty() ? std::string() : ids.front();
}

} // namespace

std::vector<ExplanationStep> explanationSteps(std::string_view explanation)
{
    std::vector<ExplanationStep> steps;
    std::size_t start = 0;
    while (start <= explanation.size()) {
        std::size_t end = explanation.find("; ", start);
        if (end == std::string_view::npos)
            end = explanation.size();
        const std::string_view text = explanation.substr(start, end - start);
        if (!text.empty())
            steps.push_back({std::string(text), ruleIds(text)});
        start = end + 2;
    }
    return steps;
}

ExplanationComparison compareExplanations(std::string_view a, std::string_view b)
{
    ExplanationComparison result;
    result.a = explanationSteps(a);
    result.b = explanationSteps(b);
    const std::size_t count = std::max(result.a.size(), result.b.size());
    for (std::size_t i = 0; i < count; ++i) {
        const ExplanationStep *stepA = i < result.a.size() ? &result.a[i] : nullptr;
        const ExplanationStep *stepB = i < result.b.size() ? &result.b[i] : nullptr;
        if (stepA && stepB && stepA->text == stepB->text)
            continue;
        result.firstDifferentStep = i;
        const std::vector<std::string> none;
        const std::vector<std::string> &rulesA = stepA ? stepA->rules : none;
        const std::vector<std::string> &rulesB = stepB ? stepB->rules : none;
        const auto [itA, itB]
            = std::mismatch(rulesA.begin(), rulesA.end(), rulesB.begin(), rulesB.end());
        if (itA == rulesA.end() && itB == rulesB.end()) {
            result.ruleA = firstOr(rulesA);
            result.ruleB = firstOr(rulesB);
        } else {
            result.ruleA = itA != rulesA.end() ? *itA : std::string();
            result.ruleB = itB != rulesB.end() ? *itB : std::string();
        }
        break;
    }
    return result;
}

} // namespace opsinfo
