#include "studio/library/librarymodel.h"

#include "studio/common/coretexts.h"
#include "studio/common/mimetypes.h"
#include "studio/common/policystyle.h"
#include "studio/document/librarydocument.h"
#include "studio/document/workspace.h"

#include <algorithm>
#include <numeric>

#include <QFont>
#include <QMimeData>

namespace opsinfo {

LibraryModel::LibraryModel(Workspace *workspace, QObject *parent)
    : QAbstractTableModel(parent)
    , m_workspace(workspace)
{
    connect(workspace->libraryDocument(), &LibraryDocument::libraryReset, this,
            &LibraryModel::rebuild);
    connect(workspace, &Workspace::effectiveChanged, this, &LibraryModel::refreshPolicies);
    rebuild();
}

void LibraryModel::rebuild()
{
    beginResetModel();
    LibraryDocument *document = m_workspace->libraryDocument();
    PreparedLibrary *prepared = document->preparedForReset();
    LibraryRows rows = prepared
        ? std::move(prepared->rows)
        : LibraryRows::build(document->library(), m_workspace->policyTable());
    m_rows = std::move(rows.rows);
    m_typeRank = std::move(rows.typeRank);
    endResetModel();
}

void LibraryModel::refreshPolicies(const OpTypeChange &change)
{
    if (m_rows.empty())
        return;
    const OpLibrary &library = m_workspace->libraryDocument()->library();
    const PolicyTable &table = m_workspace->policyTable();
    if (library.ops().size() != m_rows.size())
        return; // a reset is on its way
    // Signal only the rows whose colours moved: a single W must not make the proxy re-sort and
    // re-filter 20,000 rows. An edit that names its types needs no pass over the others.
    std::vector<std::size_t> candidates;
    if (change.isEverything()) {
        candidates.resize(m_rows.size());
        std::iota(candidates.begin(), candidates.end(), std::size_t(0));
    } else {
        for (const QString &type : change.types())
            if (const int row = rowOf(type); row >= 0)
                candidates.push_back(std::size_t(row));
        std::sort(candidates.begin(), candidates.end());
    }
    std::vector<int> changed;
    for (std::size_t i : candidates) {
        const Policy inLibrary = library.ops()[i].policy;
        const Policy effective = table.effective(library.ops()[i].type);
        if (m_rows[i].library == inLibrary && m_rows[i].effective == effective)
            continue;
        m_rows[i].library = inLibrary;
        m_rows[i].effective = effective;
        changed.push_back(int(i));
    }
    if (changed.size() > 256) {
        emit dataChanged(index(changed.front(), 0), index(changed.back(), ColumnCount - 1));
        return;
    }
    for (int row : changed)
        emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

int LibraryModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int LibraryModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString LibraryModel::tooltip(const LibraryRow &row) const
{
    QStringList lines;
    if (row.library != row.original)
        lines.append(tr("Edited: %1 in the file, %2 now")
                         .arg(policyDisplayName(row.original), policyDisplayName(row.library)));
    if (const OpPolicy *p = m_workspace->policyTable().find(row.type.toStdString()))
        if (!p->explanation.empty())
            lines.append(coreText(p->explanation));
    if (lines.isEmpty())
        lines.append(tr("%1 in the library").arg(policyDisplayName(row.library)));
    return lines.join(QLatin1Char('\n'));
}

QVariant LibraryModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const LibraryRow &row = m_rows[std::size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case TypeColumn:
            return row.type;
        case LibraryColumn:
            return row.library != row.original
                ? tr("%1 (was %2)")
                      .arg(policyDisplayName(row.library), policyDisplayName(row.original))
                : policyDisplayName(row.library);
        case EffectiveColumn:
            return policyDisplayName(row.effective);
        case KindColumn:
            return row.cube ? tr("cube") : tr("vector");
        case SourceColumn:
            return row.source;
        case ShadowedColumn:
            return row.shadowed;
        case ColumnsColumn:
            return row.columns;
        case DtypesColumn:
            return row.dtypes;
        case DynamicColumn:
            return row.dynamic;
        }
        break;
    case Qt::DecorationRole:
        if (index.column() == LibraryColumn)
            return policyChip(row.library);
        if (index.column() == EffectiveColumn)
            return policyChip(row.effective);
        break;
    case Qt::FontRole:
        if (row.library != row.original || row.effective != row.library) {
            QFont font;
            font.setBold(true);
            return font;
        }
        break;
    case Qt::ToolTipRole:
        if (index.column() == LibraryColumn || index.column() == EffectiveColumn
            || index.column() == TypeColumn)
            return tooltip(row);
        break;
    case TypeRole:
        return row.type;
    case LibraryPolicyRole:
        return int(row.library);
    case EffectivePolicyRole:
        return int(row.effective);
    case ChangedRole:
        return row.library != row.original || row.effective != row.library;
    case SortRole:
        switch (index.column()) {
        case ShadowedColumn:
            return row.shadowed;
        case ColumnsColumn:
            return row.columns;
        default:
            return data(index, Qt::DisplayRole);
        }
    }
    return {};
}

QVariant LibraryModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case TypeColumn:
        return tr("Op type");
    case LibraryColumn:
        return tr("Library");
    case EffectiveColumn:
        return tr("Effective");
    case KindColumn:
        return tr("Kind");
    case SourceColumn:
        return tr("Source");
    case ShadowedColumn:
        return tr("Shadowed");
    case ColumnsColumn:
        return tr("Columns");
    case DtypesColumn:
        return tr("Dtypes");
    case DynamicColumn:
        return tr("Dynamic");
    }
    return {};
}

Qt::ItemFlags LibraryModel::flags(const QModelIndex &index) const
{
    Qt::ItemFlags f = QAbstractTableModel::flags(index);
    if (index.isValid())
        f |= Qt::ItemIsDragEnabled;
    return f;
}

QStringList LibraryModel::mimeTypes() const
{
    return {opTypesMimeType(), QStringLiteral("text/plain")};
}

QMimeData *LibraryModel::mimeData(const QModelIndexList &indexes) const
{
    QStringList types;
    for (const QModelIndex &i : indexes)
        if (i.isValid() && !types.contains(m_rows[std::size_t(i.row())].type))
            types.append(m_rows[std::size_t(i.row())].type);
    auto *mime = new QMimeData;
    mime->setData(opTypesMimeType(), types.join(QLatin1Char('\n')).toUtf8());
    mime->setText(types.join(QLatin1Char('\n')));
    return mime;
}

int LibraryModel::rowOf(const QString &type) const
{
    const auto it = std::lower_bound(m_rows.begin(), m_rows.end(), type,
                                     [](const LibraryRow &r, const QString &t) {
                                         return r.type.toStdString() < t.toStdString();
                                     });
    return it != m_rows.end() && it->type == type ? int(it - m_rows.begin()) : -1;
}

QString LibraryModel::typeAt(int row) const
{
    return row >= 0 && std::size_t(row) < m_rows.size() ? m_rows[std::size_t(row)].type : QString();
}

} // namespace opsinfo
