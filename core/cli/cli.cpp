#include "cli/cli.h"

namespace opsinfo {

int runCli(const std::vector<std::string> &args, std::ostream &out, std::ostream &err)
{
    if (args.empty() || args[0] == "-h" || args[0] == "--help") {
        out << "usage: opsinfo <command> [options]\n";
        return args.empty() ? 2 : 0;
    }
    if (args[0] == "--version") {
        out << "opsinfo 0.1.0\n";
        return 0;
    }
    err << "opsinfo: unknown command '" << args[0] << "' (see opsinfo --help)\n";
    return 2;
}

} // namespace opsinfo
