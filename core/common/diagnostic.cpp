#include "common/diagnostic.h"

#include <algorithm>

namespace opsinfo {

const char *severityName(Severity severity)
{
    switch (severity) {
    case Severity::Error:
        return "error";
    case Severity::Warning:
        return "warning";
    case Severity::Note:
        return "note";
    }
    return "error";
}

std::string formatDiagnostic(const Diagnostic &d)
{
    std::string out = d.location.file.empty() ? std::string("<input>") : d.location.file;
    if (d.location.line > 0) {
        out += ':' + std::to_string(d.location.line);
        if (d.location.column > 0)
            out += ':' + std::to_string(d.location.column);
    }
    out += ": ";
    out += severityName(d.severity);
    out += ": ";
    out += d.message;
    if (!d.code.empty())
        out += " [" + d.code + ']';
    if (!d.hint.empty())
        out += " (" + d.hint + ')';
    return out;
}

bool hasErrors(const std::vector<Diagnostic> &diagnostics)
{
    return std::any_of(diagnostics.begin(), diagnostics.end(),
                       [](const Diagnostic &d) { return d.severity == Severity::Error; });
}

} // namespace opsinfo
