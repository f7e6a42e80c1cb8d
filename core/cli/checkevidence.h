#pragma once

#include "cli/argparser.h"
#include "cli/cliresolve.h"

#include <nlohmann/json.hpp>

#include <ostream>

namespace opsinfo {

// `opsinfo check --evidence FILE`: predicted vs executed dtypes (core/evidence/executedcheck.h).
// Appends the text report to `out` or the "evidence" member to `json`; returns whether every
// compared row agrees. false with `exitCode` set when the evidence cannot be used.
struct EvidenceCheckOutcome
{
    bool ran = false;
    bool allAgree = true;
    int exitCode = 0;
};
EvidenceCheckOutcome checkAgainstEvidence(const ArgParser &parser, const ResolveInputs &inputs,
                                          const Resolution &resolution, std::ostream &out,
                                          nlohmann::json *json, std::ostream &err);

} // namespace opsinfo
