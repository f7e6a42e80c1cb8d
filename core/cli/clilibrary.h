#pragma once

#include "cli/clicommon.h"
#include "library/oplibrary.h"
#include "mixlist/mixlist.h"

#include <initializer_list>
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

namespace opsinfo {

// How a command treats a library the compiler would refuse (L4, L6 ... SEMANTICS §2).
enum class RefusedLibrary {
    Read, // read it as far as it goes, say so, and end the command with exit 1
    Refuse, // --strict: the command stops at once with exit 1, as before the store could be read
};

// Declares --strict, the same on every command that reads a library.
void addStrictLibraryOption(ArgParser &parser);
RefusedLibrary refusedLibraryOption(const ArgParser &parser);

// Loads the libraries named on a command line. Several paths are several stores, the first with
// the highest priority (as custom paths precede the built-in store, L3). Diagnostics go to err.
// - a path that cannot be read (missing, unreadable folder, not a file or folder, too large), or
//   that holds no ops-info file at all: exit 2, the command could not run;
// - a library whose files hold no op type: exit 1;
// - a library with errors (the compiler refuses it): its problems are printed and it is returned
//   as read, so the user can see and repair it; the command then ends with exit 1
//   (CliLibraryRefusals). With RefusedLibrary::Refuse it is refused: exit 1.
Loaded<OpLibrary> loadLibrariesForCli(const std::vector<std::string> &paths, const std::string &soc,
                                      std::ostream &err,
                                      RefusedLibrary refused = RefusedLibrary::Read);

// The --library (and --soc, --strict) of a command that can do without one: `library` stays
// empty when the option is absent. Returns the exit code when it is given but cannot be used.
std::optional<int> loadLibraryOptionForCli(const ArgParser &parser, std::ostream &err,
                                           std::optional<OpLibrary> &library);

// Counts, for one runCli call on this thread, the libraries read although the compiler refuses
// them, so the command's exit code says so (1) whatever it printed: a CI step that shows or edits
// such a store still fails, and its output is there to act on.
class CliLibraryRefusals
{
public:
    CliLibraryRefusals();
    ~CliLibraryRefusals();
    CliLibraryRefusals(const CliLibraryRefusals &) = delete;
    CliLibraryRefusals &operator=(const CliLibraryRefusals &) = delete;

    static void record();
    // `exitCode`, or ExitInputErrors where it is ExitOk and a refused library was read.
    int exitCode(int exitCode) const;

private:
    CliLibraryRefusals *m_outer;
    std::size_t m_count = 0;
};

// Reads a mixlist strictly, as the compiler would; errors refuse it (exit 1) unless `lenient`,
// where repairs are reported as warnings. A file that cannot be read: exit 2.
Loaded<Mixlist> loadMixlistForCli(const std::string &path, bool lenient, std::ostream &err);

// Each mixlist option that is given (strictly, as loadMixlistForCli) into its slot, in the order
// listed; the exit code of the first that cannot be used.
using MixlistOption = std::pair<const char *, std::optional<Mixlist> *>;
std::optional<int> loadMixlistOptionsForCli(const ArgParser &parser,
                                            std::initializer_list<MixlistOption> options,
                                            std::ostream &err);

} // namespace opsinfo
