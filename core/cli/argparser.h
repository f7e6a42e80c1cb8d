#pragma once

#include <functional>
#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace opsinfo {

class InputSet;

// Exit codes of every `opsinfo` command (documented in the README, the man page and --help).
enum ExitCode { ExitOk = 0, ExitInputErrors = 1, ExitUsage = 2 };

// A small, strict command-line parser: long options (--name VALUE or --name=VALUE), a few short
// aliases, flags, repeatable options and positionals. Unknown options are usage errors, so a typo
// never silently changes what a CI job checks; so are contradictory options (conflicts(),
// needs(), oneOf()), declared with the options rather than checked by hand in each command.
class ArgParser
{
public:
    // What an option's value is: files the command reads are its inputs (an output must never be
    // one of them); the CLI test matrix feeds hostile files to every input.
    enum class Value { None, Text, Input, Output };

    struct Spec
    {
        std::string name;
        std::string shortName;
        std::string valueName; // empty for flags
        std::string help;
        bool repeatable = false;
        bool required = true;
        bool positional = false;
        Value value = Value::Text;
    };

    ArgParser(std::string command, std::string summary);

    ArgParser &flag(const std::string &name, const std::string &help,
                    const std::string &shortName = {});
    ArgParser &option(const std::string &name, const std::string &valueName,
                      const std::string &help, bool repeatable = false,
                      const std::string &shortName = {});
    ArgParser &positional(const std::string &name, const std::string &help, bool repeatable = false,
                          bool required = true);
    // The option or positional declared last names a file (or folder) the command reads.
    ArgParser &reads();
    // The option declared last names a file the command writes.
    ArgParser &writes();
    // Usage errors: both given; `option` without `needed`; not exactly one of `names`.
    ArgParser &conflicts(const std::string &a, const std::string &b);
    ArgParser &needs(const std::string &option, const std::string &needed);
    ArgParser &oneOf(const std::vector<std::string> &names);
    ArgParser &epilog(const std::string &text);

    // False on a usage error (already written to err); notes -h/--help for parseOrExit.
    bool parse(const std::vector<std::string> &args, std::ostream &err);
    // parse() for a command's entry point: the exit code to return right away (2 after a usage
    // error, 0 after printing --help to out), or nullopt to go on.
    std::optional<int> parseOrExit(const std::vector<std::string> &args, std::ostream &out,
                                   std::ostream &err);
    std::string help() const;

    bool has(const std::string &name) const;
    std::string value(const std::string &name, const std::string &fallback = {}) const;
    const std::vector<std::string> &values(const std::string &name) const;
    // Every file and folder given to an option or positional marked reads().
    InputSet inputs() const;

    const std::string &command() const { return m_command; }
    const std::vector<Spec> &specs() const { return m_specs; }
    struct Rule
    {
        enum class Kind { Conflicts, Needs, OneOf } kind;
        std::vector<std::string> names;
    };
    const std::vector<Rule> &rules() const { return m_rules; }

    // For tests: while set, parseOrExit() hands the parser (its option table) to the hook and
    // returns 0 without parsing, so every command's table can be read without running it.
    using DescribeHook = std::function<void(const ArgParser &)>;
    static void setDescribeHook(DescribeHook hook);

private:
    const Spec *findOption(const std::string &token) const;
    bool checkRules(std::ostream &err) const;

    std::string m_command;
    std::string m_summary;
    std::string m_epilog;
    std::vector<Spec> m_specs;
    std::vector<Rule> m_rules;
    std::map<std::string, std::vector<std::string>> m_values;
    bool m_help = false;
};

} // namespace opsinfo
