#include "diff/policyatlas.h"

#include "library/oplibrary.h"
#include "mixlist/oppolicy.h"

#include <algorithm>

namespace opsinfo {

namespace {

std::uint8_t floatColumnsOf(const OpEntry &op)
{
    std::uint8_t bits = 0;
    for (const auto *tensors : {&op.inputs, &op.outputs})
        for (const TensorInfo &tensor : *tensors)
            for (DType d : tensor.dtypes)
                bits |= d == DType::Float16 ? Fp16Column
                    : d == DType::BFloat16  ? Bf16Column
                    : d == DType::Float32   ? Fp32Column
                                            : 0;
    return bits;
}

AtlasDifference differenceOf(const std::vector<AtlasCell> &cells)
{
    std::optional<Policy> first;
    bool absent = false;
    for (const AtlasCell &cell : cells) {
        if (!cell.present()) {
            absent = true;
            continue;
        }
        if (first && *first != *cell.policy)
            return AtlasDifference::Colour;
        first = cell.policy;
    }
    return absent ? AtlasDifference::Presence : AtlasDifference::None;
}

} // namespace

AtlasColumn atlasColumn(std::string name, const OpLibrary &library, const Mixlist *mixlist,
                        const std::string &mixlistPath)
{
    AtlasColumn column;
    column.name = std::move(name);
    const PolicyTable table = PolicyTable::compute(library, mixlist, mixlistPath);
    column.entries.reserve(table.all().size());
    for (const OpPolicy &policy : table.all()) {
        AtlasCell cell;
        cell.policy = policy.effective;
        cell.inLibrary = policy.inLibrary;
        if (const OpEntry *op = policy.inLibrary ? library.find(policy.type) : nullptr) {
            cell.dynamicFormat = op->dynamicFormat;
            cell.dtypesListed = op->columnCount() > 0;
            cell.floats = floatColumnsOf(*op);
        }
        column.entries.push_back({policy.type, cell});
    }
    return column;
}

PolicyAtlas buildAtlas(const std::vector<AtlasColumn> &columns)
{
    PolicyAtlas atlas;
    for (const AtlasColumn &column : columns)
        atlas.sources.push_back(column.name);
    // A k-way merge of the sorted columns: every type once, its cell from each column.
    std::vector<std::size_t> next(columns.size(), 0);
    for (;;) {
        const std::string *smallest = nullptr;
        for (std::size_t c = 0; c < columns.size(); ++c)
            if (next[c] < columns[c].entries.size()) {
                const std::string &type = columns[c].entries[next[c]].type;
                if (!smallest || type < *smallest)
                    smallest = &type;
            }
        if (!smallest)
            break;
        AtlasRow row;
        row.type = *smallest;
        row.cells.resize(columns.size());
        for (std::size_t c = 0; c < columns.size(); ++c)
            if (next[c] < columns[c].entries.size() && columns[c].entries[next[c]].type == row.type)
                row.cells[c] = columns[c].entries[next[c]++].cell;
        row.difference = differenceOf(row.cells);
        switch (row.difference) {
        case AtlasDifference::Colour:
            ++atlas.colourDiffers;
            break;
        case AtlasDifference::Presence:
            ++atlas.presenceDiffers;
            break;
        case AtlasDifference::None:
            ++atlas.same;
            break;
        }
        atlas.rows.push_back(std::move(row));
    }
    // Already by type: a stable sort by difference keeps that order inside each group.
    std::stable_sort(
        atlas.rows.begin(), atlas.rows.end(),
        [](const AtlasRow &x, const AtlasRow &y) { return int(x.difference) < int(y.difference); });
    return atlas;
}

const char *atlasDifferenceName(AtlasDifference difference)
{
    switch (difference) {
    case AtlasDifference::Colour:
        return "colour";
    case AtlasDifference::Presence:
        return "presence";
    case AtlasDifference::None:
        break;
    }
    return "none";
}

std::string atlasFloatsText(const AtlasCell &cell)
{
    if (!cell.present())
        return {};
    if (!cell.inLibrary)
        return "mixlist-only";
    if (!cell.dtypesListed)
        return cell.dynamicFormat ? "dynamic" : "unlisted";
    std::string text;
    const std::pair<FloatColumn, const char *> names[]
        = {{Fp16Column, "fp16"}, {Bf16Column, "bf16"}, {Fp32Column, "fp32"}};
    for (const auto &[column, name] : names)
        if (cell.floats & column)
            text += (text.empty() ? "" : " ") + std::string(name);
    return text.empty() ? "none" : text;
}

} // namespace opsinfo
