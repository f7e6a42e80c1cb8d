#pragma once

#include <QDir>
#include <QString>
#include <QTest>

// ../shared/data is reference data beside the clone; a user's fresh clone has none, so tests that
// read it skip (saying so) instead of failing.
inline QString sharedData(const QString &relative = {})
{
    return QDir::cleanPath(QStringLiteral(OPSINFO_SHARED_DATA) + QLatin1Char('/') + relative);
}

inline QString testData(const QString &relative = {})
{
    return QDir::cleanPath(QStringLiteral(OPSINFO_TEST_DATA) + QLatin1Char('/') + relative);
}

#define REQUIRE_SHARED_DATA()                                                                      \
    do {                                                                                           \
        if (!QDir(sharedData()).exists())                                                          \
            QSKIP("../shared/data is absent (fresh clone): reference-data test skipped");          \
    } while (false)
