#pragma once

#include "cli/argparser.h"
#include "common/diagnostic.h"
#include "common/inputfile.h"

#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

namespace opsinfo {

class InputSet;
struct OutputOptions;

// Something a command read or loaded, or the exit code it must return (the messages are already
// written): ExitUsage when the file could not be read at all, ExitInputErrors when its content
// has errors.
template<class T> class Loaded
{
public:
    Loaded(T value)
        : m_value(std::move(value))
    {
    }
    Loaded(ExitCode failure)
        : m_exit(failure)
    {
    }
    explicit operator bool() const { return m_value.has_value(); }
    T &operator*() { return *m_value; }
    const T &operator*() const { return *m_value; }
    T *operator->() { return &*m_value; }
    const T *operator->() const { return &*m_value; }
    int exitCode() const { return m_exit; }

private:
    std::optional<T> m_value;
    int m_exit = ExitOk;
};

// Reads a whole input file within its kind's limit (common/inputfile.h); a missing, unreadable,
// non-regular or too large file is refused with the reason and exit 2.
Loaded<std::string> readFileForCli(const std::string &path, const InputLimit &limit,
                                   std::ostream &err);

// 0 without errors, 2 when an error is an I/O failure (the input could not be read), else 1.
int exitCodeFor(const std::vector<Diagnostic> &diagnostics);

// Writes diagnostics to err, one per line, compiler style; colour only on a terminal and without
// NO_COLOR. Each field is made terminal-safe: text from files cannot forge a line or send escape
// sequences.
void printDiagnostics(const std::vector<Diagnostic> &diagnostics, std::ostream &err);

// Keeps, for the runCli calls on this thread while it lives, a copy of every diagnostic
// printDiagnostics writes: a caller that is no terminal (the Python API) gets file, line and column
// as data instead of parsing the text. Nested recorders: the innermost one gets them.
class DiagnosticRecorder
{
public:
    DiagnosticRecorder();
    ~DiagnosticRecorder();
    DiagnosticRecorder(const DiagnosticRecorder &) = delete;
    DiagnosticRecorder &operator=(const DiagnosticRecorder &) = delete;

    static void record(const Diagnostic &diagnostic);
    const std::vector<Diagnostic> &diagnostics() const { return m_diagnostics; }

private:
    DiagnosticRecorder *m_outer;
    std::vector<Diagnostic> m_diagnostics;
};

// Left-aligned text table for humans; every cell terminal-safe and on one line.
std::string formatTable(const std::vector<std::string> &header,
                        const std::vector<std::vector<std::string>> &rows);

bool colourWanted(std::ostream &stream);

// Writes an output file the way every command does (common/outputfile.h): atomic, never onto one
// of `inputs`, keeping the replaced file's owner and mode; messages for the command line. Returns
// ExitOk or ExitUsage (an output that cannot be written is an I/O error).
int writeOutputForCli(const std::string &path, std::string_view bytes, const InputSet &inputs,
                      std::ostream &err);
// The same with every option (in-place edits: expected stamp, backup).
int writeOutputForCli(const std::string &path, std::string_view bytes, OutputOptions options,
                      std::ostream &err, std::string *backupPath = nullptr);

} // namespace opsinfo
