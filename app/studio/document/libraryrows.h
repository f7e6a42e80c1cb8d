#pragma once

#include "common/policy.h"

#include <QCoreApplication>
#include <QString>

#include <vector>

namespace opsinfo {

class OpLibrary;
class PolicyTable;

// One op type as the library table shows it: texts built once per load, colours kept current.
struct LibraryRow
{
    QString type;
    QString source;
    QString dtypes;
    QString dynamic;
    int shadowed = 0;
    int columns = 0;
    bool cube = false;
    Policy original = Policy::Gray; // in the file as loaded
    Policy library = Policy::Gray; // with the user's edits
    Policy effective = Policy::Gray;
};

// The library table's content for a freshly loaded library. Building it for 20,000 ops takes tens
// of milliseconds, so the file controller builds it on the loader's worker thread (it only reads
// its arguments) and the model adopts it on reset; the UI thread never pays for it.
struct LibraryRows
{
    Q_DECLARE_TR_FUNCTIONS(LibraryRows)

public:
    std::vector<LibraryRow> rows; // in the library's order
    // Position of each row's type in case-insensitive order, so the proxy sorts by comparing ints.
    std::vector<int> typeRank;

    static LibraryRows build(const OpLibrary &library, const PolicyTable &policies);
};

} // namespace opsinfo
