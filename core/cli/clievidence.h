#pragma once

#include "cli/argparser.h"
#include "cli/clicommon.h"
#include "evidence/evidence.h"
#include "evidence/evidencejoin.h"
#include "graph/apimap.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace opsinfo {

// Evidence files read for a command, with the API map they are joined through.
struct LoadedEvidence
{
    std::vector<EvidenceFile> files;
    ApiMap apiMap;
    bool anyErrors = false;
};

// Declares --api-map, and on request the repeatable --evidence FILE and --cosine-threshold (for
// commands that flag accuracy rows).
void addEvidenceOptions(ArgParser &parser, bool withEvidenceOption, bool withThreshold = true);

// Reads every file (diagnostics to err) and the API map override. Exit 2 when a file cannot be
// read at all (missing, not a regular file, over its size limit), 1 when the API map override has
// errors; an evidence file with content errors is kept and marked (anyErrors).
Loaded<LoadedEvidence> loadEvidenceForCli(const std::vector<std::string> &paths,
                                          const ArgParser &parser, std::ostream &err);

// --cosine-threshold (default 0.99); nullopt with a message on a bad value.
std::optional<FlagThresholds> thresholdsForCli(const ArgParser &parser, std::ostream &err);

// One row for JSON output (name, line, type, join, measures).
nlohmann::json evidenceRowJson(const EvidenceRow &row, const RowJoin &join,
                               const FlagThresholds &thresholds);

// "fp16,fp32" style list.
std::string dtypeList(const std::vector<DType> &list);

} // namespace opsinfo
