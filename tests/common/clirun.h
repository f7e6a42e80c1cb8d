#pragma once

#include "cli/cli.h"
#include "shareddata.h"

#include <QFile>
#include <QStringList>

#include <sstream>

// Runs the `opsinfo` command line in-process, as the CLI tests do.
struct CliRun
{
    int code = 0;
    QString out;
    QString err;
};

inline CliRun runOpsinfo(const QStringList &args)
{
    std::vector<std::string> argv;
    for (const QString &a : args)
        argv.push_back(a.toStdString());
    std::ostringstream out, err;
    const int code = opsinfo::runCli(argv, out, err);
    return {code, QString::fromStdString(out.str()), QString::fromStdString(err.str())};
}

// A fixture under tests/data/cli.
inline QString cliFixture(const QString &name)
{
    return testData(QStringLiteral("cli/") + name);
}

inline QByteArray readAllBytes(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}
