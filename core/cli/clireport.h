#pragma once

#include "common/diagnostic.h"

#include <ostream>
#include <string>
#include <vector>

namespace opsinfo {

// How findings are written: for people, for scripts, or for CI systems to annotate.
enum class ReportFormat { Text, Json, Github, Junit };

// Parses "text|json|github|junit"; false on anything else.
bool parseReportFormat(const std::string &name, ReportFormat &format);

// Writes the findings about `subject` (a file) in the chosen form. Text goes to err (messages),
// the machine forms to out.
void writeFindings(ReportFormat format, const std::string &suite, const std::string &subject,
                   const std::vector<Diagnostic> &diagnostics, std::ostream &out,
                   std::ostream &err);

} // namespace opsinfo
