// SEMANTICS §1 / §8.1: ops-info entries that list no dtypes (dynamicFormat.flag=true: FE calls the
// op's op_select_format at compile time, e.g. Add, MatMulV2, LayerNorm on ascend910b).

#include "resolver/resolverplan.h"

#include "common/coretext.h"
#include "graph/graph.h"
#include "library/dynamicformats.h"
#include "library/oplibrary.h"
#include "library/socfolders.h"

namespace opsinfo {

namespace {

std::string socOfEntry(const OpEntry &entry, const OpLibrary &library)
{
    const auto &files = library.files();
    if (entry.fileIndex < 0 || std::size_t(entry.fileIndex) >= files.size())
        return {};
    return socOfLibraryFile(files[std::size_t(entry.fileIndex)].path);
}

// Where no row applies (SEMANTICS §1: "supports the original dtype", approx): the columns such
// kernels mostly have, one per float dtype with every tensor in it, a cube op's (fp16 in, fp32 out)
// first, as FE's cube kernels offer it. Non-float tensors keep their graph dtype
// (ColumnTable::unlisted).
void assumeFloatColumns(ColumnTable &table, const OpEntry &entry, const OpLibrary &library)
{
    table.listsNoDtypes.assign(std::size_t(table.slots()), 0);
    table.assumed = true;
    std::vector<std::pair<DType, DType>> columns {{DType::Float16, DType::Float16},
                                                  {DType::Float32, DType::Float32},
                                                  {DType::BFloat16, DType::BFloat16}};
    if (library.isCube(entry.type) && table.inputs > 0 && table.outputs > 0) {
        columns.insert(columns.begin(), {DType::Float16, DType::Float32});
        table.fp16InFp32Out = true;
    }
    table.columns = int(columns.size());
    for (const auto &[in, out] : columns) {
        table.cells.insert(table.cells.end(), std::size_t(table.inputs), in);
        table.cells.insert(table.cells.end(), std::size_t(table.outputs), out);
    }
}

} // namespace

ColumnTable columnsWithoutDtypeLists(const OpEntry &entry, const Node &node,
                                     const OpLibrary &library, ShapeKnowledge shapes)
{
    ColumnTable table = ColumnTable::shapedLike(entry);
    table.listsNoDtypes.assign(std::size_t(table.slots()), 1);

    const DynamicFormatTable &facts = DynamicFormatTable::builtIn();
    table.soc = socOfEntry(entry, library);
    const DynamicFormatChoice choice = facts.choose(table.soc, entry.type, shapes, node.attributes);
    if (!choice.row) {
        table.doubt = choice.socKnown ? ColumnDoubt::NoRowForOp : ColumnDoubt::NoFactsForSoc;
        assumeFloatColumns(table, entry, library);
        return table;
    }
    const DynamicFormatRow &row = *choice.row;
    table.formatRow = &row;
    if (row.inputs != table.inputs || row.outputs != table.outputs) {
        table.doubt = ColumnDoubt::RowDoesNotFit;
        assumeFloatColumns(table, entry, library);
        return table;
    }
    // Like an entry's lists: cell (column, slot), Undefined where a kernel has no such optional
    // input (FE finds no dtype there, as for a list too short).
    table.columns = row.columns;
    table.cells = row.cells;
    table.listsNoDtypes.assign(std::size_t(table.slots()), 0);
    if (table.inputs > 0 && table.outputs > 0)
        for (int c = 0; c < table.columns && !table.fp16InFp32Out; ++c)
            table.fp16InFp32Out = table.cell(c, 0) == DType::Float16
                && table.cell(c, table.inputs) == DType::Float32;
    if (choice.alternative)
        table.doubt = ColumnDoubt::ShapesUnknown;
    else if (row.shapeDependent)
        table.doubt = ColumnDoubt::ShapeDependent;
    return table;
}

std::string columnDoubtText(const ColumnTable &table)
{
    const std::string type = table.entry ? table.entry->type : std::string();
    switch (table.doubt) {
    case ColumnDoubt::None:
        return {};
    case ColumnDoubt::NoFactsForSoc:
        return table.soc.empty()
            ? CoreText::tr(
                "the library file names no SoC, so no op_select_format row applies (§1, approx)")
            : CoreText::tr("the op_select_format table has no rows for SoC %1 (§1, approx)",
                           table.soc);
    case ColumnDoubt::NoRowForOp:
        return CoreText::tr("the op_select_format table has no row for %1 on %2 (§1, approx)", type,
                            table.soc);
    case ColumnDoubt::RowDoesNotFit:
        return CoreText::tr(
            "the op_select_format row has %1 inputs and %2 outputs, the entry %3 and %4: not used (§1, approx)",
            table.formatRow ? table.formatRow->inputs : 0,
            table.formatRow ? table.formatRow->outputs : 0, table.inputs, table.outputs);
    case ColumnDoubt::ShapesUnknown:
        return CoreText::tr(
            "the node's shapes are unknown and op_select_format answers unknown-shape nodes with other columns: the static-shape row is used (§1, approx)");
    case ColumnDoubt::ShapeDependent:
        return CoreText::tr(
            "op_select_format's columns for this op change with the input shapes: the row is their union over the shapes tried (§1, approx)");
    }
    return {};
}

} // namespace opsinfo
