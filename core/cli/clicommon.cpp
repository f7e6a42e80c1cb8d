#include "cli/clicommon.h"

#include "cli/clioutput.h"
#include "common/outputfile.h"
#include "common/textescape.h"

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <unistd.h>

namespace opsinfo {

Loaded<std::string> readFileForCli(const std::string &path, const InputLimit &limit,
                                   std::ostream &err)
{
    std::string bytes;
    if (const auto failure = readInputFile(path, limit, bytes)) {
        printDiagnostics({failure->diagnostic()}, err);
        return ExitUsage;
    }
    return bytes;
}

int exitCodeFor(const std::vector<Diagnostic> &diagnostics)
{
    if (std::any_of(diagnostics.begin(), diagnostics.end(), isInputFailure))
        return ExitUsage;
    return hasErrors(diagnostics) ? ExitInputErrors : ExitOk;
}

bool colourWanted(std::ostream &stream)
{
    // no-color.org: set and non-empty turns colour off.
    if (const char *noColor = std::getenv("NO_COLOR"); noColor && *noColor)
        return false;
    if (&stream == &std::cerr)
        return isatty(STDERR_FILENO);
    if (&stream == &std::cout)
        return isatty(STDOUT_FILENO);
    return false;
}

namespace {
thread_local DiagnosticRecorder *t_recorder = nullptr;
}

DiagnosticRecorder::DiagnosticRecorder()
    : m_outer(t_recorder)
{
    t_recorder = this;
}

DiagnosticRecorder::~DiagnosticRecorder()
{
    t_recorder = m_outer;
}

void DiagnosticRecorder::record(const Diagnostic &diagnostic)
{
    if (t_recorder)
        t_recorder->m_diagnostics.push_back(diagnostic);
}

void printDiagnostics(const std::vector<Diagnostic> &diagnostics, std::ostream &err)
{
    const bool colour = colourWanted(err);
    for (Diagnostic d : diagnostics) {
        DiagnosticRecorder::record(d);
        for (std::string *field : {&d.location.file, &d.code, &d.message, &d.hint})
            *field = terminalSafe(*field);
        std::string line = formatDiagnostic(d);
        if (colour) {
            const char *code = d.severity == Severity::Error ? "\033[31m"
                : d.severity == Severity::Warning            ? "\033[33m"
                                                             : "\033[36m";
            const std::string word = std::string(severityName(d.severity)) + ":";
            if (auto pos = line.find(" " + word); pos != std::string::npos) {
                writeDocument(err, line.substr(0, pos + 1));
                writeControl(err, code);
                writeDocument(err, word);
                writeControl(err, "\033[0m");
                line = line.substr(pos + 1 + word.size());
            }
        }
        writeDocument(err, line + "\n");
        err.flush();
    }
}

std::string formatTable(const std::vector<std::string> &header,
                        const std::vector<std::vector<std::string>> &rows)
{
    std::vector<std::vector<std::string>> safe;
    safe.reserve(rows.size() + 1);
    safe.push_back(header);
    for (const auto &row : rows) {
        std::vector<std::string> cells;
        cells.reserve(row.size());
        for (const std::string &cell : row)
            cells.push_back(terminalSafe(cell));
        safe.push_back(std::move(cells));
    }
    std::vector<std::size_t> width(header.size(), 0);
    for (const auto &row : safe)
        for (std::size_t i = 0; i < row.size() && i < width.size(); ++i)
            width[i] = std::max(width[i], row[i].size());
    std::string out;
    for (const auto &row : safe) {
        for (std::size_t i = 0; i < row.size() && i < width.size(); ++i) {
            std::string cell = row[i];
            if (i + 1 < row.size())
                cell.resize(width[i] + 2, ' ');
            out += cell;
        }
        out += "\n";
    }
    return out;
}

int writeOutputForCli(const std::string &path, std::string_view bytes, const InputSet &inputs,
                      std::ostream &err)
{
    OutputOptions options;
    options.inputs = &inputs;
    return writeOutputForCli(path, bytes, std::move(options), err);
}

int writeOutputForCli(const std::string &path, std::string_view bytes, OutputOptions options,
                      std::ostream &err, std::string *backupPath)
{
    options.audience = WriteAudience::Cli;
    const OutputResult result = writeOutputFile(path, bytes, options);
    printDiagnostics(result.diagnostics, err);
    if (backupPath)
        *backupPath = result.backupPath;
    return result.ok ? ExitOk : ExitUsage;
}

} // namespace opsinfo
