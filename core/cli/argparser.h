#pragma once

#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace opsinfo {

// Exit codes of every `opsinfo` command (documented in the README and in --help).
enum ExitCode { ExitOk = 0, ExitInputErrors = 1, ExitUsage = 2 };

// A small, strict command-line parser: long options (--name VALUE or --name=VALUE), a few short
// aliases, flags, repeatable options and positionals. Unknown options are usage errors, so a typo
// never silently changes what a CI job checks.
class ArgParser
{
public:
    ArgParser(std::string command, std::string summary);

    ArgParser &flag(const std::string &name, const std::string &help, const std::string &shortName = {});
    ArgParser &option(const std::string &name, const std::string &valueName, const std::string &help,
                      bool repeatable = false, const std::string &shortName = {});
    ArgParser &positional(const std::string &name, const std::string &help, bool repeatable = false,
                          bool required = true);
    ArgParser &epilog(const std::string &text);

    // False on a usage error (already written to err). Sets helpRequested() for -h/--help.
    bool parse(const std::vector<std::string> &args, std::ostream &err);
    bool helpRequested() const { return m_help; }
    // parse() for a command's entry point: the exit code to return right away (2 after a usage
    // error, 0 after printing --help to out), or nullopt to go on.
    std::optional<int> parseOrExit(const std::vector<std::string> &args, std::ostream &out, std::ostream &err);
    std::string help() const;

    bool has(const std::string &name) const;
    std::string value(const std::string &name, const std::string &fallback = {}) const;
    const std::vector<std::string> &values(const std::string &name) const;

private:
    struct Spec
    {
        std::string name;
        std::string shortName;
        std::string valueName; // empty for flags
        std::string help;
        bool repeatable = false;
        bool required = true;
        bool positional = false;
    };
    const Spec *findOption(const std::string &token) const;

    std::string m_command;
    std::string m_summary;
    std::string m_epilog;
    std::vector<Spec> m_specs;
    std::map<std::string, std::vector<std::string>> m_values;
    bool m_help = false;
};

} // namespace opsinfo
