#include "studio/diff/atlasmodel.h"

#include "studio/common/policystyle.h"

namespace opsinfo {

namespace {

QString differenceText(AtlasDifference difference)
{
    switch (difference) {
    case AtlasDifference::Colour:
        return AtlasModel::tr("colour");
    case AtlasDifference::Presence:
        return AtlasModel::tr("presence");
    case AtlasDifference::None:
        break;
    }
    return {};
}

QString lackingText(const AtlasCell &cell)
{
    QStringList names;
    const std::pair<FloatColumn, const char *> columns[]
        = {{Fp16Column, "fp16"}, {Bf16Column, "bf16"}, {Fp32Column, "fp32"}};
    for (const auto &[column, name] : columns)
        if (cell.lacks(column))
            names << QString::fromLatin1(name);
    return names.join(QStringLiteral(", "));
}

QString floatsText(const AtlasCell &cell)
{
    if (!cell.inLibrary)
        return AtlasModel::tr("only the mixlist names it");
    if (!cell.dtypesListed)
        return cell.dynamicFormat ? AtlasModel::tr("dtypes known at compile time (dynamicFormat)")
                                  : AtlasModel::tr("no dtypes listed");
    const std::string floats = atlasFloatsText(cell);
    return floats == "none" ? AtlasModel::tr("no float dtype") : QString::fromStdString(floats);
}

} // namespace

AtlasModel::AtlasModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void AtlasModel::setAtlas(std::shared_ptr<const PolicyAtlas> atlas)
{
    beginResetModel();
    m_atlas = std::move(atlas);
    endResetModel();
}

int AtlasModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() || !m_atlas ? 0 : int(m_atlas->rows.size());
}

int AtlasModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : FirstSourceColumn + sourceCount();
}

QVariant AtlasModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const AtlasRow &row = m_atlas->rows[std::size_t(index.row())];
    if (role == DifferenceRole)
        return int(row.difference);
    if (index.column() >= FirstSourceColumn)
        return cellData(row, index.column() - FirstSourceColumn, role);
    if (index.column() == TypeColumn) {
        if (role == Qt::DisplayRole || role == SortRole)
            return QString::fromStdString(row.type);
        return {};
    }
    switch (role) {
    case Qt::DisplayRole:
        return differenceText(row.difference);
    case SortRole:
        return index.row(); // the atlas order: differing rows first
    case Qt::ToolTipRole:
        return row.difference == AtlasDifference::Colour
            ? tr("Sources that have this op type give it different colours")
            : row.difference == AtlasDifference::Presence ? tr("Some sources lack this op type")
                                                          : QVariant();
    }
    return {};
}

QVariant AtlasModel::cellData(const AtlasRow &row, int source, int role) const
{
    const AtlasCell &cell = row.cells[std::size_t(source)];
    switch (role) {
    case Qt::DisplayRole:
        return cell.present() ? policyDisplayName(*cell.policy) : QStringLiteral("—");
    case PolicyRole:
    case SortRole:
        return cell.present() ? int(*cell.policy) : -1;
    case LackingRole:
        return lackingText(cell);
    case Qt::ToolTipRole: {
        const QString where = QString::fromStdString(m_atlas->sources[std::size_t(source)]);
        const QString type = QString::fromStdString(row.type);
        if (!cell.present())
            return tr("%1 has no op type %2").arg(where, type);
        QString tip = tr("%1 in %2: %3 list; float dtypes: %4")
                          .arg(type, where, policyDisplayName(*cell.policy), floatsText(cell));
        const QString lacking = lackingText(cell);
        if (!lacking.isEmpty())
            tip += QLatin1Char('\n') + tr("no kernel column for %1").arg(lacking);
        return tip;
    }
    }
    return {};
}

QVariant AtlasModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= columnCount())
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    if (section == TypeColumn)
        return tr("Op type");
    if (section == DifferenceColumn)
        return role == Qt::DisplayRole ? tr("Differs")
                                       : tr("How the sources differ on this op type");
    return QString::fromStdString(m_atlas->sources[std::size_t(section - FirstSourceColumn)]);
}

} // namespace opsinfo
