#include "cli/cli.h"

#include "cli/clilibrary.h"
#include "cli/clioutput.h"
#include "cli/commands.h"
#include "cli/progress.h"

#include <array>
#include <cstdlib>

namespace opsinfo {

namespace {

struct Command
{
    const char *name;
    const char *summary;
    CommandFunction run;
};

const std::array kCommands {
    Command {"library", "show, count, edit and compare ops-info libraries", &runLibraryCommand},
    Command {"mixlist", "lint, apply and export modify_mixlist files", &runMixlistCommand},
    Command {"convert-ini", "convert ops-info INI source files to canonical JSON",
             &runConvertIniCommand},
    Command {"graph", "inspect model graphs (ONNX, GE dumps, ATC JSON, TF GraphDef)",
             &runGraphCommand},
    Command {"resolve", "predict the dtype of every node for a precision mode", &runResolveCommand},
    Command {"check", "compare predictions with a compiled GE dump or executed evidence",
             &runCheckCommand},
    Command {"advise", "compute the smallest list change that protects nodes or removes Casts",
             &runAdviseCommand},
    Command {"evidence", "import profiler and accuracy evidence and join it to a graph",
             &runEvidenceCommand},
    Command {"report", "write one self-contained HTML page of a prediction, for any browser",
             &runReportCommand},
    Command {"snippet", "what to paste to apply a mode and mixlist on one front end",
             &runSnippetCommand},
    Command {"schema", "print the JSON Schema of modify_mixlist or ops-info files",
             &runSchemaCommand},
};

std::string mainHelp()
{
    std::string out
        = "usage: opsinfo <command> [options]\n\n"
          "Predict and edit how the Ascend compiler chooses float16/bfloat16/float32 per op.\n\n"
          "commands:\n";
    for (const Command &c : kCommands) {
        std::string name = std::string("  ") + c.name;
        name.resize(16, ' ');
        out += name + c.summary + "\n";
    }
    out += "\n'opsinfo <command> --help' describes each command.\n"
           "exit codes: 0 fine (warnings allowed), 1 errors found in the input, 2 usage or I/O error\n(a missing or unreadable file, an output that cannot be written)\n"
           "Machine-readable output goes to stdout, messages to stderr; NO_COLOR is honoured.\n";
    return out;
}

} // namespace

const char *kOpsInfoVersion = "0.1.0";

namespace {
bool g_leaveMemoryToExit = false;
}

void setLeaveMemoryToExit(bool leave)
{
    g_leaveMemoryToExit = leave;
}

bool leaveMemoryToExit()
{
    return g_leaveMemoryToExit;
}

namespace {

int dispatch(const std::vector<std::string> &args, std::ostream &out, std::ostream &err)
{
    if (args.empty()) {
        err << mainHelp();
        return ExitUsage;
    }
    if (args[0] == "-h" || args[0] == "--help" || args[0] == "help") {
        out << mainHelp();
        return ExitOk;
    }
    if (args[0] == "--version" || args[0] == "-V") {
        out << "opsinfo " << kOpsInfoVersion << "\n";
        return ExitOk;
    }
    for (const Command &c : kCommands) {
        if (args[0] == c.name) {
            const std::vector<std::string> rest(args.begin() + 1, args.end());
            return c.run(rest, out, err);
        }
    }
    err << "opsinfo: unknown command '" << args[0] << "' (see 'opsinfo --help')\n";
    return ExitUsage;
}

} // namespace

int runCli(const std::vector<std::string> &args, std::ostream &out, std::ostream &err)
{
    CliStreams streams(out, err);
    const CliLibraryRefusals refusals;
    int code = ExitUsage;
    try {
        code = refusals.exitCode(dispatch(args, out, err));
    } catch (const CliCancelled &) {
        err << "opsinfo: cancelled\n";
        code = 130;
    } catch (const std::bad_alloc &) {
        err << "opsinfo: out of memory\n";
    } catch (const std::exception &e) {
        // Every known failure has its own message; this one is a bug in opsinfo, said as such
        // rather than an abort.
        err << "opsinfo: internal error: " << e.what() << " (please report this)\n";
    }
    return streams.finish(code);
}

} // namespace opsinfo
