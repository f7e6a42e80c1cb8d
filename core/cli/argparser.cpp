#include "cli/argparser.h"

#include "common/outputfile.h"

#include <algorithm>

namespace opsinfo {

namespace {
const std::vector<std::string> kNone;
ArgParser::DescribeHook &describeHook()
{
    static ArgParser::DescribeHook hook;
    return hook;
}
std::string dashed(const std::string &name)
{
    return "--" + name;
}
} // namespace

void ArgParser::setDescribeHook(DescribeHook hook)
{
    describeHook() = std::move(hook);
}

ArgParser::ArgParser(std::string command, std::string summary)
    : m_command(std::move(command))
    , m_summary(std::move(summary))
{
}

ArgParser &ArgParser::flag(const std::string &name, const std::string &help,
                           const std::string &shortName)
{
    m_specs.push_back({name, shortName, {}, help, false, false, false, Value::None});
    return *this;
}

ArgParser &ArgParser::option(const std::string &name, const std::string &valueName,
                             const std::string &help, bool repeatable, const std::string &shortName)
{
    m_specs.push_back({name, shortName, valueName, help, repeatable, false, false, Value::Text});
    return *this;
}

ArgParser &ArgParser::positional(const std::string &name, const std::string &help, bool repeatable,
                                 bool required)
{
    m_specs.push_back({name, {}, name, help, repeatable, required, true, Value::Text});
    return *this;
}

ArgParser &ArgParser::reads()
{
    m_specs.back().value = Value::Input;
    return *this;
}

ArgParser &ArgParser::writes()
{
    m_specs.back().value = Value::Output;
    return *this;
}

ArgParser &ArgParser::conflicts(const std::string &a, const std::string &b)
{
    m_rules.push_back({Rule::Kind::Conflicts, {a, b}});
    return *this;
}

ArgParser &ArgParser::needs(const std::string &option, const std::string &needed)
{
    m_rules.push_back({Rule::Kind::Needs, {option, needed}});
    return *this;
}

ArgParser &ArgParser::oneOf(const std::vector<std::string> &names)
{
    m_rules.push_back({Rule::Kind::OneOf, names});
    return *this;
}

bool ArgParser::checkRules(std::ostream &err) const
{
    for (const Rule &rule : m_rules) {
        switch (rule.kind) {
        case Rule::Kind::Conflicts:
            if (has(rule.names[0]) && has(rule.names[1])) {
                err << m_command << ": " << dashed(rule.names[0]) << " and "
                    << dashed(rule.names[1]) << " contradict each other: give one of them (see '"
                    << m_command << " --help')\n";
                return false;
            }
            break;
        case Rule::Kind::Needs:
            if (has(rule.names[0]) && !has(rule.names[1])) {
                err << m_command << ": " << dashed(rule.names[0]) << " needs "
                    << dashed(rule.names[1]) << " (see '" << m_command << " --help')\n";
                return false;
            }
            break;
        case Rule::Kind::OneOf: {
            std::size_t given = 0;
            std::string list;
            for (const std::string &name : rule.names) {
                given += has(name) ? 1 : 0;
                list += (list.empty() ? "" : ", ") + dashed(name);
            }
            if (given != 1) {
                err << m_command << ": give exactly one of " << list << " (see '" << m_command
                    << " --help')\n";
                return false;
            }
            break;
        }
        }
    }
    return true;
}

ArgParser &ArgParser::epilog(const std::string &text)
{
    m_epilog = text;
    return *this;
}

const ArgParser::Spec *ArgParser::findOption(const std::string &token) const
{
    for (const Spec &s : m_specs) {
        if (s.positional)
            continue;
        if (token == "--" + s.name || (!s.shortName.empty() && token == "-" + s.shortName))
            return &s;
    }
    return nullptr;
}

bool ArgParser::parse(const std::vector<std::string> &args, std::ostream &err)
{
    std::vector<std::string> positionals;
    bool onlyPositionals = false;
    for (std::size_t i = 0; i < args.size(); ++i) {
        std::string token = args[i];
        if (onlyPositionals || token.size() < 2 || token[0] != '-') {
            positionals.push_back(token);
            continue;
        }
        if (token == "--") {
            onlyPositionals = true;
            continue;
        }
        if (token == "-h" || token == "--help") {
            m_help = true;
            return true;
        }
        std::string inlineValue;
        bool hasInline = false;
        if (auto eq = token.find('='); token.rfind("--", 0) == 0 && eq != std::string::npos) {
            inlineValue = token.substr(eq + 1);
            token = token.substr(0, eq);
            hasInline = true;
        }
        const Spec *spec = findOption(token);
        if (!spec) {
            err << m_command << ": unknown option '" << token << "' (see '" << m_command
                << " --help')\n";
            return false;
        }
        auto &slot = m_values[spec->name];
        if (!slot.empty() && !spec->repeatable) {
            err << m_command << ": option '--" << spec->name << "' given twice\n";
            return false;
        }
        if (spec->valueName.empty()) {
            if (hasInline) {
                err << m_command << ": flag '--" << spec->name << "' takes no value\n";
                return false;
            }
            slot.push_back("1");
        } else if (hasInline) {
            slot.push_back(inlineValue);
        } else if (i + 1 < args.size()) {
            slot.push_back(args[++i]);
        } else {
            err << m_command << ": option '--" << spec->name << "' needs a value ("
                << spec->valueName << ")\n";
            return false;
        }
    }
    std::size_t next = 0;
    for (const Spec &s : m_specs) {
        if (!s.positional)
            continue;
        auto &slot = m_values[s.name];
        if (s.repeatable) {
            while (next < positionals.size())
                slot.push_back(positionals[next++]);
        } else if (next < positionals.size()) {
            slot.push_back(positionals[next++]);
        }
        if (slot.empty() && s.required) {
            err << m_command << ": missing " << s.name << " (see '" << m_command << " --help')\n";
            return false;
        }
    }
    if (next < positionals.size()) {
        err << m_command << ": unexpected argument '" << positionals[next] << "'\n";
        return false;
    }
    return checkRules(err);
}

std::optional<int> ArgParser::parseOrExit(const std::vector<std::string> &args, std::ostream &out,
                                          std::ostream &err)
{
    if (describeHook()) {
        describeHook()(*this);
        return ExitOk;
    }
    if (!parse(args, err))
        return ExitUsage;
    if (m_help) {
        out << help();
        return ExitOk;
    }
    return std::nullopt;
}

std::string ArgParser::help() const
{
    std::string usage = "usage: " + m_command + " [options]";
    for (const Spec &s : m_specs) {
        if (!s.positional)
            continue;
        std::string p = s.name + (s.repeatable ? "..." : "");
        usage += " " + (s.required ? p : "[" + p + "]");
    }
    std::string out = usage + "\n\n" + m_summary + "\n";
    auto section = [&out, this](bool positional, const char *title) {
        bool any = false;
        for (const Spec &s : m_specs) {
            if (s.positional != positional)
                continue;
            if (!any)
                out += std::string("\n") + title + ":\n";
            any = true;
            std::string left = positional
                ? s.name
                : (s.shortName.empty() ? "    " : "-" + s.shortName + ", ") + "--" + s.name
                    + (s.valueName.empty() ? "" : " " + s.valueName);
            left = "  " + left;
            if (left.size() < 30)
                left.resize(30, ' ');
            else
                left += "\n" + std::string(30, ' ');
            out += left + s.help + (s.repeatable && !positional ? " (repeatable)" : "") + "\n";
        }
    };
    section(true, "arguments");
    section(false, "options");
    out += "  -h, --help                  show this help\n";
    if (!m_rules.empty()) {
        out += "\nusage rules (anything else is a usage error, exit 2):\n";
        for (const Rule &rule : m_rules) {
            std::string list;
            for (const std::string &name : rule.names)
                list += (list.empty() ? "" : ", ") + dashed(name);
            switch (rule.kind) {
            case Rule::Kind::Conflicts:
                out += "  not together: " + list + "\n";
                break;
            case Rule::Kind::Needs:
                out += "  " + dashed(rule.names[0]) + " needs " + dashed(rule.names[1]) + "\n";
                break;
            case Rule::Kind::OneOf:
                out += "  exactly one of: " + list + "\n";
                break;
            }
        }
    }
    out += "\nexit codes: 0 fine (warnings allowed), 1 errors found in the input, 2 usage or I/O error\n(a missing or unreadable file, an output that cannot be written)\n";
    if (!m_epilog.empty())
        out += "\n" + m_epilog + "\n";
    return out;
}

bool ArgParser::has(const std::string &name) const
{
    auto it = m_values.find(name);
    return it != m_values.end() && !it->second.empty();
}

std::string ArgParser::value(const std::string &name, const std::string &fallback) const
{
    auto it = m_values.find(name);
    return it == m_values.end() || it->second.empty() ? fallback : it->second.back();
}

const std::vector<std::string> &ArgParser::values(const std::string &name) const
{
    auto it = m_values.find(name);
    return it == m_values.end() ? kNone : it->second;
}

InputSet ArgParser::inputs() const
{
    InputSet set;
    for (const Spec &s : m_specs)
        if (s.value == Value::Input)
            for (const std::string &path : values(s.name))
                set.add(path);
    return set;
}

} // namespace opsinfo
