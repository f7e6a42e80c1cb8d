#include "cli/commands.h"

namespace opsinfo {

int dispatchSubcommand(const std::string &group, const std::vector<Subcommand> &subs,
                       const std::vector<std::string> &args, std::ostream &out, std::ostream &err)
{
    auto help = [&] {
        std::string text = "usage: opsinfo " + group + " <subcommand> [options]\n\nsubcommands:\n";
        for (const Subcommand &s : subs) {
            std::string name = std::string("  ") + s.name;
            name.resize(12, ' ');
            text += name + s.summary + "\n";
        }
        return text + "\n'opsinfo " + group + " <subcommand> --help' describes each.\n";
    };
    if (args.empty()) {
        err << help();
        return ExitUsage;
    }
    if (args[0] == "-h" || args[0] == "--help") {
        out << help();
        return ExitOk;
    }
    for (const Subcommand &s : subs)
        if (args[0] == s.name)
            return s.run({args.begin() + 1, args.end()}, out, err);
    err << "opsinfo " << group << ": unknown subcommand '" << args[0] << "'\n" << help();
    return ExitUsage;
}

} // namespace opsinfo
