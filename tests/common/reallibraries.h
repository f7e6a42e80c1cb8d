#pragma once

// The real ops-info libraries of ../shared/data/opsinfo (CANN 8.1.RC1's canonical files, the
// split 910B stub, the ModelZoo user copies, hicann/ge's test stores), and what a one-flag edit of
// one of them must change.

#include "shareddata.h"

#include <QByteArray>
#include <QDirIterator>
#include <QList>
#include <QStringList>

#include <algorithm>

// Every ops-info library file under the shared data (not mixlists), sorted.
inline QStringList realLibraryFiles()
{
    QStringList files;
    QDirIterator it(sharedData(QStringLiteral("opsinfo")), {QStringLiteral("*.json")}, QDir::Files,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        if (!path.contains(QLatin1String("/mixlists/")))
            files << path;
    }
    files.sort();
    return files;
}

// The row name of a real file: its path under ../shared/data.
inline QByteArray realRowName(const QString &path)
{
    return path.mid(sharedData().size() + 1).toUtf8();
}

// The lines of `after` that differ from `before`: changed lines when both have as many, else
// the lines `after` inserts (a pure insertion keeps every line of `before`, in order); -1 when
// the change is neither.
inline int changedLines(const QByteArray &before, const QByteArray &after)
{
    const QList<QByteArray> a = before.split('\n'), b = after.split('\n');
    if (a.size() == b.size()) {
        int changed = 0;
        for (qsizetype i = 0; i < a.size(); ++i)
            changed += a[i] != b[i] ? 1 : 0;
        return changed;
    }
    if (b.size() < a.size())
        return -1;
    qsizetype head = 0;
    while (head < a.size() && a[head] == b[head])
        ++head;
    qsizetype tail = 0;
    while (tail < a.size() - head && a[a.size() - 1 - tail] == b[b.size() - 1 - tail])
        ++tail;
    return head + tail == a.size() ? int(b.size() - a.size()) : -1;
}
