#pragma once

#include "evidence/evidence.h"

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace opsinfo {

struct EvidenceLoadOptions
{
    // Larger files are refused before reading: every row is kept in memory (about 200 bytes per
    // CSV row), and a JSON document is read whole. Filter or split bigger exports first.
    std::size_t maxCsvBytes = std::size_t(512) << 20;
    std::size_t maxJsonBytes = std::size_t(128) << 20;
};

// Reads one evidence file, recognising its format from the header (CSV) or keys (JSON), never
// from its name. Never throws: problems come back in EvidenceFile::diagnostics with file, line
// and column; an error means the rows are incomplete (those read before it are kept).
EvidenceFile loadEvidenceFile(const std::string &path, const EvidenceLoadOptions &options = {});

// The same for bytes in memory; `path` names the file in diagnostics.
EvidenceFile loadEvidenceText(std::string_view text, const std::string &path,
                              const EvidenceLoadOptions &options = {});

// Several files, in order.
std::vector<EvidenceFile> loadEvidenceFiles(const std::vector<std::string> &paths,
                                            const EvidenceLoadOptions &options = {});

} // namespace opsinfo
