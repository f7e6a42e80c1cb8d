#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace opsinfo {

// A 1-based position in a text file; line 0 means "the whole file".
struct SourceLocation
{
    std::string file;
    int line = 0;
    int column = 0;
};

enum class Severity { Error, Warning, Note };

// A repair that is certain (a dtype word with one known spelling): replace the bytes `original` at
// byte `offset` of the diagnostic's file with `replacement`. Applied only where the file still
// holds `original` there (common/textfix.h), so a stale fix never lands on other bytes.
struct TextFix
{
    std::size_t offset = 0;
    std::string original;
    std::string replacement;
};

// One finding about user input. `code` is a stable id (a rule id such as "L4" or "X1",
// or a short slug) so CI filters and tests do not depend on the wording.
struct Diagnostic
{
    Severity severity = Severity::Error;
    SourceLocation location;
    std::string code;
    std::string message;
    std::string hint; // what the user can do about it; may be empty
    std::optional<TextFix> fix = std::nullopt; // a certain repair, where there is one
};

const char *severityName(Severity severity);

// "file:line:col: error: message [code] (hint)" — the format compilers use, so editors link it.
std::string formatDiagnostic(const Diagnostic &diagnostic);

bool hasErrors(const std::vector<Diagnostic> &diagnostics);

} // namespace opsinfo
