#include "library/librarymodel.h"

#include "document/librarydocument.h"
#include "document/workspace.h"
#include "library/policystyle.h"

#include <QFileInfo>
#include <QFont>
#include <QMimeData>

#include <algorithm>
#include <unordered_map>

namespace opsinfo {

namespace {

QString shortDtype(DType type)
{
    switch (type) {
    case DType::Float16:
        return QStringLiteral("fp16");
    case DType::Float32:
        return QStringLiteral("fp32");
    case DType::BFloat16:
        return QStringLiteral("bf16");
    default:
        return QString::fromLatin1(dtypeName(type));
    }
}

// Distinct dtypes over every tensor, in order of first appearance: "fp16 fp32 bf16 int32".
QString dtypeSummary(const OpEntry &e)
{
    std::vector<DType> seen;
    for (const auto *tensors : {&e.inputs, &e.outputs})
        for (const TensorInfo &t : *tensors)
            for (DType d : t.dtypes)
                if (std::find(seen.begin(), seen.end(), d) == seen.end())
                    seen.push_back(d);
    QStringList parts;
    for (DType d : seen)
        parts.append(shortDtype(d));
    return parts.join(QLatin1Char(' '));
}

QString dynamicSummary(const OpEntry &e)
{
    QStringList parts;
    auto flag = [&e](const char *item) {
        const std::string_view *v = e.value(item, "flag");
        return v && *v == "true";
    };
    if (flag("dynamicShapeSupport"))
        parts.append(LibraryModel::tr("shape"));
    if (flag("dynamicRankSupport"))
        parts.append(LibraryModel::tr("rank"));
    if (e.dynamicFormat)
        parts.append(LibraryModel::tr("format"));
    return parts.join(QStringLiteral(", "));
}

} // namespace

LibraryModel::LibraryModel(Workspace *workspace, QObject *parent)
    : QAbstractTableModel(parent)
    , m_workspace(workspace)
{
    connect(workspace->libraryDocument(), &LibraryDocument::libraryReset, this, &LibraryModel::rebuild);
    connect(workspace, &Workspace::effectiveChanged, this, &LibraryModel::refreshPolicies);
    rebuild();
}

QString LibraryModel::opTypesMimeType()
{
    return QStringLiteral("application/x-opsinfo-op-types");
}

void LibraryModel::rebuild()
{
    beginResetModel();
    const OpLibrary &library = m_workspace->libraryDocument()->library();
    std::unordered_map<std::string, int> shadowedCount;
    for (const OpEntry &e : library.allShadowed())
        ++shadowedCount[e.type];
    std::vector<QString> fileNames;
    for (const LibraryFile &f : library.files()) {
        QString name = QFileInfo(QString::fromStdString(f.path)).fileName();
        if (library.stores().size() > 1 && std::size_t(f.storeIndex) < library.stores().size())
            name += QStringLiteral(" · ")
                    + QString::fromStdString(library.stores()[std::size_t(f.storeIndex)].name);
        fileNames.push_back(name);
    }
    m_rows.clear();
    m_rows.reserve(library.ops().size());
    const LibraryDocument *document = m_workspace->libraryDocument();
    for (const OpEntry &e : library.ops()) {
        Row row;
        row.type = QString::fromStdString(e.type);
        if (e.fileIndex >= 0 && std::size_t(e.fileIndex) < fileNames.size())
            row.source = fileNames[std::size_t(e.fileIndex)];
        row.dtypes = dtypeSummary(e);
        row.dynamic = dynamicSummary(e);
        auto it = shadowedCount.find(e.type);
        row.shadowed = it == shadowedCount.end() ? 0 : it->second;
        row.columns = int(e.columnCount());
        row.cube = library.isCube(e.type);
        row.original = document->originalPolicy(e.type);
        row.library = e.policy;
        row.effective = m_workspace->policyTable().effective(e.type);
        m_rows.push_back(std::move(row));
    }
    // ASCII case folding, as QString's case-insensitive compare does for op type names; stable, so
    // types equal but for case keep the library's order, like the proxy's own stable sort.
    std::vector<int> order(m_rows.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = int(i);
    const auto &ops = library.ops();
    std::stable_sort(order.begin(), order.end(), [&ops](int a, int b) {
        const std::string &x = ops[std::size_t(a)].type;
        const std::string &y = ops[std::size_t(b)].type;
        return std::lexicographical_compare(x.begin(), x.end(), y.begin(), y.end(), [](char c, char d) {
            const auto lower = [](unsigned char u) { return u >= 'A' && u <= 'Z' ? u + 32 : int(u); };
            return lower(static_cast<unsigned char>(c)) < lower(static_cast<unsigned char>(d));
        });
    });
    m_typeRank.assign(m_rows.size(), 0);
    for (std::size_t i = 0; i < order.size(); ++i)
        m_typeRank[std::size_t(order[i])] = int(i);
    endResetModel();
}

void LibraryModel::refreshPolicies()
{
    if (m_rows.empty())
        return;
    const OpLibrary &library = m_workspace->libraryDocument()->library();
    const PolicyTable &table = m_workspace->policyTable();
    if (library.ops().size() != m_rows.size())
        return; // a reset is on its way
    // Signal only the rows whose colours moved: a single W must not make the proxy re-sort and
    // re-filter 20,000 rows.
    std::vector<int> changed;
    for (std::size_t i = 0; i < m_rows.size(); ++i) {
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

QString LibraryModel::tooltip(const Row &row) const
{
    QStringList lines;
    if (row.library != row.original)
        lines.append(tr("Edited: %1 in the file, %2 now")
                         .arg(policyDisplayName(row.original), policyDisplayName(row.library)));
    if (const OpPolicy *p = m_workspace->policyTable().find(row.type.toStdString()))
        if (!p->explanation.empty())
            lines.append(QString::fromStdString(p->explanation));
    if (lines.isEmpty())
        lines.append(tr("%1 in the library").arg(policyDisplayName(row.library)));
    return lines.join(QLatin1Char('\n'));
}

QVariant LibraryModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row &row = m_rows[std::size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case TypeColumn:
            return row.type;
        case LibraryColumn:
            return row.library != row.original
                       ? tr("%1 (was %2)").arg(policyDisplayName(row.library),
                                               policyDisplayName(row.original))
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
                                     [](const Row &r, const QString &t) {
                                         return r.type.toStdString() < t.toStdString();
                                     });
    return it != m_rows.end() && it->type == type ? int(it - m_rows.begin()) : -1;
}

QString LibraryModel::typeAt(int row) const
{
    return row >= 0 && std::size_t(row) < m_rows.size() ? m_rows[std::size_t(row)].type : QString();
}

} // namespace opsinfo
