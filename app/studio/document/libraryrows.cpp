#include "studio/document/libraryrows.h"

#include "library/oplibrary.h"
#include "mixlist/oppolicy.h"

#include <QFileInfo>
#include <QStringList>

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
        const std::optional<std::string_view> v = e.value(item, "flag");
        return v && *v == "true";
    };
    // translate() is thread-safe; the rows are built on a worker.
    if (flag("dynamicShapeSupport"))
        parts.append(LibraryRows::tr("shape"));
    if (flag("dynamicRankSupport"))
        parts.append(LibraryRows::tr("rank"));
    if (e.dynamicFormat)
        parts.append(LibraryRows::tr("format"));
    return parts.join(QStringLiteral(", "));
}

std::vector<QString> fileLabels(const OpLibrary &library)
{
    std::vector<QString> labels;
    for (const LibraryFile &f : library.files()) {
        QString name = QFileInfo(QString::fromStdString(f.path)).fileName();
        if (library.stores().size() > 1 && std::size_t(f.storeIndex) < library.stores().size())
            name += QStringLiteral(" · ")
                + QString::fromUtf8(library.stores()[std::size_t(f.storeIndex)].name);
        labels.push_back(name);
    }
    return labels;
}

// ASCII case folding, as QString's case-insensitive compare does for op type names; stable, so
// types equal but for case keep the library's order, like the proxy's own stable sort.
std::vector<int> caseInsensitiveRanks(const OpLibrary &library)
{
    const auto &ops = library.ops();
    std::vector<int> order(ops.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = int(i);
    std::stable_sort(order.begin(), order.end(), [&ops](int a, int b) {
        const std::string &x = ops[std::size_t(a)].type;
        const std::string &y = ops[std::size_t(b)].type;
        return std::lexicographical_compare(
            x.begin(), x.end(), y.begin(), y.end(), [](char c, char d) {
                const auto lower
                    = [](unsigned char u) { return u >= 'A' && u <= 'Z' ? u + 32 : int(u); };
                return lower(static_cast<unsigned char>(c)) < lower(static_cast<unsigned char>(d));
            });
    });
    std::vector<int> rank(order.size(), 0);
    for (std::size_t i = 0; i < order.size(); ++i)
        rank[std::size_t(order[i])] = int(i);
    return rank;
}

} // namespace

LibraryRows LibraryRows::build(const OpLibrary &library, const PolicyTable &policies)
{
    std::unordered_map<std::string, int> shadowedCount;
    for (const OpEntry &e : library.allShadowed())
        ++shadowedCount[e.type];
    const std::vector<QString> labels = fileLabels(library);

    LibraryRows result;
    result.rows.reserve(library.ops().size());
    for (const OpEntry &e : library.ops()) {
        LibraryRow row;
        row.type = QString::fromStdString(e.type);
        if (e.fileIndex >= 0 && std::size_t(e.fileIndex) < labels.size())
            row.source = labels[std::size_t(e.fileIndex)];
        row.dtypes = dtypeSummary(e);
        row.dynamic = dynamicSummary(e);
        auto it = shadowedCount.find(e.type);
        row.shadowed = it == shadowedCount.end() ? 0 : it->second;
        row.columns = int(e.columnCount());
        row.cube = library.isCube(e.type);
        // A library is reset as it was read, so what it says now is what the file says.
        row.original = e.policy;
        row.library = e.policy;
        row.effective = policies.effective(e.type);
        result.rows.push_back(std::move(row));
    }
    result.typeRank = caseInsensitiveRanks(library);
    return result;
}

} // namespace opsinfo
