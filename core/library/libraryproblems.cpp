#include "library/libraryproblems.h"

#include <algorithm>
#include <map>

namespace opsinfo {

namespace {

struct EntryStart
{
    int line;
    const OpEntry *entry;
};

} // namespace

std::vector<LibraryProblem> libraryProblems(const OpLibrary &library,
                                            const std::vector<Diagnostic> &diagnostics)
{
    // Per file, the entries by the line of their key (only files that have a problem).
    std::map<std::string, std::vector<EntryStart>> byFile;
    for (const Diagnostic &d : diagnostics)
        if (d.severity != Severity::Note)
            byFile.emplace(d.location.file, std::vector<EntryStart> {});
    const auto collect = [&](const std::vector<OpEntry> &entries) {
        for (const OpEntry &e : entries) {
            if (e.fileIndex < 0 || std::size_t(e.fileIndex) >= library.files().size())
                continue;
            const auto it = byFile.find(library.files()[std::size_t(e.fileIndex)].path);
            if (it != byFile.end())
                it->second.push_back({e.location.line, &e});
        }
    };
    collect(library.ops());
    collect(library.allShadowed());
    for (auto &[file, starts] : byFile)
        std::stable_sort(starts.begin(), starts.end(),
                         [](const EntryStart &a, const EntryStart &b) { return a.line < b.line; });

    std::vector<LibraryProblem> problems;
    for (const Diagnostic &d : diagnostics) {
        if (d.severity == Severity::Note)
            continue;
        LibraryProblem problem {d, {}, OpEntry::npos, OpEntry::npos, 0};
        const std::vector<EntryStart> &starts = byFile[d.location.file];
        const auto after
            = std::upper_bound(starts.begin(), starts.end(), d.location.line,
                               [](int line, const EntryStart &s) { return line < s.line; });
        if (d.location.line > 0 && after != starts.begin()) {
            const OpEntry &entry = *std::prev(after)->entry;
            problem.opType = entry.type;
            problem.entryBegin = entry.keyBegin;
            problem.entryEnd = entry.valueEnd;
            problem.entryLine = entry.location.line;
        }
        problems.push_back(std::move(problem));
    }
    return problems;
}

} // namespace opsinfo
