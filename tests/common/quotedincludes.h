#pragma once

// The `#include "..."` lines of a source file, for the layering tests of the core and the app.

#include <QFile>
#include <QList>
#include <QRegularExpression>
#include <QString>

struct QuotedInclude
{
    int line;
    QString header;
};

inline QList<QuotedInclude> quotedIncludes(const QString &path)
{
    // An ordinary literal, not a raw one: moc's preprocessor reads this header too.
    static const QRegularExpression pattern(QStringLiteral("^\\s*#\\s*include\\s*\"([^\"]+)\""));
    QList<QuotedInclude> result;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text))
        return result;
    int line = 0;
    while (!file.atEnd()) {
        ++line;
        const QRegularExpressionMatch match = pattern.match(QString::fromUtf8(file.readLine()));
        if (match.hasMatch())
            result.append({line, match.captured(1)});
    }
    return result;
}
