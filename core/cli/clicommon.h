#pragma once

#include "common/diagnostic.h"

#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace opsinfo {

// Reads a whole file; on failure writes "opsinfo: cannot read FILE: reason" to err.
std::optional<std::string> readFileForCli(const std::string &path, std::ostream &err);

// Writes diagnostics to err, one per line, compiler style; colour only on a terminal and without NO_COLOR.
void printDiagnostics(const std::vector<Diagnostic> &diagnostics, std::ostream &err);

// Left-aligned text table for humans.
std::string formatTable(const std::vector<std::string> &header, const std::vector<std::vector<std::string>> &rows);

bool colourWanted(std::ostream &stream);

} // namespace opsinfo
