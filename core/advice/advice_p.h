#pragma once

// Shared by the advisor's objectives (not part of the public API).

#include "advice/advice.h"
#include "advice/trialresolver.h"

#include <vector>

namespace opsinfo::advice_detail {

struct AdviceContext
{
    const AdviceRequest &request;
    TrialResolver &trial;
    std::vector<int> protectedIndexes; // Resolution indexes
    AdviceResult &result;
};

// A plan from these edits, resolved once more and judged.
AdvicePlan makePlan(AdviceContext &context, std::string label, std::vector<AdviceEdit> edits,
                    bool accuracy);

void adviseAccuracy(AdviceContext &context);
void adviseCastsOrTime(AdviceContext &context);

// "fixes 3 of 5 protected nodes, moves 12 other nodes, +4 Casts"
std::string effectSentence(const AdviceEffect &effect, std::size_t targets, bool accuracy);

} // namespace opsinfo::advice_detail
