#include "modesummary.h"

#include "resolver/policysource.h"
#include "studio/common/coretexts.h"

namespace opsinfo {

std::vector<ModeSummary> previewModeSummaries(const ResolveContext &context,
                                              const ResolveSettings &settings,
                                              const std::string &soc,
                                              const std::string &platformIni)
{
    static const PolicyTable empty;
    const ResolveOptions options = settings.options(false);
    // Two threads at most: the machine is shared with the UI and other work.
    return summarizeModes(*context.resolver,
                          tablePolicies(settings.policies ? *settings.policies : empty), options,
                          {soc, platformIni}, 2);
}

ModeSummaryModel::ModeSummaryModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void ModeSummaryModel::setCounts(std::vector<ModeSummary> counts)
{
    beginResetModel();
    m_counts = std::move(counts);
    endResetModel();
}

int ModeSummaryModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_counts.size());
}

int ModeSummaryModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ModeSummaryModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const ModeSummary &c = m_counts[std::size_t(index.row())];
    const ResolutionSummary &s = c.summary;
    if (role == Qt::ToolTipRole && !c.refused.empty())
        return coreText(c.refused);
    if (role == Qt::TextAlignmentRole)
        return index.column() == ModeColumn ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                            : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole && role != Qt::UserRole)
        return {};
    switch (index.column()) {
    case ModeColumn: {
        QString name = QString::fromLatin1(precisionModeName(c.mode));
        if (role == Qt::DisplayRole && !c.refused.empty())
            name += tr(" (refused on this SoC)");
        return name;
    }
    case Fp16Column:
        return qulonglong(s.fp16Nodes);
    case Bf16Column:
        return qulonglong(s.bf16Nodes);
    case Fp32Column:
        return qulonglong(s.fp32Nodes);
    case AiCpuColumn:
        return qulonglong(s.aicpuNodes);
    case GeColumn:
        return qulonglong(s.geNodes);
    case ErrorColumn:
        return qulonglong(s.errors);
    case CastColumn:
        return qulonglong(s.castsTotal);
    default:
        return {};
    }
}

QVariant ModeSummaryModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole)
        return {};
    if (orientation == Qt::Vertical)
        return section + 1;
    switch (section) {
    case ModeColumn:
        return tr("Mode");
    case Fp16Column:
        return tr("fp16");
    case Bf16Column:
        return tr("bf16");
    case Fp32Column:
        return tr("fp32");
    case AiCpuColumn:
        return tr("AI CPU");
    case GeColumn:
        return tr("GE ops");
    case ErrorColumn:
        return tr("Errors");
    case CastColumn:
        return tr("Casts");
    default:
        return {};
    }
}

} // namespace opsinfo
