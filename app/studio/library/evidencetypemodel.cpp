#include "studio/library/evidencetypemodel.h"

#include "studio/document/evidencestore.h"

namespace opsinfo {

namespace {

QString dtypes(const std::map<DType, std::size_t> &counts)
{
    QStringList parts;
    for (const auto &[d, n] : counts)
        parts << QStringLiteral("%1 %2").arg(QString::fromLatin1(dtypeName(d))).arg(n);
    return parts.join(QStringLiteral(", "));
}

QString time(double us)
{
    return us >= 1000.0 ? QStringLiteral("%1 ms").arg(us / 1000.0, 0, 'f', 2)
                        : QStringLiteral("%1 us").arg(us, 0, 'f', 1);
}

} // namespace

EvidenceTypeModel::EvidenceTypeModel(EvidenceStore *store, QObject *parent)
    : QAbstractTableModel(parent)
    , m_store(store)
{
    connect(store, &EvidenceStore::changed, this, [this] {
        beginResetModel();
        endResetModel();
    });
}

int EvidenceTypeModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_store->summary().types.size());
}

int EvidenceTypeModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString EvidenceTypeModel::opType(int row) const
{
    const auto &types = m_store->summary().types;
    return row >= 0 && row < int(types.size()) ? QString::fromUtf8(types[std::size_t(row)].opType)
                                               : QString();
}

QVariant EvidenceTypeModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const OpTypeEvidence &t = m_store->summary().types[std::size_t(index.row())];
    if (role == SortRole) {
        switch (index.column()) {
        case RunsColumn:
            return qulonglong(t.runs);
        case TimeColumn:
        case ShareColumn:
            return t.timeUs;
        case AiCpuColumn:
            return qulonglong(t.aicpuRuns);
        default:
            break;
        }
    }
    if (role == Qt::TextAlignmentRole && index.column() != TypeColumn
        && index.column() != DtypesColumn)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole && role != SortRole)
        return {};
    switch (index.column()) {
    case TypeColumn:
        return QString::fromUtf8(t.opType);
    case RunsColumn:
        return qulonglong(t.runs);
    case TimeColumn:
        return t.timeUs > 0 ? time(t.timeUs) : QString();
    case ShareColumn:
        return t.timeUs > 0 ? QStringLiteral("%1%").arg(t.sharePercent, 0, 'f', 2) : QString();
    case AiCpuColumn:
        return qulonglong(t.aicpuRuns);
    case DtypesColumn:
        return dtypes(t.executedDtypes);
    default:
        return {};
    }
}

QVariant EvidenceTypeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case TypeColumn:
        return tr("Op type");
    case RunsColumn:
        return tr("Runs");
    case TimeColumn:
        return tr("Time");
    case ShareColumn:
        return tr("Share");
    case AiCpuColumn:
        return tr("AI CPU runs");
    case DtypesColumn:
        return tr("Executed dtypes");
    default:
        return {};
    }
}

QString EvidenceTypeModel::totalsText() const
{
    const EvidenceSummary &s = m_store->summary();
    if (s.totalUs <= 0)
        return m_store->isEmpty() ? QString() : tr("The evidence records no kernel times.");
    return tr("Measured: %1 in all. Cast: %2 runs, %3 (%4%). AI CPU: %5 runs.")
        .arg(time(s.totalUs))
        .arg(s.castRuns)
        .arg(time(s.castUs))
        .arg(100.0 * s.castUs / s.totalUs, 0, 'f', 2)
        .arg(s.aicpuRuns);
}

} // namespace opsinfo
