#pragma once

#include "library/libraryproblems.h"

#include <QAbstractTableModel>

#include <vector>

namespace opsinfo {

class LibraryDocument;

// The problems found when the library was opened (what the compiler refuses, and warnings), one
// row each in file order; rebuilt when a library is opened.
class ProblemModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column {
        SeverityColumn,
        LocationColumn,
        OpColumn,
        RuleColumn,
        MessageColumn,
        ColumnCount
    };
    enum Role {
        TypeRole = Qt::UserRole + 1, // QString op type of the entry; empty outside every entry
        FixRole, // QString "'fp32' -> 'float32'" for a certain fix, else empty
    };

    explicit ProblemModel(LibraryDocument *document, QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    const LibraryProblem &problem(int row) const { return m_problems[std::size_t(row)]; }
    // Errors not yet repaired by an applied fix: what the compiler refuses once the edits are
    // saved.
    int errorCount() const;
    // Its certain fix is applied (made on the next save).
    bool isFixed(int row) const;

signals:
    void countsChanged();

private:
    void rebuild();

    LibraryDocument *m_document;
    std::vector<LibraryProblem> m_problems;
};

} // namespace opsinfo
