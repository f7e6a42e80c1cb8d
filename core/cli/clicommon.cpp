#include "cli/clicommon.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>
#include <unistd.h>

namespace opsinfo {

std::optional<std::string> readFileForCli(const std::string &path, std::ostream &err)
{
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        err << "opsinfo: cannot read " << path << ": " << std::strerror(errno) << "\n";
        return std::nullopt;
    }
    std::ostringstream buffer;
    buffer << in.rdbuf();
    return buffer.str();
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

void printDiagnostics(const std::vector<Diagnostic> &diagnostics, std::ostream &err)
{
    const bool colour = colourWanted(err);
    for (const Diagnostic &d : diagnostics) {
        std::string line = formatDiagnostic(d);
        if (colour) {
            const char *code = d.severity == Severity::Error ? "\033[31m" : d.severity == Severity::Warning ? "\033[33m" : "\033[36m";
            const std::string word = std::string(severityName(d.severity)) + ":";
            if (auto pos = line.find(" " + word); pos != std::string::npos)
                line.replace(pos + 1, word.size(), std::string(code) + word + "\033[0m");
        }
        err << line << "\n";
    }
}

std::string formatTable(const std::vector<std::string> &header, const std::vector<std::vector<std::string>> &rows)
{
    std::vector<std::size_t> width(header.size(), 0);
    auto measure = [&width](const std::vector<std::string> &row) {
        for (std::size_t i = 0; i < row.size() && i < width.size(); ++i)
            width[i] = std::max(width[i], row[i].size());
    };
    measure(header);
    for (const auto &row : rows)
        measure(row);
    auto line = [&width](const std::vector<std::string> &row) {
        std::string out;
        for (std::size_t i = 0; i < row.size() && i < width.size(); ++i) {
            std::string cell = row[i];
            if (i + 1 < row.size())
                cell.resize(width[i] + 2, ' ');
            out += cell;
        }
        return out + "\n";
    };
    std::string out = line(header);
    for (const auto &row : rows)
        out += line(row);
    return out;
}

} // namespace opsinfo
