// SEMANTICS §1 / §8.1: ops-info entries that list no dtypes (dynamicFormat.flag=true: FE calls the
// op's op_select_format at compile time, e.g. Add, MatMulV2, LayerNorm on ascend910b).

#include "resolver/resolverplan.h"

#include "library/oplibrary.h"

namespace opsinfo {

// Until a table of op_select_format facts (per SoC, static and unknown-shape variants, attribute
// conditions) plugs in here, the columns are assumed as the kernels such ops generate mostly are:
// one column per float dtype with every tensor in it, a cube op's (fp16 in, fp32 out) first, as
// FE's cube kernels offer it. Non-float tensors keep their graph dtype (ColumnTable::unlisted).
// The node is judged and marked approximate (READINGS.md, "Entries that list no dtypes").
ColumnTable columnsWithoutDtypeLists(const OpEntry &entry, const Node &, const OpLibrary &library)
{
    ColumnTable table;
    table.entry = &entry;
    table.inputs = int(entry.inputs.size());
    table.outputs = int(entry.outputs.size());
    table.lastInputDynamic = !entry.inputs.empty() && entry.inputs.back().paramType == "dynamic";
    table.lastOutputDynamic = !entry.outputs.empty() && entry.outputs.back().paramType == "dynamic";
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
    return table;
}

} // namespace opsinfo
