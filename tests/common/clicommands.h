#pragma once

// The CLI's commands and their option tables, read from the CLI itself: command paths by walking
// --help, each command's options from its own ArgParser (ArgParser::setDescribeHook), so tests
// follow every new command and option without a list of their own.

#include "cli/argparser.h"
#include "clirun.h"

#include <QList>
#include <QRegularExpression>
#include <QStringList>

#include <vector>

// The names listed under "title:" in a help text ("  name   summary" lines up to a blank line).
inline QStringList listedNames(const QString &help, const QString &title)
{
    QStringList names;
    const int start = help.indexOf(title + ":\n");
    if (start < 0)
        return names;
    for (const QString &line : help.mid(start + title.size() + 2).split('\n')) {
        if (!line.startsWith("  "))
            break;
        names << line.trimmed().section(' ', 0, 0);
    }
    return names;
}

// Every command path of the CLI, found by walking --help: "library show", "resolve", "resolve diff"
// ...
inline QList<QStringList> commandPaths()
{
    QList<QStringList> paths;
    for (const QString &command : listedNames(runOpsinfo({"--help"}).out, "commands")) {
        const QString help = runOpsinfo({command, "--help"}).out;
        const QStringList subs = listedNames(help, "subcommands");
        if (subs.isEmpty())
            paths << QStringList {command};
        for (const QString &sub : subs)
            paths << QStringList {command, sub};
        // A command that also has a subcommand of its own names it as 'opsinfo <command> <sub>'.
        static const QRegularExpression mentioned("'opsinfo ([a-z-]+) ([a-z-]+)'");
        for (auto it = mentioned.globalMatch(help); it.hasNext();) {
            const auto m = it.next();
            if (m.captured(1) == command && !subs.contains(m.captured(2)))
                paths << QStringList {command, m.captured(2)};
        }
    }
    return paths;
}

// The option table (and usage rules) of one command, as its own parser declares them.
struct OptionTable
{
    std::vector<opsinfo::ArgParser::Spec> specs;
    std::vector<opsinfo::ArgParser::Rule> rules;
    bool found = false;

    const opsinfo::ArgParser::Spec *option(const QString &token) const
    {
        for (const auto &s : specs)
            if (!s.positional
                && (token == "--" + QString::fromUtf8(s.name)
                    || (!s.shortName.empty()
                        && token == "-" + QString::fromStdString(s.shortName))))
                return &s;
        return nullptr;
    }
};

inline OptionTable optionTable(const QStringList &path)
{
    OptionTable table;
    opsinfo::ArgParser::setDescribeHook([&table](const opsinfo::ArgParser &parser) {
        table.specs = parser.specs();
        table.rules = parser.rules();
        table.found = true;
    });
    runOpsinfo(path);
    opsinfo::ArgParser::setDescribeHook({});
    return table;
}
