#include "studio/library/problemmodel.h"

#include "studio/common/coretexts.h"
#include "studio/document/librarydocument.h"

#include <QFileInfo>

namespace opsinfo {

ProblemModel::ProblemModel(LibraryDocument *document, QObject *parent)
    : QAbstractTableModel(parent)
    , m_document(document)
{
    connect(document, &LibraryDocument::libraryReset, this, &ProblemModel::rebuild);
    connect(document, &LibraryDocument::fixesChanged, this, [this] {
        if (!m_problems.empty())
            emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
        emit countsChanged();
    });
    rebuild();
}

int ProblemModel::errorCount() const
{
    int errors = 0;
    for (int row = 0; row < rowCount(); ++row)
        errors
            += m_problems[std::size_t(row)].diagnostic.severity == Severity::Error && !isFixed(row);
    return errors;
}

bool ProblemModel::isFixed(int row) const
{
    const Diagnostic &d = m_problems[std::size_t(row)].diagnostic;
    return d.fix && m_document->isFixApplied(d.location.file, d.fix->offset);
}

void ProblemModel::rebuild()
{
    beginResetModel();
    m_problems = libraryProblems(m_document->library(), m_document->diagnostics());
    endResetModel();
    emit countsChanged();
}

int ProblemModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_problems.size());
}

int ProblemModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ProblemModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const LibraryProblem &p = m_problems[std::size_t(index.row())];
    const Diagnostic &d = p.diagnostic;
    if (role == TypeRole)
        return QString::fromStdString(p.opType);
    if (role == FixRole)
        return d.fix ? QStringLiteral("'%1' -> '%2'")
                           .arg(QString::fromStdString(d.fix->original),
                                QString::fromStdString(d.fix->replacement))
                     : QString();
    if (role == Qt::ToolTipRole && index.column() == LocationColumn)
        return QString::fromStdString(d.location.file);
    if (role == Qt::ToolTipRole && index.column() == MessageColumn)
        return d.hint.empty() ? QVariant() : QVariant(coreText(d.hint));
    if (role != Qt::DisplayRole)
        return {};
    switch (Column(index.column())) {
    case SeverityColumn:
        if (isFixed(index.row()))
            return tr("fixed");
        return d.severity == Severity::Error ? tr("error") : tr("warning");
    case LocationColumn: {
        const QString file = QFileInfo(QString::fromStdString(d.location.file)).fileName();
        return d.location.line > 0
            ? QStringLiteral("%1:%2:%3").arg(file).arg(d.location.line).arg(d.location.column)
            : file;
    }
    case OpColumn:
        return QString::fromStdString(p.opType);
    case RuleColumn:
        return QString::fromStdString(d.code);
    case MessageColumn:
        return coreText(d.message);
    case ColumnCount:
        break;
    }
    return {};
}

QVariant ProblemModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (Column(section)) {
    case SeverityColumn:
        return tr("Severity");
    case LocationColumn:
        return tr("Where");
    case OpColumn:
        return tr("Op type");
    case RuleColumn:
        return tr("Rule");
    case MessageColumn:
        return tr("Problem");
    case ColumnCount:
        break;
    }
    return {};
}

} // namespace opsinfo
